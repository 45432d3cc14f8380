"""How CLI commands reach the database and the application, with errors a person can act on."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import alembic.util
import click
import psycopg
import sqlalchemy.exc

from domain.games import load_all
from service.composition import Service, assemble, open_pool
from service.store import EventStore
from service.store.database import database_url, is_embedded, normalize_url
from service.store.migrate import current_revision, head_revision, upgrade

UNREACHABLE, BAD_URL = 4, 2
"""The exit codes of "the database cannot be reached" and of a malformed DATABASE_URL
(bad usage), as README's CLI section lists them."""


class DatabaseError(click.ClickException):
    """The database cannot be reached or started: one line, exit 4."""

    exit_code = UNREACHABLE


class BadDatabaseUrl(click.ClickException):
    exit_code = BAD_URL


def resolve_url() -> str:
    """The database URL, or a clean CLI error naming what to fix."""
    if not is_embedded():
        _check_url(os.environ.get("DATABASE_URL", "").strip())
    try:
        return database_url()
    except psycopg.OperationalError as exc:
        raise DatabaseError(f"cannot reach PostgreSQL: {_first_line(exc)}") from exc
    except Exception as exc:  # pgserver failures come in many types
        where = "the embedded PostgreSQL" if is_embedded() else "DATABASE_URL"
        raise DatabaseError(f"cannot start {where}: {_first_line(exc)}") from exc


def _check_url(url: str) -> None:
    """A malformed DATABASE_URL is refused before anything tries to use it."""
    normalized = normalize_url(url)
    if "://" in normalized and not normalized.startswith("postgresql://"):
        scheme = normalized.partition("://")[0]
        raise BadDatabaseUrl(f"DATABASE_URL must be a postgresql:// URL, not {scheme}://")
    try:
        psycopg.conninfo.conninfo_to_dict(normalized)
    except psycopg.ProgrammingError as exc:
        raise BadDatabaseUrl(f"DATABASE_URL is not a PostgreSQL URL: {_first_line(exc)}") from None


@contextmanager
def reaching_database() -> Iterator[None]:
    """Turn connection failures (through psycopg or SQLAlchemy) into one-line CLI errors."""
    try:
        yield
    except (psycopg.OperationalError, sqlalchemy.exc.OperationalError) as exc:
        reason = exc.orig if isinstance(exc, sqlalchemy.exc.OperationalError) else exc
        reason = reason if reason is not None else exc
        raise DatabaseError(f"cannot reach PostgreSQL: {_first_line(reason)}") from exc


def ensure_schema(url: str, migrate: bool) -> None:
    """Bring the schema to head, or refuse (when ``migrate`` is off) naming the command."""
    with reaching_database():
        current = current_revision(url)
    if current == head_revision():
        return
    if not migrate:
        raise click.ClickException(
            f"the database schema is at {current or 'nothing'}, not {head_revision()};"
            " run `cairn db upgrade` first"
        )
    with reaching_database():
        try:
            upgrade(url)
        except alembic.util.CommandError:
            # a revision this code does not have: the database was migrated by a newer Cairn
            raise click.ClickException(
                f"the database schema is at {current}, which this version of Cairn does not"
                " know (a newer Cairn migrated it); use that version, or another database"
            ) from None


@contextmanager
def open_service(migrate: bool = True, bots: bool = False) -> Iterator[Service]:
    """The service over a small pool, schema checked, for one CLI command: built by the
    composition root like a served one, with the bot driver only if asked and no sweep."""
    load_all()
    url = resolve_url()
    ensure_schema(url, migrate)
    pool = open_pool(url, size=4, timeout=10)
    service = assemble(EventStore(pool), bots=bots, sweep_every=None)
    try:
        yield service
    finally:
        service.close()
        pool.close()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
