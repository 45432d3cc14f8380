"""Seeded bot games, for the tests and for the balance measurements."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from domain.core import Luck, SetUp
from domain.games.peninsula import RULESET
from domain.games.peninsula.events import Event
from domain.games.peninsula.state import Game

MAX_STEPS = 200_000


def seed_for(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def start(
    seats: int,
    seed: str = "seed",
    options: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any] | None = None,
) -> tuple[Game, list[Event]]:
    command = SetUp(seats=seats, seed=seed_for(seed), options=options or {}, setup=setup)
    events = list(RULESET.decide(RULESET.initial_state, command))
    return RULESET.fold(events), events


def play(
    seats: int,
    bot: str | Mapping[int, str] = "greedy",
    seed: str = "seed",
    options: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any] | None = None,
) -> tuple[Game, list[Event]]:
    """Play a whole game with bots; seats act in seat order among those to act."""
    game, events = start(seats, seed, options, setup)
    luck = Luck(seed_for(f"bots:{seed}"))
    for _ in range(MAX_STEPS):
        due = RULESET.system_command(game)
        if due is not None:
            new = RULESET.decide(game, due)
            game = RULESET.fold(new, game)
            events.extend(new)
            continue
        acting = RULESET.to_act(game)
        if not acting:
            return game, events
        seat = min(acting)
        name = bot if isinstance(bot, str) else bot[seat]
        command = RULESET.bots[name](game, seat, luck)
        luck = Luck(luck.seed, luck.counter + 1)
        new = RULESET.decide(game, command)
        for event in new:
            game = RULESET.evolve(game, event)
        events.extend(new)
    raise AssertionError(f"no end after {MAX_STEPS} steps")
