"""Every table has one place on Citus, named in ``PLACEMENT`` (service/store/placement.py),
and ``cairn db distribute`` puts each there: checked against the schema on plain PostgreSQL
on every run, and against Citus's own catalog on a cluster (``CAIRN_CITUS_URL``)."""

from __future__ import annotations

import json

import psycopg
import pytest
from click.testing import CliRunner
from psycopg_pool import ConnectionPool

from cli.main import cairn
from service.application import Application
from service.store import EventStore
from service.store.migrate import downgrade, upgrade
from service.store.placement import (
    PLACEMENT,
    catalog,
    distribute,
    mismatches,
    plan,
)
from tests.service.test_sharding_schema import sharding_problems
from tests.support.citus import citus_scratch, citus_url
from tests.support.databases import scratch_database

pytestmark = pytest.mark.storage

DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}


def test_every_table_at_head_has_a_place_and_every_place_a_table(database_url: str) -> None:
    with psycopg.connect(database_url) as conn:
        tables = set(catalog(conn)) if _has_citus(conn) else set(_tables(conn))
    assert tables == set(PLACEMENT)


def test_a_table_added_without_a_place_is_found(database_url: str) -> None:
    with scratch_database(database_url, "cairn_place") as url:
        upgrade(url)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TABLE trophies (game_id uuid PRIMARY KEY)")
        assert sharding_problems(url) == [
            "table trophies has no place on Citus (PLACEMENT in service/store/placement.py)"
        ]


def test_each_anchor_is_placed_before_its_group_and_reference_tables_first() -> None:
    order = list(PLACEMENT)
    for name, place in PLACEMENT.items():
        if place.colocate_with:
            assert PLACEMENT[place.colocate_with].colocate_with is None
            assert order.index(place.colocate_with) < order.index(name)
        if place.kind == "reference":
            assert all(PLACEMENT[t].kind == "reference" for t in order[: order.index(name)])


def test_nothing_on_a_worker_refers_to_a_table_on_the_coordinator_alone(
    database_url: str,
) -> None:
    # Citus allows no foreign key from a distributed table to a local one (migration 0010
    # dropped the only one, seat_players.player_id -> players)
    local = [name for name, place in PLACEMENT.items() if place.kind == "local"]
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT f.conname FROM pg_constraint f JOIN pg_class s ON s.oid = f.conrelid"
            " JOIN pg_class r ON r.oid = f.confrelid WHERE f.contype = 'f'"
            " AND r.relname = ANY(%s) AND s.relname <> ALL(%s)",
            (local, local),
        ).fetchall()
    assert rows == []


def test_a_cluster_placed_before_0010_is_upgraded_and_gets_its_accounts_back_on_the_coordinator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    moved = ("players", "owner_webhooks")
    with citus_scratch(citus_url(), distributed=False) as url:
        downgrade(url, "0009")
        with psycopg.connect(url, autocommit=True) as conn:
            # placed as before migration 0010: both copied to every node, the rest as now,
            # and the key from seat_players to players dropped and added back around it
            conn.execute("ALTER TABLE seat_players DROP CONSTRAINT seat_players_player_id_fkey")
            for name in moved:
                conn.execute("SELECT create_reference_table(%s)", (name,))
            distribute(conn, [s for s in plan(conn) if "undistribute" not in s])
            conn.execute(
                "ALTER TABLE seat_players ADD CONSTRAINT seat_players_player_id_fkey"
                " FOREIGN KEY (player_id) REFERENCES players(player_id)"
            )
            conn.execute(
                "INSERT INTO players (player_id, name, is_organiser)"
                " VALUES (gen_random_uuid(), 'kept', false)"
            )
        upgrade(url)  # 0010 on a distributed schema
        with psycopg.connect(url) as conn:
            assert [p for p in mismatches(conn) if "reference, not local" in p] == [
                f"table {name} is reference, not local" for name in moved
            ]
        monkeypatch.setenv("DATABASE_URL", url)
        done = CliRunner().invoke(cairn, ["db", "distribute", "--json"])
        assert done.exit_code == 0, done.output
        assert [s for s in json.loads(done.output)["statements"] if "undistribute" in s] == [
            f"SELECT undistribute_table('{name}')" for name in moved
        ]
        with psycopg.connect(url) as conn:
            assert mismatches(conn) == []
            assert plan(conn) == []
            assert [catalog(conn)[name][0] for name in moved] == ["local", "local"]
            assert conn.execute("SELECT name FROM players").fetchall() == [("kept",)]


def test_distribute_refuses_a_database_without_citus(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    result = CliRunner().invoke(cairn, ["db", "distribute", "--dry-run"])
    assert result.exit_code == 1
    assert "has no Citus extension" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_distribute_places_every_table_as_placement_says(monkeypatch: pytest.MonkeyPatch) -> None:
    with citus_scratch(citus_url(), distributed=False) as url:
        with psycopg.connect(url) as conn:
            before = mismatches(conn)
        assert len(before) == len([p for p in PLACEMENT.values() if p.kind != "local"])
        monkeypatch.setenv("DATABASE_URL", url)
        runner = CliRunner()
        dry = runner.invoke(cairn, ["db", "distribute", "--dry-run", "--json"])
        assert dry.exit_code == 0, dry.output
        planned = json.loads(dry.output)
        assert planned["executed"] is False
        assert any("create_distributed_table('games'" in s for s in planned["statements"])
        assert not any("('players'" in s for s in planned["statements"])  # local: no step
        with psycopg.connect(url) as conn:
            assert mismatches(conn) == before  # a dry run changes nothing
        done = runner.invoke(cairn, ["db", "distribute", "--json"])
        assert done.exit_code == 0, done.output
        assert json.loads(done.output)["problems"] == []
        with psycopg.connect(url) as conn:
            assert mismatches(conn) == []
            assert plan(conn) == []
            keys = conn.execute(
                "SELECT conname FROM pg_constraint WHERE conrelid = 'seat_players'::regclass"
                " AND contype = 'f' ORDER BY conname"
            ).fetchall()
        assert [k[0] for k in keys] == ["seat_players_game_id_fkey"]
        again = runner.invoke(cairn, ["db", "distribute", "--json"])
        assert again.exit_code == 0 and json.loads(again.output)["statements"] == []
        idle = runner.invoke(cairn, ["db", "distribute", "--dry-run"])
        assert idle.exit_code == 0 and idle.stdout == "", "no SQL on stdout"
        assert "nothing to run: all" in idle.stderr


def test_the_grant_lets_the_service_role_use_the_tables_and_events_stay_append_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The role reads distributed and local tables through the coordinator; changing a
    stored event is refused by the immutability trigger on the event's shard, on a worker
    (``citus.enable_unsafe_triggers`` let ``distribute`` keep the trigger there)."""
    with citus_scratch(citus_url()) as url:
        with ConnectionPool(url, min_size=1, max_size=2, open=True) as pool:
            app = Application(EventStore(pool))
            game = app.create_game("counting", 2, {"target": 20}, setup=DECK).game_id
            app.act(game, 0, {"type": "add", "amount": 1})
        with psycopg.connect(url, autocommit=True) as conn:
            role = "cairn_service_" + conn.info.dbname[-10:]
            conn.execute(f"DROP ROLE IF EXISTS {role}")
            conn.execute(f"CREATE ROLE {role} LOGIN")
            conn.execute(f"GRANT CONNECT ON DATABASE {conn.info.dbname} TO {role}")
        monkeypatch.setenv("DATABASE_URL", url)
        result = CliRunner().invoke(cairn, ["db", "distribute", "--grant", role])
        assert result.exit_code == 0, result.output
        service = psycopg.conninfo.make_conninfo(url, user=role)
        try:
            with psycopg.connect(service, autocommit=True) as conn:
                stored = conn.execute("SELECT count(*) FROM events").fetchone()
                assert stored is not None and stored[0] > 0
                assert conn.execute("SELECT count(*) FROM players").fetchone() == (0,)
                for change in ("UPDATE events SET type = type", "DELETE FROM events"):
                    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
                        conn.execute(change + " WHERE game_id = %s", (game,))
                assert conn.execute("SELECT count(*) FROM events").fetchone() == stored
        finally:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}")
                conn.execute(f"REVOKE ALL ON SCHEMA public FROM {role}")
                conn.execute(f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {role}")


def _has_citus(conn: psycopg.Connection[tuple[object, ...]]) -> bool:
    row = conn.execute("SELECT count(*) FROM pg_extension WHERE extname = 'citus'").fetchone()
    return bool(row and row[0])


def _tables(conn: psycopg.Connection[tuple[object, ...]]) -> list[str]:
    rows = conn.execute(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')"
    ).fetchall()
    return [str(r[0]) for r in rows]
