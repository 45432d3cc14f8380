"""Live play composed around a game's rules: what ``Ruleset`` asks of it.

``decide`` takes the platform's live commands (resign, abandon, timeouts, takebacks), and
``stamped`` puts the ``Stamped`` fact at the head of every other decision of a live game;
``evolve`` applies the live facts; takebacks' own rules, and the window a revealing game
fact closes, are ``domain.core.takebacks``. ``is_over`` and ``clocked`` are how the rest of
the platform sees a game the platform ended (its result: ``domain.core.endings``).
Interpretations: docs/live-play.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, assert_never

from domain.core import clocks, takebacks
from domain.core.errors import RuleViolation
from domain.core.live import (
    Abandon,
    Abandoned,
    AnswerTakeback,
    Checkpoint,
    ClockPaused,
    Forfeit,
    Forfeited,
    Live,
    LiveCommand,
    LiveEvent,
    PauseClock,
    Resign,
    Resigned,
    ResumeClocks,
    ReturnedToSeat,
    ReturnToSeat,
    Stamped,
    TakeBack,
    TakebackAnswered,
    TakebackAsked,
    TakenBack,
    TimedOut,
    TimeOut,
)
from domain.core.options import Option

ON_RESIGN = Option(
    "on_resign",
    "play_on",
    "with three or more seats, what follows a resignation: play_on (a bot plays the seat's"
    " turns and it ranks last) or bot (a bot takes the seat over and it ranks by its score)",
    ("play_on", "bot"),
)
LIVE_OPTIONS: tuple[Option, ...] = (*clocks.CLOCK_OPTIONS, ON_RESIGN, takebacks.TAKEBACKS)
MAX_REASON = 500


def is_live(options: Mapping[str, Any]) -> bool:
    """Whether decisions are stamped: the game has a time control or allows takebacks."""
    # Asked at every decision of every game: read the two options, build no TimeControl.
    timed = clocks.option(options, clocks.TIME_CONTROL) != "none"
    return timed or bool(clocks.option(options, takebacks.TAKEBACKS) != "off")


def is_over(ruleset: Any, state: Any) -> bool:
    """Over by the rules, or ended by the platform (resigned, timed out, abandoned,
    forfeited)."""
    return state.live.ending is not None or bool(ruleset.rules.is_terminal(state))


def clocked(ruleset: Any, state: Any) -> frozenset[int]:
    """The seats whose clocks run now: to act, and played by nobody else."""
    if is_over(ruleset, state):
        return frozenset()
    live: Live = state.live
    return frozenset(ruleset.players.to_act(state)) - live.stand_ins


def deadline(ruleset: Any, state: Any) -> int | None:
    control = clocks.time_control(state.options)
    return clocks.deadline(state.live, control, clocked(ruleset, state))


# -- stamping -------------------------------------------------------------------------------


def stamp(
    ruleset: Any,
    state: Any,
    seat: int | None,
    at: int | None,
    checkpoint: bool = False,
    charge: bool = True,
) -> Stamped:
    """The stamp heading a decision taken at ``at`` (None: no time passes). Without
    ``charge`` the clocks restart at ``at`` with what they had (a fork's fresh luck: the
    time between the parent's last decision and the fork is nobody's)."""
    live: Live = state.live
    control = clocks.time_control(state.options)
    now = at if at is not None else (live.since or 0)
    if charge:
        now = max(now, live.since or 0)
    running = clocked(ruleset, state)
    banks, used = (
        clocks.charged(live, control, running, now, seat)
        if charge
        else (
            live.banks,
            live.used,
        )
    )
    return Stamped(
        at=now,
        seat=seat,
        banks=banks,
        used=used,
        running=tuple(sorted(running)) if control.is_timed else (),
        checkpoint=checkpoint and clocks.option(state.options, takebacks.TAKEBACKS) != "off",
    )


def opening_stamp(ruleset: Any, state: Any, at: int | None) -> tuple[Stamped, ...]:
    """The stamp closing a live game's opening decision: its clocks start at ``at``."""
    if not is_live(state.options):
        return ()
    control = clocks.time_control(state.options)
    banks, used = clocks.starting(control, state.seats)
    running = sorted(ruleset.players.to_act(state)) if control.is_timed else []
    return (Stamped(at=at or 0, seat=None, banks=banks, used=used, running=tuple(running)),)


def stamped(
    ruleset: Any,
    state: Any,
    seat: int | None,
    at: int | None,
    events: tuple[Any, ...],
    charge: bool = True,
) -> tuple[Any, ...]:
    """``events`` of a decision, headed by its stamp in a live game."""
    if not is_live(state.options):
        return events
    return (stamp(ruleset, state, seat, at, seat is not None, charge), *events)


# -- deciding live commands -----------------------------------------------------------------


def decide(ruleset: Any, state: Any, command: LiveCommand, at: int | None) -> tuple[Any, ...]:
    if not state.is_set_up:
        raise RuleViolation("wrong_phase", "the game has not been set up")
    if is_over(ruleset, state):
        raise RuleViolation("game_over", "the game is over")
    match command:
        case Resign(seat=seat):
            facts: tuple[Any, ...] = (_resign(state, seat),)
        case Abandon(by=by, reason=reason):
            facts = (_abandon(by, reason),)
        case Forfeit(seats=seats, by=by, reason=reason):
            facts = (_forfeit(state, seats, by, reason),)
        case TimeOut():
            return _time_out(ruleset, state, at)
        case ResumeClocks():
            if not clocks.time_control(state.options).is_timed:
                raise RuleViolation("invalid_command", "this game has no clock to resume")
            return (stamp(ruleset, state, None, at, charge=False),)
        case TakeBack(seat=seat, decisions=n):
            _require_seat(state, seat)
            facts = takebacks.take_back(state, seat, n)
        case AnswerTakeback(seat=seat, accept=accept):
            _require_seat(state, seat)
            facts = takebacks.answer(state, seat, accept)
        case ReturnToSeat(seat=seat):
            facts = (_return(state, seat),)
        case PauseClock(on_seat=seat, until=until, by=by):
            _require_seat(state, seat)
            facts = (
                clocks.pause(state.live, clocks.time_control(state.options), seat, until, by, at),
            )
    seat_of = getattr(command, "seat", None)
    return (stamp(ruleset, state, seat_of, at), *facts)


def _require_seat(state: Any, seat: int) -> None:
    if isinstance(seat, bool) or not 0 <= seat < state.seats:
        raise RuleViolation("invalid_command", f"seat {seat} is not a seat of this game")


def _resign(state: Any, seat: int) -> Resigned:
    _require_seat(state, seat)
    if seat in state.live.out:
        raise RuleViolation("already_out", "you have already left this game")
    playing = state.seats - len(state.live.out) - 1
    return Resigned(seat=seat, stand_in=playing > 1, ends=playing <= 1)


def _abandon(by: str, reason: str) -> Abandoned:
    if not by.strip() or not reason.strip():
        raise RuleViolation("invalid_command", "say who abandons the game, and why")
    if len(reason) > MAX_REASON:
        raise RuleViolation("invalid_command", f"a reason has at most {MAX_REASON} characters")
    return Abandoned(by=by, reason=reason)


def _forfeit(state: Any, seats: tuple[int, ...], by: str, reason: str) -> Forfeited:
    _abandon(by, reason)  # the same checks of who and why
    for seat in seats:
        _require_seat(state, seat)
    if not seats or len(set(seats)) != len(seats) or len(seats) >= state.seats:
        raise RuleViolation("invalid_command", "name the seats that forfeit, not every seat")
    return Forfeited(seats=tuple(sorted(seats)), by=by, reason=reason)


def _time_out(ruleset: Any, state: Any, at: int | None) -> tuple[Any, ...]:
    control = clocks.time_control(state.options)
    running = clocked(ruleset, state)
    flagged = clocks.flagged(state.live, control, running, at) if at is not None else ()
    if not flagged:
        raise RuleViolation("not_due", "no seat's time has run out")
    consequence = clocks.option(state.options, clocks.ON_TIMEOUT)
    playing = state.seats - len(state.live.out | set(flagged))
    ends = consequence == "forfeit" and playing <= 1
    return (
        stamp(ruleset, state, None, at),
        TimedOut(seats=flagged, consequence=consequence, ends=ends),
    )


def _return(state: Any, seat: int) -> ReturnedToSeat:
    _require_seat(state, seat)
    live: Live = state.live
    if seat not in live.stand_ins or seat in live.out:
        raise RuleViolation("not_stood_in", "no bot is playing for you in this game")
    control = clocks.time_control(state.options)
    bank = 0
    if control.kind == "fischer":
        bank = max(control.increment, clocks.RETURN_FLOOR_MS)
    elif control.kind in ("per_move", "correspondence"):
        bank = live.banks[seat]
    return ReturnedToSeat(seat=seat, bank=bank)


# -- evolving -------------------------------------------------------------------------------


def evolve(state: Any, event: LiveEvent) -> Any:
    live: Live = state.live
    match event:
        case Stamped():
            return dataclasses.replace(state, live=_stamped(state, live, event))
        case Resigned(seat=seat, stand_in=stand_in, ends=ends):
            last = seat in live.last or clocks.option(state.options, ON_RESIGN) == "play_on"
            changed = _left(live, (seat,), stand_in, ends, "resigned", seat, last)
            return dataclasses.replace(state, live=changed)
        case TimedOut(seats=seats, consequence=consequence, ends=ends):
            if consequence == "bot":
                changed = dataclasses.replace(live, stand_ins=live.stand_ins | set(seats))
            else:
                first = seats[0] if len(seats) == 1 else None
                changed = _left(live, seats, not ends, ends, "timed_out", first, True)
            return dataclasses.replace(state, live=changed)
        case Abandoned(reason=reason):
            return dataclasses.replace(
                state, live=dataclasses.replace(live, ending="abandoned", reason=reason)
            )
        case Forfeited(seats=seats, reason=reason):
            first = seats[0] if len(seats) == 1 else None
            changed = _left(live, seats, False, True, "forfeited", first, True)
            return dataclasses.replace(state, live=dataclasses.replace(changed, reason=reason))
        case TakebackAsked(seat=seat, decisions=n):
            pending = dataclasses.replace(live, pending=(seat, n), consents=frozenset())
            return dataclasses.replace(state, live=pending)
        case TakebackAnswered(seat=seat, accept=accept):
            if not accept:
                cleared = dataclasses.replace(live, pending=None, consents=frozenset())
                return dataclasses.replace(state, live=cleared)
            return dataclasses.replace(
                state, live=dataclasses.replace(live, consents=live.consents | {seat})
            )
        case TakenBack(decisions=n):
            restored = live.undo[-n].state
            kept = dataclasses.replace(
                live, undo=live.undo[:-n], pending=None, consents=frozenset()
            )
            return dataclasses.replace(restored, live=kept)
        case ReturnedToSeat(seat=seat, bank=bank):
            return dataclasses.replace(state, live=_returned(live, seat, bank))
        case ClockPaused():
            return dataclasses.replace(state, live=clocks.paused(live, state.seats, event))
        case _:
            assert_never(event)


def _stamped(state: Any, live: Live, event: Stamped) -> Live:
    changed = dataclasses.replace(
        live,
        since=event.at if event.banks or live.since is not None else None,
        banks=event.banks,
        used=event.used,
        running=frozenset(event.running),
    )
    if event.checkpoint:
        point = Checkpoint(dataclasses.replace(state, live=Live()))
        undo = (*live.undo, point) if live.undo_seat == event.seat else (point,)
        return dataclasses.replace(
            changed,
            undo=undo,
            undo_seat=event.seat,
            revealed=False,
            pending=None,
            consents=frozenset(),
        )
    # A live decision (a takeback, an answer, a resignation) leaves the window as it was:
    # only a game decision opens a new one, for its own seat.
    return changed


def _left(
    live: Live,
    seats: tuple[int, ...],
    stand_in: bool,
    ends: bool,
    ending: str,
    seat: int | None,
    last: bool,
) -> Live:
    changed = dataclasses.replace(
        live,
        out=live.out | set(seats),
        last=live.last | set(seats) if last else live.last,
        stand_ins=live.stand_ins | set(seats) if stand_in else live.stand_ins,
    )
    if ends:
        return dataclasses.replace(changed, ending=ending, ended_by=seat)  # type: ignore[arg-type]
    return changed


def _returned(live: Live, seat: int, bank: int) -> Live:
    banks = tuple(bank if i == seat else b for i, b in enumerate(live.banks))
    used = tuple(0 if i == seat else u for i, u in enumerate(live.used))
    return dataclasses.replace(
        live,
        stand_ins=live.stand_ins - {seat},
        banks=banks,
        used=used,
        running=live.running - {seat},
    )
