"""Run every benchmark (or the ones named) on one database: ``python -m bench [--smoke]``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from bench import (
    analysis,
    append,
    audit,
    fold,
    harness,
    http,
    leagues,
    length,
    library,
    load,
    memory,
    move_profile,
)

BENCHMARKS: dict[str, tuple[Callable[..., dict[str, Any]], Any, Any]] = {
    "fold": (fold.run, fold.FULL, fold.SMOKE),
    "append": (append.run, append.FULL, append.SMOKE),
    "load": (load.run, load.FULL, load.SMOKE),
    "length": (length.run, length.FULL, length.SMOKE),
    "audit": (audit.run, audit.FULL, audit.SMOKE),
    "http": (http.run, http.FULL, http.SMOKE),
    "memory": (memory.run, memory.FULL, memory.SMOKE),
    "leagues": (leagues.run, leagues.FULL, leagues.SMOKE),
    "analysis": (analysis.run, analysis.FULL, analysis.SMOKE),
    "move-profile": (move_profile.run, move_profile.FULL, move_profile.SMOKE),
    "library": (library.run, library.FULL, library.SMOKE),
}

UNAVAILABLE: dict[str, Callable[[], str | None]] = {"library": library.unavailable}
"""Benchmarks that need an optional extra: each says why it cannot run, or None."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", metavar="NAME", help=", ".join(BENCHMARKS))
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: seconds, not figures")
    harness.add_out(parser)
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(BENCHMARKS))
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)}")
    chosen = args.names or list(BENCHMARKS)
    with harness.bench_database() as url:
        for name in chosen:
            reason = UNAVAILABLE.get(name, lambda: None)()
            if reason is not None:
                print(f"== {name}: skipped: {reason}")
                continue
            run, full, smoke = BENCHMARKS[name]
            harness.print_report(run(url, sizes=smoke if args.smoke else full, out_dir=args.out))
    print(f"results in {args.out}")


if __name__ == "__main__":
    main()
