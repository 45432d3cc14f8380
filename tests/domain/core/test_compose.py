"""The composed evolve keeps the lifecycle's part of the state out of a game's reach
(domain/core/compose.py)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from domain.core import Luck, SetUp
from domain.core.compose import LIFECYCLE_PART, compose, game_part_only
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


def _reactions(undo: tuple[Any, ...]) -> list[Any]:
    """The game facts ``compose`` hands to live play's reaction, with ``undo`` open."""
    seen: list[Any] = []

    def react(before: Any, after: Any, event: Any) -> Any:
        seen.append(event)
        return after

    evolve = compose(counting.evolve, _refuse, _refuse, frozenset(), frozenset(), react)
    state = _opened(counting.COUNTING)
    state = replace(state, live=replace(state.live, undo=undo))
    evolve(state, counting.Added(seat=0, by=1))
    return seen


def _refuse(state: Any, event: Any) -> Any:
    raise AssertionError(f"{event} is a game fact")


def test_live_play_reacts_to_a_game_fact_only_while_a_takeback_is_possible() -> None:
    assert _reactions(()) == []
    assert _reactions((1,)) == [counting.Added(seat=0, by=1)]


def test_a_fact_of_both_the_lifecycle_and_live_play_is_refused() -> None:
    both = frozenset({counting.Added})
    with pytest.raises(ValueError, match="Added"):
        compose(counting.evolve, _refuse, _refuse, both, both, lambda b, a, e: a)
