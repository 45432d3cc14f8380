"""Refused keyed commands: the idempotency rows that carry a refusal instead of events.

An applied command's idempotency row is written in the same statement as its events
(``EventStore.append``); a refusal's is written here, alone. Both share the primary key
``(game_id, key)``, so whichever is written first is the key's outcome, and
``EventStore.idempotent_response`` reads either.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from psycopg.rows import tuple_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool


class Refusals:
    def __init__(self, pool: ConnectionPool[Any]) -> None:
        self.pool = pool

    def remember(
        self, game_id: UUID, key: str, request_hash: str, refusal: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """Keep ``refusal`` as the key's outcome unless the key has one already; return the
        key's outcome, ``(request_hash, response)``, whichever was first."""
        with self.pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
            # ON CONFLICT waits for a concurrent writer of the key: if its append commits,
            # the SELECT (a statement of its own, so a fresh snapshot) reads its row; if it
            # fails, ours goes in.
            row = cur.execute(
                "INSERT INTO idempotency (game_id, key, request_hash, response, refused)"
                " VALUES (%s, %s, %s, %s, true) ON CONFLICT (game_id, key) DO NOTHING"
                " RETURNING request_hash, response",
                (game_id, key, request_hash, Jsonb(refusal)),
            ).fetchone()
            if row is None:
                row = cur.execute(
                    "SELECT request_hash, response FROM idempotency"
                    " WHERE game_id = %s AND key = %s",
                    (game_id, key),
                ).fetchone()
            conn.commit()
        # No row at all: the one that won was a refusal purged just now; ours stands.
        return (request_hash, refusal) if row is None else (str(row[0]), dict(row[1]))

    def forget_older_than(self, seconds: float) -> int:
        """Delete refusals kept longer than ``seconds``; returns how many."""
        with self.pool.connection() as conn:
            deleted: int = conn.execute(
                "DELETE FROM idempotency WHERE refused"
                " AND created_at < now() - make_interval(secs => %s)",
                (seconds,),
            ).rowcount
            conn.commit()
        return deleted
