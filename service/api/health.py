"""Liveness and readiness: /health answers only when the database does.

On Citus it also names each worker: one that does not answer makes the status "degraded",
still a 200, since the games on the other workers go on (docs/scaling.md); the coordinator
not answering is a 503 as on one PostgreSQL."""

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
    workers = cairn.store.workers()
    body: dict[str, Any] = {"status": "ok", "database": "ok"}
    if workers:
        body["workers"] = workers
        if "down" in workers.values():
            body["status"] = "degraded"
    return Response(body)
