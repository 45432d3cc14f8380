"""The ASGI entry point ``cairn serve`` hands to uvicorn (one per worker process)."""

from __future__ import annotations

import asyncio
import gc
import os
import socket

from litestar import Litestar
from uvicorn.protocols.http.h11_impl import H11Protocol

from service.api.app import create_app
from service.logs import configure

RESOLVED_URL = "CAIRN_RESOLVED_DATABASE_URL"


def create_from_env() -> Litestar:
    """Build the app on the database ``cairn serve`` resolved and migrated beforehand."""
    configure(os.environ.get("CAIRN_LOG_LEVEL", "INFO"))
    url = os.environ.get(RESOLVED_URL)
    if not url:
        from service.store.database import database_url

        url = database_url()
    app = create_app(database_url=url)
    # Everything built so far (modules, the rulesets' content, the app) lives as long as
    # the process. Frozen, the garbage collector's full passes stop walking it: they took
    # up to 130 ms with 32 clients and set the latency tail (bench/README.md).
    gc.freeze()
    return app


class NoDelayH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with Nagle's algorithm off on every connection.

    asyncio turns Nagle off only for sockets it creates itself. With ``--workers`` above 1,
    uvicorn binds the listening socket with protocol 0, so accepted connections keep Nagle
    on: a response's body, written after its headers, then waits for the client's delayed
    ACK, and every request took at least 40 ms (bench/README.md).
    """

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
