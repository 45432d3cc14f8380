"""Bot simulations for docs/rules/peninsula.md (Balance).

Run: ``python -m tests.domain.peninsula.balance [games]`` from the repository root.
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from collections.abc import Mapping
from typing import Any

from domain.games.peninsula import RULESET
from domain.games.peninsula.events import (
    GameSetUp,
    LandmarkBonusUsed,
    LandmarkUnlocked,
    MissionClaimed,
)
from domain.games.peninsula.scoring import difficulty_met
from tests.domain.peninsula.play import play

SETTINGS: tuple[tuple[str, int, str, Mapping[str, Any]], ...] = (
    ("solo greedy M1", 1, "greedy", {"map": "M1"}),
    ("solo greedy M2", 1, "greedy", {"map": "M2"}),
    ("solo random", 1, "random", {}),
    ("2 seats greedy", 2, "greedy", {}),
    ("4 seats greedy", 4, "greedy", {}),
    ("4 seats random", 4, "random", {}),
    ("6 seats fast greedy", 6, "greedy", {"fast": True}),
)


def simulate(games: int) -> dict[str, Any]:
    report: dict[str, Any] = {}
    # per bot: the greedy bot's coverage is what CONTENT.md asks of "bots finish games"
    missions_offered: dict[str, Counter[str]] = {"greedy": Counter(), "random": Counter()}
    missions_claimed: dict[str, Counter[str]] = {"greedy": Counter(), "random": Counter()}
    bonuses_offered: dict[str, Counter[str]] = {"greedy": Counter(), "random": Counter()}
    bonuses_used: dict[str, Counter[str]] = {"greedy": Counter(), "random": Counter()}
    for name, seats, bot, options in SETTINGS:
        scores: list[int] = []
        categories: Counter[str] = Counter()
        levels: Counter[int] = Counter()
        unlocked = 0
        for n in range(games):
            game, events = play(seats, bot, f"balance-{name}-{n}", options)
            result = RULESET.result(game)
            assert result is not None
            scores.extend(result.scores)
            for part in result.breakdown:
                categories.update(part)
                if seats == 1:
                    levels[difficulty_met(part["missions"], sum(part.values()))] += 1
            set_up = next(e for e in events if isinstance(e, GameSetUp))
            missions_offered[bot].update(set_up.missions * seats)
            bonuses = dict(enumerate(set_up.bonuses, start=1))
            for event in events:
                if isinstance(event, MissionClaimed):
                    missions_claimed[bot][event.mission] += 1
                elif isinstance(event, LandmarkBonusUsed):
                    bonuses_used[bot][event.bonus] += 1
                elif isinstance(event, LandmarkUnlocked) and event.landmark in bonuses:
                    bonuses_offered[bot][game.bonuses[event.landmark]] += 1
                    unlocked += 1
        count = len(scores)
        report[name] = {
            "mean": round(statistics.mean(scores), 1),
            "min": min(scores),
            "max": max(scores),
            "per category": {k: round(v / count, 1) for k, v in categories.items()},
            "landmarks unlocked per seat": round(unlocked / count, 2),
            "solo levels reached": dict(sorted(levels.items())) if levels else None,
        }
    for bot in ("greedy", "random"):
        claimed, offered = missions_claimed[bot], missions_offered[bot]
        report[f"missions claimed / offered ({bot})"] = {
            m: f"{claimed[m]}/{offered[m]}" for m in sorted(offered)
        }
        used, unlocked = bonuses_used[bot], bonuses_offered[bot]
        report[f"bonuses used / unlocked ({bot})"] = {
            b: f"{used[b]}/{unlocked[b]}" for b in sorted(unlocked)
        }
    return report


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for key, value in simulate(games).items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
