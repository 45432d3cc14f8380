"""Simulation: seeded Peloponnes games over 1-6 seats, with and without the expansion, for
both bots and for the greedy bot against the random one; every game audited.

Not a timing benchmark and not run in CI (docs/rules/peloponnes.md, Balance, holds the
figures of the last full run). Each game is played in process through the ruleset, the
system's decisions included, then audited the way ``cairn audit`` re-derives a game: every
decision is decided again on the state before it and must give exactly the stored events,
and the revealed seed must match the commitment published at the start.

Run: ``.venv/bin/python -m bench.peloponnes [--games 10000] [--out bench/results]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.harness import RESULTS
from bench.playthrough import seed_for
from domain.core import GameCreated, Luck, SeedRevealed, SetUp, commitment
from domain.games.peloponnes import RULESET
from domain.games.peloponnes.content import DISASTERS
from domain.games.peloponnes.events import (
    BidsSettled,
    DisasterStruck,
    Fed,
    GameBegan,
    Suffered,
    TilesLost,
    TilesRevealed,
    TilesSaved,
)

EXPANSIONS: dict[str, dict[str, Any]] = {
    "base": {},
    "expansion": {"sea_tiles": True, "six_player_tiles": "yes"},
}
MODES = ("greedy", "random", "mixed")


@dataclass(frozen=True)
class Setting:
    seats: int
    expansion: str
    mode: str

    @property
    def name(self) -> str:
        return f"{self.seats} seats, {self.expansion}, {self.mode}"

    def bots(self, game_no: int) -> tuple[str, ...]:
        if self.mode != "mixed":
            return (self.mode,) * self.seats
        greedy = game_no % self.seats
        return tuple("greedy" if s == greedy else "random" for s in range(self.seats))


def settings() -> list[Setting]:
    found = []
    for seats in range(1, 7):
        for expansion in EXPANSIONS:
            for mode in MODES:
                if seats == 1 and mode == "mixed":
                    continue
                found.append(Setting(seats, expansion, mode))
    return found


@dataclass
class Tally:
    """Everything counted over the games of one setting."""

    games: int = 0
    audited: int = 0
    decisions: int = 0
    scores: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    wins: Counter[str] = field(default_factory=Counter)
    seats_by_bot: Counter[str] = field(default_factory=Counter)


@dataclass
class Totals:
    """What is counted over every game: tiles, disasters, civilizations."""

    revealed: Counter[str] = field(default_factory=Counter)
    bought: Counter[str] = field(default_factory=Counter)
    strikes: Counter[str] = field(default_factory=Counter)
    hit: Counter[str] = field(default_factory=Counter)
    immune: Counter[str] = field(default_factory=Counter)
    exposed: Counter[str] = field(default_factory=Counter)
    civ_games: Counter[tuple[str, str]] = field(default_factory=Counter)
    civ_starved: Counter[tuple[str, str]] = field(default_factory=Counter)
    civ_scores: dict[tuple[str, str], list[int]] = field(default_factory=lambda: defaultdict(list))


def play(setting: Setting, game_no: int) -> Iterator[tuple[Any, tuple[Any, ...], Any]]:
    """Each decision of one game: the command, its events, the state before it."""
    label = f"peloponnes-sim:{setting.name}:{game_no}"
    options = EXPANSIONS[setting.expansion]
    setup = SetUp(seats=setting.seats, seed=seed_for(label), options=options)
    state = RULESET.initial_state
    command: Any = setup
    bots = setting.bots(game_no)
    for step in range(20_000):
        events = RULESET.decide(state, command)
        yield command, events, state
        state = RULESET.fold(events, state)
        if RULESET.is_terminal(state):
            return
        command = RULESET.system_command(state)
        if command is None:
            (seat,) = RULESET.to_act(state)
            luck = Luck(seed_for(label, "bot", step))
            command = RULESET.bots[bots[seat]](state, seat, luck)
    raise AssertionError(f"{label} did not end")


def audit(decisions: list[tuple[Any, tuple[Any, ...], Any]]) -> bool:
    """Every decision decided again gives the same events; the seed matches its commitment."""
    for command, events, before in decisions:
        if RULESET.decide(before, command) != events:
            return False
    created = decisions[0][1][0]
    revealed = decisions[-1][1][-1]
    return (
        isinstance(created, GameCreated)
        and isinstance(revealed, SeedRevealed)
        and commitment(revealed.seed) == created.commitment
    )


def record(setting: Setting, game_no: int, tally: Tally, totals: Totals) -> None:
    decisions = list(play(setting, game_no))
    final = RULESET.fold(decisions[-1][1], decisions[-1][2])
    result = RULESET.result(final)
    assert result is not None
    tally.games += 1
    tally.decisions += len(decisions)
    tally.audited += audit(decisions)
    bots = setting.bots(game_no)
    for seat, score in enumerate(result.scores):
        tally.scores[bots[seat]].append(score)
        tally.seats_by_bot[bots[seat]] += 1
        if result.ranks[seat] == 1:
            tally.wins[bots[seat]] += 1
    events = [e for _, events, _ in decisions for e in events]
    _count_events(events, result.scores, bots, totals)


def _count_events(
    events: list[Any], scores: tuple[int, ...], bots: tuple[str, ...], totals: Totals
) -> None:
    starved: set[int] = set()
    civilizations: tuple[str, ...] = ()
    struck: str | None = None
    for event in events:
        match event:
            case GameBegan():
                civilizations = event.civilizations
            case TilesRevealed():
                totals.revealed.update((*event.auction, *event.conquest))
            case BidsSettled():
                totals.bought.update(b.tile for b in event.won)
            case DisasterStruck():
                struck = event.disaster
                totals.strikes[struck] += 1
                totals.immune[struck] += len(event.immune)
                totals.exposed[struck] += len(civilizations) - len(event.immune)
            case Suffered():
                totals.hit[event.disaster] += 1
            case TilesLost() if event.reason in DISASTERS:
                totals.hit[event.reason] += 1
            case TilesSaved() if event.lost:
                totals.hit[event.disaster] += 1
            case Fed() if event.starved:
                starved.add(event.seat)
    for seat, civ in enumerate(civilizations):
        key = (civ, bots[seat])
        totals.civ_games[key] += 1
        totals.civ_starved[key] += seat in starved
        totals.civ_scores[key].append(scores[seat])


def _summary(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "mean": round(statistics.fmean(ordered), 1),
        "median": statistics.median(ordered),
        "p10": ordered[len(ordered) // 10],
        "p90": ordered[(9 * len(ordered)) // 10],
        "min": ordered[0],
        "max": ordered[-1],
    }


def simulate(games: int) -> dict[str, Any]:
    """``games`` games in all, spread evenly over the settings (the first ones get the
    remainder)."""
    chosen = settings()
    tallies = {s: Tally() for s in chosen}
    totals = Totals()
    for index, setting in enumerate(chosen):
        count = games // len(chosen) + (index < games % len(chosen))
        for game_no in range(count):
            record(setting, game_no, tallies[setting], totals)
    return report(tallies, totals)


def report(tallies: dict[Setting, Tally], totals: Totals) -> dict[str, Any]:
    rows = []
    for setting, tally in tallies.items():
        rows.append(
            {
                "setting": setting.name,
                "games": tally.games,
                "audited_clean": tally.audited,
                "decisions_per_game": round(tally.decisions / tally.games, 1),
                "scores": {bot: _summary(v) for bot, v in sorted(tally.scores.items())},
                "win_rate": {
                    bot: round(tally.wins[bot] / n, 3)
                    for bot, n in sorted(tally.seats_by_bot.items())
                },
            }
        )
    return {
        "games": sum(t.games for t in tallies.values()),
        "audited_clean": sum(t.audited for t in tallies.values()),
        "settings": rows,
        "disasters": {
            d: {
                "strikes": totals.strikes[d],
                "seats_hit": totals.hit[d],
                "seats_immune": totals.immune[d],
                "hit_rate_of_exposed": round(totals.hit[d] / max(1, totals.exposed[d]), 3),
            }
            for d in DISASTERS
        },
        "tiles_bought": {
            t: round(totals.bought[t] / totals.revealed[t], 3) for t in sorted(totals.revealed)
        },
        "civilizations": {
            f"{civ} ({bot})": {
                "seat_games": totals.civ_games[(civ, bot)],
                "starved_rate": round(
                    totals.civ_starved[(civ, bot)] / totals.civ_games[(civ, bot)], 3
                ),
                "mean_score": round(statistics.fmean(totals.civ_scores[(civ, bot)]), 1),
            }
            for civ, bot in sorted(totals.civ_games)
        },
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    result = simulate(args.games)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "peloponnes.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
