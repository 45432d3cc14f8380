"""Storing an imported game exactly as it was recorded elsewhere.

An import keeps the original hashes, commands and timestamps (the file already passed the
audit), so the game row and every event row go in as given, in one transaction: a failure
stores nothing. Inserting is an append, so the append-only triggers are untouched.
"""

from __future__ import annotations

from collections.abc import Sequence

from psycopg.types.json import Jsonb

from service.store.event_store import CHANNEL, EventStore
from service.store.records import GameRecord, StoredEvent
from service.store.statements import insert_game

_EVENT_SQL = (
    "INSERT INTO events (game_id, seq, type, schema_version, payload, visibility, actor,"
    " decision_seq, command, recorded_at, metadata, prev_hash, hash)"
    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)


def insert_verbatim(
    store: EventStore, game: GameRecord, events: Sequence[StoredEvent], source: str
) -> None:
    """Insert ``game`` and its pre-hashed ``events`` as they are; ``source`` goes in metadata.

    Raises psycopg's UniqueViolation if the game id is already taken.
    """
    with store.connection() as conn, conn.transaction():
        insert_game(conn, game)
        with conn.cursor() as cur:
            cur.executemany(
                _EVENT_SQL,
                [
                    (
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
                    for e in events
                ],
            )
        last = events[-1].seq if events else 0
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game.game_id}:{last}"))
