"""The composed decide hands each command to the part that owns it, by its type, and refuses
a command no part owns (domain/core/compose.py, ``compose_decide``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from domain.core import RuleViolation, SetUp
from domain.core.compose import Part, compose_decide
from domain.core.live import Resign
from tests.support import counting

SEED = "ab" * 32


@dataclass(frozen=True)
class Shout:
    """A command of no part: no game, nor the platform, knows it."""

    NAME: ClassVar[str] = "shout"
    seat: int


@dataclass(frozen=True)
class Heard:
    NAME: ClassVar[str] = "heard"
    seat: int


def _recording(name: str, seen: list[tuple[str, Any]]) -> Any:
    def decide(state: Any, command: Any, at: int | None) -> tuple[Any, ...]:
        seen.append((name, command))
        return (Heard(seat=getattr(command, "seat", -1)),)

    return decide


def _parts(seen: list[tuple[str, Any]]) -> list[Part[Any]]:
    return [
        Part("the lifecycle", frozenset({SetUp}), _recording("the lifecycle", seen)),
        Part("live play", frozenset({Resign}), _recording("live play", seen)),
        Part("the game", frozenset({counting.Add, counting.Draw}), _recording("the game", seen)),
    ]


def _opened() -> Any:
    setup = SetUp(seats=2, seed=SEED, options={}, content="none")
    return counting.COUNTING.fold(counting.COUNTING.decide(counting.COUNTING.initial_state, setup))


@pytest.mark.parametrize(
    ("command", "owner"),
    [
        (SetUp(seats=2, seed=SEED, options={}, content="none"), "the lifecycle"),
        (Resign(seat=1), "live play"),
        (counting.Add(seat=0, amount=1), "the game"),
        (counting.Draw(seat=1), "the game"),
    ],
)
def test_a_command_goes_to_the_part_that_owns_it_and_no_other(command: Any, owner: str) -> None:
    seen: list[tuple[str, Any]] = []
    decide = compose_decide(_parts(seen))
    assert decide(counting.COUNTING.initial_state, command, None) == (
        Heard(seat=getattr(command, "seat", -1)),
    )
    assert seen == [(owner, command)]


def test_a_command_no_part_owns_is_refused_before_any_part_sees_it() -> None:
    seen: list[tuple[str, Any]] = []
    decide = compose_decide(_parts(seen))
    with pytest.raises(RuleViolation) as refused:
        decide(counting.COUNTING.initial_state, Shout(seat=0), None)
    assert refused.value.code == "invalid_command"
    assert "shout" in refused.value.message
    assert seen == [], "no part decided anything"


def test_two_parts_owning_one_command_type_are_refused_when_composed() -> None:
    both = [
        Part("one", frozenset({counting.Add}), _recording("one", [])),
        Part("other", frozenset({counting.Add, counting.Draw}), _recording("other", [])),
    ]
    with pytest.raises(ValueError, match="Add is owned by both one and other"):
        compose_decide(both)


def test_a_ruleset_routes_its_game_commands_to_its_rules() -> None:
    state = _opened()
    events = counting.COUNTING.decide(state, counting.Add(seat=0, amount=2))
    assert events == counting.RULES.decide(state, counting.Add(seat=0, amount=2))
    assert counting.COUNTING.fold(events, state).count == state.count + 2


def test_a_ruleset_refuses_a_command_of_no_part() -> None:
    state = _opened()
    with pytest.raises(RuleViolation) as refused:
        counting.COUNTING.decide(state, Shout(seat=0))
    assert refused.value.code == "invalid_command"
