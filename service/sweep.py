"""The sweep: work the service owes a game, found again after a fault.

Reactions hear of every commit, but their work can be lost: a process dies between a commit
and its bots' move, or the database restarts under a driver more often than it retries.
So at start-up and every ``SWEEP_SECONDS`` the sweep pages through every active game and
hands each record to every reaction that has a ``swept`` method. The reaction decides from
the record, cheaply, whether it owes the game work (a bot seat to play, later a decision
the system takes or a clock that ran out) and queues it. Chores that keep stores bounded
(expired idempotency refusals) run in the same pass.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable
from uuid import UUID

import psycopg

from service.logs import logger
from service.store import DatabaseUnavailable, GameRecord, Store

SWEEP_SECONDS = 30.0
PAGE = 200


def sweep_seconds() -> float:
    """The sweep's interval for a served process: ``CAIRN_SWEEP_SECONDS``, else 30."""
    raw = os.environ.get("CAIRN_SWEEP_SECONDS", "").strip()
    return max(float(raw), 0.1) if raw else SWEEP_SECONDS


@runtime_checkable
class Swept(Protocol):
    def swept(self, game: GameRecord) -> None:
        """The sweep found this active game: queue whatever this reaction owes it."""


class Sweeper:
    def __init__(
        self,
        store: Store,
        reactions: Sequence[object],
        every: float = SWEEP_SECONDS,
        chores: Sequence[Callable[[], object]] = (),
    ) -> None:
        self.store = store
        self.reactions: list[Swept] = [r for r in reactions if isinstance(r, Swept)]
        self.every = every
        self.chores = list(chores)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._faults: dict[tuple[UUID, int], str] = {}
        """The fault each game and reaction last failed with, until it is swept cleanly."""

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="cairn-sweep", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)

    def sweep(self) -> int:
        """One pass over every active game; returns how many were looked at."""
        seen = 0
        offset = 0
        listed: set[UUID] = set()
        while not self._stop.is_set():
            games = self.store.games(status="active", limit=PAGE, offset=offset)
            for game in games:
                listed.add(game.game_id)
                for reaction in self.reactions:
                    try:
                        reaction.swept(game)
                    except (DatabaseUnavailable, psycopg.OperationalError):
                        raise  # the whole pass waits for the next interval
                    except Exception as exc:  # one game's fault must not stop the pass
                        self._failed(game, reaction, exc)
                    else:
                        self._faults.pop((game.game_id, id(reaction)), None)
            seen += len(games)
            if len(games) < PAGE:
                # a whole pass: a game no longer active is swept no more, so its fault is
                # forgotten too (the memory stays as large as the failing games now)
                self._faults = {k: v for k, v in self._faults.items() if k[0] in listed}
                break
            offset += PAGE
        for chore in self.chores:
            chore()
        return seen

    def _failed(self, game: GameRecord, reaction: Swept, exc: Exception) -> None:
        """A game's fault, logged with its traceback when it is new; the very fault again
        only at debug: a game recorded under rules this engine no longer plays fails the
        same way every pass, and a traceback per such game every 30 s buried the log."""
        said = f"{type(exc).__name__}: {exc}"
        key = (game.game_id, id(reaction))
        if self._faults.get(key) == said:
            logger().debug("sweep.game_failed_again", game_id=str(game.game_id), error=said)
            return
        self._faults[key] = said
        logger().warning("sweep.game_failed", game_id=str(game.game_id), exc_info=exc)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                seen = self.sweep()
                logger().debug("sweep.done", games=seen)
            except Exception:
                logger().warning("sweep.failed", retry_in=self.every, exc_info=True)
            self._stop.wait(self.every)
