"""The service's clock: the one place live play's times come from (docs/live-play.md).

The application stamps every decision with ``now_ms()``; the domain never reads a clock.
``cairn serve`` and the CLI use ``SystemClock``; tests inject a ``ManualClock`` through the
composition root (``service.composition.assemble``) and move time on by hand, so no test
waits for a clock to run out.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    def now_ms(self) -> int:
        """Milliseconds since the Unix epoch."""


class SystemClock:
    def now_ms(self) -> int:
        return time.time_ns() // 1_000_000


class ManualClock:
    """A clock that moves only when told to; ``advance`` wakes whoever waits on it."""

    def __init__(self, start_ms: int = 1_800_000_000_000) -> None:
        self._now = start_ms
        self._lock = threading.Lock()
        self._listeners: list[Callable[[], None]] = []

    def now_ms(self) -> int:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> int:
        with self._lock:
            self._now += round(seconds * 1000)
            now = self._now
        for listener in list(self._listeners):
            listener()
        return now

    def on_advance(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)
