"""Five Peaks' board drawn cell by cell: the tiles with their spaces and paths, the peaks
and their stones, what is left on a space, the pawns, and the grid's labelled cells.

On a phone the grid is drawn in bands of columns (``grid.bands``): a tile that crosses
from one band into the next is drawn in each, its shape cut to the band's columns, and
each of its spaces in the band of its own cell, so that every space, peak and cell (a
``data-place``) is drawn once and only the shape is repeated, hidden from screen readers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.drawing.seats import colour
from domain.core.drawing.svg import element, group, text, title
from domain.games.five_peaks.drawing import controls
from domain.games.five_peaks.drawing.grid import CELL, LABEL_H, LABEL_W, MARGIN, Grid
from domain.games.five_peaks.drawing.turns import TERRAIN, on_board
from domain.games.five_peaks.geometry import label

SPACE_MARK = {"parking": "P", "exchange": "X", "bike": "b", "resource": "", "half": ""}
EDGE_STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def _cells(grid: Grid) -> str:
    """The readable grid: each column's x over the board and each row's y left of it, and
    every cell as a clear square on top (``data-place`` "x,y", named "column x, row y"),
    which takes no click until the page highlights it as a place a move may use."""
    marks = [
        text(
            grid.at(x, 0)[0],
            grid.top + LABEL_H - 3,
            str(x),
            class_="small grid-label",
            text_anchor="middle",
        )
        for x in grid.columns
    ]
    marks += [
        text(
            MARGIN + LABEL_W - 2,
            grid.at(0, y)[1] + 3,
            str(y),
            class_="small grid-label",
            text_anchor="end",
        )
        for y in grid.rows
    ]
    cells = []
    for x in grid.columns:
        for y in grid.rows:
            cx, cy = grid.at(x, y)
            cells.append(
                element(
                    "rect",
                    x=cx - CELL / 2,
                    y=cy - CELL / 2,
                    width=CELL,
                    height=CELL,
                    fill="none",
                    pointer_events="none",
                    class_="cell",
                    data_place=label(x, y),
                    # read as the board prints it on its axes, not as the bare "2,-1"
                    data_label=f"column {x}, row {y}",
                )
            )
    return group([group(marks, class_="grid-labels", aria_hidden="true"), *cells], class_="cells")


Placed = tuple[Mapping[str, Any], Mapping[str, Any]]
"""A tile as the view places it, and its spec in the content pack."""


def board(grids: list[Grid], placed: list[Placed], view: Mapping[str, Any]) -> list[str]:
    """The board's groups: on a desktop the one grid's, on a phone each band's."""
    if len(grids) == 1:
        return _band(grids[0], placed, view)
    return [
        group(_band(band, placed, view, f"five-peaks-band-{i}"), class_="band")
        for i, band in enumerate(grids)
    ]


def _band(grid: Grid, placed: list[Placed], view: Mapping[str, Any], clip: str = "") -> list[str]:
    """What lies in the grid's columns; ``clip`` names the band whose columns the tiles'
    shapes are cut to (none on a desktop, where one grid holds them all)."""
    held = set(grid.columns)

    def here(at: Mapping[str, Any]) -> bool:
        return not clip or int(at["x"]) in held

    tiles = [
        _tile(grid, p, spec, clip) for p, spec in placed if not clip or _touches(grid, p, spec)
    ]
    parts = [_clip(grid, clip)] if clip else []
    return [
        *parts,
        group(tiles, class_="tiles", clip_path=f"url(#{clip})" if clip else None),
        group(
            [_peak(grid, peak) for peak in view.get("peaks", []) if here(peak["at"])],
            class_="peaks",
        ),
        group(
            [_left(grid, left) for left in view.get("left", []) if here(left["at"])], class_="left"
        ),
        group(
            [
                _pawn(grid, seat, h)
                for seat, h in enumerate(view.get("hikers", []))
                if here(h["pawn"])
            ],
            class_="pawns",
        ),
        _cells(grid),
    ]


def _clip(grid: Grid, name: str) -> str:
    x, y = grid.at(grid.min_x, grid.max_y)
    box = element("rect", x=x - CELL / 2, y=y - CELL / 2, width=grid.width, height=grid.height)
    return element("clipPath", [box], id=name)


def _columns(placed: Mapping[str, Any], spec: Mapping[str, Any]) -> range:
    size = int(spec["size"])
    xs = [on_board(size, placed, (c, r))[0] for c in range(size) for r in range(size)]
    return range(min(xs), max(xs) + 1)


def _touches(grid: Grid, placed: Mapping[str, Any], spec: Mapping[str, Any]) -> bool:
    """Whether the tile, or a path from its edge to a peak beside it, is in the grid."""
    spans = _columns(placed, spec)
    return spans.start - 1 < grid.columns.stop and grid.columns.start < spans.stop + 1


def _tile(grid: Grid, placed: Mapping[str, Any], spec: Mapping[str, Any], clip: str = "") -> str:
    """The tile, its spaces in the grid's columns; in a band that does not hold its west
    column (``clip``), the rest of its shape, hidden from screen readers as drawn already."""
    size = int(spec["size"])
    held = set(grid.columns)
    spaces = [
        _space(grid, placed, size, space)
        for space in spec.get("spaces", [])
        if not clip or on_board(size, placed, tuple(space["cell"]))[0] in held
    ]
    shape = _shape(grid, placed, spec)
    if clip and _columns(placed, spec).start not in held:
        hidden = group(shape, aria_hidden="true")
        return group([hidden, *spaces], class_=f"tile {spec['terrain']} repeat")
    named = title(f"tile {spec['id']} ({spec['terrain']}), turned {placed['rotation']}")
    return group([named, *shape, *spaces], class_=f"tile {spec['terrain']}", data_tile=spec["id"])


def _shape(grid: Grid, placed: Mapping[str, Any], spec: Mapping[str, Any]) -> list[str]:
    """The tile's square, its paths and the paths from its edges to the peaks beside it."""
    size = int(spec["size"])
    corners = [on_board(size, placed, c) for c in ((0, 0), (size - 1, size - 1))]
    (x1, y1), (x2, y2) = (grid.at(*c) for c in corners)
    left, top = min(x1, x2) - CELL / 2, min(y1, y2) - CELL / 2
    parts = [
        element(
            "rect",
            x=left,
            y=top,
            width=size * CELL,
            height=size * CELL,
            fill=TERRAIN.get(spec["terrain"], "#eee"),
            stroke="#8a7f6a",
        ),
    ]
    for path in spec.get("paths", []):
        points = " ".join(
            "{:.1f},{:.1f}".format(*grid.at(*on_board(size, placed, tuple(c)))) for c in path
        )
        parts.append(
            element("polyline", points=points, fill="none", stroke="#7b5e3b", class_="path")
        )
    return parts + [_edge(grid, placed, size, edge) for edge in spec.get("edges", [])]


def _edge(grid: Grid, placed: Mapping[str, Any], size: int, edge: str) -> str:
    """A path from an edge's middle to the peak gap beyond it."""
    middle, last = size // 2, size - 1
    inner = {"N": (middle, last), "S": (middle, 0), "E": (last, middle), "W": (0, middle)}[edge]
    dx, dy = EDGE_STEP[edge]
    outer = (inner[0] + dx, inner[1] + dy)
    (x1, y1), (x2, y2) = (grid.at(*on_board(size, placed, c)) for c in (inner, outer))
    return element(
        "line",
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        stroke="#7b5e3b",
        stroke_dasharray="3 2",
        class_="peak-path",
    )


def _space(grid: Grid, placed: Mapping[str, Any], size: int, space: Mapping[str, Any]) -> str:
    x, y = grid.at(*on_board(size, placed, tuple(space["cell"])))
    kind = space["kind"]
    gives = ", ".join(f"{n} {g}" for g, n in space.get("gives", {}).items())
    pay = ", ".join(f"{n} {g}" for g, n in space.get("pay", {}).items())
    words = (
        f"{kind} space" + (f", gives {gives}" if gives else "") + (f", pays {pay}" if pay else "")
    )
    shape = (
        element(
            "polygon",
            points=f"{x - 6:.1f},{y + 6:.1f} {x + 6:.1f},{y + 6:.1f} {x:.1f},{y - 6:.1f}",
            fill="#fff",
            stroke="#555",
        )
        if space.get("triangle_half")
        else element("circle", cx=x, cy=y, r=6.5, fill="#fff", stroke="#555")
    )
    mark = SPACE_MARK.get(kind, kind[:1])
    return group(
        [title(words), shape, text(x - 3, y + 3, mark, class_="small") if mark else ""],
        class_=f"space {kind}",
    )


def _peak(grid: Grid, peak: Mapping[str, Any]) -> str:
    x, y = grid.at(peak["at"]["x"], peak["at"]["y"])
    stones = peak.get("stones", [])
    owners = ", ".join(f"seat {s['seat']} ({s['stone']})" for s in stones) or "no stones yet"
    return group(
        [
            title(f"peak {peak['peak']}: {owners}"),
            element(
                "polygon",
                points=f"{x - 10:.1f},{y + 8:.1f} {x + 10:.1f},{y + 8:.1f} {x:.1f},{y - 10:.1f}",
                fill="#566573",
                stroke="#1b2631",
            ),
            *[
                element(
                    "circle",
                    cx=x - 6 + 6 * i,
                    cy=y + 4,
                    r=2.8,
                    fill=colour(s["seat"]),
                    class_="stone",
                    data_seat=s["seat"],
                )
                for i, s in enumerate(stones)
            ],
        ],
        class_="peak",
        data_peak=peak["peak"],
    )


def _left(grid: Grid, left: Mapping[str, Any]) -> str:
    x, y = grid.at(left["at"]["x"], left["at"]["y"])
    words = ", ".join(f"{n} {r}" for r, n in left["resources"].items())
    return group(
        [title(f"left here: {words}"), element("circle", cx=x + 7, cy=y - 7, r=3, fill="#f39c12")],
        class_="resources-left",
    )


def _pawn(grid: Grid, seat: int, hiker: Mapping[str, Any]) -> str:
    x, y = grid.at(hiker["pawn"]["x"], hiker["pawn"]["y"])
    return group(
        [
            title(f"seat {seat}'s pawn at {controls.cell(hiker['pawn'])}"),
            element("circle", cx=x + 4 * seat - 2, cy=y - 2, r=5, fill=colour(seat), stroke="#000"),
        ],
        class_="pawn",
        data_seat=seat,
    )
