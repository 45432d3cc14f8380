"""The test session's PostgreSQL folder, reaped whatever ends the session; scratch databases
on the test server, for tests that need an empty schema."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from psycopg import sql
from psycopg_pool import ConnectionPool

from service.store import EventStore
from service.store.migrate import upgrade


@contextmanager
def scratch_database(database_url: str, prefix: str = "cairn_scratch") -> Iterator[str]:
    """Create an empty database beside ``database_url``'s, yield its URL, then drop it."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    info["dbname"] = name
    try:
        yield psycopg.conninfo.make_conninfo(**info)
    finally:
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


REAPER = Path(__file__).with_name("reaper.py")


@contextmanager
def private_event_store(database_url: str) -> Iterator[EventStore]:
    """An ``EventStore`` over a scratch database of its own, at the schema's head, on
    ``database_url``'s server: for a test that no other test may write beside."""
    with scratch_database(database_url) as url:
        upgrade(url)
        with ConnectionPool(url, min_size=1, max_size=4, open=True) as pool:
            yield EventStore(pool)


@contextmanager
def reaped_home(prefix: str = "cairn-test-pg-") -> Iterator[Path]:
    """A fresh folder for an embedded PostgreSQL, whose servers are stopped and which is
    removed when this block ends, or when this process dies without ending it (SIGTERM,
    SIGKILL, an xdist worker torn down): tests/support/reaper.py holds the other end of a
    pipe and acts on its end of file."""
    # Not under pytest's basetemp: pytest prunes old basetemps, which must never take a
    # running server's data directory with it. Readable by the unprivileged user pgserver
    # runs PostgreSQL as when the tests run as root.
    home = Path(tempfile.mkdtemp(prefix=prefix))
    home.chmod(0o755)
    reaper = subprocess.Popen(
        [sys.executable, str(REAPER), str(home)],
        stdin=subprocess.PIPE,
        start_new_session=True,  # a Ctrl-C or a kill of the run's process group spares it
    )
    try:
        yield home
    finally:
        assert reaper.stdin is not None
        reaper.stdin.close()
        reaper.wait(timeout=60)
