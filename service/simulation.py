"""Bot games played into the store, reproducibly when given a seed.

With a simulation seed, game ``i`` is set up with seed sha256("<seed>:game:<i>") and its bots
draw from entropy sha256("<seed>:bots:<i>"), so the same command line plays the same games.
Without one, every game gets a fresh secret seed like any other game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.core import registry
from service.application import Application, BadRequest, new_seed


@dataclass(frozen=True)
class Simulated:
    game_id: UUID
    seats: int
    events: int
    result: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        result = self.result or {}
        return {
            "game_id": str(self.game_id),
            "seats": self.seats,
            "events": self.events,
            "result": {k: result.get(k) for k in ("scores", "ranks", "breakdown")},
        }


def parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``k=v`` pairs; a value that reads as JSON (20, true, "x") is taken as that JSON."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise BadRequest(f"an option is written name=value, not {pair!r}")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options


def _derived(seed: str, purpose: str, index: int) -> str:
    return hashlib.sha256(f"{seed}:{purpose}:{index}".encode()).hexdigest()


def simulate(
    app: Application,
    ruleset_id: str,
    games: int,
    seats: int | None = None,
    bot: str = "random",
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
) -> Iterator[Simulated]:
    """Play ``games`` bot games one after another, yielding each as it finishes."""
    ruleset = registry.get(ruleset_id)
    if bot not in ruleset.bots:
        raise BadRequest(f"{ruleset.title} has no bot {bot!r}; it has {', '.join(ruleset.bots)}")
    count = seats if seats is not None else ruleset.min_seats
    for index in range(games):
        game_seed = _derived(seed, "game", index) if seed is not None else new_seed()
        entropy = _derived(seed, "bots", index) if seed is not None else new_seed()
        created = app.create_game(
            ruleset_id,
            count,
            options=options,
            seat_info=[{"kind": "bot", "bot": bot} for _ in range(count)],
            seed=game_seed,
        )
        app.play_bots(created.game_id, dict.fromkeys(range(count), bot), entropy)
        game = app.store.game(created.game_id)
        yield Simulated(game.game_id, count, game.version, game.result)
