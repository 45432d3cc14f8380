"""Instructions of a greedy graph's work: one tree's code against another's, by cachegrind.

On a shared machine a CPU-time ratio of two trees moves by more than a 5 to 10% lever (the
same two trees gave 1.10, 1.50 and 1.06 minutes apart on 2026-12-06); an instruction count
does not move with the load. For each tree this runs, under ``valgrind --tool=cachegrind
--cache-sim=no``, one pool worker's share of the whole graph ``bench.speed --graph-cpu``
plays (``bench.sampler``'s ``_graph_work``: a 2-seat game played by ``--bot`` on a memory
store, every ``--every``-th point at N = ``--rollouts``), with ``PYTHONHASHSEED=0``, and then
the same script stopping before the rollouts, and reports the difference: the graph's work
without the start-up and the game's simulation. The ratio is before / after (above 1: the
after tree does less). Instructions are not time (a cache miss costs more than an add), so
a lever is confirmed in CPU time too, where the machine allows.

Run: ``.venv/bin/python -m bench.instructions --before /work/main --after . --ruleset peninsula``
(about a minute a tree at ``--every 32``; cachegrind runs a program 30 to 60 times slower).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

CHILD = """
import sys
from bench.sampler import _graph_work
from domain.games import load_all

load_all()
ruleset, bot, every, rollouts, mode = sys.argv[1:6]
what, work = _graph_work(ruleset, bot, int(rollouts), int(every))
if mode == "full":
    work()
print(what)
"""

_SUMMARY = re.compile(r"^summary:\s+(\d+)", re.MULTILINE)


class CountFailed(Exception):
    """cachegrind or the script under it failed; the message carries its output's tail."""


@dataclass(frozen=True)
class Count:
    """A tree's instructions: the whole run, the run stopped before the rollouts, and what
    the graph's work is (their difference)."""

    tree: str
    full: int
    setup: int
    what: str

    @property
    def work(self) -> int:
        return self.full - self.setup


def summary_of(text: str) -> int:
    """The total instructions of a cachegrind output file (its ``summary:`` line)."""
    found = _SUMMARY.search(text)
    if found is None:
        raise CountFailed("no summary line in the cachegrind output")
    return int(found.group(1))


def run_counted(tree: Path, args: list[str], scratch: Path) -> tuple[int, str]:
    """Instructions of ``python -c CHILD args`` with ``tree`` first on the path, and what the
    script printed."""
    out = scratch / "cachegrind.out"
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [
            "valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
            sys.executable, "-c", CHILD, *args,
        ],
        cwd=tree, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0 or not out.exists():
        raise CountFailed(f"{tree}: exit {done.returncode}\n{done.stderr[-2000:]}")
    total = summary_of(out.read_text())
    out.unlink()
    return total, done.stdout.strip()


def count(tree: Path, ruleset: str, bot: str, every: int, rollouts: int, say: bool) -> Count:
    with tempfile.TemporaryDirectory(prefix="cairn-instructions-") as scratch:
        parts = [ruleset, bot, str(every), str(rollouts)]
        _say(say, f"{tree}: the graph's work under cachegrind")
        full, what = run_counted(tree, [*parts, "full"], Path(scratch))
        _say(say, f"{tree}: the start-up alone")
        setup, _ = run_counted(tree, [*parts, "setup"], Path(scratch))
    return Count(str(tree), full, setup, what)


def _say(say: bool, text: str) -> None:
    if say:
        print(text, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").splitlines()[0],
        epilog="Needs valgrind (Debian's package). Deterministic for the same trees and sizes.",
    )
    parser.add_argument("--after", default=".", help="the tree measured (default: here)")
    parser.add_argument("--before", help="the tree it is compared with (optional)")
    parser.add_argument("--ruleset", default="peninsula")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--every", type=int, default=8, help="keep one graph point in K")
    parser.add_argument("--rollouts", type=int, default=1, help="per point")
    parser.add_argument("--json", action="store_true", help="the report as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    trees = [Path(t).resolve() for t in (args.before, args.after) if t is not None]
    try:
        counts = [
            count(t, args.ruleset, args.bot, args.every, args.rollouts, not args.quiet)
            for t in trees
        ]
    except CountFailed as failed:
        print(f"counting failed: {failed}", file=sys.stderr)
        return 1
    ratio = counts[0].work / counts[1].work if len(counts) == 2 else None
    if args.json:
        rows = [{**asdict(c), "work": c.work} for c in counts]
        print(json.dumps({"counts": rows, "ratio": ratio}, indent=2))
        return 0
    print(f"{args.ruleset}, {args.bot}, one graph point in {args.every}, N = {args.rollouts}:")
    for c in counts:
        print(f"  {c.tree}: {c.work / 1e6:,.1f} M instructions ({c.what})")
    if ratio is not None:
        print(f"  before / after: {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
