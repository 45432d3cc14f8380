"""Liveness and readiness: /health answers only when the database does."""

from __future__ import annotations

from typing import Any

from litestar import Response, get
from litestar.di import NamedDependency

from service.api.bodies import problems
from service.application import Application


@get(
    "/health",
    operation_id="getHealth",
    responses=problems(),
    summary="Readiness: the service and its database answer",
    tags=["health"],
    sync_to_thread=True,
)
def health(cairn: NamedDependency[Application]) -> Response[dict[str, Any]]:
    cairn.store.ping()  # DatabaseUnavailable becomes a 503 problem
    return Response({"status": "ok", "database": "ok"})
