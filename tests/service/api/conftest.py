"""A real HTTP server over the test database for the play API tests (``server``), or over
either store (``any_server``).

The app is ``create_app(assemble(store))`` (the one composition root) served by uvicorn in
a thread on a free port, so streams, concurrency and bots run as in production.
``quiet(server)`` waits until no bot driver is running (bot quiescence).
"""

from __future__ import annotations

import hashlib
import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import structlog
import uvicorn
from litestar import Litestar
from structlog.testing import LogCapture

from service.api.app import create_app
from service.api.config import ServeConfig
from service.api.hosting import Host
from service.application import Application
from service.composition import Service, assemble
from service.logs import forget_loggers
from service.store import EventStore
from service.store.memory import MemoryStore
from tests.support import sealed
from tests.support.rulesets import installed

# Every shared ruleset (tests/support/rulesets.py), the test-only simultaneous one included.
RULESETS = [r.id for r in installed()]
ORIGIN = "http://front.test"
"""The one browser origin the test server allows (cairn serve --cors-origin)."""
ADMIN_TOKEN = "test-admin-token-" + "0" * 16
KEEPALIVE_SECONDS = 0.5
"""Short, so that a test sees a keep-alive soon; only how long it waits depends on it."""


@pytest.fixture(scope="package", autouse=True)
def simultaneous_ruleset() -> None:
    """Register "sealed" when these tests run, not at import, so that suites elsewhere that
    parametrize over the registry at collection time do not pick it up."""
    sealed.install()


@dataclass
class Server:
    url: str
    app: Litestar
    cairn: Application

    @property
    def host(self) -> Host:
        host: Host = self.app.state.host
        return host

    def quiet(self, timeout: float = 30.0) -> None:
        bots = self.host.bots
        assert bots is not None and bots.wait_idle(timeout), "bots did not settle"

    def client(self, timeout: float = 30.0) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


CONFIG = ServeConfig(
    cors_origins=(ORIGIN,),
    admin_token_sha256=hashlib.sha256(ADMIN_TOKEN.encode()).hexdigest(),
    keepalive_seconds=KEEPALIVE_SECONDS,
)


@contextmanager
def serving(
    service: Service, config: ServeConfig = CONFIG, *, plain_play: bool = True
) -> Iterator[Server]:
    """The service's app served by uvicorn in a thread on a free port, until the block ends
    (``plain_play=False``: a move's requests through Litestar's handlers too)."""
    app = create_app(service, config=config, plain_play=plain_play)
    port = free_port()
    settings = uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, lifespan="on")
    uv = uvicorn.Server(settings)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.02)
    try:
        yield Server(f"http://127.0.0.1:{port}", app, service.cairn)
    finally:
        uv.should_exit = True
        thread.join(10)


@pytest.fixture(scope="session")
def server(store: EventStore) -> Iterator[Server]:
    # No sweep: this server shares the session's database with tests that play bot seats
    # themselves (tests/service/test_reactions.py tests the sweep on a database of its own).
    with serving(assemble(store, sweep_every=None)) as served:
        yield served


@pytest.fixture(
    scope="module", params=["memory", pytest.param("postgres", marks=pytest.mark.storage)]
)
def any_server(request: pytest.FixtureRequest) -> Iterator[Server]:
    """The same served Cairn over the in-memory store or over PostgreSQL (the session's
    ``server``), for tests that read what was stored through the store's interface only."""
    if request.param == "postgres":
        postgres: Server = request.getfixturevalue("server")
        yield postgres
        return
    with serving(assemble(MemoryStore(), sweep_every=None)) as served:
        yield served


@pytest.fixture
def any_http(any_server: Server) -> Iterator[httpx.Client]:
    with any_server.client() as client:
        yield client


@pytest.fixture
def http(server: Server) -> Iterator[httpx.Client]:
    with server.client() as client:
        yield client


@pytest.fixture
def logs() -> Iterator[list[dict[str, Any]]]:
    """What the app logs while the test runs, as structlog's entries (its configuration is
    restored after)."""
    capture = LogCapture()
    old = structlog.get_config()
    structlog.configure(
        processors=[structlog.contextvars.merge_contextvars, capture],
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO),
    )
    forget_loggers()
    try:
        yield capture.entries
    finally:
        structlog.configure(**old)
        forget_loggers()
