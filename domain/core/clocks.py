"""Time controls: the options every ruleset accepts, and the arithmetic of its clocks.

All times are integer milliseconds (event data holds integers only); ``at`` is a time the
application stamped a decision with, since the Unix epoch. A seat's clock runs only while
it is in ``to_act`` (and no bot stands in for it): in a simultaneous phase every seat still
to act runs its own. docs/live-play.md records the adopted values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from domain.core.errors import RuleViolation
from domain.core.live import ClockPaused, Live
from domain.core.options import Option

Kind = Literal["none", "fischer", "per_move", "correspondence"]
DAY_MS = 86_400_000

TIME_CONTROL = Option(
    "time_control",
    "none",
    "none; fischer (a bank per seat plus an increment per decision); per_move (an"
    " allowance per move plus a reserve); correspondence (days per move, no reserve)",
    ("none", "fischer", "per_move", "correspondence"),
)
BANK_SECONDS = Option(
    "bank_seconds",
    600,
    "fischer: each seat's starting bank; per_move: each seat's reserve",
    bounds=(0, 31_536_000),
)
INCREMENT_SECONDS = Option(
    "increment_seconds", 5, "fischer: added to a seat's bank after each of its decisions",
    bounds=(0, 86_400),
)  # fmt: skip
ALLOWANCE_SECONDS = Option(
    "allowance_seconds", 86_400, "per_move: the time each move may take before the reserve",
    bounds=(1, 2_592_000),
)  # fmt: skip
DAYS_PER_MOVE = Option(
    "days_per_move", 3, "correspondence: the days each move may take (unused days are lost)",
    bounds=(1, 60),
)  # fmt: skip
ON_TIMEOUT = Option(
    "on_timeout",
    "forfeit",
    "what a seat whose time runs out gets: forfeit, or bot (a bot plays for it until its"
    " owner returns)",
    ("forfeit", "bot"),
)
CLOCK_OPTIONS: tuple[Option, ...] = (
    TIME_CONTROL, BANK_SECONDS, INCREMENT_SECONDS, ALLOWANCE_SECONDS, DAYS_PER_MOVE, ON_TIMEOUT
)  # fmt: skip
RETURN_FLOOR_MS = 60_000
"""A Fischer seat whose owner returns after a timeout gets its increment, at least this."""


@dataclass(frozen=True)
class TimeControl:
    kind: Kind
    bank: int
    increment: int
    allowance: int

    @property
    def is_timed(self) -> bool:
        return self.kind != "none"


def option(options: Mapping[str, Any], spec: Option) -> Any:
    """A live-play option's value: given at creation, else its default (they are stored only
    when given, so a game created before live play keeps its opening event as it was)."""
    return options.get(spec.name, spec.default)


def time_control(options: Mapping[str, Any]) -> TimeControl:
    if option(options, TIME_CONTROL) == "correspondence":
        # a per-move clock whose allowance is whole days and whose reserve is empty: each
        # move starts afresh, as correspondence sites count (lichess's "days per turn")
        days = option(options, DAYS_PER_MOVE)
        return TimeControl("correspondence", bank=0, increment=0, allowance=days * DAY_MS)
    return TimeControl(
        kind=option(options, TIME_CONTROL),
        bank=1000 * option(options, BANK_SECONDS),
        increment=1000 * option(options, INCREMENT_SECONDS),
        allowance=1000 * option(options, ALLOWANCE_SECONDS),
    )


def start(live: Live, seat: int) -> int:
    """When ``seat``'s clock last started: the latest stamp, or the end of its pause."""
    since = live.since or 0
    return max(since, live.paused[seat]) if live.paused else since


def pause(
    live: Live, control: TimeControl, seat: int, until: int, by: str, at: int | None
) -> ClockPaused:
    """Stop ``seat``'s clock until ``until``; a pause never shortens one already running."""
    if not control.is_timed:
        raise RuleViolation("untimed", "this game has no clock to pause")
    if at is None or until <= at or not by.strip():
        raise RuleViolation("invalid_command", "pause a clock until a later time, saying who")
    if live.paused and live.paused[seat] >= until:
        raise RuleViolation("already_paused", "that clock is paused until then already")
    return ClockPaused(seat=seat, until=until, by=by)


def paused(live: Live, seats: int, event: ClockPaused) -> Live:
    until = list(live.paused or (0,) * seats)
    until[event.seat] = event.until
    return dataclasses.replace(live, paused=tuple(until))


def starting(control: TimeControl, seats: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The banks and used allowances a game starts with."""
    if not control.is_timed:
        return (), ()
    return (control.bank,) * seats, (0,) * seats


def charged(
    live: Live, control: TimeControl, clocked: frozenset[int], at: int, seat: int | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The banks and used allowances after charging ``clocked`` for the time since the last
    stamp; ``seat`` (None: the system) decided, and a Fischer seat earns its increment."""
    if not control.is_timed or live.since is None:
        return live.banks, live.used
    banks, used = list(live.banks), list(live.used)
    for r in clocked:
        elapsed = max(0, at - start(live, r))
        if control.kind == "fischer":
            banks[r] = max(0, banks[r] - elapsed)
            continue
        before = used[r] if r in live.running else 0  # a move new to the clock starts afresh
        over = max(0, before + elapsed - control.allowance) - max(0, before - control.allowance)
        banks[r] = max(0, banks[r] - over)
        used[r] = before + elapsed
    for r in set(range(len(used))) - clocked:
        used[r] = 0
    if control.kind == "fischer" and seat is not None and seat in clocked and banks[seat] > 0:
        banks[seat] += control.increment
    return tuple(banks), tuple(used)


def remaining(live: Live, control: TimeControl, seat: int) -> int:
    """Milliseconds ``seat`` has left, counted from ``live.since``, if its clock runs."""
    if control.kind == "fischer":
        return live.banks[seat]
    used = live.used[seat] if seat in live.running else 0
    return max(0, control.allowance - used) + live.banks[seat]


def allowances_at(live: Live, control: TimeControl, clocked: frozenset[int], now: int) -> list[int]:
    """Per-move clocks: what is left at ``now`` of each seat's allowance for the move, the
    part of ``left_at`` spent first (the rest is its reserve); empty for other controls."""
    if control.kind not in ("per_move", "correspondence") or live.since is None:
        return []

    def left(seat: int) -> int:
        used = live.used[seat] if seat in live.running else 0  # as ``remaining`` counts it
        ran = max(0, now - start(live, seat)) if seat in clocked else 0
        return max(0, control.allowance - used - ran)

    return [left(seat) for seat in range(len(live.banks))]


def deadline(live: Live, control: TimeControl, clocked: frozenset[int]) -> int | None:
    """When the first running clock runs out (None: none runs)."""
    if not control.is_timed or live.since is None or not clocked:
        return None
    return min(start(live, r) + remaining(live, control, r) for r in clocked)


def flagged(live: Live, control: TimeControl, clocked: frozenset[int], at: int) -> tuple[int, ...]:
    """The running seats whose time has run out by ``at``."""
    if not control.is_timed or live.since is None:
        return ()
    return tuple(sorted(r for r in clocked if remaining(live, control, r) <= at - start(live, r)))


def left_at(live: Live, control: TimeControl, clocked: frozenset[int], now: int) -> list[int]:
    """Each seat's time left at ``now`` (for views; decisions use ``charged``)."""
    if not control.is_timed or live.since is None:
        return []
    return [
        max(0, remaining(live, control, r) - (max(0, now - start(live, r)) if r in clocked else 0))
        for r in range(len(live.banks))
    ]
