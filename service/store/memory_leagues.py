"""League streams and the league feed in memory: the memory store's ``LeagueRecorder``.

Chained as ``service.store.leagues`` chains them (``chained``), refused as it refuses them:
a stale version, a broken chain, a league made twice or an append to a league never made is
a ``VersionConflict`` and stores nothing. The feed is the order of appends (one lock).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from uuid import UUID

from service.store.errors import VersionConflict
from service.store.leagues import GENESIS_HASH, LeagueEvent, UnknownLeague, chained
from service.store.memory_tables import LeagueRow, Tables
from service.store.records import Decision, canonical_json
from service.store.statements import parse_cursor


class MemoryLeagues:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def append(
        self,
        league_id: UUID,
        expected_version: int,
        expected_hash: str,
        decision: Decision,
        games: Sequence[UUID] = (),
        create: bool = False,
    ) -> list[LeagueEvent]:
        rows = chained(expected_version + 1, expected_hash, decision)
        now = datetime.now(UTC)
        with self.tables.lock:
            known = self.tables.league_events.get(league_id)
            head = known[-1] if known else None
            there = (head.seq, head.hash) if head else (0, GENESIS_HASH)
            # PostgreSQL checks a first event's chain by nothing but its league's row
            chain_ok = there[1] == expected_hash or expected_version == 0
            if (known is not None) == create or there[0] != expected_version or not chain_ok:
                raise VersionConflict(league_id, expected_version, there[0])
            if any((league_id, g) in self.tables.league_games for g in games):
                raise VersionConflict(league_id, expected_version, there[0])
            stream = self.tables.league_events.setdefault(league_id, [])
            for r in rows:
                self.tables.league_positions += 1
                payload, position = canonical_json(r.payload), self.tables.league_positions
                row = LeagueRow(r.seq, r.type, r.schema_version, payload, r.actor, r.hash, now)
                stream.append(dataclasses.replace(row, position=position))
            for game_id in games:
                self.tables.league_games[(league_id, game_id)] = None
        return [
            LeagueEvent(league_id, r.seq, r.type, r.schema_version, r.payload, r.actor, r.hash)
            for r in rows
        ]

    def read(self, league_id: UUID, after: int = 0) -> list[LeagueEvent]:
        with self.tables.lock:
            stream = list(self.tables.league_events.get(league_id) or [])
        if not stream and not after:
            raise UnknownLeague(league_id)
        return [_event(league_id, row) for row in stream if row.seq > after]

    def version(self, league_id: UUID) -> int:
        with self.tables.lock:
            stream = self.tables.league_events.get(league_id)
            return stream[-1].seq if stream else 0

    def feed(self, after: str | None = None, limit: int = 1000) -> list[LeagueEvent]:
        _, last = parse_cursor(after)
        with self.tables.lock:
            rows = [
                (league_id, row)
                for league_id, stream in self.tables.league_events.items()
                for row in stream
                if row.position > last
            ]
        rows.sort(key=lambda pair: pair[1].position)
        return [_event(league_id, row, f"0:{row.position}") for league_id, row in rows[:limit]]

    def count(self) -> int:
        with self.tables.lock:
            return sum(len(stream) for stream in self.tables.league_events.values())

    def feed_end(self) -> str:
        with self.tables.lock:
            last = max(
                (r.position for s in self.tables.league_events.values() for r in s), default=0
            )
        return f"0:{last}" if last else ""

    def leagues_of(self, game_ids: Sequence[UUID]) -> dict[UUID, UUID]:
        wanted = set(game_ids)
        with self.tables.lock:
            return {g: league for league, g in self.tables.league_games if g in wanted}

    def games_of(self, league_id: UUID) -> list[UUID]:
        with self.tables.lock:
            return [g for league, g in self.tables.league_games if league == league_id]

    def leagues(self) -> list[UUID]:
        """In the order they were made (a dict keeps its insertion order)."""
        with self.tables.lock:
            return list(self.tables.league_events)


def _event(league_id: UUID, row: LeagueRow, cursor: str = "") -> LeagueEvent:
    payload = json.loads(row.payload_text)
    return LeagueEvent(
        league_id,
        row.seq,
        row.type,
        row.schema_version,
        payload,
        row.actor,
        row.hash,
        cursor,
        row.recorded_at,
    )
