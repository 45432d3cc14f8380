"""The HTTP benchmark's baseline: a bare Litestar app doing one INSERT+COMMIT per POST.

Served by uvicorn exactly as ``cairn serve`` is (same worker count, loopback), over a pool
of the same size, so the difference measured is Cairn's own work per request: loading the
game, deciding, the hash chain, the idempotency and seat checks, logging.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from litestar import Litestar, Request, get, post
from litestar.params import FromPath, JSONBody
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

URL_VARIABLE = "BENCH_BARE_DATABASE_URL"
TABLE = (
    "CREATE TABLE IF NOT EXISTS bench_bare"
    " (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, payload jsonb NOT NULL)"
)


def _pool(request: Request[Any, Any, Any]) -> ConnectionPool[Any]:
    pool: ConnectionPool[Any] = request.app.state.pool
    return pool


@get("/health", sync_to_thread=True)
def health(request: Request[Any, Any, Any]) -> dict[str, str]:
    with _pool(request).connection() as conn:
        conn.execute("SELECT 1")
    return {"status": "ok"}


@get("/rows/{row_id:int}", sync_to_thread=True)
def read_row(request: Request[Any, Any, Any], row_id: FromPath[int]) -> dict[str, Any]:
    """The counterpart of Cairn's legal-commands read: one indexed SELECT."""
    with _pool(request).connection() as conn:
        row = conn.execute("SELECT payload FROM bench_bare WHERE id = %s", (row_id,)).fetchone()
    return {"payload": row[0] if row else None}


@post("/rows", sync_to_thread=True, status_code=200)
def insert_row(request: Request[Any, Any, Any], data: JSONBody[dict[str, Any]]) -> dict[str, int]:
    with _pool(request).connection() as conn:
        row = conn.execute(
            "INSERT INTO bench_bare (payload) VALUES (%s) RETURNING id", (Jsonb(data),)
        ).fetchone()
        conn.commit()
    return {"id": row[0] if row else 0}


def create_app() -> Litestar:
    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        with ConnectionPool(os.environ[URL_VARIABLE], min_size=1, max_size=16) as pool:
            app.state.pool = pool
            yield

    # No logging set-up, as Cairn's app (service/api/app.py): Litestar's default installs
    # handlers on the process's loggers bound to the stderr of the moment, which outlive an
    # in-process run (the move profile's) and then write to a closed stream
    return Litestar([health, read_row, insert_row], lifespan=[lifespan], logging_config=None)


def main() -> None:
    """Serve the bare app as ``cairn serve`` serves Cairn: uvicorn, the same protocol class
    (the compiled parser) and event loop."""
    import uvicorn

    from service.api.asgi import LOOP, NoDelayHttpToolsProtocol

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    uvicorn.run(
        "bench.support.bare:create_app",
        factory=True,
        host="127.0.0.1",
        port=args.port,
        workers=args.workers,
        http=NoDelayHttpToolsProtocol,
        loop=LOOP,
        access_log=False,
        log_level="warning",
    )


if __name__ == "__main__":
    main()
