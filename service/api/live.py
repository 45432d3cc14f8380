"""Wake-ups for live streams: one LISTEN connection per process, fanned out per game.

The store sends ``NOTIFY cairn_events, '<game_id>:<last_seq>'`` right after each append's
commit, so a wake-up arrives only after the events are readable. A wake-up carries no data:
a stream always re-reads the store after its last delivered seq, so a lost or merged
notification can delay an event (streams also re-read on a timer) but never drop one.

The process listens only while it serves at least one stream. Listening with none open woke
the event loop at every commit of every process for nothing (about 0.2 ms of its CPU a
move, issue #26), and psycopg's wait for notifications wakes it ten times a second besides.
So the first stream's ``subscribe`` starts the ``LISTEN`` and the last one's leaving ends it
(``UNLISTEN``; the connection stays open for the next). A stream reads its catch-up page
right after subscribing, without waiting for the ``LISTEN``: an event committed after that
read but notified before the ``LISTEN`` took effect would reach no one, so every stream is
woken once each time a ``LISTEN`` has taken effect, and reads again. A ``LISTEN`` takes
effect when it returns (its transaction committed), and the NOTIFY is a transaction after
the events' commit, so each event is either in that read or notified after it.
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
        self._changed = asyncio.Event()
        """Set when a stream opens or closes: the listening task looks whether to LISTEN."""
        self.listening = asyncio.Event()
        """Set while the ``LISTEN`` is in force (always, without PostgreSQL)."""
        self.notified = 0
        """Notifications received from PostgreSQL (tests count them)."""

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
        """An event set whenever something is appended to ``game_id`` (clear it yourself),
        and once more when the process's ``LISTEN`` takes effect."""
        wake = asyncio.Event()
        self._waiters.setdefault(game_id, set()).add(wake)
        self._changed.set()
        try:
            yield wake
        finally:
            waiters = self._waiters.get(game_id)
            if waiters is not None:
                waiters.discard(wake)
                if not waiters:
                    del self._waiters[game_id]
            self._changed.set()

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
                    while True:
                        await self._until(streams=True)
                        await conn.execute(f"LISTEN {CHANNEL}")
                        self.listening.set()
                        self._wake(None)  # what committed before the LISTEN took effect
                        await self._relay(conn)
                        await conn.execute(f"UNLISTEN {CHANNEL}")
                        self.listening.clear()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.listening.clear()
                logger().warning("live.listen_failed", error=repr(exc)[:200])
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _until(self, streams: bool) -> None:
        """Return once some stream is open (``streams``), or once none is."""
        while bool(self._waiters) != streams:
            self._changed.clear()
            await self._changed.wait()

    async def _relay(self, conn: psycopg.AsyncConnection[object]) -> None:
        """Wake the streams each notification names, until no stream is open; a lost
        connection raises (as an ``ExceptionGroup``)."""
        async with asyncio.TaskGroup() as group:
            reading = group.create_task(self._read(conn))
            await self._until(streams=False)
            reading.cancel()

    async def _read(self, conn: psycopg.AsyncConnection[object]) -> None:
        async for notify in conn.notifies():
            self.notified += 1
            self._wake(_game_of(notify.payload))
        raise psycopg.OperationalError("the LISTEN connection closed")


def _game_of(payload: str) -> UUID | None:
    try:
        return UUID(payload.partition(":")[0])
    except ValueError:
        return None
