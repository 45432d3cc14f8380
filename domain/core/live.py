# cairn compile leaves this module interpreted: ClassVar in dataclasses (service/compiled.py).
"""Live play, for every ruleset: clocks, timeouts, resignation, abandonment and takebacks.

The platform's own commands and facts (docs/live-play.md). They are composed around every
game's rules by ``Ruleset`` (through ``domain.core.liveplay``), like the lifecycle, and their
state is ``Live``, a field of every game's ``Table``.

Time is a fact: the application stamps each decision with the time it was received (``at``,
milliseconds since the Unix epoch) and ``decide`` works every clock out from it; the result
is stored in the decision's ``Stamped`` event, so a replay or an audit re-derives every clock
from the stored events alone. The domain never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, assert_never

from domain.core.contract import JSONValue

Ending = Literal["resigned", "timed_out", "abandoned", "forfeited"]


@dataclass(frozen=True)
class Checkpoint:
    """The state before one decision of the seat that may take it back.

    Held only while nothing hidden has been revealed since; a snapshot is never taken of a
    state holding one (``Live.is_snapshot_safe``), since its type is the game's own state.
    """

    state: Any


@dataclass(frozen=True)
class Live:
    """What live play knows of a game.

    * ``since`` is when the clocks last stopped to be charged (the latest stamped
      decision), None in a game without a time control; ``banks`` each seat's time left
      (Fischer: its bank; per-move: its reserve), ``used`` how much of its current move's
      allowance each seat used, ``running`` the seats whose clocks ran before the latest
      stamp (a seat new to the running set starts a fresh allowance).
    * ``out`` are the seats that resigned or forfeited; ``stand_ins`` the seats a bot of the
      ruleset plays for now (a resigned seat, or one that timed out until its owner returns).
    * ``ending`` is how the platform ended the game (None: the rules did, or it goes on).
    * ``undo`` are the checkpoints ``undo_seat`` may return to, newest last; ``revealed``
      says the window was closed because something hidden came out.
    * ``pending`` is a takeback asked for in a game that needs consent: (seat, how many
      decisions), with ``consents`` the seats that agreed so far.
    * ``last`` are the out seats ranked below every other seat at the end.
    * ``paused`` holds, per seat, the time until which its clock is stopped (a league
      vacation; empty: no seat was ever paused): it charges only time after that.
    """

    since: int | None = None
    banks: tuple[int, ...] = ()
    used: tuple[int, ...] = ()
    running: frozenset[int] = frozenset()
    out: frozenset[int] = frozenset()
    last: frozenset[int] = frozenset()
    stand_ins: frozenset[int] = frozenset()
    ending: Ending | None = None
    ended_by: int | None = None
    reason: str = ""
    undo: tuple[Checkpoint, ...] = ()
    undo_seat: int | None = None
    revealed: bool = False
    pending: tuple[int, int] | None = None
    consents: frozenset[int] = frozenset()
    paused: tuple[int, ...] = ()

    @property
    def is_snapshot_safe(self) -> bool:
        return not self.undo


# -- commands -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Resign:
    """A seat gives up: in a 2-seat game the other seat wins (docs/live-play.md)."""

    NAME: ClassVar[str] = "resign"
    seat: int


@dataclass(frozen=True)
class Abandon:
    """End the game with no winner. ``by`` is who asked ("creator", "admin", later a league
    organiser's id); the application checks that they may, the rules record it."""

    NAME: ClassVar[str] = "abandon"
    by: str
    reason: str


@dataclass(frozen=True)
class Forfeit:
    """End the game because ``seats`` forfeited it, as a league recorded (issue #25): they
    rank below every other seat. ``by`` is who recorded it; the application checks that
    they may."""

    NAME: ClassVar[str] = "forfeit"
    seats: tuple[int, ...]
    by: str
    reason: str


@dataclass(frozen=True)
class TimeOut:
    """The system's decision when a running clock has run out."""

    NAME: ClassVar[str] = "time_out"


@dataclass(frozen=True)
class TakeBack:
    """A seat takes back its own ``decisions`` last decisions (1 unless said)."""

    NAME: ClassVar[str] = "take_back"
    seat: int
    decisions: int = 1


@dataclass(frozen=True)
class AnswerTakeback:
    """Another seat's answer to a takeback asked for in a game that needs consent."""

    NAME: ClassVar[str] = "answer_takeback"
    seat: int
    accept: bool


@dataclass(frozen=True)
class ReturnToSeat:
    """A seat's owner comes back after a timeout: the bot that stood in stops."""

    NAME: ClassVar[str] = "return_to_seat"
    seat: int


@dataclass(frozen=True)
class ResumeClocks:
    """The system's first decision in a timed fork that keeps its parent's luck.

    Its stamp restarts the clocks at the fork's creation with the banks they had at the
    fork point: the time between the parent's last stamp there and the fork is nobody's. A
    fork with fresh luck gets the same from its ``Reseed`` decision.
    """

    NAME: ClassVar[str] = "resume_clocks"


@dataclass(frozen=True)
class PauseClock:
    """The system stops ``on_seat``'s clock until ``until`` (ms since the epoch): its owner
    is on a vacation their league allows (issue #25). ``by`` says who asked."""

    NAME: ClassVar[str] = "pause_clock"
    on_seat: int
    until: int
    by: str


LiveCommand = (
    Resign
    | Abandon
    | Forfeit
    | TimeOut
    | TakeBack
    | AnswerTakeback
    | ReturnToSeat
    | ResumeClocks
    | PauseClock
)
SEAT_LIVE_COMMANDS: tuple[type, ...] = (Resign, TakeBack, AnswerTakeback, ReturnToSeat)
LIVE_COMMANDS: tuple[type, ...] = (
    *SEAT_LIVE_COMMANDS, Abandon, Forfeit, TimeOut, ResumeClocks, PauseClock
)  # fmt: skip


# -- events ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stamped:
    """When a decision was taken, and the clocks it leaves (time is a fact).

    The first event of every decision in a game with a time control or takebacks (the last
    of the opening decision, once the seats are known). ``seat`` is the deciding seat (None:
    the system); ``checkpoint`` says the decision may be taken back.
    """

    NAME: ClassVar[str] = "live.stamped"
    VERSION: ClassVar[int] = 1
    at: int
    seat: int | None
    banks: tuple[int, ...]
    used: tuple[int, ...]
    running: tuple[int, ...]
    checkpoint: bool = False


@dataclass(frozen=True)
class Resigned:
    NAME: ClassVar[str] = "live.resigned"
    VERSION: ClassVar[int] = 1
    seat: int
    stand_in: bool
    ends: bool


@dataclass(frozen=True)
class TimedOut:
    NAME: ClassVar[str] = "live.timed_out"
    VERSION: ClassVar[int] = 1
    seats: tuple[int, ...]
    consequence: Literal["forfeit", "bot"]
    ends: bool


@dataclass(frozen=True)
class Abandoned:
    NAME: ClassVar[str] = "live.abandoned"
    VERSION: ClassVar[int] = 1
    by: str
    reason: str


@dataclass(frozen=True)
class Forfeited:
    NAME: ClassVar[str] = "live.forfeited"
    VERSION: ClassVar[int] = 1
    seats: tuple[int, ...]
    by: str
    reason: str


@dataclass(frozen=True)
class TakebackAsked:
    NAME: ClassVar[str] = "live.takeback_asked"
    VERSION: ClassVar[int] = 1
    seat: int
    decisions: int


@dataclass(frozen=True)
class TakebackAnswered:
    NAME: ClassVar[str] = "live.takeback_answered"
    VERSION: ClassVar[int] = 1
    seat: int
    accept: bool


@dataclass(frozen=True)
class TakenBack:
    """The fold returns to the state before the seat's last ``decisions`` decisions; the log
    keeps them (a takeback is a new fact, never a deletion)."""

    NAME: ClassVar[str] = "live.taken_back"
    VERSION: ClassVar[int] = 1
    seat: int
    decisions: int


@dataclass(frozen=True)
class ReturnedToSeat:
    NAME: ClassVar[str] = "live.returned_to_seat"
    VERSION: ClassVar[int] = 1
    seat: int
    bank: int


@dataclass(frozen=True)
class ClockPaused:
    NAME: ClassVar[str] = "live.clock_paused"
    VERSION: ClassVar[int] = 1
    seat: int
    until: int
    by: str


LiveEvent = (
    Stamped
    | Resigned
    | TimedOut
    | Abandoned
    | Forfeited
    | TakebackAsked
    | TakebackAnswered
    | TakenBack
    | ReturnedToSeat
    | ClockPaused
)
LIVE_EVENTS: tuple[type, ...] = (
    Stamped,
    Resigned,
    TimedOut,
    Abandoned,
    Forfeited,
    TakebackAsked,
    TakebackAnswered,
    TakenBack,
    ReturnedToSeat,
    ClockPaused,
)


def stamp_time(events: tuple[Any, ...] | list[Any]) -> int | None:
    """The time a stored decision was stamped with (None: a decision without a stamp)."""
    return next((e.at for e in events if isinstance(e, Stamped)), None)


def describe_live(event: LiveEvent) -> str:
    match event:
        case Stamped(seat=seat):
            who = "the system" if seat is None else f"seat {seat}"
            left = time_left(event)
            return f"Decided by {who}; {left}" if left else f"Decided by {who}"
        case Resigned(seat=seat, stand_in=stand_in, ends=ends):
            then = "the game ends" if ends else "a bot plays on" if stand_in else "play goes on"
            return f"Seat {seat} resigns; {then}"
        case TimedOut(seats=seats, consequence=consequence, ends=ends):
            who = ", ".join(map(str, seats))
            then = "forfeits" if consequence == "forfeit" else "is played by a bot for now"
            return f"Seat {who} ran out of time and {then}" + ("; the game ends" if ends else "")
        case Abandoned(by=by, reason=reason):
            return f"The game is abandoned by the {by}, with no winner: {reason}"
        case Forfeited(seats=seats, by=by, reason=reason):
            who = ", ".join(map(str, seats))
            return f"Seat {who} forfeits, as recorded by the {by}; the game ends: {reason}"
        case TakebackAsked(seat=seat, decisions=n):
            return f"Seat {seat} asks to take back its last {n} decision(s)"
        case TakebackAnswered(seat=seat, accept=accept):
            return f"Seat {seat} {'agrees to' if accept else 'refuses'} the takeback"
        case TakenBack(seat=seat, decisions=n):
            return f"Seat {seat} takes back its last {n} decision(s)"
        case ReturnedToSeat(seat=seat):
            return f"Seat {seat}'s owner is back; the bot stops"
        case ClockPaused(seat=seat, by=by):
            return f"Seat {seat}'s clock is paused: {by}"
        case _:
            assert_never(event)


def _clock_words(ms: int) -> str:
    seconds = max(ms, 0) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def time_left(stamp: Stamped) -> str | None:
    """The clocks a decision leaves, in words (None: an untimed game's stamp)."""
    if not stamp.banks:
        return None
    return "time left: " + ", ".join(
        f"seat {s}: {_clock_words(ms)}" for s, ms in enumerate(stamp.banks)
    )


def clock_words(ms: int) -> str:
    """A remaining time in words for a terminal: ``1:02:03`` or ``4:05``."""
    return _clock_words(ms)


def verdict_of(live: Live) -> dict[str, JSONValue]:
    """What a result records of how the platform ended the game."""
    return {"ending": live.ending, "seat": live.ended_by, "reason": live.reason}
