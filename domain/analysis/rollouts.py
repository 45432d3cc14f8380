"""A rollout: a position whose hidden luck is drawn again, played to its end by one bot.

At a point, everything the asking viewer could not see is put in canonical order
(``Ruleset.forget``) and drawn again by the platform's own ``Reseed``, exactly as a
reshuffled fork draws it, with a seed derived from the analysis seed. The bot then plays
every seat to the end. Nothing is stored: a rollout is a fold in memory.

This module compiles (``cairn compile``): what a rollout hands back and the bot's luck,
which the pool pickles or which extend interpreted classes, are ``domain.analysis.playout``'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.analysis.playout import BotLuck, NoRollout, Playout, derived_seed
from domain.core import Reseed, Ruleset, RuleViolation, Seat
from domain.core.stepping import step
from domain.core.turns import is_terminal, system_command, to_act

__all__ = [
    "MAX_STEPS",
    "BotLuck",
    "NoRollout",
    "Playout",
    "derived_seed",
    "play_out",
    "playouts",
    "reshuffled",
]

MAX_STEPS = 100_000
"""More decisions than any game takes: past this a bot is looping, which is a bug."""


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
    # the bot's companion, if its ruleset gives one, hears every step (``Players.companions``):
    # it only makes the bot faster, so the rollout plays the same with it or without
    hear = ruleset.companion(bot, state)
    # ``Ruleset``'s per-step questions are asked through their compiled bodies
    # (``domain.core.turns``, ``stepping.step``): the interpreted methods only delegate
    for decision in range(MAX_STEPS):
        due = system_command(ruleset, state)
        if due is None:
            if is_terminal(ruleset, state):
                return _ended(ruleset, state)
            ready = to_act(ruleset, state)
            if not ready:
                raise NoRollout(f"{ruleset.id}: nobody can act and the game is not over")
            seat = min(ready)
            due = choose(state, seat, bot_luck(entropy, decision))
        events, after = step(ruleset, state, due, None)
        if hear is not None:
            hear(state, events, after)
        state = after
    raise NoRollout(f"{ruleset.id}: a rollout took more than {MAX_STEPS} decisions")


def bot_luck(entropy: str, step: int) -> BotLuck:
    """``BotLuck(entropy, step)`` without its ``__init__``, which runs a Python frame at every
    decision (``playout.py`` stays interpreted): the same two attributes, in the same order,
    assigned as one dict (tests/domain/analysis/test_bot_luck.py holds them to each other)."""
    luck: BotLuck = _new(BotLuck)
    _set_dict(luck, {"_parts": (entropy, step), "counter": 0})
    return luck


_new = object.__new__
_set_dict = next(vars(k)["__dict__"] for k in BotLuck.__mro__ if "__dict__" in vars(k)).__set__


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
