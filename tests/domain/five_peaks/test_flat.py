"""The per-list and per-decision shortcuts of branch ``fp-flat`` held to their plain forms
at the positions of seeded games (``test_fast_paths`` and ``test_fast_legal`` hold the
earlier ones)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.games.five_peaks import board as b
from domain.games.five_peaks import kept_commands as kept
from domain.games.five_peaks.checks import ILLEGAL, play_problem, seat_problem
from domain.games.five_peaks.commands import PlayCard
from domain.games.five_peaks.rules import _stage_open, candidates, legal_commands
from tests.domain.five_peaks.test_fast_paths import blocked_variants, plain_legal, positions


def plainplay_problem(game: Any, seat: int, card: str, option: int) -> Any:
    """``play_problem`` as it read before: the campfire "twice" cards asked at every option."""
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
                    found = play_problem(variant, seat, card, option)
                    assert found == plainplay_problem(variant, seat, card, option)
                    if option == len(pack.cards[card].options) and found is None:
                        seen["twice"] += 1
                    seen["refused" if found else "played"] += 1
    assert all(n > 10 for n in seen.values()), seen


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_the_plays_legal_commands_pass_are_the_plain_filter_even_when_something_comes_first(bot):
    """Every ``PlayCard`` of a play stage is asked the card check alone (``legal_commands``);
    the plain filter asks ``problem``, here also with a backpack over its limit, a campfire
    draw, a reward to resolve, and the campfire "twice" cards."""
    playing = [g for g in positions(bot) if g.phase == "play" and g.stage.kind == "play"]
    assert len(playing) > 20
    seen = {"played": 0, "refused": 0}
    for game in playing[::2]:
        seat = game.turn
        for variant in [*with_twice(game, seat), *blocked_variants(game, seat)]:
            legal = legal_commands(variant, seat)
            assert legal == plain_legal(variant, seat)
            plays = sum(isinstance(c, PlayCard) for c in legal)
            seen["played"] += plays
            seen["refused"] += (variant is game) and plays < len(
                [c for c in candidates(variant, seat) if isinstance(c, PlayCard)]
            )
    assert all(n > 10 for n in seen.values()), seen


def test_a_play_meets_the_card_check_alone_exactly_while_plays_are_open():
    """``_stage_open``'s claim at a play stage: while it holds, ``seat_problem`` asks a
    ``PlayCard`` the card check alone; with something to do first it refuses every one
    (``candidates`` offers no ``PlayCard`` then, so ``legal_commands`` alone cannot show it)."""
    playing = [g for g in positions("greedy") if g.phase == "play"]
    seen = {"open": 0, "closed": 0}
    for game in playing[::3]:  # every stage kind, the play stage's and the others
        seat = game.turn
        for variant in [game, *blocked_variants(game, seat)]:
            over = b.is_over_limit(variant, seat)
            hand = variant.hikers[seat].hand
            for c in kept.plays(b.content(variant), seat, hand):
                asked = seat_problem(variant, c, over)
                if variant.stage.kind == "play" and _stage_open(variant, seat, over):
                    assert asked == play_problem(variant, seat, c.card, c.option)
                    seen["open"] += 1
                else:
                    assert asked is not None
                    seen["closed"] += 1
    assert all(n > 10 for n in seen.values()), seen
