"""``cairn serve`` and ``cairn db``: run the service and manage the schema."""

from __future__ import annotations

import os

import click

from cli.database import ensure_schema, reaching_database, resolve_url
from service.store.database import cairn_home, is_embedded
from service.store.migrate import current_revision, head_revision, upgrade


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Service processes sharing the one database.",
)
@click.option(
    "--migrate/--no-migrate",
    default=True,
    show_default=True,
    help="Bring the schema up to date first, or refuse if it is behind.",
)
@click.option(
    "--log-level",
    default="INFO",
    show_default=True,
    type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"]),
)
def serve(host: str, port: int, workers: int, migrate: bool, log_level: str) -> None:
    """Run the REST API.

    With no DATABASE_URL, Cairn starts its own private PostgreSQL under CAIRN_HOME
    (default ~/.local/share/cairn). The OpenAPI document is at /schema/openapi.json.

    Example: cairn serve --port 8000
    """
    import uvicorn

    from service.api.asgi import RESOLVED_URL, NoDelayH11Protocol

    url = resolve_url()
    ensure_schema(url, migrate)
    where = f"embedded PostgreSQL in {cairn_home()}" if is_embedded() else "DATABASE_URL"
    click.echo(f"cairn: serving on http://{host}:{port} with {where}", err=True)
    os.environ[RESOLVED_URL] = url
    os.environ["CAIRN_LOG_LEVEL"] = log_level
    uvicorn.run(
        "service.api.asgi:create_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        http=NoDelayH11Protocol,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=5,
    )


@click.group()
def db() -> None:
    """Manage the database schema (Alembic migrations)."""


@db.command("upgrade")
@click.option("--revision", default="head", show_default=True, help="Target revision.")
def db_upgrade(revision: str) -> None:
    """Apply migrations up to REVISION (default: the latest).

    Example: cairn db upgrade
    """
    url = resolve_url()
    with reaching_database():
        upgrade(url, revision)
        click.echo(f"database schema at {current_revision(url)}")


@db.command("status")
def db_status() -> None:
    """Show the schema revision and whether it is up to date."""
    url = resolve_url()
    with reaching_database():
        current, head = current_revision(url), head_revision()
    state = "up to date" if current == head else f"behind (head is {head}): run `cairn db upgrade`"
    click.echo(f"schema {current or 'none'}: {state}")


__all__ = ["db", "ensure_schema", "serve"]
