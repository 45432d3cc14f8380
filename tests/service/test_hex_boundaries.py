"""Peninsula's ``Hex`` (a tuple since branch ``pen-hex``) through the platform's boundaries.

A hex is written as the object ``{"q": .., "r": ..}`` everywhere it was (stored events, the
golden replays, command bodies) and read back as a ``Hex`` by every reader: the codec, the
msgspec fast path of event decoding, the snapshots (which since write it as an array, and
still read the object an older snapshot holds) and the HTTP edge.
tests/domain/peninsula/test_hex_tuple.py holds the hex itself to the dataclass it was.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any
from uuid import UUID

import msgspec
import pytest

from domain.core import registry
from domain.core.codec import CodecError
from domain.core.registry import (
    command_from_json,
    command_to_json,
    event_from_record,
    event_to_record,
)
from domain.games.peninsula import RULESET
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.state import Game
from service.application import Application, loading
from service.application.decoding import _fast_decoders, decode_event, decode_events
from service.application.snapshots import decode_state, encode_state
from service.command_schemas import command_schema, type_schema
from service.simulation import simulate
from service.store import Store
from service.store.records import canonical_json
from tests.domain.peninsula.test_hex_tuple import (
    PlainHex,
    assert_the_hex,
    games,
    plain,
)
from tests.service.test_snapshot_states import _same_shape
from tests.support.places import is_place, places

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted(ROOT.glob("replays/peninsula/*.ndjson"))
HEX_SCHEMA = {
    "type": "object",
    "properties": {"q": {"type": "integer"}, "r": {"type": "integer"}},
    "required": ["q", "r"],
    "additionalProperties": False,
}


def _hexes(value: Any) -> Iterator[Any]:
    if type(value) in (Hex, PlainHex):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _hexes(getattr(value, field.name))
    elif isinstance(value, MappingProxyType | dict):
        for key, item in value.items():
            yield from _hexes(key)
            yield from _hexes(item)
    elif type(value) in (tuple, list, frozenset):
        for item in value:
            yield from _hexes(item)


# -- stored events: the golden replays and the fast path ---------------------------------------


@cache
def golden_lines() -> tuple[dict[str, Any], ...]:
    lines = []
    for path in GOLDEN:
        lines += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return tuple(lines)


def test_every_golden_event_reads_as_hexes_and_writes_the_bytes_it_was_stored_as() -> None:
    """Each event of Peninsula's golden replays, read by the codec and by the fast path (the
    msgspec decoder itself, not its fallback), is the same event with ``Hex`` objects, and
    written again gives the stored payload, to the byte."""
    fast = _fast_decoders(RULESET.event_types)
    placed = 0
    for line in golden_lines():
        name, version, payload = line["type"], line["schema_version"], line["payload"]
        text = canonical_json(payload)
        event = event_from_record(RULESET, name, version, payload)
        if (name, version) in fast:
            quick = fast[(name, version)].decode(text)
            assert quick == event and repr(quick) == repr(event)
            for h in _hexes(quick):
                assert_the_hex(h, h.q, h.r)
        assert decode_events(RULESET, [(name, version, text)]) == [event]
        again = event_to_record(event)[2]
        assert again == payload and canonical_json(again) == text
        for h in _hexes(event):
            assert_the_hex(h, h.q, h.r)
            placed += 1
        assert all(is_place(p) for p in places(payload))
    assert len(GOLDEN) >= 5 and placed > 400


def test_every_golden_command_reads_as_hexes_and_writes_as_it_was_stored() -> None:
    """Each command of the golden replays' decisions that names a place."""
    commanded = 0
    for line in golden_lines():
        body = line.get("command")
        if not body or not any(True for _ in places(body)):
            continue
        command = command_from_json(RULESET, dict(body), types=RULESET.stored_command_types)
        written = command_to_json(command)  # every field: the body may leave defaults out
        sent = {k: written[k] for k in body}
        assert sent == body and canonical_json(sent) == canonical_json(body)
        for h in _hexes(command):
            assert_the_hex(h, h.q, h.r)
        commanded += 1
    assert commanded > 200


def test_every_event_type_holding_a_hex_takes_the_fast_path() -> None:
    fast = _fast_decoders(RULESET.event_types)
    holding = {
        (registry.wire_name(t), registry.schema_version(t))
        for t in RULESET.event_types
        if "Hex" in json.dumps(str(dataclasses.fields(t)))
    }
    assert len(holding) >= 6
    assert holding <= set(fast)


def test_the_fast_path_refuses_a_bad_hex_and_the_codec_names_it() -> None:
    fast = _fast_decoders(RULESET.event_types)
    good = '{"seat": 1, "path": [{"q": 0, "r": 1}, {"q": 1, "r": 1}], "by": "boot", "ticket": null}'
    assert fast[("peninsula.architect_moved", 1)].decode(good).path == (Hex(0, 1), Hex(1, 1))
    for path, message in (
        ('[{"q": 0, "r": 1}, [1, 1]]', r"\$\.path\[1\]: must be an object"),
        ('[{"q": 0, "r": 1}, {"q": 1}]', r"\$\.path\[1\]: missing field: r"),
        ('[{"q": 0, "r": 1, "s": 2}]', r"\$\.path\[0\]: unknown field\(s\): s"),
        ('[{"q": 0, "r": true}]', r"\$\.path\[0\]\.r: must be an integer"),
    ):
        text = good.replace('[{"q": 0, "r": 1}, {"q": 1, "r": 1}]', path)
        with pytest.raises(msgspec.ValidationError):
            fast[("peninsula.architect_moved", 1)].decode(text)
        with pytest.raises(CodecError, match=message):
            decode_event(RULESET, "peninsula.architect_moved", 1, text)


# -- snapshots ----------------------------------------------------------------------------------


def _states() -> Iterator[Game]:
    for game in games():
        for state, _, _ in game[:: max(1, len(game) // 12)]:
            if state.sheets:
                yield state


def _old_form(value: Any) -> Any:
    """``value`` as the code before ``pen-hex`` gave it to msgpack: every hex the frozen
    dataclass (written as the map of its fields), every other dataclass as the map of its
    fields in order (as msgspec writes one)."""
    if type(value) is Hex:
        return plain(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _old_form(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if type(value) in (tuple, list):
        return [_old_form(v) for v in value]
    if type(value) is frozenset:
        return [_old_form(v) for v in value]
    if isinstance(value, MappingProxyType | dict):
        return {_old_form(k): _old_form(v) for k, v in value.items()}
    return value


def test_a_state_snapshot_writes_hexes_as_pairs_and_reads_them_back_as_hexes() -> None:
    for state in _states():
        blob = encode_state(state)
        again = decode_state(Game, blob)
        assert again == state
        _same_shape(state, again)
        # (a rebuilt frozenset may list its items in another order, as with the dataclass)
        assert sorted(_hexes(again)) == sorted(_hexes(state))
        for h in _hexes(again):
            assert_the_hex(h, h.q, h.r)
        location = state.sheets[0].location
        assert msgspec.msgpack.encode([location.q, location.r]) in blob


def test_a_snapshot_written_before_hexes_were_tuples_reads_as_the_same_state() -> None:
    """Such a snapshot carries the engine fingerprint of the code before (which hashes the
    game's sources), so a load never even reads it; read anyway, it is the same state."""
    checked = 0
    for state in _states():
        old = msgspec.msgpack.encode(_old_form(state))
        assert old != encode_state(state)
        again = decode_state(Game, old)
        assert again == state
        _same_shape(state, again)
        for h in _hexes(again):
            assert_the_hex(h, h.q, h.r)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "blob",
    [
        {"location": [1]},
        {"location": [1, 2, 3]},
        {"location": ["1", 2]},
        {"location": [True, 2]},
        {"location": [1.0, 2]},
        {"location": {"q": 1}},
        {"location": {"q": 1, "r": 2, "s": 3}},
        {"location": 5},
    ],
    ids=["short", "long", "a-string", "a-bool", "a-float", "missing-r", "extra-field", "a-number"],
)
def test_a_snapshot_with_a_bad_hex_is_ignored(blob: dict[str, Any]) -> None:
    state = next(_states())
    written = _old_form(state)
    written["sheets"][0].update(blob)
    assert decode_state(Game, msgspec.msgpack.encode(written)) is None


def test_a_snapshot_hook_refuses_anything_but_a_record() -> None:
    @dataclasses.dataclass(frozen=True)
    class Odd:
        at: complex

    assert decode_state(Odd, msgspec.msgpack.encode({"at": [1, 2]})) is None


def test_a_stored_peninsula_snapshot_is_used_and_old_and_foreign_ones_are_not(
    any_store: Store,
) -> None:
    app = Application(any_store)
    original, loading.SNAPSHOT_EVERY = loading.SNAPSHOT_EVERY, 40
    try:
        played = next(iter(simulate(app, "peninsula", 1, seats=2, bot="greedy", seed="hx" * 32)))
    finally:
        loading.SNAPSHOT_EVERY = original
    game_id = UUID(str(played.game_id))
    _, snapshot = any_store.opening(game_id, loading.current_engines())
    assert snapshot is not None and snapshot.seq >= 40
    folded = Application(any_store).load(game_id, at=snapshot.seq).state
    assert decode_state(Game, snapshot.state) == folded
    engine = loading.engine_fingerprint("peninsula")
    for blob in (encode_state(folded), msgspec.msgpack.encode(_old_form(folded))):
        any_store.delete_snapshots(game_id)
        any_store.save_snapshot(game_id, engine, snapshot.seq, blob)
        fresh = Application(any_store)
        assert fresh.load(game_id, at=snapshot.seq).state == folded
        assert fresh.load(game_id).state == app.load(game_id).state
    # under another engine's fingerprint (the code before this branch, say) it is not read
    any_store.delete_snapshots(game_id)
    any_store.save_snapshot(game_id, "peninsula:2:0000000000000000", snapshot.seq, b"\xc1")
    _, foreign = any_store.opening(game_id, loading.current_engines())
    assert foreign is None
    assert Application(any_store).load(game_id).state == app.load(game_id).state


# -- the HTTP edge ------------------------------------------------------------------------------


def test_a_hex_is_described_as_the_object_the_dataclass_was() -> None:
    assert type_schema(Hex) == type_schema(PlainHex) == HEX_SCHEMA
    moved = command_schema(
        RULESET.command_types[[t.__name__ for t in RULESET.command_types].index("MoveArchitect")]
    )
    assert moved["properties"]["to"] == HEX_SCHEMA
    assert moved["properties"]["via"] == {
        "anyOf": [{"type": "array", "items": HEX_SCHEMA}, {"type": "null"}]
    }
