"""A stopping process stops its running analysis: workers terminated, nothing written, the
job left running for the next identical request to take over (``AnalysisJobs.close``)."""

from __future__ import annotations

import multiprocessing
import time

from service.analysis import Request
from service.analysis.jobs import AnalysisJobs
from service.application import Application
from service.store.analyses import RUNNING
from service.store.memory import MemoryStore


def test_closing_stops_the_running_analysis_and_leaves_its_job_to_take_over() -> None:
    app = Application(MemoryStore())
    bots = ("greedy", "random")
    created = app.create_game(
        "peloponnes", 2, seat_info=[{"kind": "bot", "bot": b} for b in bots], seed="5d" * 32
    )
    app.play_bots(created.game_id, dict(enumerate(bots)), entropy="closing")
    runner = AnalysisJobs(app, jobs=2)
    job = runner.start(created.game_id, None, Request(bot="random", rollouts=5000, seed="c"))
    deadline = time.monotonic() + 120
    while (now := runner.get(job.game_id, job.analysis_id)) is not None and now.done == 0:
        assert time.monotonic() < deadline, "the analysis never advanced"
        time.sleep(0.05)
    runner.close(timeout=30)
    thread = runner._thread
    assert thread is None or not thread.is_alive()
    left = runner.get(job.game_id, job.analysis_id)
    assert left is not None and (left.status, left.error) == (RUNNING, None)
    assert 0 < left.done < left.total
    assert multiprocessing.active_children() == []
