"""Run and inspect Alembic migrations programmatically (``cairn db upgrade``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, pool

import migrations

MIGRATIONS = Path(migrations.__file__).resolve().parent


def engine_for(url: str) -> Engine:
    """A SQLAlchemy engine over psycopg for any libpq URL or key=value string."""
    return create_engine(
        "postgresql+psycopg://", creator=lambda: psycopg.connect(url), poolclass=pool.NullPool
    )


@contextmanager
def _connection(url: str) -> Iterator[Connection]:
    engine = engine_for(url)
    try:
        with engine.connect() as connection:
            yield connection
            connection.commit()
    finally:
        engine.dispose()


def _config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def upgrade(url: str, revision: str = "head") -> None:
    with _connection(url) as connection:
        command.upgrade(_config(connection), revision)


def downgrade(url: str, revision: str = "base") -> None:
    with _connection(url) as connection:
        command.downgrade(_config(connection), revision)


def head_revision() -> str | None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def current_revision(url: str) -> str | None:
    with _connection(url) as connection:
        return MigrationContext.configure(connection).get_current_revision()


def is_up_to_date(url: str) -> bool:
    return current_revision(url) == head_revision()


def check_connection(url: str) -> None:
    """Raise psycopg.OperationalError with libpq's reason if the server cannot be reached."""
    with psycopg.connect(url, connect_timeout=5) as conn:
        conn.execute("SELECT 1")
