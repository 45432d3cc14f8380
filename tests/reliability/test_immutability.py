"""Immutability: connected as the service's own role (not a superuser, not the tables'
owner), which has every table privilege the service could be given, the events table
still refuses UPDATE, DELETE and TRUNCATE, and the role cannot switch the triggers off.

Running the service as the owner would keep the triggers but not this last guarantee: an
owner may disable its own table's triggers. Hence a separate login role, as here."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import psycopg
import pytest
from psycopg import sql
from psycopg_pool import ConnectionPool

from service.application import Application
from service.store import EventStore

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

PASSWORD = "cairn-service-test"


@pytest.fixture
def service_role(database_url: str) -> Iterator[str]:
    """A login role of this test's own; roles are per server, so it is dropped afterwards
    (after the scratch database that holds its grants: see the order in service_url)."""
    name = f"cairn_service_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                sql.Identifier(name), sql.Literal(PASSWORD)
            )
        )
    try:
        yield name
    finally:
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(name)))


@pytest.fixture
def service_url(service_role: str, scratch_url: str) -> str:
    """The scratch database as the service role, granted every table privilege there is."""
    role = sql.Identifier(service_role)
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        dbname = conn.info.dbname
        for grant in (
            "GRANT CONNECT ON DATABASE {db} TO {role}",
            "GRANT USAGE ON SCHEMA public TO {role}",
            "GRANT ALL PRIVILEGES ON ALL TABLES IN SCHEMA public TO {role}",
            "GRANT ALL PRIVILEGES ON ALL SEQUENCES IN SCHEMA public TO {role}",
        ):
            conn.execute(sql.SQL(grant).format(db=sql.Identifier(dbname), role=role))
    info = psycopg.conninfo.conninfo_to_dict(scratch_url)
    info.update(user=service_role, password=PASSWORD)
    return psycopg.conninfo.make_conninfo(**info)


def test_the_service_role_plays_but_cannot_rewrite_history(service_url: str) -> None:
    with ConnectionPool(service_url, min_size=1, max_size=2, open=True) as pool:
        cairn = Application(EventStore(pool))
        created = cairn.create_game("counting", seats=2, options={"target": 5})
        cairn.act(created.game_id, 0, {"type": "add", "amount": 1})
    game_id = created.game_id
    with psycopg.connect(service_url, autocommit=True) as conn:
        superuser = conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        assert superuser.fetchone() == (False,)
        count = conn.execute("SELECT count(*) FROM events WHERE game_id = %s", (game_id,))
        before = count.fetchone()
        assert before is not None and before[0] > 1
        for statement in (
            "UPDATE events SET payload = '{}'::jsonb WHERE game_id = %s",
            "DELETE FROM events WHERE game_id = %s",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
                conn.execute(statement, (game_id,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
            conn.execute("TRUNCATE events CASCADE")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("SET session_replication_role = replica")  # superusers only
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="owner"):
            conn.execute("ALTER TABLE events DISABLE TRIGGER events_no_update_delete")
        after = conn.execute("SELECT count(*) FROM events WHERE game_id = %s", (game_id,))
        assert after.fetchone() == before
