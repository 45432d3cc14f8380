"""Complete games played by bots in process, through the Decider alone (no database)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from domain.core import Luck, Ruleset, SetUp
from domain.core.registry import event_to_record
from service.store.records import canonical_json


@dataclass(frozen=True)
class Playthrough:
    ruleset: Ruleset[Any, Any, Any]
    seats: int
    decisions: tuple[tuple[Any, tuple[Any, ...]], ...]
    """Each command with the events it produced; the first is the SetUp."""

    @property
    def events(self) -> list[Any]:
        return [e for _, events in self.decisions for e in events]

    def records(self) -> list[tuple[str, int, str]]:
        """The events as stored: name, schema version and the payload's JSON text."""
        return [
            (name, version, canonical_json(payload))
            for name, version, payload in map(event_to_record, self.events)
        ]


def seed_for(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def seats_for(ruleset: Ruleset[Any, Any, Any], wanted: int = 4) -> int:
    return max(ruleset.min_seats, min(wanted, ruleset.max_seats))


def play(
    ruleset: Ruleset[Any, Any, Any],
    seats: int,
    game_no: int,
    options: dict[str, Any] | None = None,
    max_commands: int = 100_000,
) -> Playthrough:
    """One seeded game, every seat driven by the ruleset's random bot, to its end; what the
    system owes (``ruleset.system_command``) is decided as soon as it is due, as the
    application decides it."""
    bot = ruleset.bots.get("random") or next(iter(ruleset.bots.values()))
    setup = SetUp(seats=seats, seed=seed_for("bench", ruleset.id, game_no), options=options or {})
    events = ruleset.decide(ruleset.initial_state, setup)
    state = ruleset.fold(events)
    decisions: list[tuple[Any, tuple[Any, ...]]] = [(setup, events)]
    for turn in range(max_commands):
        if ruleset.is_terminal(state):
            break
        command = ruleset.system_command(state)
        if command is None:
            ready = sorted(ruleset.to_act(state))
            if not ready:
                break
            seat = ready[turn % len(ready)]
            luck = Luck(seed_for("bot", ruleset.id, game_no, turn, seat))
            command = bot(state, seat, luck)
        events = ruleset.decide(state, command)
        state = ruleset.fold(events, state)
        decisions.append((command, events))
    return Playthrough(ruleset, seats, tuple(decisions))
