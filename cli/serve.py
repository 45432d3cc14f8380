"""``cairn serve`` and ``cairn db``: run the service and manage the schema."""

from __future__ import annotations

import errno
import os
import signal
import socket
from pathlib import Path
from types import FrameType

import click

from cli.database import ensure_schema, reaching_database, resolve_url
from cli.distribute import db_distribute
from service import compiled
from service.api import config as serving
from service.application.targets import PRIVATE_TARGETS
from service.home import cairn_home
from service.store.database import embedded_servers, is_embedded, stop_embedded
from service.store.migrate import current_revision, head_revision, upgrade


class Stopped(Exception):
    """SIGTERM arrived: stop serving and clean up, as on Ctrl-C."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
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
    "--cors-origin",
    "cors_origins",
    multiple=True,
    metavar="ORIGIN",
    help="A browser origin allowed to call the API, e.g. http://localhost:5173 (repeatable;"
    " none by default).",
)
@click.option(
    "--admin-token-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A file whose first line is the operator's token: it acts on any league and any"
    " game, and imports replays (POST /replays); or set CAIRN_ADMIN_TOKEN. Without either,"
    " there is no operator and imports over HTTP are refused.",
)
@click.option(
    "--webhook-private-targets",
    is_flag=True,
    help="Let webhooks call private, loopback and reserved addresses (a league's own"
    " network; by default only public hosts, so no player can make the service call inside"
    " it). Or set CAIRN_WEBHOOK_PRIVATE_TARGETS=1.",
)
@click.option(
    "--log-level",
    default="INFO",
    show_default=True,
    type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"]),
)
def serve(
    host: str,
    port: int,
    workers: int,
    migrate: bool,
    cors_origins: tuple[str, ...],
    admin_token_file: Path | None,
    webhook_private_targets: bool,
    log_level: str,
) -> None:
    """Run the REST API.

    With no DATABASE_URL, Cairn starts its own private PostgreSQL under CAIRN_HOME
    (default ~/.local/share/cairn), and stops it when it stops. The OpenAPI document is at
    /schema/openapi.json, browsable at /schema.

    Exit codes: 1 the port cannot be listened on (or another refusal), 2 bad usage (a
    malformed DATABASE_URL, a bad option), 4 the database cannot be reached.

    Example: cairn serve --port 8000 --cors-origin http://localhost:5173
    """
    import uvicorn

    from service.api.asgi import LOOP, RESOLVED_URL, NoDelayHttpToolsProtocol

    _configure(cors_origins, admin_token_file)
    if webhook_private_targets:
        os.environ[PRIVATE_TARGETS] = "1"  # every worker reads it
    _check_port(host, port)
    held = embedded_servers()
    url = resolve_url()
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        ensure_schema(url, migrate)
        where = f"embedded PostgreSQL in {cairn_home()}" if is_embedded() else "DATABASE_URL"
        click.echo(f"cairn: serving on http://{host}:{port} with {where}", err=True)
        click.echo(f"cairn: games and their viewer at http://{host}:{port}/viewer", err=True)
        click.echo(f"cairn: analyses {_analyses_run()}", err=True)
        os.environ[RESOLVED_URL] = url
        os.environ["CAIRN_LOG_LEVEL"] = log_level
        uvicorn.run(
            "service.api.asgi:create_from_env",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            http=NoDelayHttpToolsProtocol,
            loop=LOOP,
            log_config=None,
            access_log=False,
            timeout_graceful_shutdown=5,
        )
    except (Stopped, KeyboardInterrupt):
        pass
    except SystemExit as exit_:
        # uvicorn exits 3 when it could not start (the port taken after our check, say).
        if exit_.code not in (None, 0):
            raise click.ClickException(
                f"cannot serve on {host}:{port}; see the log above"
            ) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
        stop_embedded(keep=held)  # only the one this command started
    click.echo("cairn: stopped", err=True)


def _analyses_run() -> str:
    """What analyses run now. The analysis fork server asks again before each analysis
    (``service.analysis.running``), so a build made or removed while serving is taken up
    by the next analysis without a restart: the line says so rather than go stale."""
    if not compiled.is_enabled():
        return f"run the Python source ({compiled.SWITCH}=0)"
    built = compiled.built()
    if built is not None:
        return f"run the compiled rules ({built}) while this source is unchanged"
    return (
        "run the Python source; cairn compile makes them about 1.2x faster,"
        " from the next analysis on, without a restart"
    )


def _configure(cors_origins: tuple[str, ...], admin_token_file: Path | None) -> None:
    """Check the options and hand them to every worker through the environment."""
    for origin in cors_origins:
        if origin != origin.strip() or "://" not in origin or origin.endswith("/"):
            raise click.UsageError(
                f"--cors-origin {origin!r} is not an origin (scheme://host[:port], no path)"
            )
    try:
        if admin_token_file is not None:
            serving.read_admin_token(admin_token_file)
        else:
            serving.admin_token_from_env()
    except serving.ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    os.environ[serving.CORS_ORIGINS] = " ".join(cors_origins)
    if admin_token_file is not None:
        os.environ[serving.ADMIN_TOKEN_FILE] = str(admin_token_file.resolve())
    # One secret for every worker, so a ticket one worker issued opens a stream on another.
    os.environ.setdefault(serving.TICKET_SECRET, serving.new_ticket_secret())


def _check_port(host: str, port: int) -> None:
    """Refuse, in one line, an address that cannot be listened on, before claiming to."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise click.UsageError(f"--host {host}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            why = "the port is in use" if exc.errno == errno.EADDRINUSE else exc.strerror
            raise click.ClickException(f"cannot listen on {host}:{port}: {why}") from None


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


db.add_command(db_distribute)

__all__ = ["db", "ensure_schema", "serve"]
