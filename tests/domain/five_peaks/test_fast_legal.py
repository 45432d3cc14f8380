"""``legal_commands``' shortcuts for a campfire draw and for containers no card lets the seat
buy, and the greedy score's early cases, held to their plain forms at every position of
seeded games (``test_fast_paths`` holds the others)."""

from __future__ import annotations

import inspect
from dataclasses import replace
from typing import Any

import pytest

from domain.games.five_peaks import board as b
from domain.games.five_peaks import commands
from domain.games.five_peaks.bots import _card_worth, _score
from domain.games.five_peaks.commands import BuyContainer, KeepCampfire, Move, PlayCard
from domain.games.five_peaks.rules import legal_commands
from tests.domain.five_peaks.test_fast_paths import plain_legal, plain_move, positions


def variants(game: Any, seat: int) -> list[Any]:
    """``game``, and ``game`` with the seat holding the campfire card that buys containers
    and enough endorphins for one: real games seldom deal it to a greedy seat."""
    hiker = game.hiker(seat)
    packer = next(c for c in b.content(game).fire_cards() if c.startswith("happy-packer"))
    rich = replace(hiker, campfire=(*hiker.campfire, packer), endorphins=hiker.endorphins + 9)
    return [game, game.with_hiker(seat, rich)]


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_legal_commands_are_the_plain_filter_with_and_without_a_container_offer(bot):
    seen = {"drawn": 0, "buy": 0, "no offer": 0}
    for game in positions(bot):
        for seat in range(game.seats):
            for variant in variants(game, seat):
                legal = legal_commands(variant, seat)
                assert legal == plain_legal(variant, seat)
                seen["drawn"] += any(isinstance(c, KeepCampfire) for c in legal)
                seen["buy"] += any(isinstance(c, BuyContainer) for c in legal)
                seen["no offer"] += not b.fires(variant, seat, "buy_container")
    assert seen["drawn"] > 3 and seen["buy"] > 20 and seen["no offer"] > 20


def test_a_campfire_draw_over_the_backpack_limit_still_asks_for_a_discard():
    drawing = [g for g in positions("greedy") if g.hiker(g.turn).drawn]
    assert drawing
    for game in drawing[:5]:
        seat, hiker = game.turn, game.hiker(game.turn)
        full = {"mushroom": b.backpack_limit(game, seat) + 1}
        over = game.with_hiker(seat, replace(hiker, backpack=full))
        assert legal_commands(over, seat) == plain_legal(over, seat)
        assert not any(isinstance(c, KeepCampfire) for c in legal_commands(over, seat))


def test_no_command_class_is_another_ones_kind():
    """The greedy score takes ``Move`` and ``PlayCard`` before its ``match``: the same answer
    only while no other case's class pattern could match them."""
    kinds = [k for _, k in inspect.getmembers(commands, inspect.isclass)]
    kinds = [k for k in kinds if k.__module__ == commands.__name__]
    assert Move in kinds and PlayCard in kinds and len(kinds) > 20
    for kind in kinds:
        assert [k for k in kinds if issubclass(kind, k)] == [kind]


def test_a_legal_move_and_a_card_are_scored_as_their_plain_forms():
    """The greedy score's early cases at every fifth position: a ``Move`` by its stop and
    outlook, a ``PlayCard`` by the moves and stages it opens."""
    scored = {Move: 0, PlayCard: 0}
    for game in positions("greedy")[::5]:
        seat = game.turn
        for command in legal_commands(game, seat):
            if isinstance(command, Move):
                assert _score(game, seat, command) == plain_move(game, seat, command.to)
            elif isinstance(command, PlayCard):
                assert _score(game, seat, command) == _card_worth(game, seat, command)
            else:
                continue
            scored[command.__class__] += 1
    assert scored[Move] > 10 and scored[PlayCard] > 10
