"""Five Peaks' board cells laid out in the drawing: one grid on a desktop, and on a phone
the same grid cut into bands of columns stacked one under the other, so that the drawing
is no wider than a phone while a cell stays big enough to tap (#24)."""

from __future__ import annotations

from dataclasses import dataclass

CELL = 22.0
MARGIN = 16.0
LABEL_W = 14.0
"""Room left of the board for the rows' numbers (``-10``)."""
LABEL_H = 12.0
"""Room over the board for the columns' numbers."""
BAND_COLUMNS = 13
"""The most columns in a band on a phone: 13 cells, the rows' numbers and the margins are
332 units, which the viewer shows at 1.1 CSS px a unit in a 390 px phone's 374 px."""
BAND_GAP = 8.0


@dataclass(frozen=True)
class Grid:
    """Board cells to drawing coordinates: the columns from ``min_x`` and the rows down
    from ``max_y`` (``y`` grows to the north), the column labels' top at ``top``."""

    min_x: int
    max_y: int
    count: int
    """How many columns."""
    depth: int
    """How many rows."""
    top: float = 0.0

    @property
    def width(self) -> float:
        return self.count * CELL

    @property
    def height(self) -> float:
        return self.depth * CELL

    @property
    def bottom(self) -> float:
        return self.top + LABEL_H + self.height

    @property
    def columns(self) -> range:
        return range(self.min_x, self.min_x + self.count)

    @property
    def rows(self) -> range:
        return range(self.max_y - self.depth + 1, self.max_y + 1)

    def at(self, x: int, y: int) -> tuple[float, float]:
        """The centre of cell (x, y)."""
        return (
            MARGIN + LABEL_W + (x - self.min_x + 0.5) * CELL,
            self.top + LABEL_H + (self.max_y - y + 0.5) * CELL,
        )


def fitted(cells: list[tuple[int, int]], top: float = 0.0) -> Grid:
    """The grid around every cell drawn, with a free cell on each side."""
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    min_x, max_y = min(xs) - 1, max(ys) + 1
    return Grid(min_x, max_y, max(xs) - min_x + 2, max_y - min(ys) + 2, top)


def bands(grid: Grid, most: int = BAND_COLUMNS) -> list[Grid]:
    """The grid's columns cut into as few bands of at most ``most`` as there can be, of
    even sizes (two of 10 read better than 13 and 7), each under the one before."""
    many = -(-grid.count // most)
    sizes = [grid.count // many + (1 if i < grid.count % many else 0) for i in range(many)]
    found: list[Grid] = []
    first, top = grid.min_x, grid.top
    for size in sizes:
        found.append(Grid(first, grid.max_y, size, grid.depth, top))
        first += size
        top = found[-1].bottom + BAND_GAP
    return found
