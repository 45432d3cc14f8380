"""``Hex`` is its own ``(q, r)`` tuple and still the hex the frozen dataclass was.

The dataclass is written out here as it was (``PlainHex``, its shared objects aside). Every
hex of seeded games, reached every way the rules and the platform reach one, must have its
fields, equality, hash, order, ``repr``, label, arithmetic and JSON; and the codec must read
and write a hex exactly as it did the dataclass, with the same errors for a bad one.
tests/service/test_hex_boundaries.py holds the service's edges (events, snapshots, HTTP).
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType, UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from domain.core import codec
from domain.core.codec import (
    CodecError,
    decode,
    decode_fields,
    encode,
    record_fields,
    record_from_items,
)
from domain.core.registry import command_from_json, command_to_json, event_to_record
from domain.games.peninsula import RULESET
from domain.games.peninsula.hexes import (
    DIRECTIONS,
    ORIGIN,
    SYMMETRIES,
    Hex,
    canonical,
    parse_hex,
)
from domain.games.peninsula.state import Game
from tests.support.play import play

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True, order=True)
class PlainHex:
    """``Hex`` as the frozen dataclass it was."""

    q: int
    r: int

    def __add__(self, other: PlainHex) -> PlainHex:
        return PlainHex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: PlainHex) -> PlainHex:
        return PlainHex(self.q - other.q, self.r - other.r)

    def neighbours(self) -> tuple[PlainHex, ...]:
        return tuple(self + PlainHex(d.q, d.r) for d in DIRECTIONS)

    def distance(self, other: PlainHex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    @property
    def column(self) -> int:
        return self.q + (self.r - (self.r & 1)) // 2

    def __str__(self) -> str:
        col = self.column
        if 0 <= col < len(_LETTERS) and self.r >= 0:
            return f"{_LETTERS[col]}{self.r + 1}"
        return f"({self.q},{self.r})"


def plain(h: Hex) -> PlainHex:
    return PlainHex(h.q, h.r)


def assert_the_hex(h: Any, q: int, r: int) -> None:
    """``h`` is the hex ``(q, r)`` in every way the dataclass was, and a ``Hex``."""
    p = PlainHex(q, r)
    assert type(h) is Hex
    assert (h.q, h.r) == (q, r) and (h[0], h[1]) == (q, r)
    assert h == Hex(q, r)
    assert h != Hex(q + 1, r) and h != Hex(q, r + 1)
    assert hash(h) == hash(p) == hash((q, r))
    assert repr(h) == repr(p).replace("PlainHex", "Hex") == f"Hex(q={q}, r={r})"
    assert str(h) == str(p) and h.column == p.column
    assert encode(h) == encode(p) == {"q": q, "r": r}
    assert list(encode(h)) == ["q", "r"]  # the keys in the order the dataclass wrote them


# -- the plain form, hex by hex ----------------------------------------------------------------

PROBE = tuple(Hex(q, r) for q in range(-4, 5) for r in range(-4, 5))


def test_every_probe_hex_is_the_dataclass_hex_it_was() -> None:
    for h in PROBE:
        assert_the_hex(h, h.q, h.r)
        assert [plain(n) for n in h.neighbours()] == list(plain(h).neighbours())
        for other in PROBE:
            assert plain(h + other) == plain(h) + plain(other)
            assert plain(h - other) == plain(h) - plain(other)
            assert type(h + other) is Hex and type(h - other) is Hex
            assert h.distance(other) == plain(h).distance(plain(other))
            assert (h < other) == (plain(h) < plain(other))
            assert (h <= other) == (plain(h) <= plain(other))
            assert (h == other) == (plain(h) == plain(other))


def test_sorting_min_and_sets_follow_the_dataclass_order_and_hash() -> None:
    shuffled = PROBE[::7] + PROBE[1::7] + PROBE[3::7] + PROBE[2::7]
    assert [plain(h) for h in sorted(shuffled)] == sorted(plain(h) for h in shuffled)
    assert plain(min(shuffled)) == min(plain(h) for h in shuffled)
    assert plain(max(shuffled)) == max(plain(h) for h in shuffled)
    # a set iterates by hash and insertion: the same hashes give the same order
    assert [plain(h) for h in set(shuffled)] == list({plain(h) for h in shuffled})
    assert [plain(h) for h in frozenset(shuffled)] == list(frozenset(plain(h) for h in shuffled))


def test_plus_adds_coordinates_and_never_concatenates() -> None:
    total = Hex(2, -1) + Hex(1, 3)
    assert total == Hex(3, 2) and len(total) == 2 and type(total) is Hex
    assert Hex(2, -1) - Hex(1, 3) == Hex(1, -4)
    assert ORIGIN + DIRECTIONS[0] == DIRECTIONS[0]


def test_a_hex_is_a_record_the_codec_writes_as_an_object() -> None:
    assert record_fields(Hex) == ("q", "r")
    assert record_fields(tuple) is None and record_fields(PlainHex) is None
    assert record_fields(tuple[Hex, ...]) is None


# -- the codec: the same JSON, the same errors ---------------------------------------------------


@dataclass(frozen=True)
class Moved:
    to: Hex
    via: tuple[Hex, ...] | None = None
    arrow: Hex | None = None
    pairs: tuple[tuple[Hex, Hex], ...] = ()
    spots: frozenset[Hex] = frozenset()


@dataclass(frozen=True)
class PlainMoved:
    to: PlainHex
    via: tuple[PlainHex, ...] | None = None
    arrow: PlainHex | None = None
    pairs: tuple[tuple[PlainHex, PlainHex], ...] = ()
    spots: frozenset[PlainHex] = frozenset()


GOOD: list[dict[str, Any]] = [
    {"to": {"q": 1, "r": 2}},
    {"to": {"r": 2, "q": 1}},
    {"to": {"q": -3, "r": 0}, "via": [{"q": 0, "r": 0}, {"q": 1, "r": -1}], "arrow": None},
    {"to": {"q": 0, "r": 0}, "arrow": {"q": 5, "r": 5}, "pairs": [[{"q": 1, "r": 1}] * 2]},
    {"to": {"q": 0, "r": 0}, "spots": [{"q": 2, "r": 0}, {"q": 0, "r": 2}, {"q": 1, "r": 1}]},
]
BAD: list[Any] = [
    {"to": [1, 2]},
    {"to": {"q": 1}},
    {"to": {"r": 1}},
    {"to": {}},
    {"to": {"q": 1, "r": 2, "s": 3}},
    {"to": {"q": 1, "r": 2, "t": 3, "s": 4}},
    {"to": {"x": 1}},
    {"to": {"q": "1", "r": 2}},
    {"to": {"q": 1, "r": 2.0}},
    {"to": {"q": True, "r": 2}},
    {"to": {"q": None, "r": 2}},
    {"to": None},
    {"to": "C4"},
    {"to": 7},
    {"to": {"q": 1, "r": 2}, "via": [{"q": 1, "r": 1}, {"q": 1}]},
    {"to": {"q": 1, "r": 2}, "via": {"q": 1, "r": 1}},
    {"to": {"q": 1, "r": 2}, "arrow": {"q": 1, "r": "x"}},
    {"to": {"q": 1, "r": 2}, "pairs": [[{"q": 1, "r": 1}, [1, 1]]]},
    {"to": {"q": 1, "r": 2}, "spots": [{"q": 1, "r": 1}, {"r": 1}]},
]


def _walk(value: Any) -> Iterator[Any]:
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _walk(getattr(value, field.name))
    elif isinstance(value, MappingProxyType | dict):
        for key, item in value.items():
            yield from _walk(key)
            yield from _walk(item)
    elif type(value) in (tuple, list, frozenset, set):
        for item in value:
            yield from _walk(item)


def _hexes(value: Any) -> list[Any]:
    return [v for v in _walk(value) if type(v) in (Hex, PlainHex)]


@pytest.mark.parametrize("body", GOOD)
def test_the_codec_reads_and_writes_hexes_as_it_did_the_dataclass(body: dict[str, Any]) -> None:
    moved, was = decode(Moved, body), decode(PlainMoved, body)
    assert encode(moved) == encode(was)
    assert list(encode(moved)) == list(encode(was))
    assert [(h.q, h.r) for h in _hexes(moved)] == [(h.q, h.r) for h in _hexes(was)]
    for h in _hexes(moved):
        assert_the_hex(h, h.q, h.r)
    assert decode_fields(Moved, body) == moved


@pytest.mark.parametrize("body", BAD)
def test_a_bad_hex_fails_with_the_dataclass_error_at_the_same_path(body: Any) -> None:
    with pytest.raises(CodecError) as plain_error:
        decode(PlainMoved, body)
    with pytest.raises(CodecError) as error:
        decode(Moved, body)
    assert str(error.value) == str(plain_error.value)
    assert error.value.path == plain_error.value.path


def test_a_hex_at_the_top_fails_as_the_dataclass_did() -> None:
    for data in ([1, 2], {"q": 1}, {"q": 1, "r": 2, "z": 0}, {"q": 1.5, "r": 0}, "A1", None):
        with pytest.raises(CodecError) as plain_error:
            decode(PlainHex, data, "$.at")
        with pytest.raises(CodecError) as error:
            decode(Hex, data, "$.at")
        assert str(error.value) == str(plain_error.value)


# -- every hex of seeded games, however it is reached --------------------------------------------


@cache
def games() -> tuple[tuple[tuple[Game, Any, tuple[Any, ...]], ...], ...]:
    """Seeded greedy and random games of 2 and 3 seats: each step's state, the command and
    the events."""
    return tuple(
        tuple(
            (step.state, step.command, tuple(step.events))
            for step in play(RULESET, seats, label=f"pen-hex-{seats}-{bot}", bot=bot)
        )
        for seats in (2, 3)
        for bot in ("greedy", "random")
    )


def _declared_hexes(value: Any, tp: Any, path: str = "$") -> Iterator[Any]:
    """Every value where ``tp`` (the declared type, followed down by the type hints) says a
    hex belongs, with its path: dataclass fields, tuples, frozensets, mappings' keys and
    values, optional hexes."""
    if tp is Hex:
        yield path, value
        return
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, UnionType):
        if value is not None:
            options = [a for a in args if a is not type(None)]
            if len(options) == 1:
                yield from _declared_hexes(value, options[0], path)
            else:
                assert Hex not in options, f"{path}: a hex in a union of {options}"
        return
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        hints = get_type_hints(tp)
        for f in dataclasses.fields(tp):
            yield from _declared_hexes(getattr(value, f.name), hints[f.name], f"{path}.{f.name}")
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        for index, item in enumerate(value):
            yield from _declared_hexes(item, args[0], f"{path}[{index}]")
    elif origin is tuple:
        for index, (item, arg) in enumerate(zip(value, args, strict=True)):
            yield from _declared_hexes(item, arg, f"{path}[{index}]")
    elif origin is frozenset:
        for item in value:
            yield from _declared_hexes(item, args[0], f"{path}{{}}")
    elif origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        for key, item in value.items():
            yield from _declared_hexes(key, args[0], f"{path}.keys()")
            yield from _declared_hexes(item, args[1], f"{path}[{key!r}]")


def test_every_hex_of_seeded_games_is_a_hex_where_one_is_declared() -> None:
    """States, commands and events hold a ``Hex`` wherever their types declare one, never a
    plain pair: the rules never put the tuple's equality with a plain pair to the test.
    (Plain pairs do sit elsewhere in a state, e.g. a sheet's move counts, never among
    hexes.)"""
    seen = 0
    for game in games():
        for state, command, events in game[:: max(1, len(game) // 40)]:
            for value in (state, command, *events):
                if value is None:
                    continue
                declared = list(_declared_hexes(value, type(value)))
                for path, h in declared:
                    assert type(h) is Hex, f"{type(value).__name__}{path}: {h!r}"
                    assert_the_hex(h, h.q, h.r)
                assert len(declared) == len(_hexes(value)), type(value).__name__
                seen += len(declared)
    assert seen > 10_000


def _reached(h: Hex) -> Iterator[tuple[str, Any]]:
    q, r = h.q, h.r
    yield "built", Hex(q, r)
    yield "by keyword", Hex(q=q, r=r)
    yield "from the pair", Hex(*tuple(h))
    yield "parsed from its label", parse_hex(str(h))
    yield "decoded", decode(Hex, encode(h))
    yield "unpickled", pickle.loads(pickle.dumps(h))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        yield f"unpickled, protocol {protocol}", pickle.loads(pickle.dumps(h, protocol))
    yield "deep-copied", copy.deepcopy(h)
    yield "copied", copy.copy(h)
    yield "added", (h - DIRECTIONS[0]) + DIRECTIONS[0]
    yield "subtracted", (h + DIRECTIONS[4]) - DIRECTIONS[4]
    yield "a neighbour's neighbour", h.neighbours()[1].neighbours()[4]
    yield "matched", _matched(h)


def _matched(h: Any) -> Hex:
    match h:
        case Hex(q, r):
            return Hex(q, r)
    raise AssertionError(h)


def test_a_hex_reached_any_way_is_the_same_hex() -> None:
    hexes = {h for game in games() for state, _, _ in game[::25] for h in _hexes(state)}
    assert len(hexes) > 80  # the map's land and sea, the sheets' icons, arrows, locations
    for h in sorted(hexes):
        for how, other in _reached(h):
            assert other == h, how
            assert_the_hex(other, h.q, h.r)


PENINSULA_EVENTS = "domain.games.peninsula.events"
"""Peninsula's own events (the platform's hold read-only mappings, which do not pickle)."""


def test_copied_pickled_or_replaced_values_keep_their_hexes() -> None:
    """A sheet's hex containers, commands and events (what crosses a process pool) copied,
    deep-copied and unpickled; a sheet ``replace``d with a hex added to its location."""
    checked = 0
    for game in games():
        for state, command, events in game[:: max(1, len(game) // 10)]:
            for sheet in state.sheets:
                moved = dataclasses.replace(sheet, location=sheet.location + DIRECTIONS[0])
                assert_the_hex(moved.location, sheet.location.q + 1, sheet.location.r)
                parts = (
                    sheet.location,
                    sheet.filled,
                    sheet.arrows,
                    sheet.harbor_lands,
                    sheet.drawn_harbors,
                    tuple(sheet.icons.items()),
                    dict(sheet.cliffs),
                    command,
                    tuple(e for e in events if type(e).__module__ == PENINSULA_EVENTS),
                )
                for again in (
                    copy.copy(parts),
                    copy.deepcopy(parts),
                    pickle.loads(pickle.dumps(parts)),
                ):
                    assert again == parts  # (a rebuilt set may list its items in another order)
                    for h in _hexes(again):
                        assert_the_hex(h, h.q, h.r)
                        checked += 1
    assert checked > 1_000


def test_commands_and_events_write_the_json_they_wrote_and_read_it_back() -> None:
    """Each command and event as the codec writes it: a hex is ``{"q", "r"}``, exactly what
    the same value written with the dataclass gives, and reads back to equal hexes."""
    checked = 0
    for game in games():
        for _, command, events in game:
            if type(command) in RULESET.command_types:
                body = command_to_json(command)
                assert body == _as_plain(body) == _written_plain_command(command)
                again = command_from_json(RULESET, body)
                assert again == command and repr(again) == repr(command)
            for event in events:
                name, _, payload = event_to_record(event)
                if name.startswith("peninsula."):
                    assert payload == _written_plain(event)
                    checked += 1
    assert checked > 500


def _written_plain_command(command: Any) -> Any:
    return {"type": command_to_json(command)["type"], **_written_plain(command)}


def _written_plain(value: Any) -> Any:
    """``value`` encoded with every hex in it as the dataclass was."""
    return encode(_to_plain(value))


def _to_plain(value: Any) -> Any:
    if type(value) is Hex:
        return plain(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _Fields(
            {f.name: _to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        )
    if type(value) in (tuple, list):
        return tuple(_to_plain(v) for v in value)
    if type(value) is frozenset:
        return frozenset(_to_plain(v) for v in value)
    if isinstance(value, MappingProxyType | dict):
        return {k: _to_plain(v) for k, v in value.items()}
    return value


class _Fields(dict[str, Any]):
    """A dataclass's fields in order: the codec writes a mapping as an object, as it does a
    dataclass (only the hexes inside differ from the value itself)."""


def _as_plain(body: Any) -> Any:
    """A JSON body with every hex object checked to be exactly ``{"q": int, "r": int}``."""
    if isinstance(body, dict):
        if set(body) == {"q", "r"}:
            assert list(body) == ["q", "r"] and all(type(v) is int for v in body.values())
        return {k: _as_plain(v) for k, v in body.items()}
    if isinstance(body, list):
        return [_as_plain(v) for v in body]
    assert not isinstance(body, tuple), "a JSON body holds lists"
    return body


def test_mission_shapes_turn_and_normalize_as_with_plain_hexes() -> None:
    """``canonical`` (turned by every symmetry, translated by ``-``, anchored by ``min``,
    sorted) of every mission of the games, against the same done with ``PlainHex``."""
    missions = {m for game in games() for m in game[-1][0].missions}
    assert len(missions) >= 6
    for mission in missions:
        groups = (mission.ticked, mission.crossed)
        got = canonical(*groups)
        assert all(type(h) is Hex for group in got for h in group)
        forms = []
        for s in SYMMETRIES:
            turned = [[plain(s(h)) for h in group] for group in groups]
            anchor = min(h for group in turned for h in group)
            forms.append(tuple(tuple(sorted(h - anchor for h in group)) for group in turned))
        assert [[plain(h) for h in group] for group in got] == [list(g) for g in min(forms)]


# -- the codec's quick path for records ---------------------------------------------------------


class Pair(tuple[int, str]):
    """A record of this test's own, so that the codec's table of kept records starts empty."""

    __slots__ = ()
    __match_args__ = ("n", "s")
    n: int
    s: str

    def __new__(cls, n: int, s: str) -> Pair:
        return tuple.__new__(cls, (n, s))


def test_a_record_read_twice_is_the_record_kept_and_the_table_is_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(codec, "RECORDS_KEPT", 3)
    first = [decode(Pair, {"n": n, "s": "x"}) for n in range(5)]
    again = [decode(Pair, {"s": "x", "n": n}) for n in range(5)]
    assert first == again == [Pair(n, "x") for n in range(5)]
    assert [a is b for a, b in zip(first, again, strict=True)] == [True] * 3 + [False] * 2
    assert record_from_items(Pair, (1, "x")) is first[1]


def test_a_value_equal_to_a_kept_ones_but_of_another_type_is_refused() -> None:
    """``True == 1`` and ``1.0 == 1``, with equal hashes: the kept ``Hex(1, 2)`` must not be
    handed out for them."""
    assert decode(Hex, {"q": 1, "r": 2}) == Hex(1, 2) == record_from_items(Hex, (1, 2))
    for q in (True, 1.0):
        with pytest.raises(CodecError, match=r"\$\.q: must be an integer"):
            decode(Hex, {"q": q, "r": 2})
        with pytest.raises(CodecError, match=r"\$\.q: must be an integer"):
            record_from_items(Hex, (q, 2))
    with pytest.raises(CodecError, match=r"\$: must have exactly 2 items"):
        record_from_items(Hex, (1, 2, 3))
    with pytest.raises(TypeError):
        record_from_items(PlainHex, (1, 2))
