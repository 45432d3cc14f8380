"""The dataclass JSON codec: round trips, and strict refusal of malformed input."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from domain.core import RuleViolation
from domain.core.codec import CodecError, decode, decode_fields, encode
from domain.core.registry import command_from_json, command_to_json
from tests.support.counting import COUNTING, Add


class Icon(enum.Enum):
    VILLAGE = "village"
    BOAT = "boat"


@dataclass(frozen=True)
class Point:
    q: int
    r: int


@dataclass(frozen=True)
class Sample:
    NAME: ClassVar[str] = "sample"
    icon: Icon
    at: Point
    path: tuple[Point, ...]
    pair: tuple[int, str]
    tags: frozenset[str]
    extra: Mapping[str, int]
    side: Literal["left", "right"]
    note: str | None = None


SAMPLE = Sample(
    icon=Icon.BOAT,
    at=Point(1, -2),
    path=(Point(0, 0), Point(1, 0)),
    pair=(3, "x"),
    tags=frozenset({"b", "a"}),
    extra={"k": 1},
    side="left",
)


def test_round_trip() -> None:
    data = encode(SAMPLE)
    assert data["tags"] == ["a", "b"] and data["icon"] == "boat"
    assert decode(Sample, data) == SAMPLE


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"icon": "castle"}, "$.icon"),
        ({"at": {"q": 1}}, "$.at"),
        ({"at": {"q": 1, "r": "2"}}, "$.at.r"),
        ({"path": [{"q": 0, "r": 0, "s": 0}]}, "$.path[0]"),
        ({"pair": [1]}, "$.pair"),
        ({"side": "up"}, "$.side"),
        ({"bogus": 1}, "$"),
        ({"at": {"q": True, "r": 0}}, "$.at.q"),
    ],
)
def test_malformed_input_is_refused_with_a_path(change: dict[str, object], path: str) -> None:
    data = {**encode(SAMPLE), **change}
    with pytest.raises(CodecError) as raised:
        decode(Sample, data)
    assert raised.value.path == path


def test_missing_field_is_refused() -> None:
    data = encode(SAMPLE)
    del data["side"]
    with pytest.raises(CodecError, match="missing field: side"):
        decode_fields(Sample, data)


def test_commands_parse_with_the_acting_seat_overriding_the_body() -> None:
    parsed = command_from_json(COUNTING, {"type": "add", "amount": 2, "seat": 1}, seat=0)
    assert parsed == Add(seat=0, amount=2)
    assert command_to_json(parsed) == {"type": "add", "seat": 0, "amount": 2}


@pytest.mark.parametrize(
    "body",
    [None, [], {"amount": 1}, {"type": "fly"}, {"type": "add", "amount": 4},
     {"type": "add", "amount": "1"}, {"type": "add"}],
)  # fmt: skip
def test_bad_commands_are_invalid_command_violations(body: object) -> None:
    with pytest.raises(RuleViolation) as raised:
        command_from_json(COUNTING, body, seat=0)
    assert raised.value.code == "invalid_command"


@dataclass(frozen=True)
class Checked:
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


def test_plain_dataclasses_decode_to_equal_hashable_frozen_values() -> None:
    built = decode(Point, {"q": 1, "r": 2})
    assert built == Point(1, 2) and hash(built) == hash(Point(1, 2))
    with pytest.raises(AttributeError):
        built.q = 5  # type: ignore[misc]


def test_a_dataclass_with_post_init_still_runs_it() -> None:
    with pytest.raises(ValueError, match="negative"):
        decode(Checked, {"value": -1})
