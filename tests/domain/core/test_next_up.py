"""``Ruleset.next_up``, the one pass a rollout asks at every decision, answers exactly what
the plain pair answers: ``system_command``, else whether ``is_terminal``.

Over every position of seeded games of every shared ruleset: the state before set-up, each
state a game passes through (its system decisions, the seed's reveal, the end), and from
some of them a resignation, whose ending is the platform's and not the rules'.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from domain.core import Ruleset
from domain.core.live import Resign
from domain.core.ruleset import OVER
from tests.support.play import play
from tests.support.rulesets import newest, seats_for


def plain_next_up(ruleset: Ruleset[Any, Any, Any], state: Any) -> Any:
    due = ruleset.system_command(state)
    if due is not None:
        return due
    return OVER if ruleset.is_terminal(state) else None


def positions(ruleset: Ruleset[Any, Any, Any], label: str) -> list[Any]:
    states = [ruleset.initial_state]
    for step in play(ruleset, seats_for(ruleset), label=label):
        states.append(step.state)
    resigned = []
    for state in states[1 :: max(1, len(states) // 8)]:
        try:
            events = ruleset.decide(state, Resign(seat=0))
        except Exception:  # over already, or a ruleset without resigning at this point
            continue
        after = ruleset.fold(events, state)
        resigned.append(after)
        due = ruleset.system_command(after)
        if due is not None:  # the reveal after a resignation: the audit-ready end
            resigned.append(ruleset.fold(ruleset.decide(after, due), after))
    return states + resigned + unset(ruleset.initial_state)


def unset(start: Any) -> list[Any]:
    """States before set-up that no game reaches, ended and revealed by hand: ``next_up``
    hands them to the plain pair, and this holds it there."""
    ended = dataclasses.replace(start, live=dataclasses.replace(start.live, ending="abandoned"))
    return [
        dataclasses.replace(start, seed_revealed=True),
        ended,
        dataclasses.replace(ended, seed_revealed=True),
    ]


@pytest.mark.parametrize("ruleset", newest())
@pytest.mark.parametrize("label", ["next-up-1", "next-up-2"])
def test_next_up_is_the_plain_pair(ruleset: Ruleset[Any, Any, Any], label: str) -> None:
    seen = set()
    for state in positions(ruleset, label):
        expected = plain_next_up(ruleset, state)
        assert ruleset.next_up(state) == expected
        seen.add("over" if expected is OVER else "seats" if expected is None else "system")
        if getattr(state.live, "ending", None) is not None:
            seen.add("ended by the platform")
    # the test reached every kind of answer, and the platform's own ending
    assert seen == {"over", "seats", "system", "ended by the platform"}


@pytest.mark.parametrize("ruleset", newest())
def test_next_up_before_set_up(ruleset: Ruleset[Any, Any, Any]) -> None:
    answers = []
    for state in unset(ruleset.initial_state):
        answers.append(plain_next_up(ruleset, state))
        assert ruleset.next_up(state) is answers[-1]
    assert answers == [None, None, OVER]
