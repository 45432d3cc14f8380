"""Simulation: seeded Five Peaks games over 2-5 seats for both bots, every game audited.

Not a timing benchmark and not run in CI (docs/rules/five-peaks.md, Balance, holds the
figures of the last run and says how many games it had). Each game is played in process
through the ruleset, the system's decisions included, then audited the way ``cairn audit``
re-derives a game: every decision decided again on the state before it must give exactly
the stored events, and the revealed seed must match the commitment published at the start.

Each finished game appends one JSON line to the results file: its setting, seed label,
whether it audited clean, scores, turns, decisions, how it ended and what it used (hiking
cards played, campfire effects kept, panoramas bought, peaks placed and stoned). Games
already in the file are skipped, so a stopped run resumes where it stopped. Games go
round-robin over the 8 settings (2-5 seats x greedy/random): any prefix of a run is
balanced. ``--report`` prints the figures of everything in the file
(``bench/five_peaks_report.py``).

Run: ``.venv/bin/python -m bench.five_peaks [--games 10000] [--jobs 1] [--out FILE]``,
then ``.venv/bin/python -m bench.five_peaks --report [--out FILE]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from bench.harness import RESULTS
from bench.playthrough import seed_for
from domain.core import GameCreated, Luck, Ruleset, SeedRevealed, SetUp, commitment
from domain.games.five_peaks import RULESET
from domain.games.five_peaks.content import load
from domain.games.five_peaks.events import (
    CampfireKept,
    CardPlayed,
    EndTriggered,
    PanoramaBought,
    PeakPlaced,
    StonePlaced,
    TurnEnded,
)

BOTS = ("greedy", "random")
SEATS = (2, 3, 4, 5)
SETTINGS = tuple((s, b) for s in SEATS for b in BOTS)
TURN_LIMIT = "turn_limit"
"""How a game ended that no end trigger ended: the 100-turns-per-seat limit (flow.py)."""
OUT = RESULTS / "five-peaks.jsonl"
USES = ("cards", "campfire", "panoramas", "peaks", "stones")


def label_of(seats: int, bot: str, game_no: int) -> str:
    """The seed label of game ``game_no`` of a setting: its seeds and bot choices follow."""
    return f"five-peaks-sim:{seats}:{bot}:{game_no}"


def play(
    seats: int, bot: str, game_no: int, ruleset: Ruleset[Any, Any, Any] = RULESET
) -> Iterator[tuple[Any, tuple[Any, ...], Any]]:
    """Each decision of one game (under the newest rules, or ``ruleset``): the command,
    its events, the state before it."""
    label = label_of(seats, bot, game_no)
    state = ruleset.initial_state
    command: Any = SetUp(seats=seats, seed=seed_for(label), options={})
    for step in range(20_000):
        events = ruleset.decide(state, command)
        yield command, events, state
        state = ruleset.fold(events, state)
        if ruleset.is_terminal(state):
            return
        command = ruleset.system_command(state)
        if command is None:
            (seat,) = ruleset.to_act(state)
            command = ruleset.bots[bot](state, seat, Luck(seed_for(label, "bot", step)))
    raise AssertionError(f"{label} did not end")


def audit(decisions: list[tuple[Any, tuple[Any, ...], Any]]) -> bool:
    for command, events, before in decisions:
        if RULESET.decide(before, command) != events:
            return False
    created, revealed = decisions[0][1][0], decisions[-1][1][-1]
    return (
        isinstance(created, GameCreated)
        and isinstance(revealed, SeedRevealed)
        and commitment(revealed.seed) == created.commitment
    )


def game_record(seats: int, bot: str, game_no: int) -> dict[str, Any]:
    """One game played and audited, as the line the results file keeps for it."""
    decisions = list(play(seats, bot, game_no))
    final = RULESET.fold(decisions[-1][1], decisions[-1][2])
    result = RULESET.result(final)
    assert result is not None
    pack = load()
    use: dict[str, Counter[str]] = {k: Counter() for k in USES}
    turns, end = 0, TURN_LIMIT
    for _, events, _ in decisions:
        for event in events:
            match event:
                case TurnEnded():
                    turns += 1
                case CardPlayed(card=card):
                    use["cards"][card] += 1
                case CampfireKept(card=card):
                    use["campfire"][pack.fire(card).id] += 1
                case PanoramaBought(card=card):
                    use["panoramas"][card] += 1
                case PeakPlaced(peak=peak):
                    use["peaks"][peak] += 1
                case StonePlaced(stone=stone):
                    use["stones"][stone] += 1
                case EndTriggered(reasons=reasons):
                    end = " + ".join(reasons)
                case _:
                    pass
    return {
        "seats": seats,
        "bot": bot,
        "game": game_no,
        "label": label_of(seats, bot, game_no),
        "rules_version": RULESET.rules_version,
        "content_hash": RULESET.content_hash,
        "audited": audit(decisions),
        "scores": list(result.scores),
        "turns": turns,
        "decisions": len(decisions),
        "end": end,
        **{k: dict(sorted(v.items())) for k, v in use.items()},
    }


def schedule(games: int) -> list[tuple[int, str, int]]:
    """The first ``games`` games, round-robin over the settings."""
    return [(*SETTINGS[i % len(SETTINGS)], i // len(SETTINGS)) for i in range(games)]


def key(line: dict[str, Any]) -> tuple[int, str, int]:
    return (line["seats"], line["bot"], line["game"])


def read(path: Path) -> list[dict[str, Any]]:
    """Every complete line of the file; a line cut short by a stopped run is left out (the
    game is played again)."""
    if not path.exists():
        return []
    lines = []
    for text in path.read_text().splitlines():
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError:
            continue
    return lines


def _one(game: tuple[int, str, int]) -> dict[str, Any]:
    return game_record(*game)


def _played(todo: list[tuple[int, str, int]], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(_one, todo)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(_one, todo, chunksize=1)


def run(games: int, jobs: int, out: Path, progress: TextIO = sys.stderr) -> int:
    """Play every scheduled game the file lacks, appending each as it finishes; returns
    how many were played now."""
    done = {key(line) for line in read(out)}
    todo = [g for g in schedule(games) if g not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    _truncate_partial(out)
    start, count = time.monotonic(), 0
    with out.open("a") as file:
        for line in _played(todo, jobs):
            file.write(json.dumps(line, sort_keys=True) + "\n")
            file.flush()
            count += 1
            _progress(progress, count, len(todo), games - len(todo), start, line)
    if todo:
        print(file=progress)
    return count


def _truncate_partial(out: Path) -> None:
    """End the file with a newline, so that a line cut short stays on its own."""
    if out.exists() and out.stat().st_size:
        with out.open("rb") as file:
            file.seek(-1, 2)
            last = file.read(1)
        if last != b"\n":
            with out.open("a") as file:
                file.write("\n")


def _progress(
    stream: TextIO, count: int, todo: int, skipped: int, start: float, line: dict[str, Any]
) -> None:
    minutes = (time.monotonic() - start) / 60
    rate = count / minutes if minutes else 0.0
    left = (todo - count) / rate if rate else 0.0
    ending = "\r" if stream.isatty() else "\n"
    stream.write(
        f"{count}/{todo} games ({skipped} already in the file), {rate:.1f}/min, "
        f"~{left:.0f} min left; last: {line['seats']} seats {line['bot']} #{line['game']}"
        f"{'' if line['audited'] else ' AUDIT FAILED'}{ending}"
    )
    stream.flush()


def main(argv: Iterable[str] | None = None) -> None:
    from bench.five_peaks_report import report

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", type=Path, default=OUT, help="the results file (JSON lines)")
    parser.add_argument("--report", action="store_true", help="print the file's figures")
    args = parser.parse_args(None if argv is None else list(argv))
    if args.report:
        print(report(read(args.out)))
        return
    run(args.games, args.jobs, args.out)


if __name__ == "__main__":
    main()
