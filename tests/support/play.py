"""Seeded bot games played in process, against the domain only (no database)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from domain.core import Luck, Ruleset, SetUp


def seed_for(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


@dataclass
class Step:
    """One decision: the command, who made it, its events and the state after."""

    seat: int | None
    command: Any
    events: tuple[Any, ...]
    state: Any


@dataclass
class Playthrough:
    ruleset: Ruleset[Any, Any, Any]
    steps: list[Step] = field(default_factory=list)

    @property
    def events(self) -> list[Any]:
        return [e for s in self.steps for e in s.events]

    @property
    def final(self) -> Any:
        return self.steps[-1].state


def play(
    ruleset: Ruleset[Any, Any, Any],
    seats: int,
    *,
    label: str,
    bot: str = "random",
    options: dict[str, Any] | None = None,
    max_steps: int = 50_000,
) -> Iterator[Step]:
    """Yield every decision of one seeded game, set-up first, until it ends.

    Decisions the system owes (``ruleset.system_command``) are taken as soon as they are
    due, before any seat acts again, as the application takes them.
    """
    setup = SetUp(
        seats=seats, seed=seed_for(label), options=options or {}, content=ruleset.content_hash
    )
    events = ruleset.decide(ruleset.initial_state, setup)
    state = ruleset.fold(events)
    yield Step(None, setup, events, state)
    for step in range(max_steps):
        if ruleset.is_terminal(state):
            return
        due = ruleset.system_command(state)
        if due is not None:
            events = ruleset.decide(state, due)
            state = ruleset.fold(events, state)
            yield Step(None, due, events, state)
            continue
        ready = sorted(ruleset.to_act(state))
        assert ready, f"{ruleset.id}: no seat to act in a live game and nothing due"
        entropy = Luck(seed_for(f"{label}:bots:{step}"))
        pick, entropy = entropy.draw_below(len(ready))
        seat = ready[pick]
        command = ruleset.bots[bot](state, seat, entropy)
        events = ruleset.decide(state, command)
        state = ruleset.fold(events, state)
        yield Step(seat, command, events, state)
    raise AssertionError(f"{ruleset.id}: game did not end within {max_steps} decisions")
