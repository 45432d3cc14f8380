"""What a compiled rollout runs without an interpreted frame (bench/HISTORY.md, branch
``fp-frames``), held to the plain forms it replaced: ``Cell``'s and ``Placement``'s
comparisons written in the class, the state's helpers in ``frozen``, and the events and
commands a step makes built without their ``__init__``."""

from __future__ import annotations

import dataclasses
import operator
import pickle
from itertools import product
from types import MappingProxyType
from typing import Any

import pytest

from domain.core.codec import decode, encode
from domain.games.five_peaks import flow
from domain.games.five_peaks import frozen as fz
from domain.games.five_peaks import kept_commands as kept
from domain.games.five_peaks.commands import Move, PlaceTile, PlayCard
from domain.games.five_peaks.content import load
from domain.games.five_peaks.events import (
    CardPlayed,
    PawnMoved,
    ResourcesMoved,
    StageBegan,
    TurnEnded,
)
from domain.games.five_peaks.geometry import SHARED, Cell, Placement, Space
from domain.games.five_peaks.state import Hiker, Stage, StoneStack
from tests.domain.five_peaks.test_fast_paths import positions


@dataclasses.dataclass(frozen=True, order=True)
class PlainCell:
    x: int
    y: int


@dataclasses.dataclass(frozen=True)
class PlainPlacement:
    tile: str
    x: int
    y: int
    rotation: int


COMPARISONS = (operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge)


def test_cells_compare_as_the_ordered_dataclass_did():
    coordinates = [(x, y) for x in (-2, 0, 1, SHARED + 1) for y in (-1, 0, 3)]
    for (ax, ay), (bx, by) in product(coordinates, repeat=2):
        # far cells are separate objects, so equality is asked, not identity
        a, b = Cell(ax, ay), Cell(bx, by)
        for compare in COMPARISONS:
            assert compare(a, b) == compare(PlainCell(ax, ay), PlainCell(bx, by))
    cell = Cell(1, 2)
    for method in ("__eq__", "__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(cell, method)((1, 2)) is NotImplemented
        assert getattr(cell, method)(PlainCell(1, 2)) is NotImplemented
    assert cell != (1, 2) and cell != PlainCell(1, 2)
    with pytest.raises(TypeError):
        _ = cell < (1, 3)  # type: ignore[operator]


def test_placements_hash_and_compare_as_the_dataclass_did():
    for fields in product(("A", "B"), (-2, 0), (1,), (0, 3)):
        for other in product(("A",), (-2,), (1,), (0, 3)):
            a, b = Placement(*fields), Placement(*other)
            assert hash(a) == hash(PlainPlacement(*fields)) == hash(fields)
            assert (a == b) == (PlainPlacement(*fields) == PlainPlacement(*other))
            assert (a != b) == (fields != other)
    assert Placement("A", 0, 0, 0).__eq__(("A", 0, 0, 0)) is NotImplemented
    assert decode(Placement, encode(Placement("A", 1, 2, 3))) == Placement("A", 1, 2, 3)


def test_the_state_helpers_answer_as_before():
    checked = 0
    for game in positions("greedy")[::9]:
        for seat, hiker in enumerate(game.hikers):
            assert hiker.load == fz.load_of(hiker) == sum(hiker.backpack.values())
            for resource in ("water", "food", "rope", "nothing"):
                assert hiker.held(resource) == hiker.backpack.get(resource, 0)
            again = game.with_hiker(seat, fz.changed(hiker, endorphins=hiker.endorphins + 1))
            assert again.hikers[seat].endorphins == hiker.endorphins + 1
            assert again.hikers[:seat] + again.hikers[seat + 1 :] == (
                game.hikers[:seat] + game.hikers[seat + 1 :]
            )
        for at in {*game.pawns, *(p.at for p in game.peaks)}:
            plain = next((p for p in game.peaks if p.at == at), None)
            assert game.stack_at(at) is plain
        assert game.peak_cells() == tuple((p.peak, p.at) for p in game.peaks)
        checked += 1
    assert checked > 5


def built_values() -> list[tuple[Any, Any]]:
    """Pairs of (built without ``__init__``, made by ``__init__``)."""
    stage = Stage("space", card="c", at=Cell(1, 0))
    pack = load()
    card = sorted(pack.cards)[0]
    hand = (card, card)
    options = len(pack.cards[card].options) + 1
    pairs: list[tuple[Any, Any]] = [
        (flow.resources_moved(1, {"water": 1}, {}), ResourcesMoved(1, {"water": 1}, {})),
        (
            flow.resources_moved(0, MappingProxyType({}), {"endorphin": 2}),
            ResourcesMoved(seat=0, paid=MappingProxyType({}), gained={"endorphin": 2}),
        ),
        (flow.stage_began(1, stage), StageBegan(1, stage)),
        (
            flow.stage(1, "space", stage, at=Cell(2, 0)),
            StageBegan(1, dataclasses.replace(stage, at=Cell(2, 0))),
        ),
        (fz.built(CardPlayed, {"seat": 0, "card": "x", "option": 1}), CardPlayed(0, "x", 1)),
        (fz.built(PawnMoved, {"seat": 1, "to": Cell(0, 2)}), PawnMoved(1, Cell(0, 2))),
        (fz.built(TurnEnded, {"seat": 1, "next": 0}), TurnEnded(1, 0)),
        (
            fz.built(PlaceTile, {"seat": 0, "corner": Cell(2, 2), "rotation": 3}),
            PlaceTile(0, Cell(2, 2), 3),
        ),
        *zip(
            kept.plays(pack, 1, hand), [PlayCard(1, card, o) for o in range(options)], strict=True
        ),
        *zip(
            kept.moves(0, frozenset({Cell(1, 1), Cell(0, 3)})),
            [Move(0, Cell(0, 3)), Move(0, Cell(1, 1))],
            strict=True,
        ),
    ]
    return pairs


def hashed(value: Any) -> int | str:
    """The hash, or the error hashing raises (an event with a ``dict`` field has none)."""
    try:
        return hash(value)
    except TypeError as error:
        return str(error)


def test_events_and_commands_built_without_init_are_the_ones_init_builds():
    pairs = built_values()
    assert len(pairs) > 8
    for made, plain in pairs:
        assert type(made) is type(plain) and made == plain and plain == made
        assert list(vars(made)) == list(vars(plain)) and vars(made) == vars(plain)
        assert hashed(made) == hashed(plain) and repr(made) == repr(plain)
        assert encode(made) == encode(plain)
        if not any(isinstance(v, MappingProxyType) for v in vars(plain).values()):
            assert pickle.dumps(made) == pickle.dumps(plain)
            assert pickle.loads(pickle.dumps(made)) == plain
        names = [f.name for f in dataclasses.fields(plain)]
        assert list(vars(made)) == names
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.seat = 5


def test_a_changed_copy_drops_only_the_legal_memo():
    stack = StoneStack("p", Cell(0, 0))
    stack.__dict__[fz.LEGAL_MEMO] = ("kept",)
    stack.__dict__["_other_memo"] = 1
    copy = fz.changed(stack, stones=((0, "s"),))
    assert copy == StoneStack("p", Cell(0, 0), ((0, "s"),))
    assert fz.LEGAL_MEMO not in vars(copy) and vars(copy)["_other_memo"] == 1
    assert fz.changed(Hiker(), hand=("a",)) == Hiker(hand=("a",))


def test_spaces_written_init_sets_every_field_as_the_dataclass():
    """``Space``'s ``__init__`` is written in the class (compiled on a build): by position,
    by keyword and with its defaults it holds what the dataclass's would."""
    given = (Cell(1, 2), "half", (0, 1), frozenset({"forest"}), (("water", 1),))
    space = Space(*given)
    assert [getattr(space, f.name) for f in dataclasses.fields(Space)] == [*given, (), (), "", None]
    named = Space(
        at=given[0],
        kind="peak",
        tiles=(2,),
        terrains=frozenset(),
        gives=(),
        pay=(("a", 1),),
        gain=(("b", 2),),
        peak="P",
        memo={"kept": 1},
    )
    assert (named.pay, named.gain, named.peak, named.memo) == (
        (("a", 1),),
        (("b", 2),),
        "P",
        {"kept": 1},
    )
    assert named == dataclasses.replace(named, memo=None) and "memo" not in repr(named)
    assert space == Space(*given) and hash(space) == hash(Space(*given))
