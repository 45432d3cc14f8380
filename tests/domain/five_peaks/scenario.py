"""Positions for rulebook examples: a seeded setup, then the board and holdings an example
needs, set directly (the rules are then exercised by ``decide`` as in play)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any

from domain.core import SetUp
from domain.games.five_peaks import RULESET
from domain.games.five_peaks.content import pack_of
from domain.games.five_peaks.decider import decide
from domain.games.five_peaks.evolve import evolve
from domain.games.five_peaks.geometry import Cell, Placement
from domain.games.five_peaks.rules import legal_commands
from domain.games.five_peaks.state import Game, Hiker, Stage, StoneStack

SEED = "ab" * 32
START = Placement("start", -2, -2, 0)


def fresh(seats: int = 2) -> Game:
    setup = SetUp(seats=seats, seed=SEED, options={}, content=RULESET.content_hash)
    state: Game = RULESET.fold(RULESET.decide(RULESET.initial_state, setup))
    return state


def board(game: Game, *tiles: tuple[str, int, int, int]) -> Game:
    """The start tile plus ``(tile, x, y, rotation)`` placements."""
    return replace(game, placements=(START, *(Placement(*t) for t in tiles)))


def peaks(game: Game, *stacks: tuple[str, Cell, tuple[tuple[int, str], ...]]) -> Game:
    taken = {p for p, _, _ in stacks}
    piles = {t: tuple(p for p in pile if p not in taken) for t, pile in game.peak_piles.items()}
    return replace(
        game,
        peaks=tuple(StoneStack(p, at, s) for p, at, s in stacks),
        peak_piles=MappingProxyType(piles),
    )


def hiker(game: Game, seat: int, **changes: Any) -> Game:
    if "backpack" in changes:
        changes["backpack"] = MappingProxyType(dict(changes["backpack"]))
    current: Hiker = game.hiker(seat)
    return game.with_hiker(seat, replace(current, **changes))


def pawns(game: Game, *cells: Cell) -> Game:
    return replace(game, pawns=tuple(cells))


def stage(game: Game, kind: str, seat: int | None = None, **changes: Any) -> Game:
    turn = game.turn if seat is None else seat
    return replace(game, turn=turn, stage=Stage(kind, **changes))  # type: ignore[arg-type]


def act(game: Game, command: Any) -> tuple[tuple[Any, ...], Game]:
    events = decide(game, command)
    for event in events:
        game = evolve(game, event)
    return events, game


def legal(game: Game, seat: int | None = None) -> tuple[Any, ...]:
    return legal_commands(game, game.turn if seat is None else seat)


def content(game: Game) -> Any:
    return pack_of(game)
