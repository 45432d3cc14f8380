"""Takebacks in live play: a seat takes back its own last decisions, freely or with the
other seats' consent, until something hidden is revealed (docs/live-play.md). ``liveplay``
checks the seat and applies the events; the rules of asking, answering and the window are
here.

Codes (stable): ``takebacks_off``, ``takeback_pending``, ``revealed_since``, ``too_far``,
``not_your_decision``, ``nothing_to_take_back``, ``no_takeback_asked``,
``not_yours_to_answer``, ``invalid_command``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from domain.core import clocks
from domain.core.contract import PUBLIC
from domain.core.errors import RuleViolation
from domain.core.live import Live, TakebackAnswered, TakebackAsked, TakenBack
from domain.core.options import Option

TAKEBACKS = Option(
    "takebacks",
    "off",
    "off; free (a seat takes back its own last decisions); consent (the other seats must"
    " agree, for rated league games)",
    ("off", "free", "consent"),
)
MAX_TAKEBACK = 20


def take_back(state: Any, seat: int, decisions: int) -> tuple[Any, ...]:
    mode = clocks.option(state.options, TAKEBACKS)
    if mode == "off":
        raise RuleViolation("takebacks_off", "this game was created without takebacks")
    if not 1 <= decisions <= MAX_TAKEBACK:
        raise RuleViolation("invalid_command", f"take back 1 to {MAX_TAKEBACK} decisions")
    live: Live = state.live
    if live.pending is not None:
        raise RuleViolation("takeback_pending", "a takeback is already waiting for answers")
    if live.undo_seat != seat or not live.undo:
        raise _refusal(live, seat)
    if decisions > len(live.undo):
        raise RuleViolation(
            "revealed_since" if live.revealed else "too_far",
            f"you can take back only your last {len(live.undo)} decision(s)"
            + (": something hidden was revealed before them" if live.revealed else ""),
        )
    if mode == "consent" and answering(state, seat):
        return (TakebackAsked(seat=seat, decisions=decisions),)
    return (TakenBack(seat=seat, decisions=decisions),)


def _refusal(live: Live, seat: int) -> RuleViolation:
    if live.undo_seat == seat and live.revealed:
        return RuleViolation(
            "revealed_since", "something hidden was revealed since, so it cannot be taken back"
        )
    if live.undo_seat is not None and live.undo_seat != seat:
        return RuleViolation(
            "not_your_decision", "another seat has decided since your last decision"
        )
    return RuleViolation("nothing_to_take_back", "you have no decision to take back")


def answering(state: Any, asker: int) -> frozenset[int]:
    """The seats whose consent a takeback needs: every other seat still its owner's."""
    live: Live = state.live
    return frozenset(range(state.seats)) - {asker} - live.out - live.stand_ins


def answer(state: Any, seat: int, accept: bool) -> tuple[Any, ...]:
    live: Live = state.live
    if live.pending is None:
        raise RuleViolation("no_takeback_asked", "no takeback is waiting for an answer")
    asker, decisions = live.pending
    if seat not in answering(state, asker) or seat in live.consents:
        raise RuleViolation("not_yours_to_answer", "this takeback needs no answer from you")
    answered = TakebackAnswered(seat=seat, accept=accept)
    if accept and live.consents | {seat} >= answering(state, asker):
        return (answered, TakenBack(seat=asker, decisions=decisions))
    return (answered,)


def after_game_event(ruleset: Any, before: Any, after: Any, event: Any) -> Any:
    """Close the takeback window when a game fact reveals something hidden: a draw from
    the seed, or a fact some viewer may not see (docs/live-play.md)."""
    live: Live = after.live
    if not live.undo:
        return after
    reveals = ruleset.presentation.reveals
    hidden = after.luck != before.luck or ruleset.presentation.visibility(event) != PUBLIC
    if not hidden and (reveals is None or not reveals(event)):
        return after
    return dataclasses.replace(after, live=dataclasses.replace(live, undo=(), revealed=True))
