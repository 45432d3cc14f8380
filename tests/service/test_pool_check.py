"""The pool's check on handing out a connection (service.store.database.check_connection)."""

from __future__ import annotations

import time
from typing import Any

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from service.composition import open_pool
from service.store.database import check_connection, newest_first

pytestmark = pytest.mark.storage


def test_a_healthy_idle_connection_passes(database_url: str) -> None:
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("SELECT 1")
        check_connection(conn)
        assert conn.execute("SELECT 2").fetchone() == (2,)


def test_a_connection_the_server_dropped_is_refused(database_url: str) -> None:
    with (
        psycopg.connect(database_url, autocommit=True) as victim,
        psycopg.connect(database_url, autocommit=True) as admin,
    ):
        pid = victim.info.backend_pid
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        deadline = time.monotonic() + 5
        while (
            admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()
            and time.monotonic() < deadline
        ):
            time.sleep(0.02)
        with pytest.raises(psycopg.OperationalError):
            check_connection(victim)


def test_a_closed_connection_is_refused(database_url: str) -> None:
    conn = psycopg.connect(database_url, autocommit=True)
    conn.close()
    with pytest.raises(psycopg.OperationalError):
        check_connection(conn)


def _backends(pool: ConnectionPool[Any], checkouts: int) -> list[int]:
    """The server process of each of ``checkouts`` checkouts in a row, each returned at once."""
    pids = []
    for _ in range(checkouts):
        with pool.connection() as conn:
            pids.append(conn.info.backend_pid)
    return pids


def test_the_pool_hands_out_the_connection_returned_last(database_url: str) -> None:
    """One writer at a time reuses one warm connection, where psycopg's own order (the plain
    pool beside it) goes round all of them."""
    with (
        newest_first(ConnectionPool(database_url, min_size=3, max_size=3, open=False)) as newest,
        ConnectionPool(database_url, min_size=3, max_size=3, open=False) as plain,
    ):
        for pool in (newest, plain):
            pool.open()
            pool.wait()
        assert len(set(_backends(newest, 6))) == 1
        assert len(set(_backends(plain, 6))) == 3
        first, second = newest.getconn(), newest.getconn()
        newest.putconn(first)
        newest.putconn(second)
        assert newest.getconn() is second


def test_newest_first_wants_a_pool_not_yet_open(database_url: str) -> None:
    with (
        ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool,
        pytest.raises(ValueError),
    ):
        newest_first(pool)


def test_a_pool_that_keeps_its_idle_connections_otherwise_is_left_in_its_own_order(
    database_url: str,
) -> None:
    """A psycopg_pool release without the private deque warns and serves as it would have
    without ``newest_first``, rather than failing the service's start."""
    pool = ConnectionPool(database_url, min_size=1, max_size=1, open=False)
    otherwise = list(pool._pool)
    pool._pool = otherwise  # type: ignore[assignment]
    with pytest.warns(RuntimeWarning, match="own order"):
        kept = newest_first(pool)
    assert kept is pool and pool._pool is otherwise


def test_the_services_pool_hands_out_newest_first(database_url: str) -> None:
    """``open_pool``, grown to three connections by a burst, then used one at a time."""
    pool = open_pool(database_url, size=3)
    try:
        burst = [pool.getconn() for _ in range(3)]
        for conn in burst:
            pool.putconn(conn)
        assert _backends(pool, 6) == [burst[-1].info.backend_pid] * 6
    finally:
        pool.close()
