"""Fold: events per second rebuilding complete recorded games of each registered ruleset.

Games are played to the end by the rulesets' own bots in process (no database), then
rebuilt two ways: folding the decoded events (the headline, against the 200k events/s
target), and the full rebuild from stored records (decode each payload's JSON text on the
loader's own path, then fold), which is what a load without snapshot does. The baseline,
measured in the same run, is a reference fold over the same number of events: one
``dataclasses.replace`` of a one-field frozen state per event, the least any immutable fold
can cost on this machine. The target is absolute; the ratio says how far each ruleset's
fold is from that reference.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bench.harness import add_out, comparison, interleaved, print_report, timed, write_report
from bench.playthrough import Playthrough, play, seats_for
from domain.core import Ruleset, registry
from domain.games import load_all
from service.application.decoding import decode_events

TARGET_EVENTS_PER_S = 200_000


@dataclass(frozen=True)
class Sizes:
    games: int = 40
    rounds: int = 9
    min_events: int = 20_000
    """Each sample folds the games over and over until at least this many events."""


FULL = Sizes()
SMOKE = Sizes(games=3, rounds=3, min_events=200)


@dataclass(frozen=True)
class _Counter:
    n: int = 0


def reference_fold(count: int) -> None:
    state = _Counter()
    for _ in range(count):
        state = replace(state, n=state.n + 1)


def _fold_all(games: list[Playthrough], passes: int) -> None:
    for _ in range(passes):
        for game in games:
            game.ruleset.fold(game.events)


def rebuild(ruleset: Ruleset[Any, Any, Any], records: list[tuple[str, int, str]]) -> Any:
    """What a load without a snapshot does once the rows are read: decode, then fold."""
    return ruleset.fold(decode_events(ruleset, records))


def _rebuild_all(ruleset: Ruleset[Any, Any, Any], records: list[Any], passes: int) -> None:
    for _ in range(passes):
        for game in records:
            rebuild(ruleset, game)


def bench_ruleset(ruleset: Ruleset[Any, Any, Any], sizes: Sizes) -> list[dict[str, Any]]:
    seats = seats_for(ruleset)
    games = [play(ruleset, seats, n) for n in range(sizes.games)]
    records = [g.records() for g in games]
    per_pass = sum(len(g.events) for g in games)
    passes = max(1, -(-sizes.min_events // per_pass))
    events = per_pass * passes
    samples = interleaved(
        {
            "reference": lambda: timed(lambda: reference_fold(events)),
            "fold": lambda: timed(lambda: _fold_all(games, passes)),
            "rebuild": lambda: timed(lambda: _rebuild_all(ruleset, records, passes)),
        },
        sizes.rounds,
    )
    lines = []
    for name in ("fold", "rebuild"):
        line = comparison(
            f"{ruleset.id}: {name} ({seats} seats, events/s)",
            samples["reference"],
            samples[name],
            events,
            ratio_of="throughput",
            target=f">= {TARGET_EVENTS_PER_S} events/s",
            meets=lambda _ratio: True,
        )
        line["meets_target"] = line["subject"]["per_s"] >= TARGET_EVENTS_PER_S
        line["events_per_game"] = per_pass / len(games)
        lines.append(line)
    if ruleset.max_seats >= 4:
        lines.append(_one_game(ruleset, games, records, sizes))
    return lines


def _one_game(
    ruleset: Ruleset[Any, Any, Any], games: list[Playthrough], records: list[Any], sizes: Sizes
) -> dict[str, Any]:
    """The time to rebuild one complete 4-seat game (the longest one played)."""
    longest = max(range(len(games)), key=lambda i: len(games[i].events))
    game, events = records[longest], len(games[longest].events)
    repeat = max(1, sizes.min_events // (10 * events))
    samples = interleaved(
        {
            "reference": lambda: timed(lambda: reference_fold(events * repeat)),
            "rebuild": lambda: timed(lambda: _rebuild_all(ruleset, [game], repeat)),
        },
        sizes.rounds,
    )
    line = comparison(
        f"{ruleset.id}: rebuild one 4-seat game ({events} events)",
        samples["reference"],
        samples["rebuild"],
        repeat,
        ratio_of="throughput",
        target="informational",
        meets=lambda _ratio: True,
    )
    line["events_per_game"] = events
    return line


def rulesets(include_test: bool) -> list[Ruleset[Any, Any, Any]]:
    """The registered rulesets; the test-only counting game joins when asked or when alone."""
    load_all()
    if include_test or not registry.all_rulesets():
        from tests.support import counting

        if "counting" not in {r.id for r in registry.all_rulesets()}:
            counting.install()
    return [r for r in registry.all_rulesets() if r.id != "marathon"]


def run(
    url: str | None = None,
    sizes: Sizes = FULL,
    out_dir: Path | None = None,
    include_test: bool = False,
) -> dict[str, Any]:
    found = rulesets(include_test)
    lines = [line for ruleset in found for line in bench_ruleset(ruleset, sizes)]
    notes = [f"rulesets: {', '.join(r.id for r in found)}"]
    if any(r.id == "counting" for r in found):
        notes.append("counting is the test-only ruleset (tests/support); not a product figure")
    return write_report("fold", vars(sizes), lines, url, out_dir, notes)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, seconds")
    parser.add_argument("--include-test-rulesets", action="store_true")
    add_out(parser)
    args = parser.parse_args(argv)
    sizes = SMOKE if args.smoke else FULL
    print_report(run(sizes=sizes, include_test=args.include_test_rulesets, out_dir=args.out))


if __name__ == "__main__":
    main()
