"""Timeouts, a reaction: the service decides a timeout when a deadline passes, unasked.

After every commit the reaction reads the game's next deadline (``Ruleset.deadline``, from
the folded state: no clock is stored anywhere but in the events) and keeps it; a thread
waits until the earliest deadline passes on the service's clock and decides the timeout as
the system (``service.application.live.time_out``). The sweep hands it every active game at
start-up and at intervals, so a deadline that passed while the service was down, or one this
process never heard of, is decided at once. Several processes may race for one timeout: the
expected-version append lets exactly one decide it (the others find it no longer due).
"""

from __future__ import annotations

import threading
from uuid import UUID

from domain.core import clocks
from service.application import Application
from service.application.live import time_out
from service.logs import logger
from service.store import GameRecord

LONGEST_WAIT = 1.0
"""Seconds the waiting thread sleeps at most before looking at the clock again."""


class Timeouts:
    def __init__(self, cairn: Application) -> None:
        self.cairn = cairn
        self._deadlines: dict[UUID, int] = {}
        self._wake = threading.Condition()
        self._stop = False
        self._thread: threading.Thread | None = None

    def committed(self, game_id: UUID) -> None:
        """Keep this game's next deadline (a cached load: the commit just cached it)."""
        loaded = self.cairn.loader.load_cached(game_id)
        self._keep(game_id, loaded.ruleset.deadline(loaded.state))

    def swept(self, game: GameRecord) -> None:
        """The sweep found this active game: decide a timeout already due, else keep it.
        A game without a time control, or one whose next deadline is kept and still ahead,
        costs no load."""
        if not clocks.time_control(game.options).is_timed:
            return
        with self._wake:
            kept = self._deadlines.get(game.game_id)
        if kept is not None and kept > self.cairn.clock.now_ms():
            return
        loaded = self.cairn.load(game.game_id)
        deadline = loaded.ruleset.deadline(loaded.state)
        if deadline is not None and deadline <= self.cairn.clock.now_ms():
            time_out(self.cairn, game.game_id)
            return
        self._keep(game.game_id, deadline)

    def _keep(self, game_id: UUID, deadline: int | None) -> None:
        with self._wake:
            if deadline is None:
                self._deadlines.pop(game_id, None)
                return
            self._deadlines[game_id] = deadline
            self._wake.notify_all()

    def next_deadline(self) -> int | None:
        with self._wake:
            return min(self._deadlines.values(), default=None)

    def decide_due(self) -> int:
        """Decide every kept timeout whose deadline has passed; how many games had one."""
        now = self.cairn.clock.now_ms()
        with self._wake:
            due = [g for g, d in self._deadlines.items() if d <= now]
            for game_id in due:
                del self._deadlines[game_id]
        for game_id in due:
            try:
                time_out(self.cairn, game_id)  # its commit keeps the game's next deadline
            except Exception:
                # Found again by the sweep, which decides any timeout already due.
                logger().warning("timeouts.failed", game_id=str(game_id), exc_info=True)
        return len(due)

    def wake(self) -> None:
        """Look at the clock again now (a test's clock moved on)."""
        with self._wake:
            self._wake.notify_all()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="cairn-timeouts", daemon=True)
        self._thread.start()

    def close(self) -> None:
        with self._wake:
            self._stop = True
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(10)

    def _loop(self) -> None:
        while True:
            with self._wake:
                if self._stop:
                    return
                soonest = min(self._deadlines.values(), default=None)
                now = self.cairn.clock.now_ms()
                if soonest is None or soonest > now:
                    left = LONGEST_WAIT if soonest is None else (soonest - now) / 1000
                    self._wake.wait(min(left, LONGEST_WAIT))
                    continue
            self.decide_due()
