"""The HTTP protocol ``cairn serve`` runs: the compiled parser, Nagle's algorithm off on every
connection.

With ``--workers`` above 1, uvicorn binds its listening socket with protocol 0, and asyncio
then leaves Nagle on for the connections it accepts: every response waited for the client's
delayed ACK, 40 ms. These tests accept connections on such a socket, as uvicorn does.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from service.api.asgi import NoDelayHttpToolsProtocol


async def _app(scope: Any, receive: Any, send: Any) -> None:  # pragma: no cover - never called
    raise AssertionError("no request is sent")


async def _nodelay_of_accepted(protocol: type[Any]) -> int:
    config = uvicorn.Config(_app, http=protocol)
    config.load()
    state = ServerState()
    seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    class Probe(protocol):  # type: ignore[valid-type, misc]
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            sock = transport.get_extra_info("socket")
            seen.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    listener = socket.socket(socket.AF_INET)  # protocol 0, as uvicorn binds it for workers
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    assert listener.proto == 0
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: Probe(config, state, {}), sock=listener)
    try:
        _, writer = await asyncio.open_connection(*listener.getsockname()[:2])
        value = await asyncio.wait_for(seen, 5)
        writer.close()
        return value
    finally:
        server.close()


def test_the_served_protocol_turns_nagle_off_on_a_protocol_0_listener() -> None:
    assert issubclass(NoDelayHttpToolsProtocol, HttpToolsProtocol), "the compiled parser"
    assert asyncio.run(_nodelay_of_accepted(NoDelayHttpToolsProtocol)) != 0


def test_uvicorns_own_protocols_leave_it_on_there_which_is_why_ours_exists() -> None:
    # The control: if asyncio or uvicorn ever fix this themselves, the override can go.
    assert asyncio.run(_nodelay_of_accepted(HttpToolsProtocol)) == 0
    assert asyncio.run(_nodelay_of_accepted(H11Protocol)) == 0
