"""Shared fixtures: a real PostgreSQL for every storage test, embedded or from DATABASE_URL.

With ``DATABASE_URL`` set, a fresh database is created on that server for this run and
dropped afterwards. Without it, a private embedded PostgreSQL (pgserver) is started in a
temporary directory. Either way, migrations run to head first, and the session exports
``DATABASE_URL`` pointing at that database so CLI and subprocess tests use it too.
"""

from __future__ import annotations

import os
import signal
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from psycopg_pool import ConnectionPool

from domain.core import registry
from domain.games import load_all
from service.application import Application
from service.application.targets import PRIVATE_TARGETS
from service.logs import configure as configure_logs
from service.store import EventStore
from service.store.database import embedded_url, normalize_url, stop_embedded
from service.store.migrate import upgrade
from tests.support import counting
from tests.support.databases import reaped_home

load_all()
if "counting" not in {r.id for r in registry.all_rulesets()}:
    counting.install()

# Servers run in-process by tests log every request; at WARNING the suite's output stays
# readable. Tests that check log entries capture them at their own configuration.
configure_logs("WARNING")

# The tests' webhook receivers listen on 127.0.0.1, which a served Cairn refuses as a
# target by default (service/application/targets.py); servers the tests start inherit
# this. tests/service/test_webhook_targets.py takes it away to test the refusal.
os.environ[PRIVATE_TARGETS] = "1"

# A run started in the background by a non-interactive shell (``cmd &``, as CI jobs often
# are) inherits SIGINT ignored, and so would every process a test starts: the tests that
# press Ctrl-C on a `cairn` command or a server would wait for it forever. They test what a
# terminal's foreground job gets, so the suite gives its children Python's own default.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def _admin_and_test_urls(tmp: Path) -> tuple[str | None, str]:
    base = os.environ.get("DATABASE_URL", "").strip()
    name = f"cairn_test_{uuid.uuid4().hex[:12]}"
    if not base:
        return None, embedded_url(tmp / "cairn-home", database=name)
    base = normalize_url(base)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    info = psycopg.conninfo.conninfo_to_dict(base)
    info["dbname"] = name
    return base, psycopg.conninfo.make_conninfo(**info)


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    previous = os.environ.get("DATABASE_URL")
    with reaped_home() as home:
        admin, url = _admin_and_test_urls(home)
        try:
            upgrade(url)
            os.environ["DATABASE_URL"] = url
            yield url
        finally:
            _clean_up(admin, url, previous)
            stop_embedded()  # and, had this process died first, the reaper would have


def _clean_up(admin: str | None, url: str, previous: str | None) -> None:
    if previous is None:
        os.environ.pop("DATABASE_URL", None)
    else:
        os.environ["DATABASE_URL"] = previous
    if admin is not None:
        dbname = psycopg.conninfo.conninfo_to_dict(url)["dbname"]
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(str(dbname))
                )
            )


@pytest.fixture(scope="session")
def pool(database_url: str) -> Iterator[ConnectionPool]:
    with ConnectionPool(database_url, min_size=1, max_size=20, open=True) as p:
        yield p


@pytest.fixture(scope="session")
def store(pool: ConnectionPool) -> EventStore:
    return EventStore(pool)


@pytest.fixture
def app(store: EventStore) -> Application:
    return Application(store)
