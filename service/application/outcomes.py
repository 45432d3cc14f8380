"""What the application answers: an accepted command's outcome, results and scores as JSON,
and the fresh seeds games are created with."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.core import Result, Score
from domain.core.codec import encode
from service.application.loading import Loaded
from service.store import StoredEvent


def new_seed() -> str:
    """A fresh secret seed: the only place Cairn draws real randomness for a game."""
    return secrets.token_hex(32)


@dataclass(frozen=True)
class Outcome:
    """What one accepted command did: the new version and the events it appended."""

    game_id: UUID
    version: int
    events: list[StoredEvent]
    is_terminal: bool
    replayed: bool = False
    to_act: tuple[int, ...] | None = None
    """The seats to act once the command and the system's decisions after it are applied
    (a replay: as the first answer named them; None where its record predates the field)."""


def result_json(result: Result | None) -> dict[str, Any] | None:
    return None if result is None else dict(encode(result))


def scores_json(scores: tuple[Score, ...]) -> list[dict[str, Any]]:
    """Running scores as JSON: per seat, its total and points by category."""
    return [
        {"seat": seat, "total": score.total, "breakdown": dict(score.breakdown)}
        for seat, score in enumerate(scores)
    ]


def view_json(loaded: Loaded, viewer: int | None) -> dict[str, Any]:
    """A game as ``viewer`` sees it (None: a spectator), with what every client needs."""
    ruleset, state = loaded.ruleset, loaded.state
    return {
        "game_id": str(loaded.game.game_id),
        "ruleset": ruleset.id,
        "rules_version": ruleset.rules_version,
        "version": loaded.version,
        "phase": ruleset.presentation.phase(state) if state.is_set_up else "setup",
        "scores": scores_json(ruleset.presentation.scores(state)) if state.is_set_up else [],
        # From the state: a cached game record may predate the game's end.
        "status": "finished" if ruleset.is_terminal(state) else "active",
        "to_act": sorted(ruleset.to_act(state)),
        "is_terminal": ruleset.is_terminal(state),
        "result": result_json(ruleset.result(state)),
        "view": dict(ruleset.view(state, viewer)),
    }
