"""``legal_commands``' shortcuts (a campfire draw's keeps, the classes
refused whatever their fields), the greedy score's early cases and the destinations walked
over cell numbers, held to their plain forms at the positions of seeded games
(``test_fast_paths`` holds the others)."""

from __future__ import annotations

import inspect
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from domain.games.five_peaks import board as b
from domain.games.five_peaks import commands
from domain.games.five_peaks.bots import _card_worth, _score
from domain.games.five_peaks.commands import (
    BuyContainer,
    Convert,
    KeepCampfire,
    Move,
    Pass,
    PlayCard,
)
from domain.games.five_peaks.content import CONTAINERS
from domain.games.five_peaks.geometry import Board, Cell
from domain.games.five_peaks.rules import legal_commands
from domain.games.five_peaks.walks import _destinations
from tests.domain.five_peaks.test_fast_paths import plain_legal, plain_move, positions, settled


def variants(game: Any, seat: int) -> list[Any]:
    """``game``; ``game`` with the seat holding the campfire card that buys containers and
    enough endorphins for one; and at a space stage, its pawn on a container exchange space
    with a container of each kind: real games seldom deal either to a greedy seat."""
    hiker = game.hiker(seat)
    packer = next(c for c in b.content(game).fire_cards() if c.startswith("happy-packer"))
    rich = replace(hiker, campfire=(*hiker.campfire, packer), endorphins=hiker.endorphins + 9)
    out = [game, game.with_hiker(seat, rich)]
    spaces = b.board(game).spaces
    swaps = [c for c, s in spaces.items() if s.kind == "container"]
    if game.stage.kind == "space" and game.turn == seat and swaps:
        held = replace(hiker, backpack=MappingProxyType(dict.fromkeys(CONTAINERS, 1)))
        pawns = tuple(swaps[0] if i == seat else p for i, p in enumerate(game.pawns))
        out.append(replace(game.with_hiker(seat, held), pawns=pawns))
    return out


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_legal_commands_are_the_plain_filter_with_and_without_a_container_offer(bot):
    seen = {"drawn": 0, "buy": 0, "no offer": 0, "convert": 0, "no container": 0}
    for game in positions(bot):
        for seat in range(game.seats):
            for variant in variants(game, seat):
                legal = legal_commands(variant, seat)
                plain = plain_legal(variant, seat)
                assert legal == plain
                seen["drawn"] += any(isinstance(c, KeepCampfire) for c in legal)
                seen["buy"] += any(isinstance(c, BuyContainer) for c in legal)
                seen["no offer"] += not b.fires(variant, seat, "buy_container")
                seen["convert"] += any(isinstance(c, Convert) for c in legal)
                spaced = variant.stage.kind == "space" and variant.turn == seat
                seen["no container"] += spaced and b.space_here(variant, seat).kind != "container"
    assert seen["drawn"] > 3 and seen["buy"] > 20 and seen["no offer"] > 20, seen
    assert seen["convert"] > 3 and seen["no container"] > 20, seen


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


def test_only_passing_after_each_command_is_the_plain_answer_with_a_container_offer():
    """Where the settling asks (after each legal command, before any pass), a seat able to
    buy a container has more to do than pass; the seat's list must not skip that offer."""
    seen = {True: 0, False: 0, "buy": 0}
    for game, seat in settled("greedy"):
        for variant in variants(game, seat):
            plain = plain_legal(variant, seat)
            assert legal_commands(variant, seat) == plain
            seen[plain == (Pass(seat),)] += 1
            seen["buy"] += any(isinstance(c, BuyContainer) for c in plain)
    assert seen[True] > 20 and seen[False] > 20 and seen["buy"] > 20, seen


def plain_destinations(
    board: Board, start: Cell, blocked: frozenset[Cell], steps: tuple[int, ...], avoid: Any
) -> frozenset[Cell]:
    """``walks._destinations`` as it read over ``Cell``s and ``Board.links`` itself."""
    out: set[Cell] = set()

    def walk(at: Cell, counted: int, seen: frozenset[Cell]) -> None:
        for near in board.links.get(at, frozenset()):
            if near in seen or near not in board.spaces:
                continue
            if near in blocked:
                walk(near, counted, seen | {near})
                continue
            if counted + 1 in steps:
                out.add(near)
            if counted + 1 < max(steps):
                walk(near, counted + 1, seen | {near})

    walk(start, 0, frozenset({start}) | avoid)
    return frozenset(out)


def test_a_moves_destinations_are_the_plain_walks_over_cells():
    """Every board of a seeded game, from every space and from a cell off the board, with
    the other pawns and then a whole row of spaces in the way, for each kind of step."""
    tried = found = 0
    for index, game in enumerate(positions("greedy")[::4]):
        board = b.board(game)
        assert "" not in {s.kind for s in board.spaces.values()}  # "" means no space
        cells = sorted(board.spaces)
        if index % 2:  # a linked cell that is no space (real boards have none) is skipped
            gap = cells[len(cells) // 3]
            spaces = {c: s for c, s in board.spaces.items() if c != gap}
            board, cells = replace(board, spaces=spaces, memo={}), [c for c in cells if c != gap]
        row = frozenset(c for c in cells if c.y == cells[len(cells) // 2].y)
        for start in [*cells[::3], Cell(99, 99)]:
            for blocked in (b.others(game, 0), row - {start}):
                for steps in ((1,), (2,), (1, 2, 3), (3,)):
                    avoid = frozenset(cells[1::7]) - {start}
                    for away in (frozenset(), avoid):
                        got = _destinations(board, start, blocked, steps, away)
                        assert got == plain_destinations(board, start, blocked, steps, away)
                        tried += 1
                        found += bool(got)
    assert tried > 1000 and found > 500
