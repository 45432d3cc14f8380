"""The pool's check on handing out a connection (service.store.database.check_connection)."""

from __future__ import annotations

import time

import psycopg
import pytest

from service.store.database import check_connection

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
