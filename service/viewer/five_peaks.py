"""Five Peaks: the growing board cell by cell (terrain tiles turned as placed, peaks with
their stones, pawns, resources left on spaces), then each seat's holdings.

Tile spaces come from the served content pack (``start``, ``tiles``, ``peaks``); where each
tile lies, its rotation and everything on the board, from the view. A placed tile's cell
(c, r) turned clockwise ``rotation`` times from its south-west cell is the board cell the
view and commands name (content ``coordinates``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.viewer.board import Board, Painter, say_plainly
from service.viewer.svg import document, element, group, text, title

CELL = 26.0
MARGIN = 16.0
TERRAIN_COLOURS = {"start": "#f4ecd8", "forest": "#a9dfbf", "alpine": "#d6eaf8", "rocky": "#d5d8dc"}
KIND_MARKS = {
    "parking": "P",
    "exchange": "x",
    "bike": "b",
    "container": "c",
    "half": "",
    "resource": "",
}
SEAT_COLOURS = ("#f1c40f", "#2e86c1", "#c0392b", "#7f8c8d", "#8e44ad")


def _turn(cell: list[int], size: int, rotation: int) -> tuple[int, int]:
    c, r = cell
    for _ in range(rotation % 4):
        c, r = r, size - 1 - c
    return c, r


def _cells(board: Board) -> dict[tuple[int, int], list[tuple[dict[str, Any], str]]]:
    """Every board cell with the printed spaces on it and their tile's terrain."""
    content = board.content
    specs = {t["id"]: t for t in content.get("tiles", [])}
    specs[content["start"]["id"]] = content["start"]
    out: dict[tuple[int, int], list[tuple[dict[str, Any], str]]] = {}
    for placed in board.view.get("tiles", []):
        spec = specs[placed["tile"]]
        for space in spec["spaces"]:
            c, r = _turn(space["cell"], spec["size"], placed["rotation"])
            out.setdefault((placed["x"] + c, placed["y"] + r), []).append((space, spec["terrain"]))
    return out


def _words(space: Mapping[str, Any]) -> str:
    def amounts(a: Mapping[str, int]) -> str:
        return ", ".join(f"{n} {k}" for k, n in a.items())

    if space["kind"] == "exchange":
        return f"exchange {amounts(space['pay'])} for {amounts(space['gain'])}"
    gives = amounts(space.get("gives", {}))
    return f"{space['kind']}" + (f": {gives}" if gives else "")


def draw(board: Board) -> str:
    view, cells = board.view, _cells(board)
    peaks = {(p["at"]["x"], p["at"]["y"]): p for p in view.get("peaks", [])}
    every = list(cells) + list(peaks) or [(0, 0)]
    low_x, high_y = min(x for x, _ in every), max(y for _, y in every)
    width_cells = max(x for x, _ in every) - low_x + 1
    height_cells = high_y - min(y for _, y in every) + 1

    def at(x: int, y: int) -> tuple[float, float]:
        return MARGIN + (x - low_x) * CELL, 40 + (high_y - y) * CELL

    parts = [
        text(
            MARGIN,
            20,
            f"{view.get('phase')}: seat {view.get('turn')} to act,"
            f" {view.get('stage', {}).get('kind')}",
            class_="heading",
        )
    ]
    spaces = []
    for (x, y), printed in sorted(cells.items()):
        px, py = at(x, y)
        terrain = printed[0][1]
        words = " + ".join(_words(s) for s, _ in printed)
        mark = KIND_MARKS.get(printed[0][0]["kind"], "")
        spaces.append(
            group(
                [
                    title(f"({x}, {y}) {terrain}: {words}"),
                    element(
                        "rect",
                        x=px,
                        y=py,
                        width=CELL - 2,
                        height=CELL - 2,
                        fill=TERRAIN_COLOURS.get(terrain, "#eee"),
                        stroke="#555" if len(printed) > 1 else "#999",
                    ),
                    text(px + 8, py + 16, mark, class_="small"),
                ],
                class_="space square" if len(printed) > 1 else "space",
                data_x=x,
                data_y=y,
            )
        )
    parts.append(group(spaces, class_="spaces"))
    parts.append(group([_peak(at, p) for p in peaks.values()], class_="peaks"))
    parts.append(group([_left(at, item) for item in view.get("left", [])], class_="left"))
    pawns = [_pawn(at, seat, h["pawn"]) for seat, h in enumerate(view.get("hikers", []))]
    parts.append(group(pawns, class_="pawns"))
    y = 40 + height_cells * CELL + 20
    for seat, hiker in enumerate(view.get("hikers", [])):
        parts.append(_hiker(seat, hiker, y))
        y += 30
    parts.append(
        text(MARGIN, y + 4, "market: " + ", ".join(view.get("market", [])), class_="small market")
    )
    width = max(MARGIN * 2 + width_cells * CELL, 520)
    return document(width, y + 20, board.caption, parts)


def _peak(at: Any, peak: Mapping[str, Any]) -> str:
    px, py = at(peak["at"]["x"], peak["at"]["y"])
    stones = ", ".join(f"seat {s['seat']} {s['stone']}" for s in peak["stones"]) or "no stone"
    return group(
        [
            title(f"{peak['peak']}: {stones}"),
            element(
                "polygon",
                points=f"{px + 12},{py + 2} {px + 23},{py + 23} {px + 1},{py + 23}",
                fill="#7d6608",
            ),
            text(px + 9, py + 21, str(len(peak["stones"])), class_="small"),
        ],
        class_="peak",
        data_peak=peak["peak"],
    )


def _left(at: Any, item: Mapping[str, Any]) -> str:
    px, py = at(item["at"]["x"], item["at"]["y"])
    words = ", ".join(f"{n} {k}" for k, n in item["resources"].items())
    return group(
        [
            title(f"left here: {words}"),
            element("circle", cx=px + 20, cy=py + 6, r=3, fill="#1e8449"),
        ],
        class_="left-resources",
    )


def _pawn(at: Any, seat: int, cell: Mapping[str, int]) -> str:
    px, py = at(cell["x"], cell["y"])
    return group(
        [
            title(f"seat {seat}'s pawn"),
            element(
                "circle",
                cx=px + 12 + 3 * seat,
                cy=py + 12,
                r=6,
                fill=SEAT_COLOURS[seat % 5],
                stroke="#222",
            ),
        ],
        class_="pawn",
        data_seat=seat,
    )


def _hiker(seat: int, hiker: Mapping[str, Any], y: float) -> str:
    pack = ", ".join(f"{n} {k}" for k, n in hiker.get("backpack", {}).items()) or "empty"
    score = sum(hiker.get("score", {}).values())
    words = (
        f"seat {seat}: {score} VP, {hiker.get('endorphins')} endorphins, backpack {pack};"
        f" {hiker.get('hand_size')} cards in hand, stones left {len(hiker.get('stones', []))},"
        f" panoramas {len(hiker.get('panoramas', []))}, campfire {len(hiker.get('campfire', []))}"
    )
    hand = hiker.get("hand")
    parts = [text(MARGIN, y, words, class_="small")]
    if hand is not None:
        parts.append(text(MARGIN, y + 12, "hand: " + ", ".join(hand), class_="small hand"))
    return group(parts, class_="hiker", data_seat=seat)


def say(command: Mapping[str, Any], content: Any) -> str:
    plain = {k: v for k, v in command.items() if k != "seat"}
    return say_plainly(plain, content)


PAINTER = Painter(draw, say)
