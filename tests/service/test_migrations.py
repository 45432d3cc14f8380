"""Migrations go up to head and back down to base on an empty database."""

from __future__ import annotations

import psycopg
import pytest

from service.store.migrate import current_revision, downgrade, head_revision, upgrade
from tests.support.databases import scratch_database

pytestmark = pytest.mark.storage


def test_upgrade_to_head_and_downgrade_to_base(database_url: str) -> None:
    with scratch_database(database_url, "cairn_mig") as url:
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
