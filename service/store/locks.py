"""Session advisory locks: one holder per key across every process sharing the database."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from psycopg.rows import tuple_row
from psycopg_pool import ConnectionPool


def game_lock_key(game_id: UUID) -> int:
    """A signed 64-bit key from the whole game id (what pg_advisory_lock takes).

    Hashed with a "cairn-game:" prefix so it stays apart from other advisory lock users.
    """
    digest = hashlib.sha256(b"cairn-game:" + game_id.bytes).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


@contextmanager
def try_game_lock(pool: ConnectionPool[Any], game_id: UUID) -> Iterator[bool]:
    """Hold the game's advisory lock for the block if nobody else does; yields whether held.

    The lock lives on one pooled connection for the whole block. If releasing fails, the
    connection is closed instead of going back to the pool, which releases the lock too.
    """
    key = game_lock_key(game_id)
    with pool.connection() as conn:
        with conn.cursor(row_factory=tuple_row) as cur:
            row = cur.execute("SELECT pg_try_advisory_lock(%s)", (key,)).fetchone()
        conn.commit()
        held = bool(row and row[0])
        try:
            yield held
        finally:
            if held:
                try:
                    conn.execute("SELECT pg_advisory_unlock(%s)", (key,))
                    conn.commit()
                except Exception:
                    conn.close()
                    raise
