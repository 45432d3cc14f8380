"""Shortcuts a frame sampler found in greedy rollouts (bench/sampler.py), held to their plain
forms: one shared ``Cell`` per coordinate with its hash worked out once, an edge's middle
cell made alone, a board's peak slots kept, a campfire draw's keeps built without ``__init__``."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Iterator
from itertools import permutations
from typing import Any

import msgspec
import pytest

from domain.core.codec import decode, encode
from domain.games.five_peaks import board as b
from domain.games.five_peaks import kept_commands as kept
from domain.games.five_peaks.commands import KeepCampfire
from domain.games.five_peaks.content.model import EDGES
from domain.games.five_peaks.geometry import SHARED, Cell, build_board, edge_middle
from domain.games.five_peaks.rules import candidates
from tests.domain.five_peaks.test_fast_paths import positions


@dataclasses.dataclass(frozen=True, order=True)
class PlainCell:
    """``Cell`` as it was: a plain frozen ordered dataclass."""

    x: int
    y: int


def every_cell(game: Any) -> Iterator[Cell]:
    """The cells of a position: its board's (covered, spaces, links), pawns and peaks."""
    board = b.board(game)
    yield from board.covered
    yield from board.spaces
    for at, near in board.links.items():
        yield at
        yield from near
    yield from game.pawns
    for stack in game.peaks:
        yield stack.at


def test_a_cell_is_the_one_object_for_its_coordinates_and_equal_to_a_plain_one():
    """Every cell of the positions, however reached (built, by keyword, decoded, unpickled,
    copied, replaced, stepped to), is the one object for its ``(x, y)``, with its fields;
    it equals, hashes, orders and prints as a cell msgspec decodes (built around ``__new__``:
    a separate object without the kept hash, interpreted or compiled), and hashes as the plain
    dataclass did, so every set of cells keeps its order."""
    seen: set[tuple[int, int]] = set()
    for game in positions("greedy")[::7]:
        for c in every_cell(game):
            if (c.x, c.y) in seen:
                continue
            seen.add((c.x, c.y))
            shared = Cell(c.x, c.y)
            assert (shared.x, shared.y) == (c.x, c.y) and c is shared
            reached = (
                Cell(x=c.x, y=c.y),
                decode(Cell, encode(c)),
                pickle.loads(pickle.dumps(c)),
                copy.deepcopy(c),
                copy.copy(c),
                dataclasses.replace(c, x=c.x),
                Cell(c.x - 1, c.y).step("E"),
            )
            assert all(other is shared for other in reached)
            plain = msgspec.json.decode(msgspec.json.encode(c), type=Cell)
            assert plain is not shared and plain == shared and hash(plain) == hash(shared)
            assert repr(plain) == repr(shared) and not plain < shared and not shared < plain
            assert hash(shared) == hash(PlainCell(c.x, c.y)) == hash((c.x, c.y))
            assert repr(shared) == repr(PlainCell(c.x, c.y)).replace("PlainCell", "Cell")
            assert dataclasses.astuple(shared) == (c.x, c.y)
    assert len(seen) > 100
    cells = sorted(Cell(x, y) for x, y in seen)
    assert [(c.x, c.y) for c in cells] == sorted(seen)
    # far from the origin: equal and hashed alike, not kept
    far = Cell(SHARED + 1, -3)
    assert far == Cell(SHARED + 1, -3) and far is not Cell(SHARED + 1, -3)
    assert hash(far) == hash(PlainCell(SHARED + 1, -3))


def plain_edge_middle(x: int, y: int, size: int, edge: str) -> Cell:
    mid, last = size // 2, size - 1
    return {
        "N": Cell(x + mid, y + last),
        "S": Cell(x + mid, y),
        "E": Cell(x + last, y + mid),
        "W": Cell(x, y + mid),
    }[edge]


def test_an_edge_middle_is_the_plain_tables():
    for size in (3, 5):
        for x in range(-4, 5):
            for y in range(-4, 5):
                for edge in EDGES:
                    assert edge_middle(x, y, size, edge) == plain_edge_middle(x, y, size, edge)
    with pytest.raises(KeyError):
        edge_middle(0, 0, 3, "X")  # type: ignore[arg-type]


def test_a_boards_kept_peak_slots_are_worked_out_on_a_board_built_afresh():
    """At every position, asked twice (the second answer is the kept one), against a board
    built from nothing (no memo) of the same placements and peaks."""
    slots = 0
    for game in positions("greedy")[::3]:
        board = b.board(game)
        afresh = build_board(board.content, board.placements, board.peaks)
        for index in range(len(board.placements)):
            plain = afresh.free_slots(index)
            assert board.peak_slots(index) == plain
            assert board.peak_slots(index) == plain
            slots += len(plain)
    assert slots > 100


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_a_campfire_draws_keeps_are_every_way_to_keep_one(size):
    drawn = tuple(f"card{i}" for i in range(size))
    plain = tuple(
        KeepCampfire(1, card, rest)
        for i, card in enumerate(drawn)
        for rest in permutations(drawn[:i] + drawn[i + 1 :])
    )
    made = kept.keeps(1, drawn)
    assert made == plain
    for keep, built in zip(made, plain, strict=True):
        assert type(keep) is KeepCampfire and list(vars(keep)) == list(vars(built))
        assert hash(keep) == hash(built) and repr(keep) == repr(built)
        assert (keep.seat, keep.card, keep.returned) == (built.seat, built.card, built.returned)


def test_the_candidates_of_a_campfire_draw_are_the_keeps():
    """At every position of the games with a draw to resolve (also made: each seat given
    the first cards of the campfire deck as drawn)."""
    seen = 0
    for game in positions("greedy")[::5] + positions("random")[::5]:
        seat = game.turn
        hiker = game.hiker(seat)
        for drawn in {hiker.drawn, tuple(game.fire_deck[:3])} - {()}:
            variant = game.with_hiker(seat, dataclasses.replace(hiker, drawn=drawn))
            if b.is_over_limit(variant, seat):
                continue
            plain = tuple(
                KeepCampfire(seat, card, rest)
                for i, card in enumerate(drawn)
                for rest in permutations(drawn[:i] + drawn[i + 1 :])
            )
            assert candidates(variant, seat) == plain
            seen += 1
    assert seen > 20
