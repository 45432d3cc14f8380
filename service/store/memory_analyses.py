"""The analyses table in memory: the same jobs as ``service.store.analyses``, in one dict.

A job's ``updated_at`` is its version as well as its time: ``restart`` takes a job over only
if it was not touched since it was read. PostgreSQL stamps it with the time its transaction
began (``now()``, which Citus allows in an UPDATE); here every stamp is strictly later than
the one before (``_Stamps``), so two updates in the same microsecond can never leave a job
looking untouched.
"""

from __future__ import annotations

import dataclasses
import json
import threading
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

from service.store.analyses import DONE, FAILED, RUNNING, Job, Progress
from service.store.records import canonical_json


class _Stamps:
    """Wall-clock times that never repeat nor go back, one tick (1 µs) apart at least."""

    def __init__(self) -> None:
        self._last = datetime.min.replace(tzinfo=UTC)

    def next(self) -> datetime:
        self._last = max(datetime.now(UTC), self._last + timedelta(microseconds=1))
        return self._last


class _Keep:
    """The result stays as it is (an update that is not about the result)."""


_KEEP = _Keep()


@dataclasses.dataclass
class _Row:
    job: Job
    request_text: str
    result_text: str | None = None


class MemoryAnalyses:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[tuple[UUID, UUID], _Row] = {}
        self._keys: dict[tuple[UUID, str], UUID] = {}
        self._stamps = _Stamps()

    def claim(
        self, game_id: UUID, key: str, request: dict[str, Any], total: int
    ) -> tuple[Job, bool]:
        with self._lock:
            found = self._keys.get((game_id, key))
            if found is not None:
                return self._read(game_id, found), False
            analysis_id = uuid4()
            job = Job(game_id, analysis_id, {}, RUNNING, 0, total, None, None, self._stamps.next())
            self._rows[(game_id, analysis_id)] = _Row(job, canonical_json(request))
            self._keys[(game_id, key)] = analysis_id
            return self._read(game_id, analysis_id), True

    def get(self, game_id: UUID, analysis_id: UUID) -> Job | None:
        with self._lock:
            if (game_id, analysis_id) not in self._rows:
                return None
            return self._read(game_id, analysis_id)

    def _read(self, game_id: UUID, analysis_id: UUID) -> Job:
        """The job as a row reads back: request and result parsed afresh."""
        row = self._rows[(game_id, analysis_id)]
        result = None if row.result_text is None else json.loads(row.result_text)
        return dataclasses.replace(row.job, request=json.loads(row.request_text), result=result)

    def progress(self, game_id: UUID, analysis_id: UUID) -> Progress | None:
        job = self.get(game_id, analysis_id)
        return None if job is None else Progress(job.status, job.done, job.total, job.shown)

    def restart(self, job: Job, total: int) -> bool:
        changes = {"status": RUNNING, "done": 0, "total": total, "error": None}
        return self._update(job, changes, result_text=None, expected=job.updated_at)

    def advanced(self, job: Job, done: int) -> None:
        self._update(job, {"done": done})

    def sketched(self, job: Job, done: int, graph: dict[str, Any]) -> None:
        self._update(job, {"done": done}, result_text=canonical_json(graph))

    def finished(self, job: Job, result: dict[str, Any]) -> None:
        self._update(job, {"status": DONE}, result_text=canonical_json(result), done_all=True)

    def failed(self, job: Job, error: str) -> None:
        self._update(job, {"status": FAILED, "error": error})

    def _update(
        self,
        job: Job,
        changes: dict[str, Any],
        result_text: str | _Keep | None = _KEEP,
        expected: datetime | None = None,
        done_all: bool = False,
    ) -> bool:
        with self._lock:
            row = self._rows.get((job.game_id, job.analysis_id))
            if row is None or (expected is not None and row.job.updated_at != expected):
                return False
            if done_all:
                changes = {**changes, "done": row.job.total}
            if not isinstance(result_text, _Keep):
                row.result_text = result_text  # a sketch or the end sets it; a restart clears it
            row.job = dataclasses.replace(row.job, **changes, updated_at=self._stamps.next())
            return True
