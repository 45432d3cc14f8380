"""Seeded games of Peloponnes played in process, system commands included.

The platform's application decides a due system command right after the decision that
made it due; ``play`` does the same, so tests see every decision a stored game would hold.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from domain.core import Luck, SetUp
from domain.games.peloponnes import RULESET
from domain.games.peloponnes.events import Event
from domain.games.peloponnes.state import Game


def seed_for(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


@dataclass(frozen=True)
class Decision:
    seat: int | None
    command: Any
    events: tuple[Any, ...]
    state: Game


def start(
    seats: int,
    label: str = "game",
    options: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any] | None = None,
) -> Game:
    """A game set up and run up to the first seat decision."""
    command = SetUp(seats=seats, seed=seed_for(label), options=dict(options or {}), setup=setup)
    game = RULESET.fold(RULESET.decide(RULESET.initial_state, command))
    return run_system(game)


def run_system(game: Game) -> Game:
    """Decide every due system command (not the seed's reveal)."""
    while (due := RULESET.rules.system_command(game)) is not None:
        game = RULESET.fold(RULESET.decide(game, due), game)
    return game


def decisions(
    seats: int,
    bots: str | tuple[str, ...] = "random",
    label: str = "game",
    options: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any] | None = None,
    max_decisions: int = 20_000,
) -> Iterator[Decision]:
    """Every decision of one seeded game, set-up first, to the seed's reveal."""
    names = (bots,) * seats if isinstance(bots, str) else bots
    command = SetUp(seats=seats, seed=seed_for(label), options=dict(options or {}), setup=setup)
    events = RULESET.decide(RULESET.initial_state, command)
    game: Game = RULESET.fold(events)
    yield Decision(None, command, events, game)
    for step in range(max_decisions):
        if RULESET.is_terminal(game):
            return
        due = RULESET.system_command(game)
        seat: int | None = None
        if due is None:
            ready = sorted(RULESET.to_act(game))
            assert len(ready) == 1, f"one seat acts at a time, not {ready}"
            seat = ready[0]
            luck = Luck(seed_for(f"{label}:bots:{step}"))
            due = RULESET.bots[names[seat]](game, seat, luck)
        events = RULESET.decide(game, due)
        game = RULESET.fold(events, game)
        yield Decision(seat, due, events, game)
    raise AssertionError(f"the game did not end within {max_decisions} decisions")


def play(
    seats: int,
    bots: str | tuple[str, ...] = "random",
    label: str = "game",
    options: Mapping[str, Any] | None = None,
) -> tuple[Game, list[Event]]:
    """One whole game: its final state and every event."""
    log: list[Event] = []
    game = RULESET.initial_state
    for decision in decisions(seats, bots, label, options):
        log.extend(decision.events)
        game = decision.state
    return game, log
