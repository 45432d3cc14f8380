"""Snapshots are encoded data: every registered ruleset's states round-trip exactly, and a
snapshot row that is not such data (a pickle, garbage, another shape) is ignored and runs
nothing."""

from __future__ import annotations

import dataclasses
import pickle
import types
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from domain.core import Ruleset, registry
from service.application import Application, loading
from service.application.snapshots import decode_state, encode_state
from tests.support.play import play
from tests.support.rulesets import versions


@dataclasses.dataclass(frozen=True)
class Held:
    table: Mapping[str, Mapping[str, tuple[int, ...]]]
    nested: tuple[Mapping[int, str], ...] = ()


def _same_shape(a: Any, b: Any, path: str = "$") -> None:
    """Equal values of the very same types, all the way down (a dict is no read-only map)."""
    assert type(a) is type(b), f"{path}: {type(a).__name__} came back as {type(b).__name__}"
    if dataclasses.is_dataclass(a):
        for field in dataclasses.fields(a):
            _same_shape(getattr(a, field.name), getattr(b, field.name), f"{path}.{field.name}")
    elif isinstance(a, tuple | list):
        assert len(a) == len(b), path
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            _same_shape(x, y, f"{path}[{index}]")
    elif isinstance(a, types.MappingProxyType | dict):
        assert list(a) == list(b), f"{path}: keys"
        for key in a:
            _same_shape(a[key], b[key], f"{path}[{key!r}]")
    else:
        assert a == b, path


def _states(ruleset: Ruleset[Any, Any, Any]) -> Iterator[Any]:
    seats = sorted({ruleset.min_seats, min(ruleset.max_seats, 4)})
    for count in seats:
        for bot in sorted(ruleset.bots):
            for step in play(ruleset, count, label=f"snapshot:{count}:{bot}", bot=bot):
                yield step.state


@pytest.mark.parametrize(
    ("ruleset_id", "rules_version"), [(r.id, r.rules_version) for r in versions()]
)
def test_every_state_of_every_ruleset_version_round_trips_exactly(
    ruleset_id: str, rules_version: str
) -> None:
    ruleset = registry.get(ruleset_id, rules_version)
    state_type = type(ruleset.initial_state)
    checked = 0
    for state in _states(ruleset):
        again = decode_state(state_type, encode_state(state))
        assert again == state
        _same_shape(state, again)
        checked += 1
    assert checked > 10


def test_read_only_mappings_stay_read_only_inside_tuples() -> None:
    state = Held(
        types.MappingProxyType({"a": types.MappingProxyType({"b": (1, 2)})}),
        (types.MappingProxyType({3: "c"}),),
    )
    again = decode_state(Held, encode_state(state))
    assert again == state
    _same_shape(state, again)


@dataclasses.dataclass(frozen=True)
class _Odd:
    value: Any


def test_a_value_a_snapshot_cannot_hold_is_a_type_error_naming_its_type() -> None:
    # No state declares a complex number: whoever passed one passed the wrong type.
    with pytest.raises(TypeError, match="a snapshot cannot hold a complex:"):
        encode_state(_Odd(value=1j))


class _Planted:
    """What an attacker with write access to ``snapshots`` would store: a pickle that runs
    code when loaded (here it only creates a file)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.marker,))


@pytest.mark.parametrize(
    "blob",
    ["pickle", b"\x00not msgpack at all", b"\x81\xa5seats\xa3two", b"\x93\x01\x02\x03", b""],
    ids=["planted-pickle", "garbage", "wrong-type", "not-a-map", "empty"],
)
def test_a_snapshot_that_is_not_the_states_shape_is_ignored(
    blob: bytes | str, tmp_path: Path
) -> None:
    ruleset = registry.get("peninsula")
    marker = tmp_path / "ran"
    data = pickle.dumps(_Planted(marker)) if blob == "pickle" else blob
    assert isinstance(data, bytes)
    assert decode_state(type(ruleset.initial_state), data) is None
    assert not marker.exists(), "decoding the snapshot ran code"


@pytest.mark.storage
def test_a_planted_pickle_in_the_table_runs_nothing_and_the_game_loads_from_its_log(
    app: Application, tmp_path: Path
) -> None:
    game = app.create_game("counting", seats=2, seed="ab" * 32, options={"target": 20})
    for _ in range(3):
        app.act(game.game_id, 0, {"type": "draw"})
        app.act(game.game_id, 1, {"type": "draw"})
    expected = Application(app.store).view(game.game_id, None)
    version = expected["version"]
    marker = tmp_path / "ran"
    app.store.delete_snapshots(game.game_id)
    app.store.save_snapshot(
        game.game_id,
        loading.engine_fingerprint("counting"),
        version,
        pickle.dumps(_Planted(marker)),
    )
    _, planted = app.store.opening(game.game_id, loading.current_engines())
    assert planted is not None and planted.seq == version
    assert Application(app.store).view(game.game_id, None) == expected
    assert not marker.exists(), "loading the game ran the planted snapshot"


@pytest.mark.storage
def test_a_stored_snapshot_is_used_and_equals_the_fold(app: Application) -> None:
    game = app.create_game("counting", seats=2, seed="cd" * 32, options={"target": 20})
    original, loading.SNAPSHOT_EVERY = loading.SNAPSHOT_EVERY, 4
    try:
        for _ in range(4):
            app.act(game.game_id, 0, {"type": "draw"})
            app.act(game.game_id, 1, {"type": "draw"})
    finally:
        loading.SNAPSHOT_EVERY = original
    _, snapshot = app.store.opening(game.game_id, loading.current_engines())
    assert snapshot is not None
    ruleset = registry.get("counting")
    from_snapshot = decode_state(type(ruleset.initial_state), snapshot.state)
    folded = app.load(game.game_id, at=snapshot.seq).state
    assert from_snapshot == folded
    _same_shape(folded, from_snapshot)
