"""Request context for logs: a request id (from X-Request-ID or new) and the game id."""

from __future__ import annotations

import re
import secrets
import time
from typing import Any

import structlog
from litestar.enums import ScopeType
from litestar.routes import HTTPRoute
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.logs import logger

_GAME_PATH = re.compile(r"^/games/([0-9a-fA-F-]{36})")
_REQUEST_ID = re.compile(r"[\w.-]{1,64}")


class RequestContext:
    """Binds request_id and game_id into structlog's context for everything logged inside.

    ``arrived`` is the ``perf_counter`` at which the request reached the server, for a
    caller that wraps the request only after reading its body (``play_asgi``): the line's
    ``ms`` counts from there, as it does from this middleware's call in Litestar's stack.
    """

    def __init__(self, app: ASGIApp, arrived: float | None = None) -> None:
        self.app = app
        self.arrived = arrived

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        incoming = headers.get(b"x-request-id", b"").decode("latin-1")[:64]
        request_id = incoming if _REQUEST_ID.fullmatch(incoming) else secrets.token_hex(16)
        context: dict[str, Any] = {"request_id": request_id}
        match = _GAME_PATH.match(scope.get("path", ""))
        if match:
            context["game_id"] = match.group(1).lower()
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(**context)
        started = time.perf_counter() if self.arrived is None else self.arrived
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", request_id.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            logger().info(
                "request.completed",
                method=scope.get("method"),
                path=scope.get("path"),
                status=status,
                ms=round((time.perf_counter() - started) * 1000, 2),
            )
            structlog.contextvars.clear_contextvars()


class AllowedMethods:
    """An OPTIONS answer's ``Allow`` names every method of its path.

    Litestar answers OPTIONS from the first route registered on a path and keeps that
    answer when another handler joins the path later, so ``OPTIONS /games`` said
    ``OPTIONS, POST`` while ``GET /games`` exists too. The path's methods are read from
    the app's routes instead.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._allowed: dict[str, bytes] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope.get("method") != "OPTIONS":
            await self.app(scope, receive, send)
            return
        allowed = self._allowed_on(scope)

        async def send_allowed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                if any(name.lower() == b"allow" for name, _ in headers):
                    kept = [(name, value) for name, value in headers if name.lower() != b"allow"]
                    message["headers"] = [*kept, (b"allow", allowed)]
            await send(message)

        await self.app(scope, receive, send_allowed)

    def _allowed_on(self, scope: Scope) -> bytes:
        template: str = scope.get("path_template", "")
        known = self._allowed.get(template)
        if known is None:
            methods: set[str] = set()
            for route in scope["litestar_app"].routes:
                if isinstance(route, HTTPRoute) and route.path_format == template:
                    methods |= set(route.methods)
            known = self._allowed[template] = ", ".join(sorted(methods)).encode()
        return known
