"""The Litestar application factory."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from litestar import Litestar
from litestar.config.app import AppConfig
from litestar.datastructures import State
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin
from psycopg_pool import ConnectionPool

from domain.games import load_all
from service.api.health import health
from service.api.hosting import hosting, provide_host
from service.api.middleware import RequestContext
from service.api.problems import EXCEPTION_HANDLERS
from service.api.routes import PLAY_ROUTES
from service.application import Application
from service.store import EventStore
from service.store.database import check_connection

MAX_BODY_BYTES = 256 * 1024

# Route modules add themselves here (the play API, forks, replays ...).
ROUTES: list[Any] = [health, *PLAY_ROUTES]


def open_application(url: str, pool_size: int = 16) -> tuple[Application, ConnectionPool[Any]]:
    """A connection pool and the application over it. The pool reconnects by itself.

    While PostgreSQL is down a request waits at most ``timeout`` for a connection, then gets
    a 503. A reconnection attempt backs off exponentially until ``reconnect_timeout`` and then
    gives up; the next request starts a fresh one at once, so the service finds a database
    that came back within about a second, however long it was away.
    """
    pool: ConnectionPool[Any] = ConnectionPool(
        url,
        min_size=1,
        max_size=pool_size,
        open=True,
        timeout=2,
        reconnect_timeout=2,
        check=check_connection,
        # Names the worker process in pg_stat_activity (and pg_locks through it).
        kwargs={"application_name": f"cairn-{os.getpid()}"},
    )
    return Application(EventStore(pool)), pool


def create_app(
    application: Application | None = None,
    *,
    database_url: str | None = None,
    extra_routes: Sequence[Any] = (),
    on_startup: Sequence[Callable[[Litestar], Any]] = (),
    debug: bool = False,
) -> Litestar:
    """Build the app over ``application``, or over a pool opened on ``database_url``."""
    load_all()

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = None
        if application is None:
            if database_url is None:
                raise ValueError("create_app needs an application or a database_url")
            app.state.cairn, pool = open_application(database_url)
        else:
            app.state.cairn = application
        try:
            yield
        finally:
            if pool is not None:
                pool.close()

    return Litestar(
        route_handlers=[*ROUTES, *extra_routes],
        dependencies={
            "cairn": Provide(_cairn, sync_to_thread=False),
            "host": Provide(provide_host, sync_to_thread=False),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=[lifespan, hosting],
        on_startup=list(on_startup),
        middleware=[RequestContext],
        request_max_body_size=MAX_BODY_BYTES,
        openapi_config=OpenAPIConfig(
            title="Cairn",
            version="0.1.0",
            description="Play, review and fork board games; every move is an immutable event.",
            path="/schema",
            render_plugins=[SwaggerRenderPlugin()],
        ),
        debug=debug,
        on_app_init=[_no_litestar_logging],
    )


def _cairn(state: State) -> Application:
    cairn: Application = state.cairn
    return cairn


def _no_litestar_logging(config: AppConfig) -> AppConfig:
    # Our RequestContext middleware logs every request through structlog already.
    config.logging_config = None
    return config
