"""A served process follows the feed for leagues: results recorded, projection kept.

A thread that runs the results process and the projection until both are caught up, every
``FOLLOW_SECONDS``: a finished league game's result is in its league's standings within
about that long, whichever process committed the game's end. It is registered as a
reaction but does nothing per commit: waking on every commit made the served process read
the feed after every move of every game, league or not, which the play path should not pay
for (bench/http.py measures that path). Several processes doing this at once is safe: each
step holds its consumer's tracking row.
"""

from __future__ import annotations

import threading
from uuid import UUID

from service.leagues import LeagueService
from service.logs import logger
from service.store import GameRecord

FOLLOW_SECONDS = 1.0


class LeagueFollower:
    def __init__(self, service: LeagueService, every: float = FOLLOW_SECONDS) -> None:
        self.service = service
        self.every = every
        self._wake = threading.Event()
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None

    def committed(self, game_id: UUID) -> None:
        """Nothing per commit: the thread looks every ``every`` seconds (see above)."""

    def swept(self, game: GameRecord) -> None:
        """Nothing per game: the follower reads the feed, which misses nothing."""

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="league-follower", daemon=True)
            self._thread.start()

    def close(self) -> None:
        self._closed.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(10)

    def _run(self) -> None:
        while not self._closed.is_set():
            self._wake.wait(self.every)
            self._wake.clear()
            if self._closed.is_set():
                return
            try:
                self.service.catch_up()
            except Exception:
                logger().exception("leagues.follow_failed")
