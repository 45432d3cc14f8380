"""The ASGI entry point ``cairn serve`` hands to uvicorn (one per worker process)."""

from __future__ import annotations

import asyncio
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
    return create_app(database_url=url)


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
