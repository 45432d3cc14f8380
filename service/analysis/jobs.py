"""Analyses in the background, for the API: a request returns at once with its job.

One analysis runs at a time per server process, on every core (``CAIRN_ANALYSIS_JOBS``
overrides the count); the others wait their turn in a queue. The same request again finds
the same job through its cache key, running or done. A job whose process died stays
"running" without advancing: after ``ABANDONED_SECONDS`` the next identical request takes
it over, as it does a failed one.
"""

from __future__ import annotations

import os
import queue
import threading
import time
import weakref
from typing import Any

from service.analysis.analyst import Prepared, compute, prepare
from service.analysis.request import Request
from service.application import Application
from service.logs import logger
from service.store.analyses import DONE, FAILED, Job, Progress

ABANDONED_SECONDS = 120.0
CLOSE_SECONDS = 10.0
"""How long a stopping process waits for its running analysis to stop."""
PROGRESS_SECONDS = 0.5
"""How often a running job writes how far it got."""


def default_jobs() -> int:
    configured = os.environ.get("CAIRN_ANALYSIS_JOBS")
    if configured and configured.isdigit() and int(configured) > 0:
        return int(configured)
    return os.cpu_count() or 1


class AnalysisJobs:
    def __init__(self, cairn: Application, jobs: int | None = None) -> None:
        self.cairn = cairn
        self.analyses = cairn.store.analyses
        self.jobs = jobs or default_jobs()
        self._queue: queue.Queue[tuple[Job, Prepared]] = queue.Queue()
        self._mine: set[Any] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()

    def start(self, game_id: Any, viewer: int | None, request: Request) -> Job:
        """The job of this analysis, started now if it is new (or failed, or abandoned)."""
        prepared = prepare(self.cairn.store, game_id, viewer, request)
        game = prepared.scope.trail.game.game_id
        job, new = self.analyses.claim(game, prepared.key, prepared.body, prepared.total)
        if new or (self._may_take_over(job) and self.analyses.restart(job, prepared.total)):
            self._enqueue(job, prepared)
            return self.analyses.get(game, job.analysis_id) or job
        return job

    def get(self, game_id: Any, analysis_id: Any) -> Job | None:
        return self.analyses.get(game_id, analysis_id)

    def progress(self, game_id: Any, analysis_id: Any) -> Progress | None:
        return self.analyses.progress(game_id, analysis_id)

    def wait(self, game_id: Any, analysis_id: Any, timeout: float = 60.0) -> Job | None:
        """Poll until the job is done or failed (tests, the CLI)."""
        deadline = time.monotonic() + timeout
        while True:
            job = self.get(game_id, analysis_id)
            if job is None or job.status in (DONE, FAILED) or time.monotonic() > deadline:
                return job
            time.sleep(0.05)

    def close(self, timeout: float = CLOSE_SECONDS) -> None:
        """Stop: the running analysis stops at its next finished task (its workers are
        terminated) and the queued ones are dropped, all left running in the store, for
        the next identical request to take over (``ABANDONED_SECONDS``). Before, a stopping
        server's analysis played on until it wrote to a closed connection pool, then failed
        with a traceback."""
        self._closing.set()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _may_take_over(self, job: Job) -> bool:
        if job.status == FAILED:
            return True
        if job.status == DONE or job.analysis_id in self._mine:
            return False
        idle = time.time() - job.updated_at.timestamp()
        return idle > ABANDONED_SECONDS

    def _enqueue(self, job: Job, prepared: Prepared) -> None:
        with self._lock:
            self._mine.add(job.analysis_id)
            self._queue.put((job, prepared))
            if self._thread is None or not self._thread.is_alive():
                # daemon: a server that stops abandons its analyses, which is safe (above)
                self._thread = threading.Thread(
                    target=self._drain, name="cairn-analysis", daemon=True
                )
                self._thread.start()

    def _drain(self) -> None:
        while not self._closing.is_set():
            try:
                job, prepared = self._queue.get(timeout=1.0)
            except queue.Empty:
                with self._lock:
                    if self._queue.empty():
                        self._thread = None
                        return
                continue
            try:
                self._run(job, prepared)
            finally:
                with self._lock:
                    self._mine.discard(job.analysis_id)

    def _run(self, job: Job, prepared: Prepared) -> None:
        log = logger().bind(game_id=str(job.game_id), analysis_id=str(job.analysis_id))
        done = 0
        written = time.monotonic()

        def advanced(rollouts: int) -> None:
            nonlocal done, written
            if self._closing.is_set():
                raise _Stopping
            done += rollouts
            if time.monotonic() - written >= PROGRESS_SECONDS:
                self.analyses.advanced(job, done)
                written = time.monotonic()

        def sketched(graph: dict[str, Any]) -> None:
            nonlocal written
            self.analyses.sketched(job, done, graph)
            written = time.monotonic()

        try:
            started = time.monotonic()
            result = compute(prepared, self.jobs, advanced, sketched)
            self.analyses.finished(job, result)
            log.info("analysis.done", seconds=round(time.monotonic() - started, 2))
        except _Stopping:
            log.info("analysis.stopped", done=done)
        except Exception as exc:
            log.exception("analysis.failed")
            self.analyses.failed(job, f"the analysis failed: {type(exc).__name__}")


class _Stopping(Exception):
    """The process is stopping: the analysis ends where it is, nothing written."""


def close_jobs(cairn: Application) -> None:
    """Stop this application's analyses in this process, if it ran any."""
    with _JOBS_LOCK:
        runner = _JOBS.get(cairn)
    if runner is not None:
        runner.close()


_JOBS: weakref.WeakKeyDictionary[Application, AnalysisJobs] = weakref.WeakKeyDictionary()
_JOBS_LOCK = threading.Lock()


def jobs_for(cairn: Application) -> AnalysisJobs:
    """The one job runner of this application in this process."""
    with _JOBS_LOCK:
        runner = _JOBS.get(cairn)
        if runner is None:
            runner = _JOBS[cairn] = AnalysisJobs(cairn)
        return runner
