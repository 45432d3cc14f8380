"""Where every table lives on Citus, and the SQL that puts it there (``cairn db distribute``).

``PLACEMENT`` is the one list of the schema's tables with their place: distributed by a
column and co-located with an anchor table, a reference table copied to every node, or a
local table on the coordinator. ``tests/service/test_placement.py`` checks that every table
of the migrated schema is named here, and on a Citus coordinator that the catalog
(``pg_dist_partition``) matches it, so a migration that adds a table must say its place.

Two groups of co-located tables: a game's (by ``game_id``, anchored on ``games``) and a
league's (by ``league_id``, anchored on ``leagues``). Nothing on the play path joins the two.
Accounts and owners' webhooks live on the coordinator alone: a reference table is written on
every node, which Citus always commits in two phases (migration 0010).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import psycopg
from psycopg import sql
from psycopg.rows import tuple_row

Kind = Literal["distributed", "reference", "local"]


@dataclass(frozen=True)
class Place:
    kind: Kind
    column: str | None = None
    colocate_with: str | None = None
    """The anchor of the co-location group; None for the anchor itself."""


def _game(anchor: bool = False) -> Place:
    return Place("distributed", "game_id", None if anchor else "games")


def _league(anchor: bool = False) -> Place:
    return Place("distributed", "league_id", None if anchor else "leagues")


# In the order they are placed: reference tables first (none today), then each anchor
# before its group.
PLACEMENT: dict[str, Place] = {
    # Written alone (an account, a hook's registration) and read by key on the coordinator,
    # never joined on a worker: local, so each write touches one node and commits in one
    # phase. They were reference tables before migration 0010 (``plan`` moves them back).
    "players": Place("local"),
    "owner_webhooks": Place("local"),
    "games": _game(anchor=True),
    "events": _game(),
    "snapshots": _game(),
    "idempotency": _game(),
    "seat_tokens": _game(),
    "seat_players": _game(),
    "game_creators": _game(),
    "webhooks": _game(),
    "outbox": _game(),
    "analyses": _game(),
    "leagues": _league(anchor=True),
    "league_events": _league(),
    "league_games": _league(),
    "league_summaries": _league(),
    "league_fixtures": _league(),
    "league_standings": _league(),
    "league_brackets": _league(),
    "rating_changes": _league(),
    # Ratings are per player across leagues; the projection reads and writes them by player.
    "ratings": Place("distributed", "player_id"),
    "alembic_version": Place("local"),
    "projection_tracking": Place("local"),
}

_SESSION = [
    # The immutability triggers on events and league_events raise on the shard, reading no
    # row, which is exactly right there; Citus refuses to distribute tables with triggers
    # unless told so.
    "SET citus.enable_unsafe_triggers = on",
    # GRANT on distributed tables runs on every shard over one connection per worker.
    "SET citus.multi_shard_modify_mode = 'sequential'",
]


def is_citus(conn: psycopg.Connection[Any]) -> bool:
    with conn.cursor(row_factory=tuple_row) as cur:
        row = cur.execute("SELECT count(*) FROM pg_extension WHERE extname = 'citus'").fetchone()
    return bool(row and row[0])


def catalog(conn: psycopg.Connection[Any]) -> dict[str, tuple[Kind, str | None, int | None]]:
    """Each public table's place as the Citus catalog has it: its kind, distribution column
    and co-location group (local when ``pg_dist_partition`` does not name it)."""
    with conn.cursor(row_factory=tuple_row) as cur:
        tables = cur.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')"
        ).fetchall()
        rows = cur.execute(
            "SELECT c.relname, p.partmethod::text || p.repmodel::text, CASE WHEN p.partmethod = 'h'"
            " THEN column_to_column_name(p.logicalrelid, p.partkey) END, p.colocationid"
            " FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid"
            " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'"
        ).fetchall()
    found: dict[str, tuple[Kind, str | None, int | None]] = {
        name: ("local", None, None) for (name,) in tables
    }
    for name, method, column, group in rows:
        # partmethod 'h' is hash-distributed; 'n' with replication model 't' a reference
        # table, with 's' a Citus-managed local table, still the coordinator's alone
        if method.startswith("h"):
            found[name] = ("distributed", column, group)
        elif method == "nt":
            found[name] = ("reference", None, None)
    return found


def mismatches(conn: psycopg.Connection[Any]) -> list[str]:
    """Where the catalog differs from ``PLACEMENT`` (empty once ``cairn db distribute`` ran)."""
    found = catalog(conn)
    problems = [
        f"table {name} has no place in PLACEMENT" for name in found if name not in PLACEMENT
    ]
    for name, place in PLACEMENT.items():
        if name not in found:
            problems.append(f"table {name} is in PLACEMENT but not in the schema")
            continue
        kind, column, group = found[name]
        if (kind, column) != (place.kind, place.column):
            want = place.kind + (f" by {place.column}" if place.column else "")
            have = kind + (f" by {column}" if column else "")
            problems.append(f"table {name} is {have}, not {want}")
        elif place.colocate_with and group != found.get(place.colocate_with, (None, None, None))[2]:
            problems.append(f"table {name} is not co-located with {place.colocate_with}")
    anchors = [
        found[n][2]
        for n, p in PLACEMENT.items()
        if p.kind == "distributed" and not p.colocate_with and found.get(n, ("",))[0] == p.kind
    ]
    if len(set(anchors)) != len(anchors):
        problems.append("two co-location anchors share one group")
    return problems


def plan(conn: psycopg.Connection[Any], grant: str | None = None) -> list[str]:
    """The statements that place every table not yet where ``PLACEMENT`` says, in order.

    Empty (but for the session settings and the grant) when all are placed, so running it
    twice does nothing the second time. A table placed otherwise before (``players`` and
    ``owner_webhooks`` were reference tables until migration 0010) is first made local again
    with ``undistribute_table``, which keeps its rows; one statement each, so a run that dies
    between any two is finished by the next.
    """
    found = catalog(conn)
    missing = [name for name in PLACEMENT if name not in found]
    if missing:
        raise ValueError(f"the schema has no table {', '.join(missing)}: run `cairn db upgrade`")
    steps = [
        _sql(conn, "SELECT undistribute_table({})", sql.Literal(name))
        for name, place in PLACEMENT.items()
        if place.kind == "local" and found[name][0] != "local"
    ]
    todo = [
        name
        for name, place in PLACEMENT.items()
        if place.kind != "local" and found[name][0] == "local"
    ]
    for name in todo:
        place = PLACEMENT[name]
        if place.kind == "reference":
            steps.append(_sql(conn, "SELECT create_reference_table({})", sql.Literal(name)))
        else:
            steps.append(
                _sql(
                    conn,
                    "SELECT create_distributed_table({}, {}, colocate_with => {})",
                    sql.Literal(name),
                    sql.Literal(place.column),
                    sql.Literal(place.colocate_with or "none"),
                )
            )
    if grant:
        role = sql.Identifier(grant)
        steps += [
            _sql(conn, "GRANT USAGE ON SCHEMA public TO {}", role),
            _sql(
                conn,
                "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {}",
                role,
            ),
            _sql(conn, "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}", role),
        ]
    return [*_SESSION, *steps] if steps else []


def _sql(conn: psycopg.Connection[Any], template: str, *parts: Any) -> str:
    names = [sql.Identifier(p) if isinstance(p, str) else p for p in parts]
    return sql.SQL(template).format(*names).as_string(conn)


def distribute(conn: psycopg.Connection[Any], statements: Sequence[str]) -> None:
    """Run ``plan``'s statements one by one, each its own transaction (``conn`` in
    autocommit): Citus copies a table's rows to its shards as it distributes it."""
    for statement in statements:
        conn.execute(statement.encode())
