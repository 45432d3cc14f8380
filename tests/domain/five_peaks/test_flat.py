"""The per-list and per-decision shortcuts of branch ``fp-flat`` held to their plain forms
at the positions of seeded games (``test_fast_paths`` and ``test_fast_legal`` hold the
earlier ones)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.games.five_peaks import board as b
from domain.games.five_peaks.checks import ILLEGAL, _play_problem
from tests.domain.five_peaks.test_fast_paths import positions


def plain_play_problem(game: Any, seat: int, card: str, option: int) -> Any:
    """``_play_problem`` as it read before: the campfire "twice" cards asked at every option."""
    pack = b.content(game)
    if card not in game.hikers[seat].hand:
        return (ILLEGAL, "that card is not in your hand")
    spec = pack.cards[card]
    twice = any(f.card == card for f in b.fires(game, seat, "twice"))
    if not 0 <= option < len(spec.options) + (1 if twice else 0):
        return (ILLEGAL, "that card has no such option")
    if option < len(spec.options) and spec.options[option].effect == "place_tile":
        if not game.terrain_stack:
            return (ILLEGAL, "the terrain tile pile is empty")
        if not b.tile_spots(game, seat):
            return (ILLEGAL, "no new tile can touch your pawn's tile")
    return None


def with_twice(game: Any, seat: int) -> list[Any]:
    """``game``, and ``game`` with the seat holding every campfire "twice" card (a real game
    seldom deals one to a greedy seat)."""
    pack = b.content(game)
    twice = tuple(c for c in pack.fire_cards() if pack.fire(c).effect == "twice")
    assert twice
    hiker = game.hikers[seat]
    return [game, game.with_hiker(seat, replace(hiker, campfire=(*hiker.campfire, *twice)))]


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_play_is_refused_as_the_plain_check_refuses_it_with_and_without_twice(bot):
    seen = {"twice": 0, "refused": 0, "played": 0}
    for game in positions(bot)[::3]:
        seat = game.turn
        for variant in with_twice(game, seat):
            pack = b.content(variant)
            for card in {*variant.hikers[seat].hand, *list(pack.cards)[:3]}:
                for option in range(-1, len(pack.cards[card].options) + 2):
                    found = _play_problem(variant, seat, card, option)
                    assert found == plain_play_problem(variant, seat, card, option)
                    if option == len(pack.cards[card].options) and found is None:
                        seen["twice"] += 1
                    seen["refused" if found else "played"] += 1
    assert all(n > 10 for n in seen.values()), seen
