# cairn compile leaves this module interpreted: Hex is a tuple subclass since pen-hex; not tried
# compiled (service/compiled.py).
"""Hex geometry for Peninsula maps: axial coordinates, labels and the 12 symmetries.

Hexes are pointy-top and addressed by axial coordinates ``(q, r)``: ``r`` is the row, and
``q`` grows to the east. A sheet's rows are drawn "odd-r": every odd row is shifted half a
hex to the east. A label such as ``"C4"`` names the sheet column (letter, ``A`` = 0) and the
row (number, ``1`` = row 0). Hexes outside that lettered area (negative columns or rows,
e.g. mission offsets turned around the origin) are labelled ``"(q,r)"``. Both forms
round-trip through ``parse_hex``.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.games.peninsula.axial import distance

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ITEM: Any = type(vars(namedtuple("_Pair", "q r"))["q"])
"""The read-only item attribute a ``namedtuple`` has (C code, as ``property(itemgetter(i))``
is not: that costs twice as much a read)."""
_new = tuple.__new__


class Hex(tuple[int, int]):
    """A hex: its own ``(q, r)`` tuple, named ``q`` and ``r``.

    Every dict and set the rules and the greedy bot keep is keyed by hexes: as a tuple, a
    hex is hashed and compared by the tuple's C code (the hash is ``hash((q, r))`` and the
    order that of ``(q, r)``, as the frozen dataclass it was had them, so every set and
    sort keeps its order); the dataclass's generated ``__hash__`` and ``__eq__`` were Python
    calls, about a fifth of a greedy graph (bench/HISTORY.md, ``pen-fast`` and ``pen-hex``).

    It differs from a plain pair only where a hex means more: ``+`` and ``-`` add and
    subtract coordinates (never concatenate), ``repr`` is the dataclass's ``Hex(q=1, r=2)``,
    and the codec, the snapshots and the command schemas write it as the object
    ``{"q": 1, "r": 2}`` (``__match_args__`` names its fields; ``domain.core.codec``). As a
    tuple it also equals, hashes and orders as the plain pair ``(q, r)``: no state, command,
    event or container of the rules mixes hexes with plain pairs (tests/domain/peninsula/
    test_hex_tuple.py checks every hex of seeded games is a ``Hex``), and a pair compared
    with a hex would mean the same place. (Nor does any code multiply a hex: ``*`` repeats
    a tuple.)

    Equal hexes need not be the same object: the tuple's equality is C code, so the one
    object per ``(q, r)`` that the dataclass handed out (to spare its ``__eq__``) no longer
    paid, in time or in memory (bench/HISTORY.md, ``pen-hex``).
    """

    __slots__ = ()
    __match_args__ = ("q", "r")
    q: int = _ITEM(0, "The axial column: grows to the east.")
    r: int = _ITEM(1, "The row, from the top.")

    def __new__(cls, q: int, r: int) -> Hex:
        return _new(cls, (q, r))

    def __reduce__(self) -> tuple[type[Hex], tuple[int, int]]:
        return Hex, (self[0], self[1])

    def __repr__(self) -> str:
        return f"Hex(q={self[0]!r}, r={self[1]!r})"

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]  # a vector's sum
        return _new(Hex, (self[0] + other[0], self[1] + other[1]))

    def __sub__(self, other: Hex) -> Hex:
        return _new(Hex, (self[0] - other[0], self[1] - other[1]))

    def neighbours(self) -> tuple[Hex, ...]:
        """The 6 neighbours in a fixed order: E, NE, NW, W, SW, SE."""
        return tuple(self + d for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        return distance(self, other)

    @property
    def column(self) -> int:
        """The sheet column in odd-r offset layout."""
        q, r = self
        return q + (r - (r & 1)) // 2

    def __str__(self) -> str:
        col = self.column
        if 0 <= col < len(_LETTERS) and self[1] >= 0:
            return f"{_LETTERS[col]}{self[1] + 1}"
        return f"({self[0]},{self[1]})"


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)

ORIGIN = Hex(0, 0)


def from_offset(column: int, row: int) -> Hex:
    """The hex at a sheet column and row (odd-r layout)."""
    return Hex(column - (row - (row & 1)) // 2, row)


def parse_hex(label: str) -> Hex:
    """The hex named by ``label`` ("C4" or "(q,r)"); raises ValueError on anything else."""
    text = label.strip()
    if text.startswith("(") and text.endswith(")"):
        parts = text[1:-1].split(",")
        if len(parts) == 2:
            try:
                return Hex(int(parts[0]), int(parts[1]))
            except ValueError:
                pass
    elif len(text) >= 2 and text[0] in _LETTERS and text[1:].isdigit() and text[1] != "0":
        return from_offset(_LETTERS.index(text[0]), int(text[1:]) - 1)
    raise ValueError(f"not a hex label: {label!r} (expected e.g. 'C4' or '(-1,2)')")


def are_adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


@dataclass(frozen=True)
class Symmetry:
    """A rotation by ``turns`` x 60 degrees about the origin, after a mirror if ``mirrored``.

    The mirror swaps the cube coordinates x and z, i.e. ``(q, r) -> (r, q)``; one turn maps
    ``(q, r)`` to ``(-r, q + r)``.
    """

    turns: int
    mirrored: bool

    def __call__(self, h: Hex) -> Hex:
        q, r = (h.r, h.q) if self.mirrored else (h.q, h.r)
        for _ in range(self.turns % 6):
            q, r = -r, q + r
        return Hex(q, r)


SYMMETRIES: tuple[Callable[[Hex], Hex], ...] = tuple(
    Symmetry(turns, mirrored) for mirrored in (False, True) for turns in range(6)
)


def normalized(*groups: frozenset[Hex]) -> tuple[tuple[Hex, ...], ...]:
    """``groups`` translated so their overall smallest hex sits at the origin, each sorted."""
    anchor = min(h for group in groups for h in group)
    return tuple(tuple(sorted(h - anchor for h in group)) for group in groups)


def canonical(*groups: frozenset[Hex]) -> tuple[tuple[Hex, ...], ...]:
    """One representative of ``groups`` up to translation and the 12 symmetries.

    Two patterns (e.g. a mission's ticked and crossed hexes) are the same shape exactly when
    their canonical forms are equal.
    """
    return min(
        normalized(*(frozenset(s(h) for h in group) for group in groups)) for s in SYMMETRIES
    )
