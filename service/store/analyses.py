"""The analyses table: each distinct request's job and, once done, its result
(``service.store.recorders.AnalysisRecorder``; in memory: ``memory_analyses``).

A projection: rows are derived from a game's log and a request alone, never written into
the log, and deleting any of them loses only the time to compute them again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

RUNNING, DONE, FAILED = "running", "done", "failed"
_COLUMNS = "analysis_id, request, status, done, total, result, error, updated_at"


@dataclass(frozen=True)
class Job:
    game_id: UUID
    analysis_id: UUID
    request: dict[str, Any]
    status: str
    done: int
    total: int
    result: dict[str, Any] | None
    """Once done, the result; while a graph runs, its latest sketch (the same graph at
    fewer rollouts a point), or None before its first."""
    error: str | None
    updated_at: datetime

    @property
    def shown(self) -> int:
        """The rollouts a point of a running graph's sketch (its end, when known, has
        none), 0 before its first."""
        if self.status != RUNNING or self.result is None:
            return 0
        return max((point["rollouts"] for point in self.result["points"]), default=0)

    @property
    def viewer(self) -> str:
        """Whose knowledge the results hold ("public", "spectator" or "seat:N")."""
        return str(self.request["viewer"])


@dataclass(frozen=True)
class Progress:
    """A job's progress without its result: what a stream of it polls for."""

    status: str
    done: int
    total: int
    shown: int
    """The rollouts a point of a running graph's sketch, 0 before its first and once the
    job ends (``Job.shown`` of the whole job)."""


class Analyses:
    def __init__(self, pool: ConnectionPool[Any]) -> None:
        self.pool = pool

    def claim(
        self, game_id: UUID, key: str, request: dict[str, Any], total: int
    ) -> tuple[Job, bool]:
        """The job of this request: a new one (True), or the one already there (False)."""
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            cur.execute(
                f"INSERT INTO analyses (game_id, analysis_id, request_key, request, status, total)"
                f" VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (game_id, request_key) DO NOTHING"
                f" RETURNING {_COLUMNS}",
                (game_id, uuid4(), key, Jsonb(request), RUNNING, total),
            )
            row = cur.fetchone()
            if row is not None:
                return _job(game_id, row), True
            cur.execute(
                f"SELECT {_COLUMNS} FROM analyses WHERE game_id = %s AND request_key = %s",
                (game_id, key),
            )
            found = cur.fetchone()
        assert found is not None, "a conflicting row exists: analyses are never deleted here"
        return _job(game_id, found), False

    def get(self, game_id: UUID, analysis_id: UUID) -> Job | None:
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            cur.execute(
                f"SELECT {_COLUMNS} FROM analyses WHERE game_id = %s AND analysis_id = %s",
                (game_id, analysis_id),
            )
            row = cur.fetchone()
        return None if row is None else _job(game_id, row)

    def progress(self, game_id: UUID, analysis_id: UUID) -> Progress | None:
        # the sketch's rollouts read in the database: a long game's sketch is about 100 KB
        # of JSON that a stream polling every 0.25 s would otherwise fetch and parse
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            cur.execute(
                "SELECT status, done, total, CASE WHEN status = %s AND result IS NOT NULL"
                " THEN (SELECT coalesce(max((point->>'rollouts')::int), 0)"
                " FROM jsonb_array_elements(result->'points') AS point) ELSE 0 END AS shown"
                " FROM analyses WHERE game_id = %s AND analysis_id = %s",
                (RUNNING, game_id, analysis_id),
            )
            row = cur.fetchone()
        return None if row is None else Progress(**row)

    def restart(self, job: Job, total: int) -> bool:
        """Take over a failed or abandoned job; False if another process took it first."""
        return self._update(
            job,
            "status = %s, done = 0, total = %s, error = NULL, result = NULL",
            (RUNNING, total),
            expected=job.updated_at,
        )

    def advanced(self, job: Job, done: int) -> None:
        self._update(job, "done = %s", (done,))

    def sketched(self, job: Job, done: int, graph: dict[str, Any]) -> None:
        self._update(job, "done = %s, result = %s", (done, Jsonb(graph)))

    def finished(self, job: Job, result: dict[str, Any]) -> None:
        self._update(job, "status = %s, done = total, result = %s", (DONE, Jsonb(result)))

    def failed(self, job: Job, error: str) -> None:
        self._update(job, "status = %s, error = %s", (FAILED, error))

    def _update(
        self,
        job: Job,
        assignments: str,
        values: tuple[Any, ...],
        expected: datetime | None = None,
    ) -> bool:
        # ``updated_at`` is the job's version too (``restart`` compares it). ``now()``, the
        # transaction's start, not ``clock_timestamp()``: Citus refuses a volatile function
        # in an UPDATE of a distributed table (and a stable one beside a column, so no
        # ``greatest`` with the last stamp). Every change is a transaction of its own,
        # begun after the change it follows was read, so each stamp still differs from the
        # one a reader saw (the store contract runs on Citus too: tests/service/store_contract).
        query = (
            f"UPDATE analyses SET {assignments}, updated_at = now()"
            " WHERE game_id = %s AND analysis_id = %s"
        )
        params: tuple[Any, ...] = (*values, job.game_id, job.analysis_id)
        if expected is not None:
            query += " AND updated_at = %s"
            params += (expected,)
        with self.pool.connection() as conn:
            return bool(conn.execute(query, params).rowcount == 1)


def _job(game_id: UUID, row: dict[str, Any]) -> Job:
    return Job(game_id=game_id, **row)
