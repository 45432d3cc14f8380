"""Where a graph's CPU goes, by a frame sampler rather than cProfile.

cProfile adds its own cost to every Python call, so tiny functions called millions of times
(the ``__hash__`` and ``__eq__`` a frozen dataclass is given, its ``__init__``) look cheap
per call and vanish among the rest, while the time they really take is charged to nobody:
the ``pen-fast`` branch found 18% of a Peninsula graph in ``Hex.__hash__`` this way
(bench/HISTORY.md). This sampler takes a sample every ``--interval`` seconds of the process's
CPU time (``ITIMER_PROF``): the innermost Python frame is counted once (its own share: time in
a C function goes to the Python frame that called it), and every function on the stack once
per sample (its inclusive share). The methods a dataclass is given (``__hash__``, ``__eq__``,
``__init__``, ``__lt__``, ...; they are all compiled from a string, so their file is
``<string>``) and ``dataclasses.replace`` are named by the class of the object they work on.

It runs, in one process with the collector set as a pool worker sets it (``gc.freeze`` and a
first-generation threshold of 50,000), either the graph ``bench.speed --graph-cpu``'s child
computes (a 2-seat game played by ``--bot``, every point at ``--rollouts``; ``--every K``
keeps one point in K) or ``bench.analysis``'s rate line (``--positions``: its 4 positions of a
seeded game, ``--rollouts`` reshuffled rollouts each).

Run: ``python -m bench.sampler --ruleset five-peaks --bot greedy --rollouts 1 [--json]``
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import signal
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GENERATED = "<string>"
"""The file of every method ``dataclasses`` writes (it compiles them from source text)."""
_REPLACE = dataclasses.replace.__code__
GENERATED_METHODS = frozenset(
    {"__init__", "__hash__", "__eq__", "__lt__", "__le__", "__gt__", "__ge__", "__repr__"}
    | {"__setattr__", "__delattr__", "replace"}
)
"""What the report's ``generated`` lines add up over every class (innermost shares)."""


class Sampler:
    """Counts of the innermost frame and of every function on the stack, per sample."""

    def __init__(self, interval: float = 0.001, callers_of: tuple[str, ...] = ()) -> None:
        self.interval = interval
        self.samples = 0
        self.own: Counter[str] = Counter()
        self.inclusive: Counter[str] = Counter()
        self.callers: dict[str, Counter[str]] = {name: Counter() for name in callers_of}
        self._names: dict[CodeType, str] = {}

    def take(self, frame: FrameType | None) -> None:
        """One sample of the stack whose innermost frame is ``frame``."""
        if frame is None:
            return
        self.samples += 1
        innermost = self.name(frame)
        self.own[innermost] += 1
        callers = self.callers.get(innermost)
        if callers is not None:
            caller = frame.f_back
            callers[self.name(caller) if caller is not None else "<none>"] += 1
        seen = set()
        while frame is not None:
            seen.add(self.name(frame))
            frame = frame.f_back
        self.inclusive.update(seen)

    def name(self, frame: FrameType) -> str:
        code = frame.f_code
        if code.co_filename == GENERATED or code is _REPLACE:
            return _of_class(frame)
        found = self._names.get(code)
        if found is None:
            found = self._names[code] = f"{_where(code.co_filename)}:{code.co_qualname}"
        return found

    def _signalled(self, signum: int, frame: FrameType | None) -> None:
        self.take(frame)

    @contextmanager
    def running(self) -> Iterator[Sampler]:
        before = signal.signal(signal.SIGPROF, self._signalled)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)
        try:
            yield self
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, before)

    def report(self, top: int) -> dict[str, Any]:
        """The ``top`` functions by innermost and by inclusive share of all samples."""

        def shares(counts: Counter[str]) -> list[dict[str, Any]]:
            return [
                {"name": name, "samples": n, "share": n / self.samples}
                for name, n in counts.most_common(top)
            ]

        generated: Counter[str] = Counter()
        for name, n in self.own.items():
            method = name.rpartition(".")[2]
            if method in GENERATED_METHODS and ":" not in name:
                generated[method] += n
        return {
            "samples": self.samples,
            "interval_s": self.interval,
            "innermost": shares(self.own) if self.samples else [],
            "inclusive": shares(self.inclusive) if self.samples else [],
            "generated": shares(generated) if self.samples else [],
            "callers": {
                name: shares(c) if self.samples else [] for name, c in self.callers.items()
            },
        }


def _of_class(frame: FrameType) -> str:
    """A dataclass's generated method, or ``replace``, by the class of its first argument
    (``self``, or ``replace``'s ``obj``)."""
    code = frame.f_code
    name = "replace" if code is _REPLACE else code.co_name
    if not code.co_argcount:
        return f"<generated>.{name}"
    target = frame.f_locals.get(code.co_varnames[0])
    owner = target if isinstance(target, type) else type(target)
    return f"{owner.__qualname__}.{name}"


def _where(filename: str) -> str:
    """A file under the tree by its path in it, without ``domain/games/`` (names stay short)."""
    if not filename.startswith(str(ROOT)):
        return filename
    return os.path.relpath(filename, ROOT).removeprefix("domain/games/")


@contextmanager
def _as_worker() -> Iterator[None]:
    """The collector as a pool worker sets it (``service.analysis.running._start``), and as
    it was afterwards: ``report`` also runs inside other processes (the tests')."""
    from service.analysis.running import YOUNG

    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def _graph_work(ruleset: str, bot: str, rollouts: int, every: int) -> tuple[str, Any]:
    """``bench.speed --graph-cpu``'s game and graph, as one worker's playing of its tasks."""
    from service.analysis import Request, prepare
    from service.analysis.running import Position, Worker, tasks_for
    from service.application import Application
    from service.simulation import simulate
    from service.store.memory import MemoryStore

    app = Application(MemoryStore())
    played = next(iter(simulate(app, ruleset, 1, seats=2, bot=bot, seed="bench-analysis")))
    prepared = prepare(
        app.store, played.game_id, None, Request(bot=bot, rollouts=rollouts, seed="bench")
    )
    seen = prepared.scope
    ats = tuple(p.at for p in seen.points)[::every]
    position = Position(
        prepared.ruleset.id,
        prepared.ruleset.rules_version,
        tuple((e.type, e.schema_version, e.payload) for e in seen.trail.events[: max(ats)]),
        ats,
        seen.graph_keep,
        bot,
        "bench",
    )
    worker = Worker(position)
    tasks = [t for at in ats for t in tasks_for(at, rollouts)]

    def work() -> None:
        for task in tasks:
            worker.play(task)

    what = f"{len(ats)} of {len(seen.points)} points of a {played.events}-event game"
    return what, work


def _positions_work(ruleset: str, bot: str, rollouts: int) -> tuple[str, Any]:
    from bench.analysis import _rollouts, positions
    from domain.core import registry

    rules = registry.get(ruleset)
    states = positions(rules)

    def work() -> None:
        _rollouts(rules, states, bot, rollouts)

    return f"bench.analysis's {len(states)} positions", work


def sample(
    ruleset: str,
    bot: str,
    rollouts: int,
    *,
    every: int = 1,
    on_positions: bool = False,
    interval: float = 0.001,
    top: int = 25,
    callers_of: tuple[str, ...] = (),
) -> dict[str, Any]:
    from domain.games import load_all

    load_all()
    if on_positions:
        what, work = _positions_work(ruleset, bot, rollouts)
    else:
        what, work = _graph_work(ruleset, bot, rollouts, every)
    sampler = Sampler(interval, callers_of)
    with _as_worker():
        cpu = time.process_time()
        with sampler.running():
            work()
        cpu = time.process_time() - cpu
    return {
        "ruleset": ruleset,
        "bot": bot,
        "rollouts": rollouts,
        "work": what,
        "cpu_s": cpu,
        **sampler.report(top),
    }


def _table(title: str, rows: list[dict[str, Any]]) -> list[str]:
    lines = [f"| {title} | share | samples |", "| --- | --- | --- |"]
    lines += [f"| `{r['name']}` | {100 * r['share']:.1f}% | {r['samples']} |" for r in rows]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="five-peaks")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--rollouts", type=int, default=1, help="per point (or position)")
    parser.add_argument("--every", type=int, default=1, help="keep one graph point in K")
    parser.add_argument(
        "--positions", action="store_true", help="bench.analysis's positions, not the graph"
    )
    parser.add_argument("--interval", type=float, default=0.001, help="CPU seconds a sample")
    parser.add_argument("--top", type=int, default=25, help="rows of each table")
    parser.add_argument(
        "--callers",
        action="append",
        default=[],
        metavar="NAME",
        help="also count who called NAME (a name as the tables print it), repeatable",
    )
    parser.add_argument("--json", action="store_true", help="the report as JSON")
    args = parser.parse_args(argv)
    got = sample(
        args.ruleset,
        args.bot,
        args.rollouts,
        every=args.every,
        on_positions=args.positions,
        interval=args.interval,
        top=args.top,
        callers_of=tuple(args.callers),
    )
    if args.json:
        print(json.dumps(got, indent=1))
        return 0
    print(
        f"{got['ruleset']} {got['bot']}, {got['rollouts']} rollouts, {got['work']}:"
        f" {got['cpu_s']:.1f} CPU s, {got['samples']} samples"
    )
    print("\n".join(_table("innermost frame", got["innermost"])))
    print()
    print("\n".join(_table("on the stack (inclusive)", got["inclusive"])))
    print()
    print("\n".join(_table("generated methods, every class", got["generated"])))
    for name, rows in got["callers"].items():
        print()
        print("\n".join(_table(f"callers of `{name}`", rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
