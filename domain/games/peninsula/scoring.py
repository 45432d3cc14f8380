"""Final scores with a breakdown per category (rulebook: Scoring)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from domain.core import Result, Score, ranks_for
from domain.games.peninsula.adjacency import around
from domain.games.peninsula.challenges import challenge_verdict
from domain.games.peninsula.state import Game, Sheet

FILLED_VP = 2
LANDMARK_VP = 2
CATEGORIES = (
    "missions",
    "villages",
    "boats",
    "tunnels",
    "forests",
    "cliffs",
    "mountains",
    "lifesavers",
    "landmarks",
    "empty",
)
PLURAL = {"village": "villages", "boat": "boats", "tunnel": "tunnels", "forest": "forests"}
# rulebook: Solo, Modes for the Final Verdict: (minimum mission VP, minimum total VP)
DIFFICULTY = {1: (0, 50), 2: (5, 60), 3: (10, 70), 4: (15, 80), 5: (20, 90)}


def breakdown(game: Game, sheet: Sheet) -> dict[str, int]:
    points = dict.fromkeys(CATEGORIES, 0)
    points["missions"] = sum(m.vp for m in game.missions if m.letter in sheet.missions)
    for h in sheet.filled:
        points[PLURAL[sheet.icons[h]]] += FILLED_VP
    # rulebook: "Score 1 VP for every 2 cliff segments (round down ...)". 7 / 2 = 3 VP
    points["cliffs"] = sum(sheet.cliffs.values()) // 2
    # rulebook: "For each mountain, score 1 VP for every filled icon adjacent to it"
    points["mountains"] = sum(
        sum(1 for n in around(h) if n in sheet.filled)
        for h, icon in sheet.icons.items()
        if icon == "mountain"
    )
    points["lifesavers"] = sheet.lifesavers
    points["landmarks"] = LANDMARK_VP * len(sheet.landmarks)
    # rulebook: "hexes with arrows but without an icon count as empty"; cliffs are an icon
    points["empty"] = sum(
        1 for h in game.map.land if h not in sheet.icons and h not in sheet.cliffs
    )
    return points


def total(game: Game, seat: int) -> int:
    return sum(breakdown(game, game.sheets[seat]).values())


def scores(game: Game) -> tuple[Score, ...]:
    """Each seat's score so far, as its sheet stands (rulebook: Scoring)."""
    if game.spec is None:
        return tuple(Score.of(dict.fromkeys(CATEGORIES, 0)) for _ in range(game.seats))
    return tuple(Score.of(breakdown(game, sheet)) for sheet in game.sheets)


def result(game: Game) -> Result | None:
    if game.phase != "over":
        return None
    parts = tuple(breakdown(game, sheet) for sheet in game.sheets)
    scores = tuple(sum(p.values()) for p in parts)
    return Result(
        scores=scores,
        ranks=ranks_for(scores),
        breakdown=tuple(MappingProxyType(p) for p in parts),
        verdict=MappingProxyType(verdict(game, parts)),
    )


def difficulty_met(mission_vp: int, total_vp: int) -> int:
    """The highest difficulty level whose two minimums are both met (0 for none)."""
    met = [level for level, (m, t) in DIFFICULTY.items() if mission_vp >= m and total_vp >= t]
    return max(met, default=0)


def verdict(game: Game, parts: tuple[Mapping[str, int], ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if game.mode == "solo":
        mission_vp, total_vp = parts[0]["missions"], sum(parts[0].values())
        reached = difficulty_met(mission_vp, total_vp)
        if game.options.get("solo_verdict") == "difficulty":
            level = int(game.options.get("solo_level", 1))
            out.update(mode="difficulty", level=level, won=reached >= level)
        else:
            out.update(mode="high_score", score=total_vp)
        out["level_reached"] = reached
    if game.challenge:
        out["challenge"] = challenge_verdict(game, parts)
    return out
