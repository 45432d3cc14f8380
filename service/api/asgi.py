"""The ASGI entry point ``cairn serve`` hands to uvicorn (one per worker process)."""

from __future__ import annotations

import asyncio
import gc
import os
import socket
from typing import Any

from litestar import Litestar
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.api.app import create_app
from service.api.config import ServeConfig
from service.logs import configure

RESOLVED_URL = "CAIRN_RESOLVED_DATABASE_URL"
LOOP = "uvloop"
"""The event loop ``cairn serve`` (and the benchmark's bare server) runs on."""


def create_from_env() -> Litestar:
    """Build the app on the database ``cairn serve`` resolved and migrated beforehand."""
    configure(os.environ.get("CAIRN_LOG_LEVEL", "INFO"))
    url = os.environ.get(RESOLVED_URL)
    if not url:
        from service.store.database import database_url

        url = database_url()
    app = create_app(database_url=url, config=ServeConfig.from_env())
    # Everything built so far (modules, the rulesets' content, the app) lives as long as
    # the process. Frozen, the garbage collector's full passes stop walking it: they took
    # up to 130 ms with 32 clients and set the latency tail (bench/HISTORY.md).
    gc.freeze()
    return app


def _no_delay(transport: asyncio.Transport) -> None:
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class NoDelayHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's compiled HTTP/1.1 protocol (httptools), with Nagle's algorithm off on every
    connection: what ``cairn serve`` runs.

    asyncio turns Nagle off only for sockets it creates itself. With ``--workers`` above 1,
    uvicorn binds the listening socket with protocol 0, so accepted connections keep Nagle
    on: a response's body, written after its headers, then waits for the client's delayed
    ACK, and every request took at least 40 ms (bench/HISTORY.md).
    """

    def connection_made(self, transport: Any) -> None:
        _no_delay(transport)
        super().connection_made(transport)
