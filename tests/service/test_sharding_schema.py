"""The live schema keeps what Citus needs to shard the store by game (docs/scaling.md).

Read from the catalog of a database migrated to head, not from the migration files: every
primary key and unique index of a game-scoped table (one with a ``game_id`` column)
includes ``game_id``, and no foreign key runs between two games, since Citus enforces
uniqueness and references only inside one shard. A table that is not game-scoped must be
named below with the place it takes on Citus, so a new one cannot slip in unplanned.
"""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from service.store.migrate import upgrade
from tests.support.databases import scratch_database

pytestmark = pytest.mark.storage

NOT_GAME_SCOPED = {
    "alembic_version": "a local table on the coordinator, where migrations run",
    # Leagues are keyed by league, not by game (docs/scaling.md, docs/leagues.md).
    "leagues": "distributed by league_id",
    "league_events": "distributed by league_id, co-located with leagues",
    "league_summaries": "distributed by league_id, co-located with leagues",
    "league_standings": "distributed by league_id, co-located with leagues",
    "players": "a reference table: every shard joins seat_players to it",
    "owner_webhooks": "a reference table: copied into a game's webhooks on its own shard",
    "ratings": "distributed by player_id (ratings are per player, across leagues)",
    "projection_tracking": "a local table on the coordinator, beside the feed it tracks",
}

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
    """What in the schema at ``url`` would keep Citus from sharding it by game."""
    with psycopg.connect(url) as conn:
        tables: dict[str, bool] = dict(_rows(conn, _TABLES))
        unique = _rows(conn, _UNIQUE)
        foreign = _rows(conn, _FOREIGN)
    problems = [
        f"table {name} has no game_id and no planned place on Citus (NOT_GAME_SCOPED)"
        for name, scoped in sorted(tables.items())
        if not scoped and name not in NOT_GAME_SCOPED
    ]
    problems += [
        f"unique index {index} on {table} ({', '.join(columns)}) does not include game_id"
        for table, index, columns in unique
        if tables.get(table) and "game_id" not in columns
    ]
    for name, source, target, columns, referenced in foreign:
        pairs = set(zip(columns, referenced, strict=True))
        if tables.get(target) and ("game_id", "game_id") not in pairs:
            problems.append(
                f"foreign key {name} from {source} to {target} can join two games:"
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
        "foreign key games_parent_id_fkey from games to games can join two games:"
        " (parent_id) -> (game_id)"
    ]
