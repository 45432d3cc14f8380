"""Turn notices: what a decision tells the webhooks of a game (docs/live-play.md).

Computed by the application from the states before and after each decision, and written
to the outbox by the store in the same statement as the decision's events
(``Decision.notices``), so a notice is never lost and never sent for an event that did not
commit. ``service.webhooks`` delivers them.

Kinds: ``your_turn`` (seats that came to act), ``timed_out`` (seats whose time ran out),
``game_ended`` (every seat). A seat's webhooks hear the notices naming their seat, a
player's those naming one of their seats; a creator's and a league's hear every notice of
the game (``service.store.subscriptions``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from domain.core.live import TimedOut
from service.store import Decision


def notices_for(
    ruleset: Any, before: Any, after: Any, events: Sequence[Any], version: int
) -> tuple[dict[str, Any], ...]:
    """The notices one decision gives, ``version`` being the game's version after it."""
    found: list[dict[str, Any]] = []
    for event in events:
        if isinstance(event, TimedOut):
            found.append(_notice("timed_out", event.seats, version))
    ended = ruleset.is_terminal(after)
    if ended and not ruleset.is_terminal(before):
        found.append(_notice("game_ended", range(after.seats), version))
    elif not ended and after.is_set_up:
        came = sorted(
            ruleset.to_act(after) - (ruleset.to_act(before) if before.is_set_up else set())
        )
        if came:
            found.append(_notice("your_turn", came, version))
    return tuple(found)


def opening_notices(ruleset: Any, state: Any, version: int) -> tuple[dict[str, Any], ...]:
    """The ``your_turn`` a waiting game owes when its last open seat is taken: play starts
    then with no decision of its own, so no decision's notices tell the seats to act."""
    if not state.is_set_up or ruleset.is_terminal(state):
        return ()
    acting = sorted(ruleset.to_act(state))
    return (_notice("your_turn", acting, version),) if acting else ()


def _notice(kind: str, seats: Sequence[int] | range, version: int) -> dict[str, Any]:
    return {"kind": kind, "seats": list(seats), "body": {"version": version, "seats": list(seats)}}


def with_notices(
    decision: Decision, ruleset: Any, before: Any, after: Any, events: Sequence[Any], version: int
) -> Decision:
    """``decision`` carrying the notices it gives."""
    found = notices_for(ruleset, before, after, events, version)
    return dataclasses.replace(decision, notices=found) if found else decision
