"""Migrations go up to head and back down to base on an empty database."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from psycopg import sql

from service.store.migrate import current_revision, downgrade, head_revision, upgrade

pytestmark = pytest.mark.storage


def test_upgrade_to_head_and_downgrade_to_base(database_url: str) -> None:
    name = f"cairn_mig_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    info["dbname"] = name
    url = psycopg.conninfo.make_conninfo(**info)
    try:
        upgrade(url)
        assert current_revision(url) == head_revision()
        downgrade(url)
        assert current_revision(url) is None
        with psycopg.connect(url) as conn:
            tables = conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            ).fetchall()
        assert [t for (t,) in tables if t != "alembic_version"] == []
        upgrade(url)
        assert current_revision(url) == head_revision()
    finally:
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
