"""Rollouts over processes: every worker folds the game once, then plays the tasks it gets.

A task is a run of rollout numbers at one point (and, for hints, the command played first).
Each rollout's luck is derived from the analysis seed, the point and its number alone
(``domain.analysis.playouts``), so the numbers are the same whatever the count of workers
and whichever worker played which task.
"""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.forkserver
import multiprocessing.pool
import pickle
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.analysis import Playout, playouts
from domain.core import Ruleset, registry
from domain.core.registry import command_from_json, event_from_record
from domain.games import SHIPPED, load_all
from service import compiled
from service.logs import logger

CHUNK = 10
"""Rollouts per task: small enough to balance the workers and move the progress bar."""
YOUNG = 50_000
"""A pool worker's first-generation threshold for the cyclic collector (Python's is 700)."""
FIRST = "service.compiled_first"
"""The fork server's first import: the compiled domain, when built, before the source."""


@dataclass(frozen=True)
class Position:
    """What a worker needs to rebuild the states of a game's points: plain data only."""

    ruleset: str
    rules_version: str
    records: tuple[tuple[str, int, dict[str, Any]], ...]
    points: tuple[int, ...]
    keep: int | None
    bot: str
    seed: str


@dataclass(frozen=True)
class Task:
    at: int
    first: int
    end: int
    command: dict[str, Any] | None = None
    seat: int | None = None
    """The seat whose ``command`` is played first (hints)."""


Done = tuple[Task, list[Playout], int]


class Worker:
    """One process's fold of the game: the state at each point, by event count."""

    def __init__(self, position: Position) -> None:
        load_all()
        self.position = position
        self.ruleset: Ruleset[Any, Any, Any] = registry.get(
            position.ruleset, position.rules_version
        )
        self.states = _states(self.ruleset, position)

    def play(self, task: Task) -> Done:
        first = None
        if task.command is not None:
            first = command_from_json(self.ruleset, dict(task.command), seat=task.seat)
        done, refused = playouts(
            self.ruleset,
            self.states[task.at],
            keep=self.position.keep,
            bot=self.position.bot,
            seed=self.position.seed,
            point=task.at,
            indices=range(task.first, task.end),
            first=first,
        )
        return task, done, refused


def _states(ruleset: Ruleset[Any, Any, Any], position: Position) -> dict[int, Any]:
    wanted = set(position.points)
    states: dict[int, Any] = {}
    state = ruleset.initial_state
    if 0 in wanted:
        states[0] = state
    for seq, (name, version, payload) in enumerate(position.records, start=1):
        state = ruleset.evolve(state, event_from_record(ruleset, name, version, payload))
        if seq in wanted:
            states[seq] = state
    return states


def tasks_for(at: int, rollouts: int, **extra: Any) -> list[Task]:
    return _chunks(at, 0, rollouts, extra)


def rounds(rollouts: int) -> tuple[int, ...]:
    """The counts of rollouts a point after which a graph can be shown so far: 1, 2, 4, 8,
    … doubling, then ``rollouts``. The first whole graph comes after one rollout a point,
    about a hundredth of the work at 100, and each later one halves the intervals' width
    (about): a reader sees the shape at once and watches it settle."""
    counts: list[int] = []
    count = 1
    while count < rollouts:
        counts.append(count)
        count *= 2
    return (*counts, rollouts)


def graph_tasks(ats: Sequence[int], counts: Sequence[int]) -> list[Task]:
    """Every point's rollouts round by round (``counts`` from ``rounds``): every point's
    first, then every point's second, then its third and fourth, … A task never straddles
    two rounds, and rollout ``i`` at a point is the same rollout whichever task plays it
    (``domain.analysis.playouts``), so the graph at the end is the one a point-by-point
    order gives, to the last bit."""
    tasks: list[Task] = []
    start = 0
    for end in counts:
        for at in ats:
            tasks += _chunks(at, start, end, {})
        start = end
    return tasks


def _chunks(at: int, start: int, end: int, extra: dict[str, Any]) -> list[Task]:
    return [Task(at, first, min(first + CHUNK, end), **extra) for first in range(start, end, CHUNK)]


_WORKER: Worker | None = None
_UNSTARTED: Exception | None = None
"""Why this worker could not fold the game, told by its first task."""


def _start(position: Position) -> None:
    global _WORKER, _UNSTARTED
    # Ctrl-C reaches the whole process group: the parent stops the pool, and a worker
    # that also took it would print its own traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        _WORKER = Worker(position)
    except Exception as error:
        # A pool replaces a worker whose initializer raised, for ever, and the analysis
        # waited for results that never came: the error goes back with the first task.
        _UNSTARTED = error
        return
    # A worker lives for its rollouts alone. The states of every point last as long as it
    # does, so the collector is told never to walk them again; a rollout's garbage is
    # frozen values, freed by reference counting, so young collections (every 700
    # allocations by default) found almost nothing: measured, the collector took 8 to 9%
    # of one ruleset's worker's time, 2% with both changes. A rollout that left reference
    # cycles would undo this quietly (tests/conformance/test_rollout_cycles.py, and
    # bench.rollout_fingerprint on the build, hold every ruleset to none). The parent
    # (``jobs`` 1, maybe a server) is left alone.
    gc.freeze()
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])


def _play(task: Task) -> Done:
    try:
        if _WORKER is None:
            raise _UNSTARTED or RuntimeError("a worker plays only after it started")
        return _WORKER.play(task)
    except Exception as error:
        raise _sendable(error) from None


def _sendable(error: Exception) -> Exception:
    """``error`` if its pickle can be rebuilt, else a ``RuntimeError`` saying what it was: an
    error the parent cannot rebuild killed the pool's result thread, and the analysis
    waited for ever instead of failing."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


@contextmanager
def _started_pool(jobs: int, position: Position) -> Iterator[multiprocessing.pool.Pool]:
    """``jobs`` workers, each with the position, terminated on the way out.

    Not ``fork``: the caller may hold threads and database connections (the server). The
    workers are forked from a fork server, a clean process started at the first analysis,
    which has imported this module and every shipped game: spawned afresh, each worker of
    each analysis imported them itself, 0.6 to 0.7 s before its first rollout, which a
    hint's few rollouts waited for every time (bench/README.md). It imports ``FIRST``
    before them, so that its workers run the compiled domain if ``cairn compile`` built
    one for this source (``service.compiled``); a build made (or removed) after the fork
    server started is taken up by the next pool (``_renew_fork_server``).

    A Ctrl-C while the pool is being built would leave it half built and never terminated,
    its workers reading start-up data that their exiting parent had already taken away
    (each died with a traceback of its own). So the signal waits (``_held_sigint``) and is
    raised again once the pool stands, inside it, which terminates it on the way out. The
    fork server ignores SIGINT, and a worker does from its first step (``_start``)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([FIRST, __name__, *SHIPPED.values()])
    # one pool made at a time, so that no fork server is stopped while another analysis's
    # workers are being forked from it (a pool forks all its workers before it returns)
    with _SERVED_LOCK:
        _renew_fork_server()
        with _held_sigint() as held:
            pool = context.Pool(jobs, initializer=_start, initargs=(position,))
    with pool:
        if held:
            signal.raise_signal(signal.SIGINT)
        yield pool


_SERVED: list[Path | None] = []
"""What ``compiled.built()`` said when this process's fork server was last started."""
_SERVED_LOCK = threading.Lock()


def _renew_fork_server() -> None:
    """Stop this process's fork server if ``cairn compile`` built this source (or the build
    went) since it started, so that the next pool's workers come from one that imported
    what is there now; a served process no longer needs a restart to run analyses
    compiled. Pools already running keep their workers. Called under ``_SERVED_LOCK``."""
    now = compiled.built()
    # ``_stop`` is the fork server's own (CPython 3.8 on); without it, the first one stays,
    # as it always did
    stop = getattr(getattr(multiprocessing.forkserver, "_forkserver", None), "_stop", None)
    if _SERVED and _SERVED[0] != now and stop is not None:
        stop()
        logger().info("analysis.fork_server_renewed", compiled=now is not None)
    _SERVED[:] = [now]


@contextmanager
def _held_sigint() -> Iterator[list[int]]:
    """SIGINT noted, not acted on, for the block's time (the list holds it if it came);
    only the main thread takes signals, so elsewhere (the server's analysis thread) this
    does nothing. Blocking the signal is not enough: any other thread that has it unblocked
    (a connection pool's, say) takes it for the process."""
    held: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield held
        return
    previous = signal.signal(signal.SIGINT, lambda number, _frame: held.append(number))
    try:
        yield held
    finally:
        signal.signal(signal.SIGINT, previous)


def run(
    position: Position,
    tasks: Sequence[Task],
    jobs: int,
    advanced: Callable[[int], None] = lambda rollouts: None,
) -> Iterator[Done]:
    """Every task's playouts, as they finish (in any order); ``advanced`` hears how many
    rollouts each finished task played. ``jobs`` 1 plays in this process, unless ``cairn
    compile`` built this source: then in one worker process, which runs the build (on a
    one-core machine the default is one job, and the build would otherwise go unused)."""
    if jobs <= 1 and compiled.built() is None:
        worker = Worker(position)
        for task in tasks:
            done = worker.play(task)
            advanced(task.end - task.first)
            yield done
        return
    with _started_pool(max(jobs, 1), position) as pool:
        for done in pool.imap_unordered(_play, tasks):
            advanced(done[0].end - done[0].first)
            yield done
