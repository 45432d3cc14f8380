"""The Litestar application factory."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from litestar import Litestar
from litestar.config.app import AppConfig
from litestar.config.cors import CORSConfig
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig

from domain.games import load_all
from service.api.config import ServeConfig
from service.api.document import ASSET_FILES, OfflineSwagger, TypedJson, index
from service.api.health import health
from service.api.hosting import Host, hosting
from service.api.leagues import LEAGUE_ROUTES
from service.api.lobby import LOBBY_ROUTES
from service.api.middleware import AllowedMethods, RequestContext
from service.api.play_asgi import serve_play
from service.api.problems import EXCEPTION_HANDLERS
from service.api.routes import PLAY_ROUTES
from service.api.schemas import StrictStructSchemas
from service.api.screening import plain_integers
from service.application import Application
from service.composition import Service, assemble, open_pool
from service.store import EventStore
from service.sweep import sweep_seconds
from service.viewer.routes import VIEWER_ROUTES

MAX_BODY_BYTES = 256 * 1024

# Route modules add themselves here (the play API, forks, replays ...).
ROUTES: list[Any] = [
    index,
    health,
    *PLAY_ROUTES,
    *LOBBY_ROUTES,
    *LEAGUE_ROUTES,
    *VIEWER_ROUTES,
    ASSET_FILES,
]
# What a browser page on an allowed origin may send, and read back from an answer.
CORS_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID"]
CORS_EXPOSED = ["Location", "Retry-After", "X-Request-ID", "Allow", "ETag"]


def create_app(
    service: Service | None = None,
    *,
    database_url: str | None = None,
    extra_routes: Sequence[Any] = (),
    on_startup: Sequence[Callable[[Litestar], Any]] = (),
    debug: bool = False,
    config: ServeConfig | None = None,
    plain_play: bool = True,
) -> Litestar:
    """Build the app over ``service``, or over one assembled on a pool on ``database_url``.

    ``plain_play`` answers a move's two requests below Litestar's handler machinery, as
    the routes would (``service.api.play_asgi``); off, Litestar answers them (tests compare
    the two)."""
    load_all()
    config = config or ServeConfig()

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = None
        served = service
        if served is None:
            if database_url is None:
                raise ValueError("create_app needs a service or a database_url")
            pool = open_pool(database_url)
            served = assemble(EventStore(pool), sweep_every=sweep_seconds())
        app.state.service = served
        app.state.cairn = served.cairn
        app.state.config = config
        try:
            yield
        finally:
            if pool is not None:
                pool.close()

    # Providers without parameters: Litestar parses a provider's parameters out of each
    # request (the signature model's convert) before calling it; these read the app's own.
    def cairn() -> Application:
        served: Application = app.state.cairn
        return served

    def host() -> Host:
        hosted: Host = app.state.host
        return hosted

    app = Litestar(
        route_handlers=[*ROUTES, *extra_routes],
        dependencies={
            "cairn": Provide(cairn, sync_to_thread=False),
            "host": Provide(host, sync_to_thread=False),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=[lifespan, hosting],
        on_startup=list(on_startup),
        middleware=[RequestContext, AllowedMethods],
        before_request=plain_integers,
        plugins=[StrictStructSchemas()],
        request_max_body_size=MAX_BODY_BYTES,
        cors_config=_cors(config),
        openapi_config=OpenAPIConfig(
            title="Cairn",
            version="0.1.0",
            description="Play, review and fork board games; every move is an immutable event."
            " The play API's choices are in docs/api.md.",
            path="/schema",
            render_plugins=[OfflineSwagger(), TypedJson()],
        ),
        debug=debug,
        on_app_init=[_no_litestar_logging],
    )
    if plain_play:
        serve_play(app)
    return app


def _cors(config: ServeConfig) -> CORSConfig | None:
    """CORS for the configured origins only (none by default: no CORS headers at all).
    Credentials are bearer tokens in a header, never cookies, so none are allowed."""
    if not config.cors_origins:
        return None
    return CORSConfig(
        allow_origins=list(config.cors_origins),
        allow_methods=["GET", "POST"],
        allow_headers=CORS_HEADERS,
        expose_headers=CORS_EXPOSED,
        allow_credentials=False,
        max_age=600,
    )


def _no_litestar_logging(config: AppConfig) -> AppConfig:
    # Our RequestContext middleware logs every request through structlog already.
    config.logging_config = None
    return config
