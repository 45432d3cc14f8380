"""What every benchmark shares: a database to run against, interleaved timing, JSON results.

Machines are shared and noisy, so a benchmark never compares against a figure measured at
another time: each one measures its baseline in the same run, alternates baseline and
subject round by round (the order flips every round, so neither always runs first), and
reports medians and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from service.store import database
from service.store.database import embedded_url, normalize_url
from service.store.migrate import upgrade

RESULTS = Path(__file__).resolve().parent / "results"

Sample = Callable[[], float]
"""Runs one batch of work and returns the seconds it took (setup stays outside)."""


def interleaved(cases: Mapping[str, Sample], rounds: int) -> dict[str, list[float]]:
    """Run each case once per round, reversing the order every other round."""
    names = list(cases)
    samples: dict[str, list[float]] = {name: [] for name in names}
    for round_no in range(rounds):
        for name in names if round_no % 2 == 0 else reversed(names):
            samples[name].append(cases[name]())
    return samples


def summary(seconds: list[float], units: int = 1) -> dict[str, Any]:
    """Median, spread and per-unit figures of one case's samples."""
    median = statistics.median(seconds)
    return {
        "samples": len(seconds),
        "units_per_sample": units,
        "median_s": median,
        "min_s": min(seconds),
        "max_s": max(seconds),
        "per_unit_ms": 1000 * median / units,
        "per_s": units / median if median > 0 else None,
    }


def comparison(
    name: str,
    baseline: list[float],
    subject: list[float],
    units: int,
    *,
    ratio_of: str,
    target: str,
    meets: Callable[[float], bool],
) -> dict[str, Any]:
    """One line of a report: ``ratio_of`` is "throughput" (subject/baseline) or "time".

    ``ratio`` is the median of the per-round ratios: each round's baseline and subject ran
    back to back, so a slow stretch on a shared machine hits both halves of a pair.
    ``ratio_of_medians`` is the plain ratio of the two medians, for comparison.
    """
    base, subj = summary(baseline, units), summary(subject, units)
    pairs = [s / b for b, s in zip(baseline, subject, strict=True)]
    ratio = statistics.median(pairs)
    of_medians = subj["median_s"] / base["median_s"]
    if ratio_of == "throughput":
        ratio, of_medians = 1 / ratio, 1 / of_medians
    return {
        "name": name,
        "baseline": base,
        "subject": subj,
        "ratio_of": ratio_of,
        "ratio": ratio,
        "ratio_of_medians": of_medians,
        "target": target,
        "meets_target": meets(ratio),
    }


def machine(database_url: str | None = None) -> dict[str, Any]:
    info: dict[str, Any] = {
        "nproc": os.cpu_count(),
        "cpu": _proc_field("/proc/cpuinfo", "model name"),
        "memory_mib": _memory_mib(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        # Other work on a shared machine shows here; compare figures with that in mind.
        "load_average": list(os.getloadavg()),
    }
    if database_url is not None:
        with psycopg.connect(database_url) as conn:
            row = conn.execute("SHOW server_version").fetchone()
            info["postgresql"] = row[0] if row else None
    return info


def _proc_field(path: str, field: str) -> str | None:
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(field):
                return line.split(":", 1)[1].strip()
    except OSError:
        return None
    return None


def _memory_mib() -> int | None:
    total = _proc_field("/proc/meminfo", "MemTotal")
    return int(total.split()[0]) // 1024 if total else None


def write_report(
    benchmark: str,
    params: Mapping[str, Any],
    results: list[dict[str, Any]],
    database_url: str | None,
    out_dir: Path | None = None,
    notes: list[str] | None = None,
) -> dict[str, Any]:
    """Write ``<out_dir>/<benchmark>.json`` and return it; ``ratio`` is the headline line's."""
    report = {
        "benchmark": benchmark,
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(database_url),
        "params": dict(params),
        "ratio": results[0]["ratio"] if results else None,
        "results": results,
        "notes": notes or [],
    }
    directory = out_dir or RESULTS
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{benchmark}.json").write_text(json.dumps(report, indent=2) + "\n")
    return report


def print_report(report: Mapping[str, Any]) -> None:
    print(f"== {report['benchmark']}")
    for line in report["results"]:
        base, subj = line["baseline"], line["subject"]
        if line["ratio_of"] == "memory":
            print(
                f"  {line['name']}\n    baseline {base['rss_mib']:.1f} MiB,"
                f" subject {subj['rss_mib']:.1f} MiB, ratio {line['ratio']:.2f}"
            )
            continue
        verdict = "meets" if line["meets_target"] else "MISSES"
        print(
            f"  {line['name']}\n    baseline {_rate(base)}, subject {_rate(subj)},"
            f" ratio {line['ratio']:.2f} (target {line['target']}: {verdict})"
        )
        if "latency" in line:
            base_l, subj_l = line["latency"]["baseline"], line["latency"]["subject"]
            verdict = "meets" if line["meets_p99_target"] else "MISSES"
            print(
                f"    p50/p99 baseline {base_l['p50_ms']:.1f}/{base_l['p99_ms']:.1f} ms,"
                f" subject {subj_l['p50_ms']:.1f}/{subj_l['p99_ms']:.1f} ms,"
                f" p99 ratio {line['p99_ratio']:.2f} (target {line['p99_target']}: {verdict})"
            )
        if (reads := line.get("reads_per_move", {}).get("subject")) is not None:
            print(f"    reads a move: subject {reads:.2f}, baseline 1")
    for note in report.get("notes", []):
        print(f"  note: {note}")


def _rate(figures: Mapping[str, Any]) -> str:
    return f"{figures['per_unit_ms']:.4f} ms/unit ({figures['per_s']:,.0f}/s)"


@contextmanager
def bench_database(url: str | None = None) -> Iterator[str]:
    """A fresh, migrated database for one run, dropped (or its server stopped) afterwards.

    ``url`` is used as is (the smoke tests pass theirs). Otherwise a database is created on
    DATABASE_URL's server, or an embedded pgserver is started in a temporary directory.
    """
    if url is not None:
        yield url
        return
    base = os.environ.get("DATABASE_URL", "").strip()
    if not base:
        with _embedded_home() as home:
            embedded = embedded_url(home, database="cairn_bench")
            upgrade(embedded)
            yield embedded
        return
    base = normalize_url(base)
    name = f"cairn_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    info = psycopg.conninfo.conninfo_to_dict(base)
    info["dbname"] = name
    fresh = psycopg.conninfo.make_conninfo(**info)
    try:
        upgrade(fresh)
        yield fresh
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@contextmanager
def _embedded_home() -> Iterator[Path]:
    """A temporary CAIRN_HOME whose embedded server is stopped before the files go."""
    home = Path(tempfile.mkdtemp(prefix="cairn-bench-"))
    try:
        yield home
    finally:
        pgdata = (home / "pgdata").resolve()
        server = database._servers.pop(pgdata, None)
        if server is not None:
            server.cleanup()
        shutil.rmtree(home, ignore_errors=True)


def timed(work: Callable[[], Any]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


Narrowing = tuple[
    Callable[[argparse.ArgumentParser], None], Callable[[Any, argparse.Namespace], Any]
]
"""A benchmark's own options: one adds them to the parser, the other applies the parsed
ones to the sizes chosen (full or smoke), answering the sizes to run."""


def command_line(
    doc: str,
    run: Callable[..., Mapping[str, Any]],
    full: Any,
    smoke: Any,
    argv: list[str] | None = None,
    narrowing: Narrowing | None = None,
) -> None:
    """The ``python -m bench.<name> [--smoke] [--out DIR]`` entry point every benchmark
    shares (``--out`` as ``python -m bench``'s), plus a benchmark's own ``narrowing``
    options if it has any."""
    parser = argparse.ArgumentParser(
        description=doc.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, seconds")
    add_out(parser)
    if narrowing is not None:
        narrowing[0](parser)
    args = parser.parse_args(argv)
    sizes = smoke if args.smoke else full
    if narrowing is not None:
        sizes = narrowing[1](sizes, args)
    print_report(run(sizes=sizes, out_dir=args.out))


def add_out(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out", type=Path, default=RESULTS, metavar="DIR", help="where the JSON goes"
    )
