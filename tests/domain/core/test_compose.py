"""The composed evolve keeps the lifecycle's part of the state out of a game's reach
(domain/core/compose.py)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any

from domain.core import Luck, SetUp
from domain.core.compose import LIFECYCLE_PART, game_part_only
from tests.support import counting

SEED = "ab" * 32


def _opened(ruleset: Any) -> Any:
    setup = SetUp(seats=2, seed=SEED, options={}, content="none")
    return ruleset.fold(ruleset.decide(ruleset.initial_state, setup))


def _careless(state: Any, event: Any) -> Any:
    """A game evolve that overwrites every lifecycle field as it applies its own fact."""
    after = counting.evolve(state, event)
    return replace(
        after,
        seats=7,
        options=MappingProxyType({}),
        rules_version="9",
        content_hash="other",
        seed_revealed=True,
        luck=Luck("cd" * 32, after.luck.counter + 3),
    )


def test_a_game_evolve_cannot_overwrite_the_lifecycle_fields() -> None:
    careless = replace(counting.COUNTING, rules=replace(counting.RULES, evolve=_careless))
    before = _opened(counting.COUNTING)
    after = careless.fold(careless.decide(before, counting.Add(seat=0, amount=1)), before)
    assert after.count == 1, "the game's own fact is applied"
    for name in LIFECYCLE_PART:
        assert getattr(after, name) == getattr(before, name), name
    assert after.luck == Luck(SEED, before.luck.counter + 3), "the seed stays, the counter moves"


def test_a_game_that_keeps_the_fields_is_not_copied() -> None:
    before = _opened(counting.COUNTING)
    after = counting.evolve(before, counting.Added(seat=0, by=1))
    assert game_part_only(before, after) is after
