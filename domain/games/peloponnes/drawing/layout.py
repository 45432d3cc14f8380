"""Peloponnes' drawing: its sizes and colours, the tiles named from the content pack, and
the layout (wide, or one narrow column on a phone)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

WIDTH = 560.0
MARGIN = 16.0
TILE_W, TILE_H = 56.0, 36.0
PER_ROW = 8
KIND_COLOURS = {"land": "#a9dfbf", "building": "#edbb99", "civilization": "#d2b4de"}
TRACKS = ("coins", "wood", "stone", "food", "luxury", "inhabitants")
TRACK_COLOURS = {
    "coins": "#d4ac0d",
    "wood": "#8e5b2e",
    "stone": "#909497",
    "food": "#58d68d",
    "luxury": "#af7ac5",
    "inhabitants": "#5dade2",
}
TRACK_SCALE = 5.0
"""Pixels per unit on a track bar."""


class Tiles:
    """The content pack's tiles by id, and its civilizations by name."""

    def __init__(self, content: Any) -> None:
        self.tiles = {t["id"]: t for t in content.get("tiles", [])}
        self.civilizations = {c["name"]: c for c in content.get("civilizations", [])}
        self.sea = {t["id"]: t for t in content.get("sea_tiles", [])}

    def words(self, tile_id: str) -> str:
        tile = self.tiles.get(tile_id)
        if tile is None:
            return f"civilization {tile_id}" if tile_id in self.civilizations else tile_id
        name = f" {tile['name']}" if tile.get("name") else ""
        income = ", ".join(f"{n} {g}" for g, n in tile.get("income", {}).items())
        return f"{tile['kind']} {tile_id}{name}: {tile['pp']} PP" + (
            f", income {income}" if income else ""
        )


@dataclass(frozen=True)
class Layout:
    """How wide the drawing is, how many tiles go in a row, and how far a row's tiles are
    indented after its name (none on a phone: the name goes above them)."""

    width: float
    per_row: int
    indent: float

    def rows(self, count: int) -> int:
        return max(math.ceil(count / self.per_row), 1)

    def at(self, i: int, step: float) -> tuple[float, int]:
        """The ``i``th thing of a row: its x and the line it wraps to."""
        return MARGIN + self.indent + (i % self.per_row) * step, i // self.per_row


WIDE = Layout(WIDTH, PER_ROW, 84.0)
NARROW = Layout(2 * MARGIN + 5 * TILE_W, 5, 0.0)
