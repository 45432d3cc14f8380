"""``encode`` dispatches on a value's exact type through encoders built once per type; it
must write exactly what its plain form, one ``isinstance`` question after another, wrote:
event payloads are hashed into the chain, so one changed byte would break every game."""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pytest

from domain.core import registry
from domain.core.codec import encode, record_fields
from domain.games import load_all
from tests.domain.core.test_codec import SAMPLE
from tests.support.play import play


def plain_encode(value: Any) -> Any:
    """The encoder as it was before issue #26: the reference the fast one is held to."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value.value if isinstance(value, enum.Enum) else value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f for f in dataclasses.fields(type(value)) if f.init]
        return {f.name: plain_encode(getattr(value, f.name)) for f in fields}
    # A record stands for the dataclass of its fields (a map's hex was one): written as it.
    names = record_fields(type(value))
    if names is not None:
        return {name: plain_encode(getattr(value, name)) for name in names}
    if isinstance(value, (tuple, list)):
        return [plain_encode(v) for v in value]
    if isinstance(value, frozenset):
        encoded = (plain_encode(v) for v in value)
        return sorted(encoded, key=lambda v: (type(v).__name__, repr(v)))
    if isinstance(value, Mapping):
        return {str(k): plain_encode(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__}")


class Level(enum.IntEnum):
    LOW = 1


class Colour(enum.StrEnum):
    RED = "red"


class Flag(enum.Enum):
    ON = (1, "on")


@dataclasses.dataclass(frozen=True)
class Odd:
    flag: Flag
    level: Level
    colour: Colour
    mixed: frozenset[Any]
    nested: tuple[Any, ...]
    table: Mapping[Any, Any]
    truth: bool = True
    ratio: float = 0.5
    derived: int = dataclasses.field(default=0, init=False)


ODD = Odd(
    Flag.ON,
    Level.LOW,
    Colour.RED,
    frozenset({2, "2", (1, 2), Level.LOW, None, False}),
    ([SAMPLE], (Colour.RED, None), []),
    MappingProxyType({1: Level.LOW, "k": frozenset({"b", "a"})}),
)


def exact(value: Any) -> str:
    """JSON text that tells ``1`` from ``True`` and ``1.0``, and keeps key order."""
    return json.dumps(value, default=repr) + repr([type(v) for v in _leaves(value)])


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in (k, *_leaves(v))]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


@pytest.mark.parametrize("value", [SAMPLE, ODD, Level.LOW, Colour.RED, True, 1.5, None, "x"])
def test_encode_writes_what_the_plain_encoder_wrote(value: Any) -> None:
    assert exact(encode(value)) == exact(plain_encode(value))


def test_what_no_encoder_knows_is_still_refused() -> None:
    for value in ({1, 2}, object(), Odd):
        with pytest.raises(TypeError):
            encode(value)


@pytest.mark.parametrize("ruleset_id", ["five-peaks", "peloponnes", "peninsula"])
def test_every_state_command_and_event_of_a_game_encodes_as_before(ruleset_id: str) -> None:
    """A seeded 2-seat game of random bots: every command, every event, the state after each
    decision, and now and then the legal commands of every seat."""
    load_all()
    ruleset = registry.get(ruleset_id)
    values: list[Any] = []
    for n, step in enumerate(play(ruleset, 2, label=f"encoding:{ruleset_id}")):
        values += [step.command, *step.events, step.state]
        if n % 5 == 0 and not ruleset.is_terminal(step.state):
            values += [c for seat in range(2) for c in ruleset.legal_commands(step.state, seat)]
    assert len(values) > 100
    for value in values:
        assert exact(encode(value)) == exact(plain_encode(value))
