"""Decoding stored events for a load: the msgspec fast path agrees with the domain codec.

The conformance suite checks the two paths agree on every event of every registered
ruleset's seeded games; these tests check the choice of path and the fallbacks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

import pytest

from domain.core import GameCreated
from domain.core.codec import CodecError
from domain.core.registry import event_to_record
from domain.games.peninsula import RULESET as PENINSULA
from domain.games.peninsula.events import ArchitectMoved
from domain.games.peninsula.hexes import Hex
from service.application.decoding import _fast_decoders, decode_event, decode_events
from service.store.records import canonical_json
from tests.support.counting import COUNTING


@dataclass(frozen=True)
class Counted:
    NAME: ClassVar[str] = "counted"
    VERSION: ClassVar[int] = 2
    count: int


@dataclass(frozen=True)
class Tagged:
    NAME: ClassVar[str] = "tagged"
    VERSION: ClassVar[int] = 1
    tags: Mapping[str, int]


def _upcast(data: dict[str, object]) -> dict[str, object]:
    return {"count": data["n"]}


@dataclass(frozen=True)
class Stepped:
    steps: int


@dataclass(frozen=True)
class Either:
    NAME: ClassVar[str] = "either"
    VERSION: ClassVar[int] = 1
    one: Counted | Stepped


VERSIONED = dataclasses.replace(
    COUNTING,
    rules=dataclasses.replace(COUNTING.rules, event_types=(Counted, Tagged, Either)),
    upcasters={("counted", 1): _upcast},
)


def test_plain_event_types_take_the_fast_path_and_mappings_stay_on_the_codec() -> None:
    fast = _fast_decoders(VERSIONED.event_types)
    assert ("counted", 2) in fast
    assert ("tagged", 1) not in fast  # msgspec would build a dict, the codec a read-only map
    assert ("either", 1) not in fast  # msgspec takes no union of two dataclasses


def test_a_union_of_dataclasses_decodes_on_the_codec() -> None:
    assert decode_event(VERSIONED, "either", 1, '{"one": {"steps": 2}}') == Either(Stepped(2))


def test_a_mapping_field_comes_back_read_only_as_the_codec_builds_it() -> None:
    event = decode_event(VERSIONED, "tagged", 1, '{"tags": {"a": 1}}')
    assert event == Tagged(MappingProxyType({"a": 1}))
    assert isinstance(event.tags, MappingProxyType)


def test_an_older_schema_version_is_upcast_through_the_codec() -> None:
    assert decode_event(VERSIONED, "counted", 1, '{"n": 3}') == Counted(3)
    assert decode_event(VERSIONED, "counted", 2, '{"count": 3}') == Counted(3)


def test_a_payload_the_fast_path_refuses_fails_with_the_codecs_error() -> None:
    with pytest.raises(CodecError, match=r"\$\.count: must be an integer"):
        decode_event(VERSIONED, "counted", 2, '{"count": true}')


def test_nested_dataclasses_decode_to_the_same_frozen_values() -> None:
    moved = ArchitectMoved(seat=1, path=(Hex(0, 1), Hex(1, 1)), by="boot", ticket=None)
    name, version, payload = event_to_record(moved)
    decoded = decode_event(PENINSULA, name, version, canonical_json(payload))
    assert decoded == moved
    assert type(decoded.path) is tuple and type(decoded.path[0]) is Hex
    assert (name, version) in _fast_decoders(PENINSULA.event_types)


def test_the_lifecycle_event_with_options_keeps_them_read_only() -> None:
    created = GameCreated(
        ruleset="peninsula",
        rules_version="1",
        content_hash="0" * 64,
        seats=2,
        options=MappingProxyType({"mode": "standard"}),
        commitment="1" * 64,
    )
    name, version, payload = event_to_record(created)
    decoded = decode_event(PENINSULA, name, version, canonical_json(payload))
    assert decoded == created
    assert isinstance(decoded.options, MappingProxyType)


def test_a_batch_mixes_the_paths_and_keeps_the_order() -> None:
    records = [
        ("counted", 2, '{"count": 1}'),
        ("tagged", 1, '{"tags": {"b": 2}}'),
        ("counted", 1, '{"n": 3}'),
        ("either", 1, '{"one": {"steps": 4}}'),
    ]
    assert decode_events(VERSIONED, records) == [
        Counted(1),
        Tagged(MappingProxyType({"b": 2})),
        Counted(3),
        Either(Stepped(4)),
    ]
