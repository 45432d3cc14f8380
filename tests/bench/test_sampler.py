"""The frame sampler (bench/sampler.py): what it counts and how it names frames, and the
shape of its report on tiny runs; never a timing."""

from __future__ import annotations

import dataclasses
import gc
import json
import subprocess
import sys
from types import FrameType
from typing import Any

import pytest

from bench import sampler
from bench.sampler import Sampler


def _inner(found: Sampler) -> None:
    found.take(sys._getframe())


def _outer(found: Sampler) -> None:
    _inner(found)
    _inner(found)


def test_a_sample_counts_the_innermost_frame_and_each_function_on_the_stack_once():
    found = Sampler()
    _outer(found)
    assert found.samples == 2
    inner, outer = "tests/bench/test_sampler.py:_inner", "tests/bench/test_sampler.py:_outer"
    assert found.own == {inner: 2}
    assert found.inclusive[inner] == found.inclusive[outer] == 2
    report = found.report(top=1)
    assert report["innermost"] == [{"name": inner, "samples": 2, "share": 1.0}]
    assert len(report["inclusive"]) == 1 and report["inclusive"][0]["share"] == 1.0


def _deep(found: Sampler, depth: int) -> None:
    if depth:
        _deep(found, depth - 1)
    else:
        found.take(sys._getframe())


def test_a_function_on_the_stack_many_times_counts_once_a_sample():
    found = Sampler()
    _deep(found, 3)
    assert found.inclusive["tests/bench/test_sampler.py:_deep"] == 1


class _Spy:
    """A field value that catches the frame of the generated method that hashes, compares
    or builds the dataclass holding it."""

    frames: list[FrameType] = []

    def __hash__(self) -> int:
        self.frames.append(sys._getframe(1))
        return 1

    def __eq__(self, other: object) -> bool:
        self.frames.append(sys._getframe(1))
        return True

    def __lt__(self, other: object) -> bool:
        self.frames.append(sys._getframe(1))
        return False


@dataclasses.dataclass(frozen=True, order=True)
class Holder:
    spy: Any

    def __post_init__(self) -> None:
        _Spy.frames.append(sys._getframe(1))  # the generated __init__
        _Spy.frames.append(sys._getframe(2))  # its caller: ``replace`` when replaced


def test_a_dataclass_generated_method_and_replace_are_named_by_their_class():
    found, spy = Sampler(), _Spy()
    _Spy.frames.clear()
    holder, other = Holder(spy), Holder(_Spy())
    init = _Spy.frames[0]
    _Spy.frames.clear()
    hash(holder)
    assert holder == other
    assert not holder < other
    dataclasses.replace(holder, spy=spy)
    hashed, compared, ordered, _, replaced = _Spy.frames
    named = [found.name(f) for f in (init, hashed, compared, ordered, replaced)]
    assert named == [
        "Holder.__init__",
        "Holder.__hash__",
        "Holder.__eq__",
        "Holder.__lt__",
        "Holder.replace",
    ]


def test_the_report_on_bench_analysis_positions(capsys: pytest.CaptureFixture[str]):
    args = ["--positions", "--ruleset", "five-peaks", "--bot", "random", "--rollouts", "1"]
    watched = "five_peaks/rules.py:legal_commands"
    sampler.main([*args, "--top", "5", "--json", "--callers", watched])
    report = json.loads(capsys.readouterr().out)
    _well_formed(report, top=5, callers=[watched])
    assert report["work"] == "bench.analysis's 4 positions"


def test_a_report_leaves_the_collector_as_it_found_it(capsys: pytest.CaptureFixture[str]):
    """It sets the collector as a pool worker does while it samples; left so, every later
    test in the same process ran with a frozen heap and a pool worker's threshold (one of
    them asserts the parent's threshold is below the worker's)."""
    before = gc.get_threshold(), gc.get_freeze_count()
    sampler.main(["--positions", "--ruleset", "peloponnes", "--bot", "random", "--rollouts", "1"])
    capsys.readouterr()
    assert (gc.get_threshold(), gc.get_freeze_count()) == before


def test_the_report_on_a_graph_of_every_tenth_point(capsys: pytest.CaptureFixture[str]):
    args = ["--ruleset", "peloponnes", "--bot", "random", "--rollouts", "1", "--every", "10"]
    sampler.main(args)
    printed = capsys.readouterr().out
    assert printed.splitlines()[0].startswith("peloponnes random, 1 rollouts, ")
    assert " points of a " in printed.splitlines()[0]
    for title in ("innermost frame", "on the stack (inclusive)", "generated methods"):
        assert f"| {title}" in printed


def _well_formed(report: dict[str, Any], top: int, callers: list[str]) -> None:
    assert set(report) >= {"ruleset", "bot", "rollouts", "work", "cpu_s", "samples"}
    assert set(report) >= {"interval_s", "innermost", "inclusive", "generated", "callers"}
    assert list(report["callers"]) == callers
    for table in ("innermost", "inclusive", "generated", *report["callers"]):
        rows = report[table] if table in report else report["callers"][table]
        assert len(rows) <= top
        assert all(set(row) == {"name", "samples", "share"} for row in rows)
        assert all(0 < row["share"] <= 1 for row in rows)
        assert [row["samples"] for row in rows] == sorted(
            (r["samples"] for r in rows), reverse=True
        )
    assert sum(row["share"] for row in report["innermost"]) <= 1 + 1e-9


def test_help_runs():
    shown = subprocess.run(
        [sys.executable, "-m", "bench.sampler", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--positions" in shown.stdout and "--callers" in shown.stdout
