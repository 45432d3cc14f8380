"""Five Peaks: the grid of tiles and their spaces with paths, the pawns, peaks and stones,
and each seat's backpack, endorphins and panoramas.

Tiles come from the served content pack (their spaces, paths and the edges with a path to
a peak); where each lies, and everything on it, from the view. A tile's local cell
``(c, r)`` lies on the board at its south-west cell plus the cell turned ``rotation``
quarter turns clockwise (the pack's ``coordinates``); ``y`` grows to the north, so it is
drawn upwards.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from domain.core.drawing.board import Board, Painter, say_plainly
from domain.core.drawing.svg import document, element, group, text, title
from domain.games.five_peaks.drawing import controls, market
from domain.games.five_peaks.drawing.turns import TERRAIN, on_board

CELL = 22.0
MARGIN = 16.0
LABEL_W = 14.0
"""Room left of the board for the rows' numbers (``-10``)."""
CHAR_W = {"heading": 8.8, "small": 6.3}
"""A character's width at most, by text class, measured in chromium (a bold 9 px "small"
line of the heading averaged 6.1): the drawing is made wide enough for its longest line."""
HEADER = 50.0
"""The heading's two lines."""
LABEL_H = 12.0
"""Room over the board for the columns' numbers."""
LINE = 15.0
SEAT_COLOURS = ("#c0392b", "#2471a3", "#d4ac0d", "#7d3c98", "#1e8449")
SPACE_MARK = {"parking": "P", "exchange": "X", "bike": "b", "resource": "", "half": ""}
EDGE_STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


class Grid:
    """Board cells to drawing coordinates, fitted around every cell drawn."""

    def __init__(self, cells: list[tuple[int, int]], top: float = 0.0) -> None:
        self.top = top
        xs = [x for x, _ in cells] or [0]
        ys = [y for _, y in cells] or [0]
        self.min_x, self.max_y = min(xs) - 1, max(ys) + 1
        self.width = (max(xs) - self.min_x + 2) * CELL
        self.height = (self.max_y - min(ys) + 2) * CELL

    @property
    def columns(self) -> range:
        return range(self.min_x, self.min_x + round(self.width / CELL))

    @property
    def rows(self) -> range:
        return range(self.max_y - round(self.height / CELL) + 1, self.max_y + 1)

    def at(self, x: int, y: int) -> tuple[float, float]:
        """The centre of cell (x, y)."""
        return (
            MARGIN + LABEL_W + (x - self.min_x + 0.5) * CELL,
            self.top + LABEL_H + (self.max_y - y + 0.5) * CELL,
        )


def _specs(content: Any) -> dict[str, Mapping[str, Any]]:
    specs = {t["id"]: t for t in content.get("tiles", [])}
    start = content.get("start")
    if start:
        specs[start["id"]] = start
    return specs


def draw(board: Board) -> str:
    view = board.view
    specs = _specs(board.content)
    placed = [(p, specs[p["tile"]]) for p in view.get("tiles", []) if p["tile"] in specs]
    cells = [
        on_board(spec["size"], p, (c, r))
        for p, spec in placed
        for c in range(spec["size"])
        for r in range(spec["size"])
    ]
    cells += [(peak["at"]["x"], peak["at"]["y"]) for peak in view.get("peaks", [])]
    lines = _heading_lines(view, board.narrow)
    longest = max(len(words) * CHAR_W[kind.split()[0]] for _, words, kind in lines)
    # On a phone the market goes three cards to a row, and the lines wrap to that width.
    panoramas = market.panorama_columns(board.content)
    wide = max(5, len(view.get("market", [])), panoramas)
    columns = market.NARROW_ROW if board.narrow else wide
    least = 300 if board.narrow else 360
    key = market.key_width(board.narrow)
    width = max(Grid(cells).width + 2 * MARGIN + LABEL_W, least, longest + 2 * MARGIN,
                market.widest(columns) + 2 * MARGIN, key + 2 * MARGIN)  # fmt: skip
    top = lines[-1][0] + HEADER - 36
    parts = [
        group([text(MARGIN, y, words, class_=kind) for y, words, kind in lines], class_="heading"),
        market.market_row(view, board.content, MARGIN, top, columns),
    ]
    top += market.market_height(view, columns)
    parts.append(market.panorama_rows(view, board.content, MARGIN, top, board.narrow))
    top += market.panoramas_height(view, board.narrow) + 6
    grid = Grid(cells, top)
    parts += [
        group([_tile(grid, p, spec) for p, spec in placed], class_="tiles"),
        group([_peak(grid, peak) for peak in view.get("peaks", [])], class_="peaks"),
        group([_left(grid, left) for left in view.get("left", [])], class_="left"),
        group(
            [_pawn(grid, seat, h) for seat, h in enumerate(view.get("hikers", []))], class_="pawns"
        ),
        _cells(grid),
    ]
    top += LABEL_H + grid.height + 6
    if board.viewer is not None and board.viewer < len(view.get("hikers", [])):
        rows = controls.Rows(MARGIN, top, width - MARGIN)
        controls.controls(view, board.content, board.viewer, rows)
        parts.append(group(rows.parts, class_="controls"))
        top = rows.bottom + 6
    for seat, hiker in enumerate(view.get("hikers", [])):
        panel, top = _hiker(board, seat, hiker, top, width)
        parts.append(panel)
    return document(width, top + MARGIN, board.caption, parts)


def _cells(grid: Grid) -> str:
    """The readable grid: each column's x over the board and each row's y left of it, and
    every cell as a clear square on top (``data-place`` "x,y"), which takes no click
    until the page highlights it as a place a move may use."""
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
                    data_place=f"{x},{y}",
                )
            )
    return group([group(marks, class_="grid-labels", aria_hidden="true"), *cells], class_="cells")


def _heading_lines(view: Mapping[str, Any], narrow: bool) -> list[tuple[float, str, str]]:
    """The heading's lines: (baseline, words, class); on a phone, wrapped."""
    stage = view.get("stage") or {}
    words = f"turn of seat {view.get('turn')}, {view.get('phase')}"
    if stage.get("card"):
        words += f"; playing {stage['card']}"
    left = (
        f"deck {view.get('deck_size')}, terrain tiles left {view.get('terrain_stack')},"
        f" campfire deck {view.get('campfire_deck')}"
    )
    if not narrow:
        return [(20, words, "heading"), (36, left, "small")]
    found = [(20.0 + 16 * i, line, "heading") for i, line in enumerate(textwrap.wrap(words, 30))]
    below = found[-1][0] + 16
    found += [(below + 12 * i, line, "small") for i, line in enumerate(textwrap.wrap(left, 50))]
    return found


def _tile(grid: Grid, placed: Mapping[str, Any], spec: Mapping[str, Any]) -> str:
    size = int(spec["size"])
    corners = [on_board(size, placed, c) for c in ((0, 0), (size - 1, size - 1))]
    (x1, y1), (x2, y2) = (grid.at(*c) for c in corners)
    left, top = min(x1, x2) - CELL / 2, min(y1, y2) - CELL / 2
    parts = [
        title(f"tile {spec['id']} ({spec['terrain']}), turned {placed['rotation']}"),
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
    parts += [_edge(grid, placed, size, edge) for edge in spec.get("edges", [])]
    parts += [_space(grid, placed, size, space) for space in spec.get("spaces", [])]
    return group(parts, class_=f"tile {spec['terrain']}", data_tile=spec["id"])


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
                    fill=SEAT_COLOURS[s["seat"] % len(SEAT_COLOURS)],
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
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return group(
        [
            title(f"seat {seat}'s pawn at ({hiker['pawn']['x']}, {hiker['pawn']['y']})"),
            element("circle", cx=x + 4 * seat - 2, cy=y - 2, r=5, fill=colour, stroke="#000"),
        ],
        class_="pawn",
        data_seat=seat,
    )


def _hiker(
    board: Board, seat: int, hiker: Mapping[str, Any], top: float, width: float
) -> tuple[str, float]:
    """A seat's panel, its lines wrapped to the drawing's width, and where the next starts."""
    you = " (you)" if board.viewer == seat else ""
    total = sum(hiker.get("score", {}).values())
    backpack = ", ".join(f"{n} {r}" for r, n in hiker.get("backpack", {}).items()) or "empty"
    limit = hiker.get("backpack_limit")
    hand = hiker.get("hand")
    hand_words = ", ".join(hand) if hand is not None else f"{hiker.get('hand_size', 0)} cards"
    stones = ", ".join(hiker.get("stones", [])) or "none"
    lines = [
        (f"seat {seat}{you}: {total} points, {hiker.get('endorphins', 0)} endorphins", "heading")
    ]
    lines += [
        (words, kind)
        for words, kind in (
            (f"backpack ({limit}): {backpack}", "small backpack"),
            (f"panoramas: {', '.join(hiker.get('panoramas', [])) or 'none'}", "small panoramas"),
            (f"stones left: {stones}", "small stones"),
            (f"badges: {', '.join(hiker.get('badges', [])) or 'none'}", "small badges"),
            (f"campfire: {', '.join(hiker.get('campfire', [])) or 'none'}", "small campfire"),
            (f"hand: {hand_words}", "small hand"),
        )
        for words in wrap(words, int((width - 2 * MARGIN - 14) / CHAR_W["small"]))
    ]
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    parts = [element("rect", x=MARGIN, y=top + 6, width=8, height=8, fill=colour)]
    parts += [
        text(MARGIN + 14, top + 14 + LINE * i, words, class_=kind)
        for i, (words, kind) in enumerate(lines)
    ]
    return group(parts, class_="hiker", data_seat=seat), top + 10 + LINE * len(lines)


def wrap(words: str, most: int) -> list[str]:
    """The line cut after commas into lines of at most ``most`` characters (a longer piece
    is its own line)."""
    out: list[str] = []
    for piece in words.split(", "):
        if out and len(out[-1]) + 2 + len(piece) <= most:
            out[-1] += ", " + piece
        else:
            out.append(piece if not out else "  " + piece)
    return out


def say(command: Mapping[str, Any], content: Any) -> str:
    """A legal command in words; a cell is written ``(x, y)``."""

    def plain(value: Any) -> Any:
        if isinstance(value, Mapping) and set(value) == {"x", "y"}:
            return f"({value['x']}, {value['y']})"
        if isinstance(value, Mapping):
            return {k: plain(v) for k, v in value.items() if k != "seat"}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value

    titles = {c["id"]: c.get("title") or c["id"] for c in content.get("cards", [])}
    if command.get("type") == "play_card" and "card" in command:
        card = titles.get(command["card"], command["card"])
        return f"play {card}, option {int(command.get('option', 0)) + 1}"
    # Written with the board's own labels (its market cards, its cells, the turn buttons).
    if command.get("type") == "take_card" and "index" in command:
        return f"take market card {int(command['index']) + 1}"
    if command.get("type") == "place_tile" and {"corner", "rotation"} <= set(command):
        corner = plain(command["corner"])
        turn = controls.TURNS[int(command["rotation"]) % 4]
        return f"place the new tile at corner {corner}, {turn}"
    return say_plainly(plain(command), content)


PAINTER = Painter(draw, say, controls.places, ghosts=controls.ghosts)
