"""A pooled connection as the league and player stores use it: rows as tuples.

The pool's connections are shared with ``EventStore``, which sets ``dict_row`` on the ones it
takes; every borrower sets the row factory it reads with.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.rows import tuple_row

from service.store.errors import DatabaseUnavailable


@contextmanager
def connection(pool: Any, autocommit: bool = False) -> Iterator[psycopg.Connection[Any]]:
    """``autocommit``: each statement is its own transaction, and ``conn.transaction()``
    one of its own, for a borrower that splits its work so that each writes one shard on
    Citus (without it, the pool's connection may run the whole block as one transaction)."""
    try:
        with pool.connection() as conn:
            conn.row_factory = tuple_row
            if autocommit and not conn.autocommit:
                conn.autocommit = True
            yield conn
    except psycopg.OperationalError as exc:
        raise DatabaseUnavailable(str(exc).strip().splitlines()[0]) from exc
