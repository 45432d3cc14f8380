"""An event store in memory: a second implementation of ``service.store.recorders.Store``.

It keeps what ``EventStore`` keeps (games, hash-chained events, idempotency rows, snapshots,
seat tokens, creators, player accounts, per-game webhooks and their outbox, owners'
webhooks, league streams and the league feed, tracked cursors, the league projection's rows
and analysis jobs) and refuses what it refuses, with the same errors: an append at a stale
version, off the chain, to an unknown game or under a key already used appends nothing. One
lock makes each operation atomic, so the order of the global feed is the order of commits.
The contract suite (tests/service/store_contract/) runs the same tests on both stores.
This module writes; the reads are ``memory_reads.py``'s, the companions ``memory_*.py``'s.

It is for tests that need a store but not PostgreSQL: nothing survives the process, and
what only PostgreSQL does (several processes, the feed's horizon across concurrent
transactions, the append-only triggers, a database going away) is tested on PostgreSQL.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from service.projections.memory import MemoryLeagueViews, MemoryTracking
from service.store.credentials import Secrets
from service.store.errors import ChainMismatch, GameExists, UnknownGame, VersionConflict
from service.store.memory_analyses import MemoryAnalyses
from service.store.memory_companions import (
    MemoryCreators,
    MemoryPlayers,
    MemoryRefusals,
    MemorySeatTokens,
    MemoryWebhooks,
    put_secrets,
)
from service.store.memory_leagues import MemoryLeagues
from service.store.memory_reads import MemoryReads
from service.store.memory_subscriptions import MemorySubscriptions
from service.store.memory_tables import EventRow, Kept, Tables, as_json, row_of
from service.store.players import UnknownPlayer
from service.store.recorders import FollowUp, Idempotency
from service.store.records import (
    GENESIS_HASH,
    Appended,
    Decision,
    GameRecord,
    StoredEvent,
    canonical_json,
    chained,
    check_integers,
)

Listener = Callable[[UUID, int], None]


class MemoryStore(MemoryReads):
    """The memory store's writes and companions; its reads are ``MemoryReads``."""

    def __init__(self) -> None:
        self.tables = Tables()
        self.tokens = MemorySeatTokens(self.tables)
        self.refusals = MemoryRefusals(self.tables)
        self.creators = MemoryCreators(self.tables)
        self.players = MemoryPlayers(self.tables)
        self.webhooks = MemoryWebhooks(self.tables)
        self.subscriptions = MemorySubscriptions(self.tables)
        self.leagues = MemoryLeagues(self.tables)
        self.tracking = MemoryTracking()
        self.league_views = MemoryLeagueViews(self.tracking)
        self.analyses = MemoryAnalyses()
        self.listeners: list[Listener] = []
        """Called with ``(game_id, last_seq)`` after each commit, as ``NOTIFY`` wakes the
        PostgreSQL store's listeners (``service.api.live``)."""

    def ping(self) -> None:
        """Always answers: there is no database to lose."""

    def workers(self) -> dict[str, str]:
        """None: one process holds everything."""
        return {}

    @contextmanager
    def _held(self, game_id: UUID) -> Iterator[bool]:
        with self.tables.lock:
            lock = self.tables.game_locks.setdefault(game_id, threading.Lock())
        held = lock.acquire(blocking=False)
        try:
            yield held
        finally:
            if held:
                lock.release()

    def game_lock(self, game_id: UUID) -> AbstractContextManager[bool]:
        """The game's lock in this process (the only one a memory store has)."""
        return self._held(game_id)

    # -- games ---------------------------------------------------------------------------

    def create_game(
        self,
        game: GameRecord,
        decision: Decision,
        seated: Sequence[UUID] = (),
        secrets: Secrets | None = None,
        then: Sequence[FollowUp] = (),
    ) -> Appended:
        start = game.fork_at or 0
        now = datetime.now(UTC)
        moved = [each for each in ((decision, None), *then) if each[0].events]
        with self.tables.lock:
            if game.game_id in self.tables.games:
                raise GameExists(game.game_id)
            unknown = set(seated) - set(self.tables.players)
            if unknown:
                raise UnknownPlayer(min(unknown))
            copied: list[EventRow] = []
            if game.parent_id is not None:
                if game.parent_id not in self.tables.games:
                    raise UnknownGame(game.parent_id)
                copied = self.tables.events[game.parent_id][:start]
                if len(copied) != start:
                    raise ValueError(
                        f"cannot fork at {start}: the parent has only {len(copied)} events"
                    )
            # Every row is made (and every number checked) before anything is stored.
            batches, seq, prev = [], start + 1, copied[-1].hash if copied else GENESIS_HASH
            for each, _ in moved:
                batch = self._rows(seq, prev, each, now)
                batches.append(batch)
                seq, prev = seq + len(batch), batch[-1].hash
            self._store_game(game, seated)
            if secrets is not None:
                put_secrets(self.tables, game.game_id, secrets)
            self._commit(game.game_id, copied)
            outboxed = 0
            for (each, finished), batch in zip(moved, batches, strict=True):
                self._commit(game.game_id, batch)
                if finished is not None:
                    self._finish(game.game_id, finished)
                outboxed += self.tables.notify_hooks(game.game_id, each.notices, now)
        self._wake(game.game_id, seq - 1)
        return Appended(self.read(game.game_id), outboxed)

    def insert_verbatim(self, game: GameRecord, events: Sequence[StoredEvent], source: str) -> None:
        """As ``service.store.verbatim``: the rows as given, each chained to the one before
        (``source`` is request metadata, which this store does not keep)."""
        for event in events:
            check_integers(event.payload, f"event {event.seq} payload")
            check_integers(event.command, f"event {event.seq} command")
        rows, previous = [], None
        for event in events:
            chained = event.prev_hash == (GENESIS_HASH if event.seq == 1 else None)
            if previous is not None and event.seq == previous.seq + 1:
                chained = event.prev_hash == previous.hash
            if not chained:
                raise ChainMismatch(game.game_id, previous.seq if previous is not None else 0)
            rows.append(row_of(event))
            previous = event
        with self.tables.lock:
            if game.parent_id is not None and game.parent_id not in self.tables.games:
                raise UnknownGame(game.parent_id)
            if game.game_id in self.tables.games:
                raise GameExists(game.game_id)
            self._store_game(game, ())
            self._commit(game.game_id, rows)
        self._wake(game.game_id, events[-1].seq if events else 0)

    def _store_game(self, game: GameRecord, seated: Sequence[UUID]) -> None:
        self.tables.games[game.game_id] = dataclasses.replace(
            game,
            version=0,
            seat_info=as_json(game.seat_info),
            options=as_json(game.options),
            result=as_json(game.result),
        )
        self.tables.events[game.game_id] = []
        for seat, player in enumerate(seated):
            self.tables.seat_players.setdefault((game.game_id, seat), player)
        if seated:
            # before the opening decision, so that it already notifies them
            self.tables.adopt_game(game.game_id)

    def finish(self, game_id: UUID, result: dict[str, Any]) -> None:
        with self.tables.lock:
            self._finish(game_id, result)

    def _finish(self, game_id: UUID, result: dict[str, Any]) -> None:
        stored = self.tables.games.get(game_id)
        if stored is not None and stored.status != "finished":
            self.tables.games[game_id] = dataclasses.replace(
                stored, status="finished", result=as_json(result), finished_at=datetime.now(UTC)
            )

    # -- appends ---------------------------------------------------------------------------

    def append(
        self,
        game_id: UUID,
        expected_version: int,
        expected_hash: str,
        decision: Decision,
        idempotency: Idempotency | None = None,
        result: dict[str, Any] | None = None,
        then: Sequence[FollowUp] = (),
    ) -> Appended:
        now = datetime.now(UTC)
        decisions = [(decision, result), *then]
        # Every row is made (and every number checked) before anything is stored.
        batches, start, prev = [], expected_version + 1, expected_hash
        for each, _ in decisions:
            batch = self._rows(start, prev, each, now)
            batches.append(batch)
            start, prev = start + len(batch), batch[-1].hash if batch else prev
        with self.tables.lock:
            self._check_head(game_id, expected_version, expected_hash)
            if idempotency is not None:
                key, request_hash, response = idempotency
                if (game_id, key) in self.tables.idempotency:
                    # the key's row is taken: PostgreSQL refuses it as a lost race
                    raise VersionConflict(game_id, expected_version, expected_version)
                kept = Kept(request_hash, canonical_json(response), False, now)
                self.tables.idempotency[(game_id, key)] = kept
            outboxed = 0
            for (each, finished), batch in zip(decisions, batches, strict=True):
                self._commit(game_id, batch)
                if finished is not None:
                    self._finish(game_id, finished)
                outboxed += self.tables.notify_hooks(game_id, each.notices, now)
        rows = [row for batch in batches for row in batch]
        self._wake(game_id, rows[-1].seq)
        return Appended([self._event(game_id, row) for row in rows], outboxed)

    def _check_head(self, game_id: UUID, expected_version: int, expected_hash: str) -> None:
        """Refuse an append that is not on the game's head, as PostgreSQL's keys do."""
        if game_id not in self.tables.games:
            raise UnknownGame(game_id)
        events = self.tables.events[game_id]
        head = events[-1].seq if events else 0
        if head != expected_version:
            raise VersionConflict(game_id, expected_version, head)
        there = events[-1].hash if events else GENESIS_HASH
        if there != expected_hash:
            raise ChainMismatch(game_id, expected_version)

    def _rows(
        self, start: int, prev_hash: str, decision: Decision, now: datetime
    ) -> list[EventRow]:
        """The decision's rows, each chained to the one before (``records.chained``)."""
        return [
            EventRow(
                seq=link.seq,
                type=link.event.type,
                schema_version=link.event.schema_version,
                payload_text=link.payload_text,
                visibility=link.event.visibility,
                actor=decision.actor,
                decision_seq=start,
                command_text=link.command_text,
                recorded_at=now,
                prev_hash=link.prev_hash,
                hash=link.hash,
                position=0,
            )
            for link in chained(start, prev_hash, decision)
        ]

    def _commit(self, game_id: UUID, rows: Sequence[EventRow]) -> None:
        """Append ``rows`` to the game and the feed (the caller holds the lock)."""
        for row in rows:
            self.tables.positions += 1
            placed = dataclasses.replace(row, position=self.tables.positions)
            self.tables.events[game_id].append(placed)

    def _wake(self, game_id: UUID, seq: int) -> None:
        for listener in list(self.listeners):
            listener(game_id, seq)

    def save_snapshot(self, game_id: UUID, engine: str, seq: int, state: bytes) -> None:
        with self.tables.lock:
            if game_id not in self.tables.games:
                raise UnknownGame(game_id)
            self.tables.snapshots.setdefault((game_id, engine, seq), bytes(state))

    def delete_snapshots(self, game_id: UUID | None = None) -> int:
        with self.tables.lock:
            doomed = [k for k in self.tables.snapshots if game_id is None or k[0] == game_id]
            for key in doomed:
                del self.tables.snapshots[key]
        return len(doomed)


__all__ = ["MemoryStore"]
