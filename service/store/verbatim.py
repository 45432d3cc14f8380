"""Storing an imported game exactly as it was recorded elsewhere.

An import keeps the original hashes, commands and timestamps (the file already passed the
audit), so the game row and every event row go in as given, in one transaction: a failure
stores nothing. Inserting is an append, so the append-only triggers are untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from psycopg import errors as pg_errors
from psycopg.types.json import Jsonb

from service.store.errors import ChainMismatch, GameExists, UnknownGame, constraint_of
from service.store.records import GameRecord, StoredEvent, check_integers
from service.store.statements import ANNOUNCE, CHANNEL, insert_game

if TYPE_CHECKING:
    from service.store.event_store import EventStore

_EVENT_SQL = (
    "INSERT INTO events (game_id, seq, type, schema_version, payload, visibility, actor,"
    " decision_seq, command, recorded_at, metadata, prev_hash, hash)"
    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
_CHAIN_CONSTRAINTS = ("events_chain", "events_genesis")


def insert_verbatim(
    store: EventStore, game: GameRecord, events: Sequence[StoredEvent], source: str
) -> None:
    """Insert ``game`` and its pre-hashed ``events`` as they are; ``source`` goes in metadata.

    Raises ``GameExists`` if the game id is already taken; ``UnknownGame`` for a fork whose
    parent is not stored (the lineage has no foreign key since migration 0003);
    ``ChainMismatch`` if an event's ``prev_hash`` is not the hash before it; and
    ``NonIntegerNumber`` for a float anywhere in an event (it would not read back as it was
    hashed).
    """
    for event in events:
        check_integers(event.payload, f"event {event.seq} payload")
        check_integers(event.command, f"event {event.seq} command")
    try:
        with store.connection() as conn, conn.transaction():
            conn.execute(ANNOUNCE)
            if game.parent_id is not None:
                known = conn.execute("SELECT FROM games WHERE game_id = %s", (game.parent_id,))
                if known.fetchone() is None:
                    raise UnknownGame(game.parent_id)
            insert_game(conn, game)
            with conn.cursor() as cur:
                cur.executemany(_EVENT_SQL, [_row(game, e, source) for e in events])
            last = events[-1].seq if events else 0
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game.game_id}:{last}"))
    except pg_errors.UniqueViolation as exc:
        if constraint_of(exc) == "games_pkey":
            raise GameExists(game.game_id) from exc
        raise
    except (pg_errors.ForeignKeyViolation, pg_errors.CheckViolation) as exc:
        if constraint_of(exc) in _CHAIN_CONSTRAINTS:
            raise ChainMismatch(game.game_id, _first_break(events)) from exc
        raise


def _row(game: GameRecord, e: StoredEvent, source: str) -> tuple[object, ...]:
    return (
        game.game_id,
        e.seq,
        e.type,
        e.schema_version,
        Jsonb(e.payload),
        e.visibility,
        e.actor,
        e.decision_seq,
        Jsonb(e.command) if e.command is not None else None,
        e.recorded_at,
        Jsonb({"imported_from": source}),
        e.prev_hash,
        e.hash,
    )


def _first_break(events: Sequence[StoredEvent]) -> int:
    """The seq after which the given chain breaks (0 for a first event off the genesis)."""
    previous = None
    for event in events:
        if previous is not None and event.prev_hash != previous.hash:
            return previous.seq
        previous = event
    return 0
