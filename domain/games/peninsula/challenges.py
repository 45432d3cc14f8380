"""Challenge win conditions: a small vocabulary read from the challenge's ``win`` mapping.

Setup keys and rule changes are applied in setup.py (``remove_cards``, ``no_lifesavers``,
``face_up_deck``); docs/rules/peninsula.md (Content) lists the vocabulary.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.games.peninsula.content import pack_of
from domain.games.peninsula.state import Game, Sheet


def _condition(key: str, want: Any, sheet: Sheet, points: Mapping[str, int]) -> bool:
    match key:
        case "min_total_vp":
            return sum(points.values()) >= int(want)
        case "min_mission_vp":
            return points["missions"] >= int(want)
        case "min_missions":
            return len(sheet.missions) >= int(want)
        case "min_landmarks":
            return len(sheet.landmarks) >= int(want)
        case "min_filled":
            return all(
                sum(1 for h in sheet.filled if sheet.icons[h] == icon) >= int(n)
                for icon, n in dict(want).items()
            )
    raise ValueError(f"unknown challenge win condition {key!r}")


def challenge_verdict(game: Game, parts: tuple[Mapping[str, int], ...]) -> dict[str, Any]:
    """Which seats met every win condition of the game's challenge."""
    challenge = next(c for c in pack_of(game).challenges if c.id == game.challenge)
    winners = [
        seat
        for seat, sheet in enumerate(game.sheets)
        if all(_condition(k, v, sheet, parts[seat]) for k, v in challenge.win.items())
    ]
    return {"id": challenge.id, "win": dict(challenge.win), "winners": winners}
