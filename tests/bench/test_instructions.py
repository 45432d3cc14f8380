"""``bench.instructions``: the cachegrind summary read, a failing tree reported, and one
real count (skipped where valgrind is missing). It never asserts a figure."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench import instructions

ROOT = Path(__file__).resolve().parents[2]


def test_the_summary_line_is_the_total() -> None:
    text = "desc: --cache-sim=no\ncmd: python\nevents: Ir\nfl=x\n1 5\nsummary: 123456789\n"
    assert instructions.summary_of(text) == 123456789
    with pytest.raises(instructions.CountFailed):
        instructions.summary_of("events: Ir\n")


needs_valgrind = pytest.mark.skipif(shutil.which("valgrind") is None, reason="no valgrind")


@needs_valgrind
def test_a_tree_without_the_graph_work_is_reported_not_counted(tmp_path: Path) -> None:
    with pytest.raises(instructions.CountFailed, match="exit 1"):
        instructions.count(tmp_path, "peloponnes", "greedy", 64, 1, say=False)
    assert instructions.main(["--after", str(tmp_path), "--quiet"]) == 1


@needs_valgrind
def test_a_count_is_the_graphs_work_without_the_start_up() -> None:
    counted = instructions.count(ROOT, "peloponnes", "greedy", 64, 1, say=False)
    assert counted.setup > 0 and counted.work > 0 and counted.full == counted.setup + counted.work
    assert "points of a" in counted.what
