"""Where the database is: ``DATABASE_URL``, or a private embedded PostgreSQL under CAIRN_HOME.

Both paths run the same SQL. The embedded server comes from the ``pgserver`` package, which
ships PostgreSQL binaries; it listens on a Unix socket inside the data directory only, and
stops when the last process using it exits.
"""

from __future__ import annotations

import os
import select
import threading
import warnings
from collections import deque
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql
from psycopg_pool import ConnectionPool

from service.home import cairn_home

DATABASE_NAME = "cairn"
_lock = threading.Lock()
_servers: dict[Path, Any] = {}


def database_url() -> str:
    """The libpq URL Cairn should use: ``DATABASE_URL`` if set, else the embedded server."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        return normalize_url(url)
    return embedded_url(cairn_home())


def normalize_url(url: str) -> str:
    """Accept the common ``postgres://`` and SQLAlchemy ``+psycopg`` spellings."""
    for prefix in ("postgres://", "postgresql+psycopg://", "postgresql+psycopg2://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix) :]
    return url


def is_embedded() -> bool:
    return not os.environ.get("DATABASE_URL", "").strip()


def embedded_url(home: Path, database: str = DATABASE_NAME) -> str:
    """Start (or join) the embedded server under ``home`` and make sure ``database`` exists."""
    with warnings.catch_warnings():
        # platformdirs warns about XDG_RUNTIME_DIR on headless machines; pgserver copes.
        warnings.simplefilter("ignore")
        import pgserver  # imported lazily: only the embedded path needs its binaries

    pgdata = (home / "pgdata").resolve()
    with _lock:
        server = _servers.get(pgdata)
        if server is None:
            pgdata.parent.mkdir(parents=True, exist_ok=True)
            server = pgserver.get_server(pgdata, cleanup_mode="stop")  # type: ignore[attr-defined]
            _servers[pgdata] = server
    ensure_database(server.get_uri("postgres"), database)
    uri: str = server.get_uri(database)
    return uri


def embedded_servers() -> frozenset[Path]:
    """The data directories of the embedded servers this process holds."""
    with _lock:
        return frozenset(_servers)


def stop_embedded(keep: frozenset[Path] = frozenset()) -> None:
    """Let go of the embedded servers this process holds, but those in ``keep``: the last
    process holding one stops it (``cairn serve`` lets go of the one it started as it
    stops, whatever stopped it)."""
    with _lock:
        servers = [server for pgdata, server in _servers.items() if pgdata not in keep]
        for pgdata in list(_servers):
            if pgdata not in keep:
                del _servers[pgdata]
    for server in servers:
        server.cleanup()


def ensure_database(admin_url: str, database: str) -> None:
    """Create ``database`` through ``admin_url`` unless it already exists."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,))
        if exists.fetchone() is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))


def check_connection(conn: psycopg.Connection[Any]) -> None:
    """The pool's check on handing out a connection: raise if the server dropped it.

    An idle connection has nothing to read, unless the server closed it or sent an error
    (a restart sends "terminating connection" and closes the socket). So a poll of its
    socket, with no round trip, tells a healthy connection apart; only a readable one pays
    for a real check. ``ConnectionPool.check_connection`` alone costs one round trip per
    checkout, several per request (bench/HISTORY.md).
    """
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")
    readable, _, _ = select.select([conn.fileno()], [], [], 0)
    if readable:
        ConnectionPool.check_connection(conn)


class _NewestFirst(deque[Any]):
    """A pool's idle connections, taken newest first: ``ConnectionPool`` takes them with
    ``popleft`` and returns them with ``append``, so this makes its queue a stack."""

    def popleft(self) -> Any:
        return self.pop()


def newest_first(pool: ConnectionPool[Any]) -> ConnectionPool[Any]:
    """``pool``, not yet open, made to hand out the connection returned last.

    psycopg's pool hands out the connection idle longest, so one writer's appends went
    round every connection the pool had grown to: each server process then ran with cold
    caches, and the appends cost about 1.2 to 1.5 times the CPU on the server and 0.5 to 0.8
    times the throughput of one connection reused (bench/HISTORY.md, issue #26). A stack keeps
    the busiest connections warm. The pool's shrinking also takes ``popleft``: it now closes
    the newest idle connection instead of the oldest, which costs one cold start a shrink.
    """
    if not pool.closed:
        raise ValueError("newest_first needs a pool that is not open yet")
    idle = getattr(pool, "_pool", None)
    # The idle queue is psycopg_pool's private attribute, and the package is not pinned: a
    # release that keeps it otherwise gets the pool's own order (slower, still correct),
    # not a service that fails to start.
    if type(idle) is not deque:
        warnings.warn(
            "psycopg_pool keeps its idle connections differently: they are handed out in"
            " its own order, not newest first",
            RuntimeWarning,
            stacklevel=2,
        )
        return pool
    pool._pool = _NewestFirst(idle)
    return pool
