"""The store contract for analysis jobs: one job per game and request, its progress, its
result or its failure, and a take-over that only one of two racing processes wins
(service/store/recorders.py, ``AnalysisRecorder``)."""

from __future__ import annotations

import uuid

from service.store import Store
from service.store.analyses import DONE, FAILED, RUNNING, Progress
from tests.support.appending import new_game

REQUEST = {"kind": "graph", "viewer": "public", "rollouts": 8}


def test_one_request_has_one_job(any_store: Store) -> None:
    game_id, other = new_game(any_store), new_game(any_store)
    job, new = any_store.analyses.claim(game_id, "k1", REQUEST, 8)
    assert new and (job.status, job.done, job.total, job.result, job.error) == (
        RUNNING,
        0,
        8,
        None,
        None,
    )
    assert job.request == REQUEST and job.viewer == "public" and job.game_id == game_id
    again, new = any_store.analyses.claim(game_id, "k1", {**REQUEST, "rollouts": 9}, 9)
    assert not new and again == job  # the job there, as it was asked first
    elsewhere, new = any_store.analyses.claim(other, "k1", REQUEST, 8)
    assert new and elsewhere.analysis_id != job.analysis_id
    assert any_store.analyses.get(game_id, job.analysis_id) == job
    assert any_store.analyses.get(other, job.analysis_id) is None
    assert any_store.analyses.get(game_id, uuid.uuid4()) is None


def test_a_job_advances_then_ends_with_its_result(any_store: Store) -> None:
    game_id = new_game(any_store)
    job, _ = any_store.analyses.claim(game_id, "k", REQUEST, 8)
    any_store.analyses.advanced(job, 3)
    running = any_store.analyses.get(game_id, job.analysis_id)
    assert running is not None and (running.status, running.done) == (RUNNING, 3)
    assert running.updated_at > job.updated_at
    result = {"points": [{"at": 1, "seats": [0.5, 0.5]}], "rollouts": 8}
    any_store.analyses.finished(job, result)
    done = any_store.analyses.get(game_id, job.analysis_id)
    assert done is not None and (done.status, done.done, done.result) == (DONE, 8, result)
    assert done.updated_at > running.updated_at
    assert any_store.analyses.claim(game_id, "k", REQUEST, 8) == (done, False)


def test_a_failed_job_is_taken_over_once(any_store: Store) -> None:
    game_id = new_game(any_store)
    job, _ = any_store.analyses.claim(game_id, "k", REQUEST, 8)
    any_store.analyses.failed(job, "the analysis failed: ValueError")
    failed = any_store.analyses.get(game_id, job.analysis_id)
    assert failed is not None and (failed.status, failed.error) == (
        FAILED,
        "the analysis failed: ValueError",
    )
    assert any_store.analyses.restart(failed, 12)  # one process takes it over
    assert not any_store.analyses.restart(failed, 12)  # the other finds it changed
    taken = any_store.analyses.get(game_id, job.analysis_id)
    assert taken is not None and (taken.status, taken.done, taken.total) == (RUNNING, 0, 12)
    assert taken.error is None and taken.result is None


def test_a_restart_refuses_a_job_touched_since_it_was_read(any_store: Store) -> None:
    """Every change moves ``updated_at`` on, however close together two changes come, so a
    job read before the latest change is never taken over."""
    game_id = new_game(any_store)
    job, _ = any_store.analyses.claim(game_id, "k", REQUEST, 8)
    stamps = [job.updated_at]
    for done in range(1, 20):
        any_store.analyses.advanced(job, done)
        now = any_store.analyses.get(game_id, job.analysis_id)
        assert now is not None
        stamps.append(now.updated_at)
    assert stamps == sorted(set(stamps)), "two changes share a time"
    assert not any_store.analyses.restart(job, 8)
    latest = any_store.analyses.get(game_id, job.analysis_id)
    assert latest is not None and latest.done == 19 and any_store.analyses.restart(latest, 8)


def test_a_restart_clears_the_last_result(any_store: Store) -> None:
    game_id = new_game(any_store)
    job, _ = any_store.analyses.claim(game_id, "k", REQUEST, 8)
    any_store.analyses.finished(job, {"rollouts": 8})
    done = any_store.analyses.get(game_id, job.analysis_id)
    assert done is not None and any_store.analyses.restart(done, 8)
    again = any_store.analyses.get(game_id, job.analysis_id)
    assert again is not None and (again.status, again.result) == (RUNNING, None)


def test_a_running_graph_keeps_its_latest_sketch_until_its_result(any_store: Store) -> None:
    game_id = new_game(any_store)
    job, _ = any_store.analyses.claim(game_id, "k", REQUEST, 16)
    first = {"points": [{"at": 1, "rollouts": 1}], "rollouts": 8}
    second = {"points": [{"at": 1, "rollouts": 2}], "rollouts": 8}
    any_store.analyses.sketched(job, 2, first)
    any_store.analyses.sketched(job, 4, second)
    running = any_store.analyses.get(game_id, job.analysis_id)
    assert running is not None
    assert (running.status, running.done, running.result) == (RUNNING, 4, second)
    assert running.updated_at > job.updated_at
    result = {"points": [{"at": 1, "rollouts": 8}], "rollouts": 8}
    any_store.analyses.finished(job, result)
    done = any_store.analyses.get(game_id, job.analysis_id)
    assert done is not None and (done.status, done.done, done.result) == (DONE, 16, result)


def test_a_restart_drops_the_sketch_of_the_run_it_takes_over(any_store: Store) -> None:
    game_id = new_game(any_store)
    job, _ = any_store.analyses.claim(game_id, "k", REQUEST, 8)
    any_store.analyses.sketched(job, 2, {"points": [{"at": 1, "rollouts": 1}]})
    any_store.analyses.failed(job, "the analysis failed: ValueError")
    failed = any_store.analyses.get(game_id, job.analysis_id)
    assert failed is not None and any_store.analyses.restart(failed, 8)
    taken = any_store.analyses.get(game_id, job.analysis_id)
    assert taken is not None and (taken.status, taken.done, taken.result) == (RUNNING, 0, None)


def test_progress_is_the_job_without_its_result(any_store: Store) -> None:
    """What a stream polls: status, counts and the sketch's rollouts a point, as
    ``Job.shown`` gives them from the whole job, at every stage of a graph."""
    game_id = new_game(any_store)
    analyses = any_store.analyses
    assert analyses.progress(game_id, uuid.uuid4()) is None
    job, _ = analyses.claim(game_id, "k", REQUEST, 8)

    def both() -> tuple[Progress | None, Progress]:
        whole = analyses.get(game_id, job.analysis_id)
        assert whole is not None
        shown = whole.shown
        return analyses.progress(game_id, job.analysis_id), Progress(
            whole.status, whole.done, whole.total, shown
        )

    got, wanted = both()
    assert got == wanted == Progress(RUNNING, 0, 8, 0)
    analyses.advanced(job, 2)
    got, wanted = both()
    assert got == wanted == Progress(RUNNING, 2, 8, 0), "no sketch yet"
    sketch = {"points": [{"at": 1, "rollouts": 2}, {"at": 4, "rollouts": 2}], "rollouts": 8}
    analyses.sketched(job, 4, sketch)
    got, wanted = both()
    assert got == wanted == Progress(RUNNING, 4, 8, 2)
    analyses.sketched(job, 6, {**sketch, "points": [{"at": 1, "rollouts": 4}]})
    got, wanted = both()
    assert got == wanted == Progress(RUNNING, 6, 8, 4)
    analyses.finished(job, {**sketch, "points": [{"at": 1, "rollouts": 8}]})
    got, wanted = both()
    assert got == wanted == Progress(DONE, 8, 8, 0), "a done job shows its result, no sketch"
