"""The event store's reads: game records, a game's log, the global feed, and what a
decision or a cold load looks up first.

``EventStore`` (event_store.py) adds the writes (new games, appends, results, snapshots)
and the companion recorders; these are the queries, on the same connection pool. Store
connections run in autocommit, so each read here is one statement and one round trip.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

import psycopg
from psycopg.rows import dict_row, tuple_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from service.store.errors import DatabaseUnavailable, UnknownGame
from service.store.horizon import feed_horizon
from service.store.records import GENESIS_HASH, GameRecord, Snapshot, StoredEvent
from service.store.statements import (
    EVENT_COLUMNS,
    FEED_COLUMNS,
    FEED_GAME_COLUMNS,
    GAME_COLUMNS,
    GAME_SQL,
    OPENING_SQL,
    event_of,
    game_of,
    parse_cursor,
)


class EventReads:
    """The read side of ``EventStore``: every query that changes nothing."""

    def __init__(self, pool: ConnectionPool[Any]) -> None:
        self.pool = pool

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[dict[str, Any]]]:
        try:
            with self.pool.connection() as conn:
                conn.row_factory = dict_row
                if not conn.autocommit:
                    conn.autocommit = True
                yield conn
        except psycopg.OperationalError as exc:
            raise DatabaseUnavailable(str(exc).strip().splitlines()[0]) from exc
        except psycopg.errors.AdminShutdown as exc:  # pragma: no cover - server restarts
            raise DatabaseUnavailable("the database is restarting") from exc

    # -- game records --------------------------------------------------------------------

    def game(self, game_id: UUID) -> GameRecord:
        with self.connection() as conn:
            row = conn.execute(GAME_SQL, {"g": game_id}).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return game_of(row)

    def game_ids_starting(self, prefix: str, limit: int = 2) -> list[UUID]:
        """Up to ``limit`` game ids whose text starts with ``prefix`` (hex digits and
        hyphens only, so it holds no LIKE wildcard), in id order."""
        if not prefix or prefix.strip("0123456789abcdef-"):
            return []
        with self.connection() as conn:
            rows = conn.execute(
                "SELECT game_id FROM games WHERE game_id::text LIKE %s ORDER BY game_id LIMIT %s",
                (prefix + "%", limit),
            ).fetchall()
        return [r["game_id"] for r in rows]

    def games(
        self,
        *,
        ruleset: str | None = None,
        status: str | None = None,
        player: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[GameRecord]:
        clauses: list[str] = ["TRUE"]
        params: list[Any] = []
        if ruleset:
            clauses.append("g.ruleset = %s")
            params.append(ruleset)
        if status == "open":
            # the lobby: a game waits for its open seats before play starts
            clauses.append("g.status = 'active' AND g.seat_info @> %s")
            params.append(Jsonb([{"kind": "open"}]))
        elif status:
            clauses.append("g.status = %s")
            params.append(status)
        if player:
            clauses.append("g.seat_info @> %s")
            params.append(Jsonb([{"player": player}]))
        with self.connection() as conn:
            rows = conn.execute(
                f"SELECT {GAME_COLUMNS} FROM games g WHERE {' AND '.join(clauses)}"
                " ORDER BY g.created_at DESC, g.game_id LIMIT %s OFFSET %s",
                (*params, limit, offset),
            ).fetchall()
        return [game_of(r) for r in rows]

    # -- the log ---------------------------------------------------------------------------

    def head(self, game_id: UUID) -> tuple[int, str]:
        """The last seq of a game and its hash (0 and the genesis hash for none)."""
        with self.connection() as conn:
            row = conn.execute(
                "SELECT seq, hash FROM events WHERE game_id = %s ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
        return (0, GENESIS_HASH) if row is None else (int(row["seq"]), str(row["hash"]))

    def version(self, game_id: UUID) -> int:
        with self.connection() as conn:
            row = conn.execute(
                "SELECT COALESCE(max(seq), 0) AS v FROM events WHERE game_id = %s", (game_id,)
            ).fetchone()
        return int(row["v"]) if row else 0

    def read(
        self, game_id: UUID, after: int = 0, until: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]:
        with self.connection() as conn:
            rows = conn.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = %s AND seq > %s"
                " AND seq <= %s ORDER BY seq LIMIT %s",
                (game_id, after, until if until is not None else 2**31 - 1, limit),
            ).fetchall()
        return [event_of(r) for r in rows]

    def read_facts(
        self, game_id: UUID, after: int = 0, until: int | None = None
    ) -> list[tuple[int, str, int, str, str]]:
        """Just what a fold needs, as ``(seq, type, schema_version, payload_text, hash)`` rows.

        Loading a game reads only these columns, without building StoredEvent records, and
        takes each payload as JSON text, which the loader decodes in one pass.
        """
        with self.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
            cur.execute(
                "SELECT seq, type, schema_version, payload::text, hash FROM events"
                " WHERE game_id = %s AND seq > %s AND seq <= %s ORDER BY seq",
                (game_id, after, until if until is not None else 2**31 - 1),
            )
            return cur.fetchall()

    def read_all(self, after: str | None = None, limit: int = 1000) -> list[StoredEvent]:
        """The global feed: every event of every game, each once, none skipped.

        Resume with the ``cursor`` of the last event read, and only with it: the cursor is
        the feed's one resume token. The feed's order is not the order of commits, nor of
        ``seq`` across games, and the position inside a cursor alone says nothing either.

        Why a reader never skips a late commit: each row records the transaction that wrote
        it (``tx``), and the feed only returns rows below a horizon, ``cairn_feed_horizon()``:
        the oldest transaction that appends events or might, which every appending
        transaction announces before it has an id (the proof is in
        migrations/versions/0003_feed_chain_lineage.py). Every transaction below it has
        finished, so reading in ``(tx, global_position)`` order past the cursor never passes
        over a row that becomes visible later. Open transactions that append no events (a
        session idle in a transaction, a bulk load elsewhere) do not hold it back.

        The horizon is read in a statement of its own, first: the rows must be read with a
        snapshot taken after it.
        """
        return [event_of(r) for r in self._feed(FEED_COLUMNS, after, limit)]

    def feed_games(self, after: str | None = None, limit: int = 1000) -> list[tuple[UUID, str]]:
        """The same feed as ``read_all``, each event as its game's id and its cursor only:
        for a reader that wants to know which games moved (the league results process),
        without reading and decoding every payload."""
        return [(r["game_id"], r["cursor"]) for r in self._feed(FEED_GAME_COLUMNS, after, limit)]

    def _feed(self, columns: str, after: str | None, limit: int) -> list[dict[str, Any]]:
        last_tx, last_position = parse_cursor(after)
        with self.connection() as conn:
            horizon = feed_horizon(conn)
            if horizon is None:  # on Citus, a two-phase commit not yet resolved (horizon.py)
                return []
            return conn.execute(
                f"SELECT {columns} FROM events"
                " WHERE (tx, global_position) > (%s::text::xid8, %s) AND tx < %s::text::xid8"
                " ORDER BY tx, global_position LIMIT %s",
                (last_tx, last_position, horizon, limit),
            ).fetchall()

    # -- for a decision and a cold load ----------------------------------------------------

    def idempotent_response(self, game_id: UUID, key: str) -> tuple[str, dict[str, Any]] | None:
        with self.connection() as conn:
            row = conn.execute(
                "SELECT request_hash, response FROM idempotency WHERE game_id = %s AND key = %s",
                (game_id, key),
            ).fetchone()
        return None if row is None else (str(row["request_hash"]), dict(row["response"]))

    def opening(
        self, game_id: UUID, engines: Sequence[str], at_most: int | None = None
    ) -> tuple[GameRecord, Snapshot | None]:
        """A game's record and its latest usable snapshot, in one query, for a cold load.

        ``engines`` are the fingerprints a snapshot may carry (a game's snapshots all belong
        to its own ruleset, so any current fingerprint is this game's); ``at_most`` bounds the
        snapshot's seq. The snapshot comes with the hash of its event, where a fold goes on.
        """
        with self.connection() as conn:
            row = conn.execute(
                OPENING_SQL,
                {
                    "g": game_id,
                    "engines": list(engines),
                    "at": at_most if at_most is not None else 2**31 - 1,
                },
            ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        seq, state, head = (
            row.pop("snapshot_seq"),
            row.pop("snapshot_state"),
            row.pop("snapshot_hash"),
        )
        snapshot = None if seq is None or head is None else Snapshot(seq, head, bytes(state))
        return game_of(row), snapshot
