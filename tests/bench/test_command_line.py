"""Every benchmark run on its own takes ``--out DIR``, as ``python -m bench`` does: checked
through the shared command line, without a database or a cluster."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import fold, harness, http

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


def _http_sizes(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(http, "run", _recorded(calls))
    harness.command_line(
        "fake", http.run, http.FULL, http.SMOKE, argv, narrowing=(http.add_choices, http.chosen)
    )
    [call] = calls
    return call["sizes"]


def test_http_runs_the_rows_named(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = _http_sizes(["--workers", "1", "--clients", "1", "--rulesets", "none"], monkeypatch)
    assert sizes == dataclasses.replace(http.FULL, workers=(1,), clients=(1,), rulesets=())


def test_http_narrows_smoke_and_keeps_what_is_not_named(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["--smoke", "--workers", "2", "4", "--clients", "--rulesets", "peloponnes"]
    argv += ["--rounds", "3", "--writes-per-sample", "40", "--ruleset-clients", "2"]
    sizes = _http_sizes(argv, monkeypatch)
    assert sizes == http.Sizes(
        rounds=3,
        workers=(2, 4),
        clients=(),
        writes_per_sample=40,
        rulesets=("peloponnes",),
        ruleset_clients=2,
    )
    assert _http_sizes([], monkeypatch) == http.FULL


def test_http_explains_its_rows() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "bench.http", "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert "--workers 1 --clients 1 --rulesets none" in shown.stdout
    assert "--out DIR" in shown.stdout
