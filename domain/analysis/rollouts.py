# cairn compile leaves this module interpreted: Playout is pickled by the pool
# (service/compiled.py).
"""A rollout: a position whose hidden luck is drawn again, played to its end by one bot.

At a point, everything the asking viewer could not see is put in canonical order
(``Ruleset.forget``) and drawn again by the platform's own ``Reseed``, exactly as a
reshuffled fork draws it, with a seed derived from the analysis seed. The bot then plays
every seat to the end. Nothing is stored: a rollout is a fold in memory.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from domain.core import Luck, Reseed, Ruleset, RuleViolation, Seat

MAX_STEPS = 100_000
"""More decisions than any game takes: past this a bot is looping, which is a bug."""


class NoRollout(Exception):
    """A rollout could not be played: a bot chose nothing, or the game never ended."""


@dataclass(frozen=True)
class Playout:
    """How one rollout ended: each seat's final score and rank (1 is best, ties share)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]


def derived_seed(seed: str, *parts: object) -> str:
    """A seed of its own for one purpose: sha256 of the analysis seed and the parts, as text."""
    text = ":".join((seed, *(str(part) for part in parts)))
    return hashlib.sha256(text.encode()).hexdigest()


class BotLuck(Luck):
    """``Luck(derived_seed(entropy, step))``, a bot's luck for one decision, with the seed
    worked out on first use: the greedy bots never draw, and the sha256 of a formatted
    string at every decision was about 1% of a rollout for nothing. A bot that draws reads
    the very seed and counter the plain ``Luck`` holds, so it draws the same; what a draw
    hands back is a plain ``Luck`` (tests/domain/analysis/test_bot_luck.py)."""

    def __init__(self, entropy: str, step: int) -> None:
        # Luck is a frozen dataclass: its own ``__init__`` would set the seed now.
        object.__setattr__(self, "_parts", (entropy, step))
        object.__setattr__(self, "counter", 0)

    @cached_property
    def seed(self) -> str:
        entropy, step = self.__dict__["_parts"]
        return derived_seed(entropy, step)

    # Equal to, and hashed as, the plain ``Luck`` of the same seed and counter (a dataclass
    # would tell them apart by class).
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Luck):
            return NotImplemented
        return (self.seed, self.counter) == (other.seed, other.counter)

    def __hash__(self) -> int:
        return hash((self.seed, self.counter))


def reshuffled(ruleset: Ruleset[Any, Any, Any], state: Any, keep: Seat | None, seed: str) -> Any:
    """``state`` with everything hidden from ``keep`` drawn again from ``seed``, as a fork.

    ``forget`` first puts the hidden things in canonical order, so the outcome depends on
    what ``keep`` knows and on ``seed``, never on how the real hidden order lay.
    """
    forgotten = ruleset.forget(state, keep)
    return ruleset.fold(ruleset.decide(forgotten, Reseed(seed=seed, keep=keep)), forgotten)


def play_out(ruleset: Ruleset[Any, Any, Any], state: Any, bot: str, entropy: str) -> Playout:
    """Play ``state`` to the end: the system's due decisions first, else the lowest seat to
    act asks the bot. In a simultaneous phase the order of seats changes no draw
    (docs/draws.md), so taking the lowest seat first loses nothing."""
    choose = ruleset.bots[bot]
    advance = ruleset.step
    # the bot's companion, if its ruleset gives one, hears every step (``Players.companions``):
    # it only makes the bot faster, so the rollout plays the same with it or without
    hear = ruleset.companion(bot, state)
    for step in range(MAX_STEPS):
        due = ruleset.system_command(state)
        if due is None:
            if ruleset.is_terminal(state):
                return _ended(ruleset, state)
            ready = ruleset.to_act(state)
            if not ready:
                raise NoRollout(f"{ruleset.id}: nobody can act and the game is not over")
            seat = min(ready)
            due = choose(state, seat, BotLuck(entropy, step))
        if hear is None:
            state = advance(state, due)[1]
        else:
            events, after = advance(state, due)
            hear(state, events, after)
            state = after
    raise NoRollout(f"{ruleset.id}: a rollout took more than {MAX_STEPS} decisions")


def _ended(ruleset: Ruleset[Any, Any, Any], state: Any) -> Playout:
    result = ruleset.result(state)
    if result is None:
        raise NoRollout(f"{ruleset.id}: the game ended without a result")
    return Playout(tuple(result.scores), tuple(result.ranks))


def playouts(
    ruleset: Ruleset[Any, Any, Any],
    state: Any,
    *,
    keep: Seat | None,
    bot: str,
    seed: str,
    point: int,
    indices: Iterable[int],
    first: Any | None = None,
) -> tuple[list[Playout], int]:
    """Rollouts number ``indices`` from the position after event ``point``; and how many
    were refused because ``first`` (a command played before the bot takes over) is illegal
    in that redrawn world.

    Rollout ``i`` reshuffles with ``derived_seed(seed, point, i, "luck")`` and lets the bot
    draw from ``derived_seed(seed, point, i, "bots")``: the same for every ``first``, so two
    moves are compared on the same redrawn worlds (common random numbers).
    """
    done: list[Playout] = []
    refused = 0
    for index in indices:
        world = reshuffled(ruleset, state, keep, derived_seed(seed, point, index, "luck"))
        if first is not None:
            try:
                world = ruleset.fold(ruleset.decide(world, first), world)
            except RuleViolation:
                refused += 1
                continue
        done.append(play_out(ruleset, world, bot, derived_seed(seed, point, index, "bots")))
    return done, refused
