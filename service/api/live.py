"""Wake-ups for live streams: one LISTEN connection per process, fanned out per game.

The store queues ``NOTIFY cairn_events, '<game_id>:<last_seq>'`` in each append's
transaction, so a wake-up arrives only after the events are readable. A wake-up carries no
data: a stream always re-reads the store after its last delivered seq, so a lost or merged
notification can delay an event (streams also re-read on a timer) but never drop one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from uuid import UUID

import psycopg

from service.logs import logger
from service.store import CHANNEL

RECONNECT_SECONDS = 1.0


class Notifications:
    """Wake-ups from PostgreSQL's ``LISTEN`` (``conninfo``), or, with none, from the calls to
    ``committed`` an in-memory store makes after each commit (its ``listeners``)."""

    def __init__(self, conninfo: str | None) -> None:
        self.conninfo = conninfo
        self._waiters: dict[UUID, set[asyncio.Event]] = {}
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.listening = asyncio.Event()

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        if self.conninfo is None:
            self.listening.set()
            return
        self._task = self._loop.create_task(self._listen(), name="cairn-listen")

    def committed(self, game_id: UUID, seq: int) -> None:
        """Called from any thread after ``seq`` of ``game_id`` committed."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._wake, game_id)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @contextlib.contextmanager
    def subscribe(self, game_id: UUID) -> Iterator[asyncio.Event]:
        """An event set whenever something is appended to ``game_id`` (clear it yourself)."""
        wake = asyncio.Event()
        self._waiters.setdefault(game_id, set()).add(wake)
        try:
            yield wake
        finally:
            waiters = self._waiters.get(game_id)
            if waiters is not None:
                waiters.discard(wake)
                if not waiters:
                    del self._waiters[game_id]

    def _wake(self, game_id: UUID | None) -> None:
        groups = self._waiters.values() if game_id is None else [self._waiters.get(game_id, set())]
        for waiters in groups:
            for wake in waiters:
                wake.set()

    async def _listen(self) -> None:
        assert self.conninfo is not None
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self._wake(None)  # anything committed while we were away
                    async for notify in conn.notifies():
                        self._wake(_game_of(notify.payload))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.listening.clear()
                logger().warning("live.listen_failed", error=repr(exc)[:200])
                await asyncio.sleep(RECONNECT_SECONDS)


def _game_of(payload: str) -> UUID | None:
    try:
        return UUID(payload.partition(":")[0])
    except ValueError:
        return None
