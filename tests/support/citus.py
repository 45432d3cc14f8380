"""A Citus cluster for the tests that need one: ``CAIRN_CITUS_URL`` names its coordinator
(``scripts/citus-cluster start`` prints it). Without it those tests skip."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from psycopg import sql

from service.store.migrate import upgrade
from service.store.placement import distribute, plan


def citus_url() -> str:
    url = os.environ.get("CAIRN_CITUS_URL", "").strip()
    if not url:
        pytest.skip("CAIRN_CITUS_URL names no Citus coordinator")
    return url


def _at(url: str, **changes: str | int) -> str:
    return psycopg.conninfo.make_conninfo(url, **changes)


@contextmanager
def citus_scratch(url: str, distributed: bool = True) -> Iterator[str]:
    """A new database on every node of the cluster at ``url``, its workers registered, the
    schema at head and (unless told not to) placed by ``cairn db distribute``'s plan."""
    name = f"cairn_citus_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as conn:
        workers = conn.execute(
            "SELECT nodename, nodeport FROM pg_dist_node WHERE groupid <> 0"
            " AND noderole = 'primary' ORDER BY nodeport"
        ).fetchall()
    info = psycopg.conninfo.conninfo_to_dict(url)
    host, port = str(info.get("host") or "127.0.0.1"), int(str(info.get("port") or 5432))
    nodes = [_at(url, dbname="postgres")] + [
        _at(url, host=h, port=p, dbname="postgres") for h, p in workers
    ]
    for node in nodes:
        with psycopg.connect(node, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        with psycopg.connect(_at(node, dbname=name), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION citus")
    scratch = _at(url, dbname=name)
    try:
        with psycopg.connect(scratch, autocommit=True) as conn:
            conn.execute("SELECT citus_set_coordinator_host(%s, %s)", (host, port))
            for h, p in workers:
                conn.execute("SELECT citus_add_node(%s, %s)", (h, p))
        upgrade(scratch)
        if distributed:
            with psycopg.connect(scratch, autocommit=True) as conn:
                distribute(conn, plan(conn))
        yield scratch
    finally:
        # The coordinator's database first: its maintenance daemon (two-phase recovery)
        # connects to the workers' databases again and again, and a worker's DROP ... FORCE
        # that met such a new session failed the run (2026-12-04).
        for node in nodes:
            with psycopg.connect(node, autocommit=True) as conn:
                # a test that failed mid two-phase commit may leave one prepared here
                for (gid,) in conn.execute(
                    "SELECT gid FROM pg_prepared_xacts WHERE database = %s", (name,)
                ).fetchall():
                    with psycopg.connect(_at(node, dbname=name), autocommit=True) as db:
                        db.execute(sql.SQL("ROLLBACK PREPARED {}").format(sql.Literal(gid)))
                _drop(conn, name)


def _drop(conn: psycopg.Connection[Any], name: str, tries: int = 10) -> None:
    """DROP ... WITH (FORCE), tried again while another session keeps appearing: FORCE ends
    the sessions it finds, but a session that connects between its look and its drop (the
    coordinator's daemon, or a worker's back end still closing after a worker restart)
    failed the teardown of a test that had passed (2026-12-04 and 2026-12-06)."""
    statement = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    for attempt in range(tries):
        try:
            conn.execute(statement)
            return
        except psycopg.errors.ObjectInUse:
            if attempt == tries - 1:
                raise
            time.sleep(0.5)
