"""Hex geometry: neighbours, distance, labels and the 12 symmetries of the hex grid.

rulebook, Missions: "The arrangement may be rotated and mirrored" -- the hex grid has exactly
12 such symmetries about a point (6 rotations, 6 reflections).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.games.peninsula.hexes import (
    ORIGIN,
    SYMMETRIES,
    Hex,
    are_adjacent,
    canonical,
    from_offset,
    parse_hex,
)

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)
PROBE = tuple(Hex(q, r) for q in range(-3, 4) for r in range(-3, 4))


def test_neighbours_are_six_distinct_hexes_at_distance_one_in_fixed_order() -> None:
    h = Hex(2, -1)
    ns = h.neighbours()
    assert len(set(ns)) == 6
    assert all(h.distance(n) == 1 and are_adjacent(h, n) for n in ns)
    assert ns[0] == Hex(3, -1)  # east first
    assert ns == h.neighbours()


@given(hexes)
def test_adjacency_is_symmetric(h: Hex) -> None:
    assert all(h in n.neighbours() for n in h.neighbours())
    assert not are_adjacent(h, h)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


def test_distance_examples() -> None:
    assert ORIGIN.distance(Hex(2, 0)) == 2
    assert ORIGIN.distance(Hex(2, -2)) == 2
    assert ORIGIN.distance(Hex(1, 1)) == 2
    assert ORIGIN.distance(Hex(3, -1)) == 3


@given(hexes)
def test_label_round_trips(h: Hex) -> None:
    assert parse_hex(str(h)) == h


def test_labels_name_column_letter_and_row_number() -> None:
    assert str(from_offset(0, 0)) == "A1"
    assert str(from_offset(2, 3)) == "C4"
    assert parse_hex("C4") == from_offset(2, 3)
    assert str(Hex(-5, 0)) == "(-5,0)"


def test_odd_rows_are_shifted_east() -> None:
    # B2 (an odd row) touches B1 and C1 above it; B3 touches A2 and B2 above it.
    assert set(parse_hex("B2").neighbours()) >= {parse_hex("B1"), parse_hex("C1")}
    assert not are_adjacent(parse_hex("B2"), parse_hex("A1"))
    assert set(parse_hex("B3").neighbours()) >= {parse_hex("A2"), parse_hex("B2")}


@pytest.mark.parametrize("label", ["", "A", "A0", "3C", "a1", "AA1", "(1)", "(1,x)", "C-4"])
def test_bad_labels_are_refused(label: str) -> None:
    with pytest.raises(ValueError, match="not a hex label"):
        parse_hex(label)


def _table(f: object) -> tuple[Hex, ...]:
    assert callable(f)
    return tuple(f(h) for h in PROBE)


def test_there_are_twelve_distinct_symmetries_fixing_the_origin() -> None:
    assert len(SYMMETRIES) == 12
    assert len({_table(s) for s in SYMMETRIES}) == 12
    assert all(s(ORIGIN) == ORIGIN for s in SYMMETRIES)
    assert _table(SYMMETRIES[0]) == PROBE  # the identity comes first


def test_symmetries_form_a_group() -> None:
    tables = {_table(s) for s in SYMMETRIES}
    for s, t in itertools.product(SYMMETRIES, repeat=2):
        assert tuple(s(t(h)) for h in PROBE) in tables
    for s in SYMMETRIES:
        assert any(tuple(t(s(h)) for h in PROBE) == PROBE for t in SYMMETRIES)


def test_six_symmetries_are_rotations_and_six_are_reflections() -> None:
    # A rotation keeps the cyclic order of the neighbours; a reflection reverses it.
    ring = ORIGIN.neighbours()
    orders = []
    for s in SYMMETRIES:
        turned = [ring.index(s(n)) for n in ring]
        orders.append((turned[1] - turned[0]) % 6)
    assert sorted(orders) == [1] * 6 + [5] * 6


@given(hexes, hexes, st.sampled_from(SYMMETRIES))
def test_symmetries_preserve_adjacency_and_distance(a: Hex, b: Hex, s: object) -> None:
    assert callable(s)
    assert s(a).distance(s(b)) == a.distance(b)
    assert are_adjacent(s(a), s(b)) == are_adjacent(a, b)


@given(
    st.frozensets(hexes, min_size=1, max_size=6),
    st.frozensets(hexes, max_size=4),
    st.sampled_from(SYMMETRIES),
    hexes,
)
def test_canonical_shape_ignores_symmetry_and_translation(
    ticked: frozenset[Hex], crossed: frozenset[Hex], s: object, shift: Hex
) -> None:
    assert callable(s)
    moved = [frozenset(s(h) + shift for h in group) for group in (ticked, crossed)]
    assert canonical(*moved) == canonical(ticked, crossed)


def test_canonical_shape_tells_a_line_from_a_triangle() -> None:
    line = frozenset({Hex(0, 0), Hex(1, 0), Hex(2, 0)})
    triangle = frozenset({Hex(0, 0), Hex(1, 0), Hex(0, 1)})
    assert canonical(line) != canonical(triangle)
