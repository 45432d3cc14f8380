"""The SQL the event store sends and the rows it builds: everything that needs no connection
of its own. ``EventStore`` (event_store.py, its reads in reads.py) runs these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID, uuid4

import psycopg
from psycopg.rows import tuple_row
from psycopg.types.json import Jsonb

from service.store.errors import UnknownGame
from service.store.records import (
    GENESIS_HASH,
    GameRecord,
    StoredEvent,
)

CHANNEL = "cairn_events"
"""The channel appends ``NOTIFY`` live readers on (``service.api.live``)."""
ANNOUNCE = "SELECT cairn_announce_append()"
"""Announces a transaction to the feed before it writes anything else (migration 0003)."""

EVENT_COLUMNS = (
    "game_id, seq, type, schema_version, payload, visibility, actor, decision_seq, command,"
    " recorded_at, prev_hash, hash"
)
FEED_COLUMNS = EVENT_COLUMNS + ", tx::text || ':' || global_position::text AS cursor"
"""An event read from the global feed, with its cursor: ``tx:global_position``, opaque."""
FEED_GAME_COLUMNS = "game_id, tx::text || ':' || global_position::text AS cursor"
"""Which game a feed event belongs to, and its cursor (``EventReads.feed_games``)."""
_RECORD_COLUMNS = (
    "g.game_id, g.ruleset, g.rules_version, g.content_hash, g.seats, g.seat_info, g.options,"
    " g.status, g.result, g.parent_id, g.fork_at, g.created_at, g.finished_at"
)
GAME_COLUMNS = (
    _RECORD_COLUMNS + ", COALESCE((SELECT max(e.seq) FROM events e WHERE e.game_id = g.game_id),"
    " 0) AS version"
)
"""A page of games' columns (a list reads every shard anyway)."""
ONE_GAME_COLUMNS = (
    _RECORD_COLUMNS + ", COALESCE((SELECT max(e.seq) FROM events e WHERE e.game_id = %(g)s),"
    " 0) AS version"
)
"""One game's columns, its version read with the game's id as a constant rather than
correlated with the row: Citus plans a correlated subquery for every shard (Task Count 32),
and one that names the game for that game's shard alone (tests/service/test_citus_play.py)."""
GAME_SQL = f"SELECT {ONE_GAME_COLUMNS} FROM games g WHERE g.game_id = %(g)s"
OPENING_SQL = (
    f"SELECT {ONE_GAME_COLUMNS}, s.seq AS snapshot_seq, s.state AS snapshot_state,"
    " e.hash AS snapshot_hash FROM games g"
    " LEFT JOIN LATERAL (SELECT seq, state FROM snapshots WHERE game_id = %(g)s"
    " AND engine = ANY(%(engines)s) AND seq <= %(at)s ORDER BY seq DESC LIMIT 1) s ON TRUE"
    " LEFT JOIN events e ON e.game_id = %(g)s AND e.seq = s.seq"
    " WHERE g.game_id = %(g)s"
)
"""A game's record and its latest usable snapshot with its event's hash (``opening``)."""


def event_of(row: dict[str, Any]) -> StoredEvent:
    return StoredEvent(**row)


def game_of(row: dict[str, Any]) -> GameRecord:
    return GameRecord(**row)


# An append's statements are in ``cairn_append`` (migrations 0011, 0012), which the store calls
# (``service.store.appending``). The notices' statement is also a seat's: taking the last open
# seat starts play and owes the opening notices (``seat_taken``).
NOTICE_SQL = (
    "INSERT INTO outbox (game_id, notice_id, hook_id, kind, body)"
    " SELECT w.game_id, md5(n.id || w.hook_id::text)::uuid, w.hook_id, n.kind, n.body"
    " FROM webhooks w, jsonb_to_recordset(%s::jsonb) AS n(id text, kind text, seats int[],"
    " body jsonb) WHERE w.game_id = %s AND w.revoked_at IS NULL"
    " AND (w.seat = ANY(n.seats) OR w.seats && n.seats"
    " OR (w.seat IS NULL AND w.seats IS NULL))"
)
"""The outbox rows of some notices (``notices_param``, then the game id): one per notice and
webhook in force that hears it. A seat's webhook hears its own seat's notices, a player's its
seats', and one with neither (a creator's or a league's) all of them; nothing if none is
registered.

A row's notice id is derived from an id drawn here for the notice and the hook's id, not
drawn in the statement: Citus runs an INSERT ... SELECT with a volatile function through the
coordinator (COPY), and that, beside any other write, made the append commit in two
phases."""


def notices_param(notices: Sequence[dict[str, Any]]) -> Jsonb:
    """``NOTICE_SQL``'s notices, each with an id of its own."""
    return Jsonb([{**notice, "id": str(uuid4())} for notice in notices])


def seat_taken(
    conn: psycopg.Connection[Any],
    game_id: UUID,
    seat: int,
    taker: dict[str, Any],
    opening: Sequence[dict[str, Any]],
) -> None:
    """Seat ``seat`` of ``game_id`` becomes ``taker``'s; when it was the last open seat,
    play starts, and the ``opening`` notices go to the outbox in the same transaction.

    Every way of taking a seat (the lobby, an invite) ends here, so none starts a game
    without telling the seats to act. The caller holds the game row's lock, so the seats
    it sees open are the ones open when it commits."""
    with conn.cursor(row_factory=tuple_row) as cur:
        row = cur.execute(
            "UPDATE games SET seat_info = jsonb_set(seat_info, %s, %s) WHERE game_id = %s"
            " RETURNING seat_info",
            ([str(seat)], Jsonb(taker), game_id),
        ).fetchone()
    if opening and row is not None and not any(s.get("kind") == "open" for s in row[0]):
        conn.execute(NOTICE_SQL, (notices_param(opening), game_id))


GAME_INSERT_COLUMNS = (
    "game_id, ruleset, rules_version, content_hash, seats, seat_info, options, status, result,"
    " parent_id, fork_at, created_at, finished_at"
)
"""A game row's columns, in the order both ways of writing one send them (``insert_game``
and a new game's one exchange, ``service.store.opening``)."""


def insert_game(conn: psycopg.Connection[Any], game: GameRecord) -> None:
    """Insert a game's row as given (new games and imported ones alike)."""
    conn.execute(
        f"INSERT INTO games ({GAME_INSERT_COLUMNS})"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
        (
            game.game_id,
            game.ruleset,
            game.rules_version,
            game.content_hash,
            game.seats,
            Jsonb(game.seat_info),
            Jsonb(game.options),
            game.status,
            Jsonb(game.result) if game.result is not None else None,
            game.parent_id,
            game.fork_at,
            game.created_at,
            game.finished_at,
        ),
    )


_PREFIX_COLUMNS = (
    "seq, type, schema_version, payload::text, visibility, actor, decision_seq, command::text,"
    " recorded_at, metadata::text, prev_hash, hash"
)
_COPY_SQL = (
    "INSERT INTO events (game_id, seq, type, schema_version, payload, visibility, actor,"
    " decision_seq, command, recorded_at, metadata, prev_hash, hash)"
    " VALUES (%s, %s, %s, %s, %s::jsonb, %s, %s, %s, %s::jsonb, %s,"
    " %s::jsonb || jsonb_build_object('copied_from', %s::text), %s, %s)"
)


def copy_prefix(conn: psycopg.Connection[Any], parent: UUID, child: UUID, at: int) -> str:
    """Copy the parent's first ``at`` events into ``child``; the hash the child goes on from.

    The rows pass through the client rather than an ``INSERT ... SELECT``: each copied row
    then gets its ``tx`` and position where every other append gets them (on Citus, the
    coordinator; a pushed-down ``INSERT ... SELECT`` took them on the parent's worker).
    """
    with conn.cursor(row_factory=tuple_row) as cur:
        cur.execute("SELECT FROM games WHERE game_id = %s", (parent,))
        if cur.fetchone() is None:
            raise UnknownGame(parent)
        cur.execute(
            f"SELECT {_PREFIX_COLUMNS} FROM events WHERE game_id = %s AND seq <= %s ORDER BY seq",
            (parent, at),
        )
        rows = cur.fetchall()
        if len(rows) != at:
            raise ValueError(f"cannot fork at {at}: the parent has only {len(rows)} events")
        if rows:
            cur.executemany(_COPY_SQL, [(child, *row[:10], str(parent), *row[10:]) for row in rows])
    return str(rows[-1][11]) if rows else GENESIS_HASH


def parse_cursor(cursor: str | None) -> tuple[str, int]:
    """The ``(tx, global_position)`` a feed cursor stands for; the start for none."""
    if not cursor:
        return "0", 0
    tx, _, position = cursor.partition(":")
    if not (tx.isascii() and tx.isdigit() and position.isascii() and position.isdigit()):
        raise ValueError(f"not a feed cursor: {cursor!r}")
    return tx, int(position)
