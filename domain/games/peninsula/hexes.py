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


@dataclass(frozen=True, order=True)
class Hex:
    q: int
    r: int

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
