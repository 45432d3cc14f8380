"""A tracked consumer's cursor: read under a row lock, advanced in the same transaction.

Every consumer's step runs in one transaction that first locks its row in
``projection_tracking`` (``SELECT ... FOR UPDATE``), then reads the feed after the cursor
it found, applies what it read and writes the new cursor. The change and the cursor commit
together or not at all, so after a crash (kill -9 included) the next step starts exactly
where the last committed one ended; a second process running the same consumer waits on
the lock and then reads the cursor the first committed (READ COMMITTED re-reads a row it
waited for), so no event is applied twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg

from service.store.connections import connection


@dataclass(frozen=True)
class Position:
    cursor: str
    applied: int


@dataclass(frozen=True)
class Status:
    name: str
    cursor: str
    applied: int
    updated_at: datetime | None


def ensure(pool: Any, name: str) -> None:
    with connection(pool) as conn:
        conn.execute(
            "INSERT INTO projection_tracking (name) VALUES (%s) ON CONFLICT DO NOTHING", (name,)
        )


def claim(conn: psycopg.Connection[Any], name: str) -> Position:
    """Lock the consumer's row for this transaction and say where it stands."""
    row = conn.execute(
        "SELECT cursor, applied FROM projection_tracking WHERE name = %s FOR UPDATE", (name,)
    ).fetchone()
    assert row is not None, f"no tracking row {name}: call ensure() first"
    return Position(str(row[0]), int(row[1]))


def advance(conn: psycopg.Connection[Any], name: str, cursor: str, applied: int) -> None:
    conn.execute(
        "UPDATE projection_tracking SET cursor = %s, applied = %s, updated_at = now()"
        " WHERE name = %s",
        (cursor, applied, name),
    )


def status(pool: Any, name: str) -> Status:
    with connection(pool) as conn:
        row = conn.execute(
            "SELECT cursor, applied, updated_at FROM projection_tracking WHERE name = %s",
            (name,),
        ).fetchone()
    if row is None:
        return Status(name, "", 0, None)
    return Status(name, str(row[0]), int(row[1]), row[2])


@dataclass
class Claimed:
    """A consumer's row, locked by the transaction on ``conn`` (``Tracking.claimed``)."""

    conn: psycopg.Connection[Any]
    name: str
    cursor: str
    applied: int

    def advance(self, cursor: str, applied: int) -> None:
        advance(self.conn, self.name, cursor, applied)
        self.cursor, self.applied = cursor, applied


class Tracking:
    """``service.store.recorders.TrackingRecorder`` on PostgreSQL: the rows above."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def ensure(self, name: str) -> None:
        ensure(self.pool, name)

    def status(self, name: str) -> Status:
        return status(self.pool, name)

    def claimed(self, name: str) -> AbstractContextManager[Claimed]:
        return self._claimed(name)

    @contextmanager
    def _claimed(self, name: str) -> Iterator[Claimed]:
        with connection(self.pool) as conn, conn.transaction():
            at = claim(conn, name)
            yield Claimed(conn, name, at.cursor, at.applied)
