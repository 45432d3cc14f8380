"""Decisions as the store records them: a command's events, their actor and notices, and
the system's decisions that fall due after a state, decided in memory.

A seat's decision and the system's decisions due right after it are appended in one commit
(issue #26: a move some rulesets follow with several system decisions paid a commit for
each); each stays a decision of its own in the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import SYSTEM
from domain.core.registry import command_to_json, event_to_record
from service.application.outcomes import result_json
from service.clock import Clock
from service.notices import with_notices
from service.store import Decision, NewEvent
from service.store.recorders import FollowUp

MAX_SYSTEM_DECISIONS = 1_000
"""More system decisions in a row than any game has: past this, a ruleset is looping."""


def decision_of(ruleset: Any, events: Sequence[Any], actor: str, command: Any) -> Decision:
    new = []
    for event in events:
        name, version, payload = event_to_record(event)
        new.append(NewEvent(name, version, payload, ruleset.visibility(event)))
    return Decision(tuple(new), actor, command_to_json(command))


def result_of(ruleset: Any, state: Any) -> dict[str, Any] | None:
    """What a decision that leaves ``state`` records as the game's result, if it ends it."""
    return result_json(ruleset.result(state)) if ruleset.is_terminal(state) else None


def system_decision(
    ruleset: Any, state: Any, version: int, due: Any, at: int
) -> tuple[Decision, Any, int]:
    """The system's decision of ``due`` on ``state`` at ``version``, taken at ``at`` (ms),
    with its notices; the state after it and its version."""
    events, after = ruleset.step(state, due, at)
    version += len(events)
    decision = decision_of(ruleset, events, SYSTEM, due)
    return with_notices(decision, ruleset, state, after, events, version), after, version


def owed_after(ruleset: Any, state: Any, version: int, clock: Clock) -> tuple[list[FollowUp], Any]:
    """Every decision the system owes after ``state`` (at ``version``), each with the result
    it ends the game with, and the state after them all."""
    owed: list[FollowUp] = []
    for _ in range(MAX_SYSTEM_DECISIONS):
        due = ruleset.system_command(state)
        if due is None:
            return owed, state
        decision, state, version = system_decision(ruleset, state, version, due, clock.now_ms())
        owed.append((decision, result_of(ruleset, state)))
    raise RuntimeError(f"{ruleset.id}: the system kept deciding without end")
