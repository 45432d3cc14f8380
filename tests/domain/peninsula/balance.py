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
    missions_offered: Counter[str] = Counter()
    missions_claimed: Counter[str] = Counter()
    bonuses_offered: Counter[str] = Counter()
    bonuses_used: Counter[str] = Counter()
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
            missions_offered.update(set_up.missions * seats)
            bonuses = dict(enumerate(set_up.bonuses, start=1))
            for event in events:
                if isinstance(event, MissionClaimed):
                    missions_claimed[event.mission] += 1
                elif isinstance(event, LandmarkBonusUsed):
                    bonuses_used[event.bonus] += 1
                elif isinstance(event, LandmarkUnlocked) and event.landmark in bonuses:
                    bonuses_offered[game.bonuses[event.landmark]] += 1
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
    report["missions claimed / offered"] = {
        m: f"{missions_claimed[m]}/{missions_offered[m]}" for m in sorted(missions_offered)
    }
    report["bonuses used / unlocked"] = {
        b: f"{bonuses_used[b]}/{bonuses_offered[b]}" for b in sorted(bonuses_offered)
    }
    return report


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for key, value in simulate(games).items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
