"""Every benchmark runs end to end at tiny sizes, so none of them rots between real runs.

These check the shape of the JSON each writes, never a timing: figures come from real runs
on a quiet machine (bench/README.md), not from a test.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bench import (
    analysis,
    append,
    audit,
    fold,
    http,
    leagues,
    length,
    library,
    load,
    memory,
    move_profile,
)
from bench.__main__ import BENCHMARKS, UNAVAILABLE, main
from bench.harness import bench_database
from domain.core import registry
from service.store import EventStore
from tests.support.citus import citus_url

pytestmark = pytest.mark.storage


@pytest.fixture(scope="module")
def bench_url(database_url: str) -> Iterator[str]:
    """A database of their own, on the session's server: the games the benchmarks leave,
    of rulesets registered only while they run, must not reach other tests' listings."""
    with bench_database() as url:
        yield url


@pytest.fixture(autouse=True)
def _registry_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench-only marathon ruleset must not leak into tests that list rulesets."""
    monkeypatch.setattr(registry, "_RULESETS", dict(registry._RULESETS))


def _well_formed(report: dict[str, Any], out_dir: Path, name: str) -> None:
    written = json.loads((out_dir / f"{name}.json").read_text())
    assert written == json.loads(json.dumps(report))
    assert written["benchmark"] == name
    assert written["machine"]["nproc"] >= 1
    assert written["results"], "a benchmark reports at least one line"
    assert isinstance(written["ratio"], float) and written["ratio"] > 0
    for line in written["results"]:
        assert isinstance(line["ratio"], float) and line["ratio"] > 0
        assert line["ratio_of"] in ("throughput", "time", "memory")
        assert isinstance(line["meets_target"], bool)
        if line["ratio_of"] == "memory":
            assert line["baseline"]["rss_mib"] > 0 and line["subject"]["rss_mib"] > 0
            continue
        for side in ("baseline", "subject"):
            assert line[side]["samples"] >= 1
            assert line[side]["median_s"] > 0


def test_fold_covers_every_registered_ruleset(tmp_path: Path, bench_url: str) -> None:
    report = fold.run(bench_url, fold.SMOKE, tmp_path)
    _well_formed(report, tmp_path, "fold")
    names = " ".join(line["name"] for line in report["results"])
    for ruleset in registry.all_rulesets():
        if ruleset.id != "marathon":
            assert f"{ruleset.id}: rebuild" in names


def test_append(tmp_path: Path, bench_url: str) -> None:
    _well_formed(append.run(bench_url, append.SMOKE, tmp_path), tmp_path, "append")


def test_load(tmp_path: Path, bench_url: str) -> None:
    _well_formed(load.run(bench_url, load.SMOKE, tmp_path), tmp_path, "load")


def test_length(tmp_path: Path, bench_url: str) -> None:
    _well_formed(length.run(bench_url, length.SMOKE, tmp_path), tmp_path, "length")


def test_audit(tmp_path: Path, bench_url: str) -> None:
    _well_formed(audit.run(bench_url, audit.SMOKE, tmp_path), tmp_path, "audit")


def test_http_against_a_bare_endpoint(tmp_path: Path, bench_url: str) -> None:
    report = http.run(bench_url, http.SMOKE, tmp_path)
    _well_formed(report, tmp_path, "http")
    for line in report["results"]:
        for side in ("baseline", "subject"):
            assert line["latency"][side]["p99_ms"] >= line["latency"][side]["p50_ms"] > 0
        assert isinstance(line["meets_p99_target"], bool)
        assert line["reads_per_move"]["subject"] >= 1.0


def test_leagues(tmp_path: Path, bench_url: str) -> None:
    _well_formed(leagues.run(bench_url, leagues.SMOKE, tmp_path), tmp_path, "leagues")


def test_memory(tmp_path: Path, bench_url: str) -> None:
    _well_formed(memory.run(bench_url, memory.SMOKE, tmp_path), tmp_path, "memory")


def test_analysis(tmp_path: Path, bench_url: str) -> None:
    report = analysis.run(bench_url, analysis.SMOKE, tmp_path)
    _well_formed(report, tmp_path, "analysis")
    assert any(note.startswith("profile peninsula random") for note in report["notes"])
    whole, first = (
        next(line for line in report["results"] if words in line["name"])
        for words in ("x 2 rollouts, 2 jobs", "the first whole graph shown")
    )
    assert 0 < first["wall_s"] < whole["wall_s"]


def test_move_profile_breaks_a_move_down_and_leaves_nothing_patched(
    tmp_path: Path, bench_url: str
) -> None:
    wait = psycopg.Connection.wait
    report = move_profile.run(bench_url, move_profile.SMOKE, tmp_path)
    _well_formed(report, tmp_path, "move-profile")
    line = report["results"][0]
    stages = {row["stage"]: row for row in line["breakdown"]}
    append_stage = stages["append (events, key, result, outbox, notices)"]
    assert append_stage["calls_per_move"] >= 1
    assert append_stage["exchanges_per_move"] >= 1
    assert stages["token check (Host.seat)"]["calls_per_move"] == 1
    assert any(row["stage"].startswith("framework") for row in line["breakdown"])
    assert line["profile"], "the cProfile of act lists functions"
    trips = line["round_trips_per_move"]
    assert "skipped" in trips or trips["cairn"] >= 1 <= trips["bare"]
    assert psycopg.Connection.wait is wait


def test_the_eventsourcing_library_comparison(tmp_path: Path, bench_url: str) -> None:
    """Only with the optional extra ``bench-library`` installed (bench/library.py)."""
    pytest.importorskip("eventsourcing", reason="the extra bench-library is not installed")
    report = library.run(bench_url, library.SMOKE, tmp_path)
    _well_formed(report, tmp_path, "library")
    names = [line["name"] for line in report["results"]]
    assert any(name.startswith("append against eventsourcing, 1 writer") for name in names)
    assert any(name.startswith("rebuild a ") for name in names)
    floors = [line["against_commit_floor"] for line in report["results"] if "commit_floor" in line]
    assert len(floors) == 2, "1 writer and several, each against the commit floor"
    assert all(set(floor) == {"cairn", "library", "library_functions"} for floor in floors)


def test_without_the_library_its_benchmark_is_skipped_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As if the extra were not installed: ``python -m bench library`` prints why it did not
    run, writes nothing and does not fail; ``library.run`` itself refuses plainly."""
    monkeypatch.setitem(sys.modules, "eventsourcing", None)
    reason = library.unavailable()
    assert reason is not None and "bench-library" in reason
    main(["library", "--smoke", "--out", str(tmp_path)])
    assert f"== library: skipped: {reason}" in capsys.readouterr().out
    assert not (tmp_path / "library.json").exists()
    with pytest.raises(RuntimeError, match="bench-library"):
        library.run(sizes=library.SMOKE, out_dir=tmp_path)


def test_one_command_runs_them_all(
    tmp_path: Path, database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m bench --smoke`` on DATABASE_URL's server (the test session exports it);
    a benchmark whose optional extra is missing is skipped, saying so."""
    main(["--smoke", "--out", str(tmp_path)])
    skipped = {name for name, why in UNAVAILABLE.items() if why() is not None}
    ran = {f"{name}.json" for name in BENCHMARKS if name not in skipped}
    assert {p.name for p in tmp_path.iterdir()} == ran
    out = capsys.readouterr().out
    assert "ratio" in out
    assert all(f"== {name}: skipped: " in out for name in skipped)


def test_bench_games_and_rulesets_stay_out_of_the_session(store: EventStore) -> None:
    assert "marathon" not in {r.id for r in registry.all_rulesets()}
    assert store.games(ruleset="marathon") == [] and store.games(ruleset="bench") == []


def test_the_citus_bench_runs_on_a_cluster(tmp_path: Path, bench_url: str) -> None:
    """Only with ``CAIRN_CITUS_URL`` (``python -m bench.citus`` needs a cluster)."""
    citus_url()
    from bench import citus

    report = citus.run(bench_url, citus.SMOKE, tmp_path)
    _well_formed(report, tmp_path, "citus")
    assert all(line["latency"]["subject"]["p99_ms"] > 0 for line in report["results"])


def test_the_citus_league_lag_bench_runs_on_a_cluster(tmp_path: Path, bench_url: str) -> None:
    """Only with ``CAIRN_CITUS_URL``: every result reaches the standings on both sides."""
    citus_url()
    from bench import citus_leagues

    sizes = citus_leagues.SMOKE
    report = citus_leagues.run(bench_url, sizes, tmp_path)
    _well_formed(report, tmp_path, "citus-leagues")
    for lag in report["results"][0]["lag"].values():
        assert lag["moves"] > 0
        assert len(lag["catch_up_after_last_move_s"]) == sizes.rounds
        assert lag["result_in_standings_max_s"] > 0
