"""Takebacks, run over the newest version of every ruleset (docs/live-play.md).

A seeded bot game with ``takebacks=free``: the first seat decision that revealed nothing
is taken back and the game returns to exactly the state before it (refolding agrees); the
first seat decision that revealed something hidden (a fact some viewer may not see, or a
draw from the seed) cannot be taken back. A ruleset whose seats never reveal anything must
still refuse a takeback once another seat has decided since.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest

from domain.core import RuleViolation
from domain.core.live import Live, Stamped, TakeBack
from tests.support.play import play
from tests.support.rulesets import installed

NEWEST = installed()
OPTIONS = {"takebacks": "free"}
MOST_STEPS = 400


def _without_live(state: Any) -> Any:
    return dataclasses.replace(state, live=Live())


@dataclass
class Found:
    """The first takeback accepted (with the state it must return to), and the first
    refused because something was revealed, or else because another seat decided."""

    accepted: tuple[Any, Any, int] | None = None
    refused: dict[str, tuple[Any, int]] = field(default_factory=dict)

    @property
    def is_complete(self) -> bool:
        return self.accepted is not None and "revealed_since" in self.refused


def _explore(ruleset: Any) -> Found:
    found = Found()
    seats = max(2, ruleset.min_seats)
    decider = before = previous = None
    label = f"takebacks:{ruleset.id}"
    for index, step in enumerate(play(ruleset, seats, label=label, options=OPTIONS)):
        if index > MOST_STEPS or found.is_complete:
            break
        if step.seat is not None:
            decider, before = step.seat, previous
        previous = step.state
        if decider is None or ruleset.is_terminal(step.state):
            continue
        try:
            ruleset.decide(step.state, TakeBack(seat=decider), 0)
        except RuleViolation as refusal:
            found.refused.setdefault(refusal.code, (step.state, decider))
            continue
        if found.accepted is None and step.seat == decider:
            found.accepted = (before, step.state, decider)
    return found


@pytest.mark.parametrize("ruleset", NEWEST, ids=lambda r: r.id)
def test_a_quiet_decision_is_taken_back_and_a_revealing_one_is_not(ruleset: Any) -> None:
    found = _explore(ruleset)
    refused = found.refused.get("revealed_since") or found.refused.get("not_your_decision")
    assert refused is not None, f"{ruleset.id}: no takeback was refused"
    if found.accepted is None:
        # Every seat decision of this game is a fact some viewer may not see (sealed words).
        assert ruleset.game_type.information == "imperfect"
        return
    before, after, seat = found.accepted
    events = ruleset.decide(after, TakeBack(seat=seat), 0)
    assert isinstance(events[0], Stamped)
    restored = ruleset.fold(events, after)
    assert _without_live(restored) == _without_live(before)
    assert ruleset.to_act(restored) == ruleset.to_act(before)
    assert ruleset.legal_commands(restored, seat) == ruleset.legal_commands(before, seat)


def test_the_suite_reaches_every_shipped_game() -> None:
    from domain.games import SHIPPED

    assert set(SHIPPED) <= {r.id for r in NEWEST}
