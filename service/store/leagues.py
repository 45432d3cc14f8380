"""League streams: appends with an expected version, reads, and the league feed.

A league's events are chained exactly as a game's (``records.chain_hash``, visibility
``public``) and announce their transaction the same way (migration 0005), so the league
feed is read with the same horizon as the game feed and never skips a late commit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple
from uuid import UUID

from psycopg import errors as pg_errors
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from service.store.connections import connection
from service.store.errors import StoreError, VersionConflict
from service.store.horizon import feed_horizon
from service.store.records import GENESIS_HASH, Decision, chain_hash, check_integers
from service.store.statements import ANNOUNCE, parse_cursor

LEAGUE_VISIBILITY = "public"
"""Everything in a league is public: fixtures, results and forfeits are the table's news."""


class UnknownLeague(StoreError, LookupError):
    def __init__(self, league_id: object) -> None:
        super().__init__(f"no league {league_id}")
        self.league_id = league_id


@dataclass(frozen=True)
class LeagueEvent:
    league_id: UUID
    seq: int
    type: str
    schema_version: int
    payload: dict[str, Any]
    actor: str | None
    hash: str
    cursor: str = ""
    """The feed cursor after this event (only for events read from the feed)."""
    recorded_at: datetime | None = None
    """When it was stored (read back; None for an event just appended)."""


class Chained(NamedTuple):
    seq: int
    type: str
    schema_version: int
    payload: dict[str, Any]
    actor: str | None
    command: dict[str, Any] | None
    prev_hash: str
    hash: str


_COLUMNS = "league_id, seq, type, schema_version, payload, actor, hash, recorded_at"


class LeagueStore:
    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def _connect(self) -> Any:
        return connection(self.pool)

    def append(
        self,
        league_id: UUID,
        expected_version: int,
        expected_hash: str,
        decision: Decision,
        games: Sequence[UUID] = (),
        create: bool = False,
    ) -> list[LeagueEvent]:
        """Append one decision; ``games`` named by it are registered in the same commit.

        ``create`` makes the league's row first (its first decision). A lost race hits the
        primary key or the chain and is a ``VersionConflict``.
        """
        rows = _rows(league_id, expected_version + 1, expected_hash, decision)
        try:
            with self._connect() as conn, conn.transaction():
                conn.execute(ANNOUNCE)
                if create:
                    conn.execute("INSERT INTO leagues (league_id) VALUES (%s)", (league_id,))
                with conn.cursor() as cur:
                    cur.executemany(
                        "INSERT INTO league_events (league_id, seq, type, schema_version,"
                        " payload, actor, command, prev_hash, hash)"
                        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                        rows,
                    )
                    if games:
                        cur.executemany(
                            "INSERT INTO league_games (league_id, game_id) VALUES (%s, %s)",
                            [(league_id, g) for g in games],
                        )
        except pg_errors.IntegrityError as exc:
            raise VersionConflict(league_id, expected_version, self.version(league_id)) from exc
        return [
            LeagueEvent(league_id, r[1], r[2], r[3], decision.events[i].payload, r[5], r[8])
            for i, r in enumerate(rows)
        ]

    def read(self, league_id: UUID, after: int = 0) -> list[LeagueEvent]:
        """The events of one league after seq ``after``, in order; ``UnknownLeague`` if the
        league has no events at all."""
        with self._connect() as conn, conn.cursor(row_factory=dict_row) as cur:
            rows = cur.execute(
                f"SELECT {_COLUMNS} FROM league_events WHERE league_id = %s AND seq > %s"
                " ORDER BY seq",
                (league_id, after),
            ).fetchall()
        if not rows and not after:
            raise UnknownLeague(league_id)
        return [LeagueEvent(**r) for r in rows]

    def version(self, league_id: UUID) -> int:
        with self._connect() as conn:
            row = conn.execute(
                "SELECT COALESCE(max(seq), 0) FROM league_events WHERE league_id = %s",
                (league_id,),
            ).fetchone()
        return int(row[0]) if row else 0

    def feed(self, after: str | None = None, limit: int = 1000) -> list[LeagueEvent]:
        """Every league event of every league, each once, none skipped (as the game feed:
        ``EventStore.read_all``, with the same horizon read first in its own statement)."""
        last_tx, last_position = parse_cursor(after)
        with self._connect() as conn, conn.cursor(row_factory=dict_row) as cur:
            horizon = feed_horizon(conn)
            if horizon is None:
                return []
            rows = cur.execute(
                f"SELECT {_COLUMNS}, tx::text || ':' || global_position::text AS cursor"
                " FROM league_events WHERE (tx, global_position) > (%s::text::xid8, %s)"
                " AND tx < %s::text::xid8 ORDER BY tx, global_position LIMIT %s",
                (last_tx, last_position, horizon, limit),
            ).fetchall()
        return [LeagueEvent(**r) for r in rows]

    def count(self) -> int:
        with self._connect() as conn:
            row = conn.execute("SELECT count(*) FROM league_events").fetchone()
        return int(row[0]) if row else 0

    def feed_end(self) -> str:
        with self._connect() as conn:
            row = conn.execute(
                "SELECT tx::text || ':' || global_position::text FROM league_events"
                " ORDER BY tx DESC, global_position DESC LIMIT 1"
            ).fetchone()
        return str(row[0]) if row else ""

    def leagues_of(self, game_ids: Sequence[UUID]) -> dict[UUID, UUID]:
        """The league of each of these games that is a league game."""
        if not game_ids:
            return {}
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT game_id, league_id FROM league_games WHERE game_id = ANY(%s)",
                (list(game_ids),),
            ).fetchall()
        return {r[0]: r[1] for r in rows}

    def games_of(self, league_id: UUID) -> list[UUID]:
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT game_id FROM league_games WHERE league_id = %s", (league_id,)
            ).fetchall()
        return [r[0] for r in rows]

    def leagues(self) -> list[UUID]:
        with self._connect() as conn:
            rows = conn.execute("SELECT league_id FROM leagues ORDER BY created_at").fetchall()
        return [r[0] for r in rows]


def chained(start: int, prev: str, decision: Decision) -> list[Chained]:
    """The decision's events as rows, each chained to the one before (either store)."""
    rows: list[Chained] = []
    check_integers(decision.command, "command")
    for offset, event in enumerate(decision.events):
        seq = start + offset
        command = decision.command if offset == 0 else None
        check_integers(event.payload, f"{event.type} payload")
        digest = chain_hash(
            prev,
            seq=seq,
            type=event.type,
            schema_version=event.schema_version,
            visibility=LEAGUE_VISIBILITY,
            actor=decision.actor,
            payload=event.payload,
            command=command,
        )
        kind, version, actor = event.type, event.schema_version, decision.actor
        rows.append(Chained(seq, kind, version, event.payload, actor, command, prev, digest))
        prev = digest
    return rows


def _rows(league_id: UUID, start: int, prev: str, decision: Decision) -> list[tuple[Any, ...]]:
    return [
        (
            league_id,
            r.seq,
            r.type,
            r.schema_version,
            Jsonb(r.payload),
            r.actor,
            Jsonb(r.command) if r.command is not None else None,
            r.prev_hash,
            r.hash,
        )
        for r in chained(start, prev, decision)
    ]


__all__ = ["GENESIS_HASH", "Chained", "LeagueEvent", "LeagueStore", "UnknownLeague", "chained"]
