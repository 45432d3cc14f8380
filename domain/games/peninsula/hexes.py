"""Hex geometry for Peninsula maps: axial coordinates, labels and the 12 symmetries.

Hexes are pointy-top and addressed by axial coordinates ``(q, r)``: ``r`` is the row, and
``q`` grows to the east. A sheet's rows are drawn "odd-r": every odd row is shifted half a
hex to the east. A label such as ``"C4"`` names the sheet column (letter, ``A`` = 0) and the
row (number, ``1`` = row 0). Hexes outside that lettered area (negative columns or rows,
e.g. mission offsets turned around the origin) are labelled ``"(q,r)"``. Both forms
round-trip through ``parse_hex``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SHARED = 64
"""Hexes with both coordinates within this of the origin are shared (``Hex``): every map,
mission shape and symmetry of it lies well inside."""
_SHARED: dict[tuple[int, int], Hex] = {}


@dataclass(frozen=True, order=True, init=False)
class Hex:
    """A hex, one object per ``(q, r)`` near the origin (``SHARED``).

    Every dict and set the rules and the greedy bot keep is keyed by hexes, and a look-up
    tries identity before equality: two equal hexes that are different objects (a sheet's
    icons, decoded from the log, against the map's land, say) cost a call of the dataclass's
    ``__eq__``, a Python call, about a million of them in a greedy graph at N = 1. So
    ``Hex(q, r)`` hands out the one object made for ``(q, r)``, and a pickled hex (a state
    sent to a pool worker) comes back as it. A hex built around ``__new__`` (msgspec's
    decoding) is an equal, separate object, as before; equality, hash and order are the
    dataclass's as they were. Only coordinates within ``SHARED`` of the origin are kept,
    so no command can make the table grow without bound.
    """

    q: int
    r: int

    def __new__(cls, q: int, r: int) -> Hex:
        key = (q, r)
        found = _SHARED.get(key)
        if found is None:
            found = object.__new__(cls)
            object.__setattr__(found, "q", q)
            object.__setattr__(found, "r", r)
            if -SHARED <= q <= SHARED and -SHARED <= r <= SHARED:
                _SHARED[key] = found
        return found

    def __reduce__(self) -> tuple[type[Hex], tuple[int, int]]:
        return Hex, (self.q, self.r)

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbours(self) -> tuple[Hex, ...]:
        """The 6 neighbours in a fixed order: E, NE, NW, W, SW, SE."""
        return tuple(self + d for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    @property
    def column(self) -> int:
        """The sheet column in odd-r offset layout."""
        return self.q + (self.r - (self.r & 1)) // 2

    def __str__(self) -> str:
        col = self.column
        if 0 <= col < len(_LETTERS) and self.r >= 0:
            return f"{_LETTERS[col]}{self.r + 1}"
        return f"({self.q},{self.r})"


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
    return a.distance(b) == 1


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
