"""Simulation: seeded Five Peaks games over 2-5 seats for both bots, every game audited.

Not a timing benchmark and not run in CI (docs/rules/five-peaks.md, Balance, holds the
figures of the last run and says how many games it had). Each game is played in process
through the ruleset, the system's decisions included, then audited the way ``cairn audit``
re-derives a game: every decision decided again on the state before it must give exactly
the stored events, and the revealed seed must match the commitment published at the start.
It counts scores per seat count, game length, and how often each hiking card is played,
each campfire effect kept, each panorama bought and each peak placed and stoned.

Run: ``.venv/bin/python -m bench.five_peaks [--games 10000] [--out bench/results]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.harness import RESULTS
from bench.playthrough import seed_for
from domain.core import GameCreated, Luck, SeedRevealed, SetUp, commitment
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


@dataclass
class Tally:
    games: int = 0
    audited: int = 0
    decisions: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    ends: Counter[str] = field(default_factory=Counter)


@dataclass
class Use:
    cards: Counter[str] = field(default_factory=Counter)
    campfire: Counter[str] = field(default_factory=Counter)
    panoramas: Counter[str] = field(default_factory=Counter)
    peaks: Counter[str] = field(default_factory=Counter)
    stones: Counter[str] = field(default_factory=Counter)


def play(seats: int, bot: str, game_no: int) -> Iterator[tuple[Any, tuple[Any, ...], Any]]:
    """Each decision of one game: the command, its events, the state before it."""
    label = f"five-peaks-sim:{seats}:{bot}:{game_no}"
    state = RULESET.initial_state
    command: Any = SetUp(seats=seats, seed=seed_for(label), options={})
    for step in range(20_000):
        events = RULESET.decide(state, command)
        yield command, events, state
        state = RULESET.fold(events, state)
        if RULESET.is_terminal(state):
            return
        command = RULESET.system_command(state)
        if command is None:
            (seat,) = RULESET.to_act(state)
            command = RULESET.bots[bot](state, seat, Luck(seed_for(label, "bot", step)))
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


def record(seats: int, bot: str, game_no: int, tally: Tally, use: Use) -> None:
    decisions = list(play(seats, bot, game_no))
    final = RULESET.fold(decisions[-1][1], decisions[-1][2])
    result = RULESET.result(final)
    assert result is not None
    tally.games += 1
    tally.audited += audit(decisions)
    tally.decisions.append(len(decisions))
    tally.scores += list(result.scores)
    tally.winners.append(max(result.scores))
    pack = load()
    for _, events, _ in decisions:
        for event in events:
            match event:
                case TurnEnded():
                    tally.turns[-1:] = [tally.turns[-1] + 1] if tally.turns else [1]
                case CardPlayed(card=card):
                    use.cards[card] += 1
                case CampfireKept(card=card):
                    use.campfire[pack.fire(card).id] += 1
                case PanoramaBought(card=card):
                    use.panoramas[card] += 1
                case PeakPlaced(peak=peak):
                    use.peaks[peak] += 1
                case StonePlaced(stone=stone):
                    use.stones[stone] += 1
                case EndTriggered(reasons=reasons):
                    tally.ends[" + ".join(reasons)] += 1
                case _:
                    pass
    tally.turns.append(0)


def _summary(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "mean": round(statistics.fmean(ordered), 1),
        "p10": ordered[len(ordered) // 10],
        "median": statistics.median(ordered),
        "p90": ordered[(9 * len(ordered)) // 10],
        "min": ordered[0],
        "max": ordered[-1],
    }


def simulate(games: int) -> dict[str, Any]:
    """``games`` games in all, spread evenly over seat counts and bots."""
    settings = [(s, b) for s in SEATS for b in BOTS]
    tallies = {k: Tally() for k in settings}
    use = Use()
    for index, (seats, bot) in enumerate(settings):
        count = games // len(settings) + (index < games % len(settings))
        for game_no in range(count):
            record(seats, bot, game_no, tallies[(seats, bot)], use)
    pack = load()
    return {
        "games": sum(t.games for t in tallies.values()),
        "audited_clean": sum(t.audited for t in tallies.values()),
        "settings": [
            {
                "setting": f"{seats} seats, {bot}",
                "games": t.games,
                "audited_clean": t.audited,
                "scores": _summary(t.scores),
                "winning_score": _summary(t.winners),
                "turns_per_seat": _summary([n // seats for n in t.turns[:-1] if n]),
                "decisions": _summary(t.decisions),
                "end": dict(t.ends),
            }
            for (seats, bot), t in tallies.items()
            if t.games
        ],
        "cards_played": {c: use.cards[c] for c in pack.cards},
        "campfire_kept": {f: use.campfire[f] for f in pack.campfire},
        "panoramas_bought": {p: use.panoramas[p] for p in pack.panoramas},
        "peaks_placed": {p: use.peaks[p] for p in pack.peaks},
        "stones_placed": {s.id: use.stones[s.id] for s in pack.stones},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    result = simulate(args.games)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "five-peaks.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
