"""The live schema keeps what Citus needs to shard the store (docs/scaling.md).

Read from the catalog of a database migrated to head, not from the migration files: every
table has a place in ``PLACEMENT`` (service/store/placement.py), so a new one cannot slip in
unplanned; every primary key and unique index of a distributed table includes its
distribution column, and every foreign key between two distributed tables pairs their
distribution columns, since Citus enforces uniqueness and references only inside one shard.
"""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from service.store.migrate import upgrade
from service.store.placement import PLACEMENT
from tests.support.databases import scratch_database

pytestmark = pytest.mark.storage

DISTRIBUTED = {name: p.column for name, p in PLACEMENT.items() if p.kind == "distributed"}
"""Each distributed table's distribution column (service/store/placement.py)."""

_TABLES = """
SELECT c.relname,
       EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'game_id'
               AND NOT a.attisdropped) AS scoped
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
"""
_UNIQUE = """
SELECT t.relname, i.relname,
       ARRAY(SELECT a.attname FROM unnest(x.indkey) AS k(n)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n) AS columns
FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE n.nspname = 'public' AND x.indisunique
"""
_FOREIGN = """
SELECT f.conname, s.relname, r.relname,
       ARRAY(SELECT a.attname FROM unnest(f.conkey) WITH ORDINALITY AS k(n, i)
             JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.n ORDER BY k.i),
       ARRAY(SELECT a.attname FROM unnest(f.confkey) WITH ORDINALITY AS k(n, i)
             JOIN pg_attribute a ON a.attrelid = f.confrelid AND a.attnum = k.n ORDER BY k.i)
FROM pg_constraint f JOIN pg_class s ON s.oid = f.conrelid JOIN pg_class r ON r.oid = f.confrelid
JOIN pg_namespace n ON n.oid = s.relnamespace
WHERE n.nspname = 'public' AND f.contype = 'f'
"""


def sharding_problems(url: str) -> list[str]:
    """What in the schema at ``url`` would keep Citus from placing it as PLACEMENT says."""
    with psycopg.connect(url) as conn:
        tables = {name for name, _ in _rows(conn, _TABLES)}
        unique = _rows(conn, _UNIQUE)
        foreign = _rows(conn, _FOREIGN)
    problems = [
        f"table {name} has no place on Citus (PLACEMENT in service/store/placement.py)"
        for name in sorted(tables)
        if name not in PLACEMENT
    ]
    problems += [
        f"unique index {index} on {table} ({', '.join(columns)}) does not include"
        f" {DISTRIBUTED[table]}"
        for table, index, columns in unique
        if table in DISTRIBUTED and DISTRIBUTED[table] not in columns
    ]
    for name, source, target, columns, referenced in foreign:
        if target not in DISTRIBUTED:
            continue
        pairs = set(zip(columns, referenced, strict=True))
        if (DISTRIBUTED.get(source), DISTRIBUTED[target]) not in pairs:
            problems.append(
                f"foreign key {name} from {source} to {target} can join two shards:"
                f" ({', '.join(columns)}) -> ({', '.join(referenced)})"
            )
    return problems


def _rows(conn: psycopg.Connection[Any], query: str) -> list[Any]:
    return conn.execute(query).fetchall()


def test_the_schema_at_head_shards_by_game(database_url: str) -> None:
    assert sharding_problems(database_url) == []
    with psycopg.connect(database_url) as conn:
        scoped = {name for name, is_scoped in _rows(conn, _TABLES) if is_scoped}
    assert {"games", "events", "snapshots", "idempotency", "seat_tokens"} <= scoped


def test_the_check_finds_the_fork_lineage_key_that_citus_refused(database_url: str) -> None:
    """Before migration 0003, games.parent_id referenced another game's row."""
    with scratch_database(database_url, "cairn_shard") as url:
        upgrade(url, "0002")
        problems = sharding_problems(url)
        upgrade(url)
        assert sharding_problems(url) == []
    assert problems == [
        "foreign key games_parent_id_fkey from games to games can join two shards:"
        " (parent_id) -> (game_id)"
    ]
