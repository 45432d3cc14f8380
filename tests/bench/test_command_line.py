"""Every benchmark run on its own takes ``--out DIR``, as ``python -m bench`` does: checked
through the shared command line, without a database or a cluster."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import fold, harness

FULL, SMOKE = {"size": "full"}, {"size": "smoke"}


def _recorded(calls: list[dict[str, Any]]) -> Any:
    def run(**kwargs: Any) -> dict[str, Any]:
        calls.append(kwargs)
        return {"benchmark": "fake", "results": []}

    return run


def test_out_names_the_directory_the_json_goes_to(tmp_path: Path) -> None:
    calls: list[dict[str, Any]] = []
    harness.command_line("fake", _recorded(calls), FULL, SMOKE, ["--smoke", "--out", str(tmp_path)])
    assert calls == [{"sizes": SMOKE, "out_dir": tmp_path}]


def test_without_out_the_json_goes_to_bench_results() -> None:
    calls: list[dict[str, Any]] = []
    harness.command_line("fake", _recorded(calls), FULL, SMOKE, [])
    assert calls == [{"sizes": FULL, "out_dir": harness.RESULTS}]


def test_fold_takes_out_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(fold, "run", _recorded(calls))
    fold.main(["--out", str(tmp_path)])
    assert calls == [{"sizes": fold.FULL, "include_test": False, "out_dir": tmp_path}]


@pytest.mark.parametrize("module", ["bench.citus", "bench.citus_leagues"])
def test_the_citus_benches_offer_out_without_a_cluster(module: str) -> None:
    shown = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert "--out DIR" in shown.stdout
