"""The two requests of every move, served below Litestar's handler machinery.

A move is one ``GET /games/{id}/legal-commands`` and one ``POST /games/{id}/commands``.
Litestar spends more of the event loop's time on each than the application does on the
loop (routing, the kwargs and signature models, the before-request hook, building a
``Response``; bench/HISTORY.md, ``asgi-play``). ``PlayRoutes`` sits in front of Litestar's
own ASGI handler and answers exactly those two shapes itself: it calls the functions the
Litestar handlers call (``play.offer_to_seat``, ``play.send_as_seat``) in a worker thread,
inside the same ``RequestContext`` (request id, log context, the ``request.completed``
line), and maps their exceptions through the app's one exception map (``problems.py``).

Every request it cannot answer exactly as Litestar would goes to Litestar untouched (a
body already read is handed on as it came): a query string, U+0000 in the path, a root
path, a repeated or empty header it reads, an ``Origin`` when CORS is configured, a body
without a ``Content-Length`` or over the limit, or one ``strict_body`` would refuse (not
JSON, too deep, not a ``SendCommand``, an escaped U+0000). So every 4xx of the screening
comes from Litestar itself, and the routes stay registered there for the OpenAPI document.
``tests/service/api/test_play_asgi.py`` sends the same requests with and without it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import anyio
import msgspec
from litestar import Litestar
from litestar.enums import ScopeType
from litestar.handlers import HTTPRouteHandler
from litestar.routes import HTTPRoute
from litestar.serialization import encode_json, get_serializer
from litestar.types import (
    ASGIApp,
    HTTPResponseBodyEvent,
    HTTPResponseStartEvent,
    Receive,
    ReceiveMessage,
    Scope,
    Send,
)

from service.api.bodies import SendCommand
from service.api.hosting import Host
from service.api.middleware import AllowedMethods, RequestContext
from service.api.play import offer_to_seat, send_as_seat
from service.api.problems import handler_for
from service.api.screening import is_json, plain_integers, strict_body, too_deep

LEGAL = "/games/{game_id}/legal-commands"
COMMANDS = "/games/{game_id}/commands"
_LEGAL = re.compile(r"/games/([^/]+)/legal-commands")
_COMMANDS = re.compile(r"/games/([^/]+)/commands")
# The pattern of the Litestar route's Idempotency-Key parameter (service/api/play.py).
_KEY = re.compile(r"[\x21-\x7e]{1,200}")
_READ = frozenset({b"authorization", b"idempotency-key", b"content-type", b"content-length"})
_JSON = (b"content-type", b"application/json")

Work = Callable[[], msgspec.Struct]


class PlayRoutes:
    """Litestar's ASGI handler, with a move's two requests answered in front of it."""

    def __init__(self, app: Litestar, litestar: ASGIApp) -> None:
        self.app = app
        self.litestar = litestar
        self.legal = registered(app, LEGAL, "GET")
        self.commands = registered(app, COMMANDS, "POST")
        self.max_body = self.commands.resolve_request_max_body_size() or 0
        self.cors = app.cors_config is not None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        arrived = time.perf_counter()
        if scope["type"] != ScopeType.HTTP or scope["query_string"] or scope.get("root_path"):
            await self.litestar(scope, receive, send)
            return
        path: str = scope["path"]
        method = scope["method"]
        if method == "GET" and (match := _LEGAL.fullmatch(path)) and "\x00" not in path:
            headers = self._headers(scope)
            if headers is not None:
                await self._legal(scope, receive, send, match.group(1), headers, arrived)
                return
        elif method == "POST" and (match := _COMMANDS.fullmatch(path)) and "\x00" not in path:
            headers = self._headers(scope)
            if headers is not None:
                await self._command(scope, receive, send, match.group(1), headers, arrived)
                return
        await self.litestar(scope, receive, send)

    def _headers(self, scope: Scope) -> dict[bytes, bytes] | None:
        """The headers a play route reads, or None where Litestar must answer: one of them
        repeated or empty (which value a parameter takes is Litestar's to say), or an
        ``Origin`` for the CORS middleware."""
        read: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            if name in _READ:
                if name in read or not value:
                    return None
                read[name] = value
            elif name == b"origin" and self.cors:
                return None
        return read

    async def _legal(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        game_id: str,
        headers: dict[bytes, bytes],
        arrived: float,
    ) -> None:
        authorization = _text(headers.get(b"authorization"))
        host = self._host()
        await self._answer(
            scope,
            receive,
            send,
            self.legal,
            lambda: offer_to_seat(host, game_id, authorization),
            arrived,
        )

    async def _command(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        game_id: str,
        headers: dict[bytes, bytes],
        arrived: float,
    ) -> None:
        key = _text(headers.get(b"idempotency-key"))
        length = headers.get(b"content-length", b"")
        media = headers.get(b"content-type", b"").decode("latin-1").partition(";")[0]
        if (
            (key is not None and not _KEY.fullmatch(key))
            or not length.isdigit()
            or int(length) > self.max_body
            or not is_json(media.strip().lower())
        ):
            await self.litestar(scope, receive, send)
            return
        body, received = await _read(receive)
        data = _screened(body) if body is not None else None
        if data is None:
            await self.litestar(scope, _replay(received, receive), send)
            return
        authorization = _text(headers.get(b"authorization"))
        host = self._host()
        await self._answer(
            scope,
            receive,
            send,
            self.commands,
            lambda: send_as_seat(host, game_id, data, authorization, key),
            arrived,
        )

    def _host(self) -> Host:
        host: Host = self.app.state.host
        return host

    async def _answer(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        route: HTTPRouteHandler,
        work: Work,
        arrived: float,
    ) -> None:
        """``work``'s answer, or its exception's; the log line's ``ms`` counts from when
        the request ``arrived``, before its body was read, as Litestar's does."""

        async def respond(scope: Scope, receive: Receive, send: Send) -> None:
            try:
                answer = await anyio.to_thread.run_sync(work)
                body = encode_json(answer, get_serializer(route.resolve_type_encoders()))
            except Exception as exc:
                await _problem(self.app, route, exc, scope, receive, send)
                return
            length = (b"content-length", str(len(body)).encode())
            start: HTTPResponseStartEvent = {
                "type": "http.response.start",
                "status": 200,
                "headers": [_JSON, length],
            }
            answered: HTTPResponseBodyEvent = {
                "type": "http.response.body",
                "body": body,
                "more_body": False,
            }
            await send(start)
            await send(answered)

        await RequestContext(respond, arrived)(scope, receive, send)


async def _problem(
    app: Litestar,
    route: HTTPRouteHandler,
    exc: Exception,
    scope: Scope,
    receive: Receive,
    send: Send,
) -> None:
    """The answer Litestar's exception middleware gives for ``exc`` raised by ``route``'s
    handler: the handler its exception map names (``problems.EXCEPTION_HANDLERS``)."""
    handlers = route.resolve_exception_handlers()
    handler = handler_for(handlers, exc)
    assert handler is not None, "the app's map has a handler for Exception"
    request = app.request_class(scope=scope, receive=receive, send=send)
    response = handler(request, exc)
    encoders = route.resolve_type_encoders()
    await response.to_asgi_response(app=None, request=request, type_encoders=encoders)(
        scope, receive, send
    )


def registered(app: Litestar, path: str, method: str) -> HTTPRouteHandler:
    for route in app.routes:
        if isinstance(route, HTTPRoute) and route.path_format == path:
            handler, _ = route.route_handler_map[method]  # type: ignore[index]
            return handler
    raise LookupError(f"{method} {path} is not a route of this app")


def _text(value: bytes | None) -> str | None:
    # Litestar reads header values as latin-1.
    return None if value is None else value.decode("latin-1")


async def _read(receive: Receive) -> tuple[bytes | None, list[ReceiveMessage]]:
    """The whole body and the messages it came in; None for the body if the client went
    away first (Litestar's to answer)."""
    received: list[ReceiveMessage] = []
    chunks: list[bytes] = []
    while True:
        message = await receive()
        received.append(message)
        if message["type"] != "http.request":
            return None, received
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks), received


def _replay(received: list[ReceiveMessage], receive: Receive) -> Receive:
    """``receive`` as if nothing had been read from it yet."""
    pending = list(received)

    async def replayed() -> ReceiveMessage:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


def _screened(body: bytes) -> SendCommand | None:
    """The body as ``strict_body`` lets it through to the handler, or None for any body
    it would refuse (and for one it would walk for U+0000)."""
    if too_deep(body) or b"\\u0000" in body:
        return None
    try:
        return msgspec.json.decode(body, type=SendCommand, strict=True)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


def serve_play(app: Litestar) -> None:
    """Put ``PlayRoutes`` in front of the app's ASGI handler (after Litestar set it up:
    ``Litestar.__call__`` still sets the scope's app and hands lifespan events on), if the
    app is one whose two routes it answers as Litestar would."""
    if mirrors_litestar(app):
        app.asgi_handler = PlayRoutes(app, app.asgi_handler)


def mirrors_litestar(app: Litestar) -> bool:
    """Whether Litestar does nothing for a move's requests that ``PlayRoutes`` does not:
    the middleware and before-request hooks ``create_app`` gives the routes, and no layer
    it leaves out (guards, hooks after a request, an answer or an exception, Litestar's own
    logging, compression, CSRF, allowed hosts, a response cache, response headers)."""
    if app.after_exception or app.logging_config or app.compression_config:
        return False
    if app.csrf_config or app.allowed_hosts:
        return False
    for path, method, hook in ((LEGAL, "GET", plain_integers), (COMMANDS, "POST", strict_body)):
        handler = registered(app, path, method)
        if (
            handler.resolve_guards()
            or handler.resolve_after_response()
            or any(layer.after_request for layer in handler.ownership_layers)
            or handler.cache
            or handler.resolve_response_headers()
            or handler.resolve_response_cookies()
            or handler.resolve_before_request() is not hook
            or set(handler.resolve_middleware()) != {RequestContext, AllowedMethods}
        ):
            return False
    return True
