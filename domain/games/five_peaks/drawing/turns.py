"""Five Peaks' tiles turned: a tile's cells on the board, and a tile drawn small in one
of its turns (over the button that chooses that turn when a new tile is placed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.drawing.svg import element, group

TERRAIN = {"start": "#f2e6c9", "forest": "#b7dfb0", "alpine": "#d6e4f0", "rocky": "#ddd3c4"}


def on_board(size: int, placed: Mapping[str, Any], cell: tuple[int, int]) -> tuple[int, int]:
    c, r = cell
    last = size - 1
    for _ in range(int(placed["rotation"]) % 4):
        c, r = r, last - c  # a quarter turn clockwise
    return (int(placed["x"]) + c, int(placed["y"]) + r)


class Frame:
    """A small tile's cells to drawing coordinates (its south-west cell at the bottom)."""

    def __init__(self, left: float, top: float, cell: float, size: int) -> None:
        self.left, self.top, self.cell, self.size = left, top, cell, size

    def at(self, x: int, y: int) -> tuple[float, float]:
        return (
            self.left + (x + 0.5) * self.cell,
            self.top + (self.size - 1 - y + 0.5) * self.cell,
        )


MINI = 11.0
"""A small tile's cell."""


def mini(left: float, top: float, rotation: int, spec: Mapping[str, Any]) -> str:
    """The tile ``spec`` turned ``rotation`` quarter turns, its north-west corner at
    (left, top), a cell ``MINI`` wide."""
    size = int(spec["size"])
    frame = Frame(left, top, MINI, size)
    placed = {"x": 0, "y": 0, "rotation": rotation}
    parts = [
        element(
            "rect",
            x=frame.left,
            y=frame.top,
            width=size * frame.cell,
            height=size * frame.cell,
            fill=TERRAIN.get(spec["terrain"], "#eee"),
            stroke="#8a7f6a",
        ),
    ]
    for path in spec.get("paths", []):
        points = " ".join(
            "{:.1f},{:.1f}".format(*frame.at(*on_board(size, placed, tuple(c)))) for c in path
        )
        parts.append(element("polyline", points=points, fill="none", stroke="#7b5e3b"))
    for space in spec.get("spaces", []):
        x, y = frame.at(*on_board(size, placed, tuple(space["cell"])))
        parts.append(element("circle", cx=x, cy=y, r=2, fill="#fff", stroke="#555"))
    return group(parts, class_="mini-tile", aria_hidden="true")
