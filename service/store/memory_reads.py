"""What the in-memory store reads: games, their streams, the global feed, idempotency rows
and snapshots, over its ``Tables`` (``service/store/memory.py`` writes them).

Split as ``EventStore``'s reads are (``service.store.reads.EventReads``): ``MemoryStore``
is these reads with its writes and its companions.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from service.store.errors import UnknownGame
from service.store.memory_tables import EventRow, Tables, as_json
from service.store.recorders import Fact
from service.store.records import GENESIS_HASH, GameRecord, Snapshot, StoredEvent
from service.store.statements import parse_cursor


class MemoryReads:
    tables: Tables

    # -- games -------------------------------------------------------------------------

    def game(self, game_id: UUID) -> GameRecord:
        with self.tables.lock:
            return self._record(game_id)

    def game_ids_starting(self, prefix: str, limit: int = 2) -> list[UUID]:
        with self.tables.lock:
            ids = sorted(g for g in self.tables.games if str(g).startswith(prefix))
        return ids[:limit] if prefix else []

    def _record(self, game_id: UUID) -> GameRecord:
        stored = self.tables.games.get(game_id)
        if stored is None:
            raise UnknownGame(game_id)
        events = self.tables.events[game_id]
        return dataclasses.replace(
            stored,
            version=events[-1].seq if events else 0,
            seat_info=as_json(stored.seat_info),
            options=as_json(stored.options),
            result=as_json(stored.result),
        )

    def games(
        self,
        *,
        ruleset: str | None = None,
        status: str | None = None,
        player: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[GameRecord]:
        with self.tables.lock:
            found = [self._record(game_id) for game_id in self.tables.games]
        if ruleset:
            found = [g for g in found if g.ruleset == ruleset]
        if status == "open":
            found = [
                g
                for g in found
                if g.status == "active" and any(s.get("kind") == "open" for s in g.seat_info)
            ]
        elif status:
            found = [g for g in found if g.status == status]
        if player:
            found = [g for g in found if any(s.get("player") == player for s in g.seat_info)]
        # newest first, then by id, as PostgreSQL orders uuids (their bytes)
        found.sort(key=lambda g: g.game_id.bytes)
        found.sort(key=lambda g: g.created_at, reverse=True)
        return found[offset : offset + limit]

    def head(self, game_id: UUID) -> tuple[int, str]:
        with self.tables.lock:
            events = self.tables.events.get(game_id) or []
            return (events[-1].seq, events[-1].hash) if events else (0, GENESIS_HASH)

    def version(self, game_id: UUID) -> int:
        return self.head(game_id)[0]

    # -- reads -----------------------------------------------------------------------------

    def _slice(self, game_id: UUID, after: int, until: int | None) -> list[EventRow]:
        with self.tables.lock:
            events = list(self.tables.events.get(game_id) or [])
        last = until if until is not None else 2**31 - 1
        return [row for row in events if after < row.seq <= last]

    def read(
        self, game_id: UUID, after: int = 0, until: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        rows = self._slice(game_id, after, until)
        return [self._event(game_id, row) for row in rows[:limit]]

    def read_facts(self, game_id: UUID, after: int = 0, until: int | None = None) -> list[Fact]:
        rows = self._slice(game_id, after, until)
        return [(r.seq, r.type, r.schema_version, r.payload_text, r.hash) for r in rows]

    def read_all(self, after: str | None = None, limit: int = 1000) -> list[StoredEvent]:
        """Every event in commit order; the cursor has the PostgreSQL feed's shape."""
        _, last = parse_cursor(after)
        with self.tables.lock:
            rows = [
                (game_id, row)
                for game_id, events in self.tables.events.items()
                for row in events
                if row.position > last
            ]
        rows.sort(key=lambda pair: pair[1].position)
        return [
            dataclasses.replace(self._event(game_id, row), cursor=f"0:{row.position}")
            for game_id, row in rows[:limit]
        ]

    def feed_games(self, after: str | None = None, limit: int = 1000) -> list[tuple[UUID, str]]:
        """As ``read_all``, each event as its game's id and its cursor."""
        return [(event.game_id, event.cursor) for event in self.read_all(after, limit)]

    @staticmethod
    def _event(game_id: UUID, row: EventRow) -> StoredEvent:
        return StoredEvent(
            game_id=game_id,
            seq=row.seq,
            type=row.type,
            schema_version=row.schema_version,
            payload=json.loads(row.payload_text),
            visibility=row.visibility,
            actor=row.actor,
            decision_seq=row.decision_seq,
            command=None if row.command_text is None else json.loads(row.command_text),
            recorded_at=row.recorded_at,
            prev_hash=row.prev_hash,
            hash=row.hash,
        )

    # -- idempotency and snapshots ---------------------------------------------------------

    def idempotent_response(self, game_id: UUID, key: str) -> tuple[str, dict[str, Any]] | None:
        with self.tables.lock:
            kept = self.tables.idempotency.get((game_id, key))
        return None if kept is None else (kept.request_hash, json.loads(kept.response_text))

    def opening(
        self, game_id: UUID, engines: Sequence[str], at_most: int | None = None
    ) -> tuple[GameRecord, Snapshot | None]:
        bound = at_most if at_most is not None else 2**31 - 1
        with self.tables.lock:
            game = self._record(game_id)
            usable = [
                (seq, state)
                for (owner, engine, seq), state in self.tables.snapshots.items()
                if owner == game_id and engine in engines and seq <= bound
            ]
            hashes = {row.seq: row.hash for row in self.tables.events[game_id]}
        if not usable:
            return game, None
        seq, state = max(usable, key=lambda pair: pair[0])
        head = hashes.get(seq)
        return game, None if head is None else Snapshot(seq, head, state)
