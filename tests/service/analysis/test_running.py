"""A pool worker tunes its own cyclic collector for rollouts and leaves its parent's alone;
a graph's rollouts are played round by round, every one once."""

from __future__ import annotations

import gc
import os
import signal
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from domain.core import RuleViolation
from domain.core.registry import UnknownRuleset
from domain.games.peloponnes import RULESET
from service.analysis import running
from service.analysis.running import (
    CHUNK,
    YOUNG,
    Position,
    _held_sigint,
    _started_pool,
    graph_tasks,
    rounds,
)


def test_a_pool_worker_freezes_its_states_and_collects_young_objects_seldom() -> None:
    position = Position(
        ruleset=RULESET.id,
        rules_version=RULESET.rules_version,
        records=(),
        points=(0,),
        keep=None,
        bot="random",
        seed="collector",
    )
    parent = gc.get_threshold(), gc.get_freeze_count()
    with _started_pool(1, position) as pool:
        threshold = pool.apply(gc.get_threshold)
        frozen = pool.apply(gc.get_freeze_count)
    assert threshold[0] == YOUNG > gc.get_threshold()[0]
    assert frozen > 0
    assert (gc.get_threshold(), gc.get_freeze_count()) == parent


@pytest.mark.parametrize(
    ("rollouts", "counts"),
    [
        (1, (1,)),
        (2, (1, 2)),
        (3, (1, 2, 3)),
        (10, (1, 2, 4, 8, 10)),
        (100, (1, 2, 4, 8, 16, 32, 64, 100)),
        (128, (1, 2, 4, 8, 16, 32, 64, 128)),
    ],
)
def test_a_graph_shows_itself_after_one_rollout_a_point_then_at_each_doubling(
    rollouts: int, counts: tuple[int, ...]
) -> None:
    assert rounds(rollouts) == counts


@pytest.mark.parametrize("rollouts", [1, 7, 10, 33, 100])
def test_the_rounds_play_every_rollout_once_and_a_task_stays_in_its_round(
    rollouts: int,
) -> None:
    ats = (3, 9, 14)
    counts = rounds(rollouts)
    tasks = graph_tasks(ats, counts)
    played = Counter((t.at, i) for t in tasks for i in range(t.first, t.end))
    assert played == Counter((at, i) for at in ats for i in range(rollouts))
    assert all(0 < t.end - t.first <= CHUNK for t in tasks)
    # A task's round is the one its first rollout falls in, and its last rollout too; the
    # tasks come round by round, every point's in each.
    starts = (0, *counts)
    round_of = [next(r for r, end in enumerate(counts) if t.first < end) for t in tasks]
    placed = list(zip(tasks, round_of, strict=True))
    assert all(starts[r] <= t.first and t.end <= counts[r] for t, r in placed)
    assert round_of == sorted(round_of)
    for r in range(len(counts)):
        assert {t.at for t, of in placed if of == r} == set(ats)


def test_workers_come_from_a_fork_server_with_the_games_imported_and_ignore_sigint() -> None:
    """Workers are forked from a fork server that imported the games once (a spawned
    worker imported them itself, for every analysis), and ignore SIGINT: Ctrl-C is the
    parent's to handle (``_started_pool``)."""
    position = Position(RULESET.id, RULESET.rules_version, (), (0,), None, "random", "server")
    with _started_pool(1, position) as pool:
        parent = pool.apply(os.getppid)
        handler = pool.apply(signal.getsignal, (signal.SIGINT,))
        modules = pool.apply(eval, ("sorted(__import__('sys').modules)",))
    assert parent != os.getpid()  # the fork server's child, not this process's
    assert handler == signal.SIG_IGN
    assert {"domain.games.peninsula", "domain.games.five_peaks"} <= set(modules)


def test_a_ctrl_c_while_a_pool_is_built_waits_and_is_noted() -> None:
    """In the main thread SIGINT is noted, not raised, while a pool is built, and the
    handler before it is back afterwards; in another thread nothing changes."""
    before = signal.getsignal(signal.SIGINT)
    with _held_sigint() as held:
        signal.raise_signal(signal.SIGINT)
        assert held == [signal.SIGINT]
    assert signal.getsignal(signal.SIGINT) is before
    elsewhere: list[object] = []

    def hold_in_a_thread() -> None:
        with _held_sigint() as got:
            elsewhere.extend([got, signal.getsignal(signal.SIGINT)])

    thread = threading.Thread(target=hold_in_a_thread)
    thread.start()
    thread.join()
    assert elsewhere == [[], before]


def test_a_build_made_after_the_fork_server_started_is_taken_up_by_the_next_pool(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The fork server imports the compiled domain, if built, once: a server running when
    ``cairn compile`` finishes (or its build is removed) forks the next pool's workers from
    a fork server started afresh, and until then from the same one."""
    position = Position(RULESET.id, RULESET.rules_version, (), (0,), None, "random", "renew")
    build: list[Path | None] = [None]
    monkeypatch.setattr(running.compiled, "built", lambda: build[0])
    monkeypatch.setattr(running, "_SERVED", [])

    def fork_server_of_a_pool() -> int:
        with _started_pool(1, position) as pool:
            return int(pool.apply(os.getppid))

    first = fork_server_of_a_pool()
    assert fork_server_of_a_pool() == first  # nothing built meanwhile: the same one
    build[0] = tmp_path
    renewed = fork_server_of_a_pool()
    assert renewed != first
    assert fork_server_of_a_pool() == renewed
    build[0] = None  # the build removed (or made stale by an edit)
    assert fork_server_of_a_pool() not in (first, renewed)


def raised_within(work: Callable[[], object], seconds: float = 120) -> BaseException:
    """What ``work`` raised, run in a thread of its own, so that a pool that hangs fails
    the test that started it instead of the whole run."""
    outcome: list[BaseException] = []

    def attempt() -> None:
        try:
            work()
        except BaseException as error:  # whatever it is, the test reads it
            outcome.append(error)

    player = threading.Thread(target=attempt, daemon=True)
    player.start()
    player.join(seconds)
    assert not player.is_alive(), "the analysis hung on its workers' error"
    assert len(outcome) == 1, "the analysis did not fail"
    return outcome[0]


class NotHere:
    """A ``Worker`` that refuses to play in the test's own process."""

    def __init__(self, position: Position) -> None:
        raise AssertionError("played in the caller's process")


def test_one_job_plays_in_a_worker_process_when_there_is_a_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """One job (``--jobs 1``, the default on a one-core machine) would leave a build unused
    if it played in the caller's process, which runs the source: with a build it plays in
    one worker process, without one in the caller's. The position is one no rollout can
    start from (the game not set up), so the worker's refusal must come back to the caller
    as it was raised (it once hung the pool: tests/domain/core/test_errors_pickle.py)."""
    position = Position(RULESET.id, RULESET.rules_version, (), (0,), None, "random", "one job")
    tasks = running.tasks_for(0, 2)
    monkeypatch.setattr(running, "Worker", NotHere)
    monkeypatch.setattr(running.compiled, "built", lambda: tmp_path)
    refused = raised_within(lambda: list(running.run(position, tasks, jobs=1)))
    assert isinstance(refused, RuleViolation) and refused.code == "wrong_phase"
    monkeypatch.setattr(running.compiled, "built", lambda: None)
    with pytest.raises(AssertionError, match="caller's process"):
        list(running.run(position, tasks, jobs=1))


def test_a_worker_that_cannot_fold_the_game_fails_the_analysis() -> None:
    """A pool starts a new worker for ever when one's start-up raises, so an analysis whose
    workers could not fold its game (here a ruleset they do not know) waited for results
    that never came; now the first task brings the error back."""
    position = Position("nowhere", "1", (), (0,), None, "random", "unstarted")
    refused = raised_within(lambda: list(running.run(position, running.tasks_for(0, 2), jobs=2)))
    assert isinstance(refused, UnknownRuleset) and refused.ruleset_id == "nowhere"


class TwoPartError(Exception):
    def __init__(self, part: str, other: str) -> None:
        super().__init__(f"{part} and {other}")


def test_an_error_the_parent_could_not_rebuild_is_sent_as_what_it_says() -> None:
    refusal = RuleViolation("wrong_phase", "the game has not been set up")
    assert running._sendable(refusal) is refusal
    sent = running._sendable(TwoPartError("this", "that"))
    assert type(sent) is RuntimeError and str(sent) == "TwoPartError: this and that"
