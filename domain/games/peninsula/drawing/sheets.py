"""Peninsula: every seat's hex sheet (land, sea and lake; icons filled or outlined; arrows,
cliffs, harbors, landmarks, the architect), its tickets, and the mission row.

The map comes from the served content pack (hexes, terrain, harbor places, landmark
places); everything drawn on it from the view. Hexes are pointy-top in axial coordinates
(docs/api.md, "Places"): a hex's centre is ``(sqrt(3) * (q + r / 2), 1.5 * r)`` radii.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from domain.core.drawing.board import Board, Painter
from domain.core.drawing.seats import swatch
from domain.core.drawing.svg import document, element, group, text, title
from domain.games.peninsula.drawing import picking, table
from domain.games.peninsula.drawing.picking import places, say
from domain.games.peninsula.drawing.table import ICON_COLOURS

RADIUS = 13.0
SHEET_GAP = 24.0
LABELS = 14.0
"""Room for a sheet's column letters above it and its row numbers left of it."""
HEADER = 100.0
"""The mission row and the icon cards' row, above the sheets."""
FOOTER = 94.0
"""Below each sheet: its tickets, lifesavers and score, and its controls."""
TERRAIN = {"land": "#e7dcb5", "sea": "#9cc7e6", "lake": "#6fa8d6"}
ARROW_DASH = {"street": None, "canal": "4 2", "bridge": "1 2"}
TICKET_MARK = {"boot": "B", "harbor": "H", "balloon": "A"}


ARROWHEAD = element(
    "defs",
    [
        element(
            "marker",
            [element("path", d="M0,0 L6,3 L0,6 z", fill="#212f3d")],
            id="arrowhead",
            markerWidth=6,
            markerHeight=6,
            refX=5,
            refY=3,
            orient="auto",
        )
    ],
)


def centre(q: int, r: int) -> tuple[float, float]:
    return (RADIUS * math.sqrt(3) * (q + r / 2), RADIUS * 1.5 * r)


def _corners(x: float, y: float) -> str:
    points = []
    for corner in range(6):
        angle = math.radians(60 * corner - 30)
        points.append(f"{x + RADIUS * math.cos(angle):.1f},{y + RADIUS * math.sin(angle):.1f}")
    return " ".join(points)


class Sheet:
    """One seat's sheet placed at an offset: map-space hexes to drawing coordinates."""

    def __init__(self, map_content: Mapping[str, Any], left: float, top: float) -> None:
        self.map = map_content
        places = [centre(h["q"], h["r"]) for h in map_content["hexes"]]
        self.min_x = min(x for x, _ in places) - RADIUS
        self.min_y = min(y for _, y in places) - RADIUS
        self.width = max(x for x, _ in places) + RADIUS - self.min_x
        self.height = max(y for _, y in places) + RADIUS - self.min_y
        self.left, self.top = left, top
        self.labels = {(h["q"], h["r"]): h["label"] for h in map_content["hexes"]}

    def at(self, place: Mapping[str, Any]) -> tuple[float, float]:
        x, y = centre(place["q"], place["r"])
        return (x - self.min_x + self.left, y - self.min_y + self.top)

    def label(self, place: Mapping[str, Any]) -> str:
        return str(self.labels.get((place["q"], place["r"]), f"({place['q']},{place['r']})"))


def draw(board: Board) -> str:
    view, content = board.view, board.content
    map_content = next(m for m in content["maps"] if m["id"] == view["map"])
    sheets = list(view["sheets"])
    probe = Sheet(map_content, 0, 0)
    # On a phone the sheets go one under another, and the cards two to a row.
    columns = 1 if len(sheets) == 1 or board.narrow else 2
    cell_w = probe.width + SHEET_GAP + LABELS
    cell_h = probe.height + FOOTER + SHEET_GAP + LABELS
    per_row = 2 if board.narrow else len(view.get("face_up") or []) + 2
    missions = 3 if board.narrow else len(view["missions"]) or 1
    lower = table.missions_height(view, missions)  # the cards go under the missions
    header = HEADER + table.cards_height(view, per_row) + lower
    width = max(columns * cell_w + SHEET_GAP, table.cards_width(view, per_row), 300)
    rows = math.ceil(len(sheets) / columns)
    height = header + rows * cell_h + SHEET_GAP
    parts = [
        ARROWHEAD,
        table.missions(view, width, missions, board.over),
        table.cards(view, per_row, lower),
    ]
    for seat, sheet_view in enumerate(sheets):
        left = SHEET_GAP + LABELS + (seat % columns) * cell_w
        top = header + SHEET_GAP + LABELS + (seat // columns) * cell_h
        sheet = Sheet(map_content, left, top)
        parts.append(_sheet(board, seat, sheet, sheet_view))
    return document(width, height, board.caption, parts)


def _sheet(board: Board, seat: int, sheet: Sheet, view: Mapping[str, Any]) -> str:
    you = " (you)" if board.viewer == seat else ""
    # In the draft every seat's allowance is still the last round's, done or not.
    done = ", done" if view.get("done") and board.view.get("phase") != "draft" else ""
    heading = f"seat {seat}{you}{done}"
    baseline = sheet.top - 6 - LABELS
    parts = [
        swatch(sheet.left, baseline - 8, seat),
        text(sheet.left + 12, baseline, heading, class_="heading"),
    ]
    parts.append(group([_hex(sheet, h) for h in sheet.map["hexes"]], class_="terrain"))
    parts.append(_edge_labels(sheet))
    pieces = [
        _possible_harbors(sheet),
        _landmarks(board.view, sheet, view),
        group([_cliffs(sheet, c) for c in view["cliffs"]], class_="cliffs"),
        group([_harbor(sheet, h, "harbor") for h in view["harbors"]], class_="harbors"),
        group([_arrow(sheet, a) for a in view["arrows"]], class_="arrows"),
        group([_icon(sheet, i) for i in view["icons"]], class_="icons"),
        _architect(sheet, view["location"]),
    ]
    # What is drawn on a hex lets a click through to the hex: a move is made there.
    parts.append(group(pieces, class_="pieces", pointer_events="none"))
    parts.append(_footer(sheet, view))
    below = sheet.top + sheet.height + 54
    phase = "over" if board.over else str(board.view.get("phase"))
    parts.append(table.controls(phase, view, sheet.left, below))
    return group(parts, class_="sheet", data_seat=seat)


def _hex(sheet: Sheet, h: Mapping[str, Any]) -> str:
    x, y = sheet.at(h)
    fill = TERRAIN.get(h["terrain"], "#ddd")
    return element(
        "polygon",
        [title(f"{h['label']}: {h['terrain']}")],
        points=_corners(x, y),
        fill=fill,
        stroke="#fff",
        stroke_width=1,
        class_=f"hex {h['terrain']}",
        data_place=h["label"],
    )


def _edge_labels(sheet: Sheet) -> str:
    """The sheet's column letters over its top row and row numbers left of each row, read
    off the content pack's hex labels (``F5``: column F, row 5)."""
    tops: dict[str, tuple[float, float]] = {}
    lefts: dict[str, tuple[float, float]] = {}
    for h in sheet.map["hexes"]:
        found = re.fullmatch(r"([A-Z]+)(\d+)", str(h["label"]))
        if found is None:
            continue
        column, row = found.groups()
        x, y = sheet.at(h)
        if column not in tops or y < tops[column][1]:
            tops[column] = (x, y)
        if row not in lefts or x < lefts[row][0]:
            lefts[row] = (x, y)
    marks = [
        text(x, y - RADIUS - 2, column, class_="small edge-label", text_anchor="middle")
        for column, (x, y) in sorted(tops.items())
    ]
    marks += [
        text(x - RADIUS - 2, y + 3, row, class_="small edge-label", text_anchor="end")
        for row, (x, y) in sorted(lefts.items(), key=lambda item: int(item[0]))
    ]
    return group(marks, class_="edge-labels", aria_hidden="true")


def _possible_harbors(sheet: Sheet) -> str:
    return group(
        [_harbor(sheet, h, "harbor-place") for h in sheet.map.get("harbors", [])],
        class_="harbor-places",
    )


def _harbor(sheet: Sheet, h: Mapping[str, Any], kind: str) -> str:
    (x1, y1), (x2, y2) = sheet.at(h["sea"]), sheet.at(h["land"])
    built = kind == "harbor"
    return element(
        "line",
        [title(f"harbor {sheet.label(h['sea'])}-{sheet.label(h['land'])}")],
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        stroke="#1a5276" if built else "#5d6d7e",
        stroke_width=4 if built else 1,
        stroke_dasharray=None if built else "2 2",
        class_=kind,
    )


def _landmarks(view: Mapping[str, Any], sheet: Sheet, sheet_view: Mapping[str, Any]) -> str:
    reached = set(sheet_view.get("landmarks", []))
    used = set(sheet_view.get("used_landmarks", []))
    drawn_on = {(i["q"], i["r"]) for i in sheet_view["icons"]}
    marks = []
    for landmark in view.get("landmarks", []):
        x, y = sheet.at(landmark["hex"])
        if (landmark["hex"]["q"], landmark["hex"]["r"]) in drawn_on:
            # An icon drawn on the landmark's hex covers its middle: the mark steps aside
            # to the hex's upper right corner, where no neighbour's icon reaches.
            x, y = x + RADIUS * math.sqrt(3) / 2, y - RADIUS / 2
        number = landmark["number"]
        state = "used" if number in used else "reached" if number in reached else "open"
        marks.append(
            group(
                [
                    title(f"landmark {number}: {landmark['card']} ({state})"),
                    element(
                        "rect",
                        x=x - 5,
                        y=y - 5,
                        width=10,
                        height=10,
                        transform=f"rotate(45 {x:.1f} {y:.1f})",
                        fill="#f1c40f" if state != "open" else "none",
                        stroke="#b7950b",
                        stroke_width=1.5,
                    ),
                    text(x - 2.5, y + 3, str(number), class_="small"),
                ],
                class_=f"landmark {state}",
                data_number=number,
            )
        )
    return group(marks, class_="landmarks")


def _cliffs(sheet: Sheet, cliffs: Mapping[str, Any]) -> str:
    x, y = sheet.at(cliffs)
    segments = int(cliffs["segments"])
    # The view says how many of a hex's edges are cliffs, not which: one bar per segment
    # along the hex's lower edge.
    bars = [
        element(
            "line",
            x1=x - 8 + 4 * i,
            y1=y + 9,
            x2=x - 6 + 4 * i,
            y2=y + 4,
            stroke="#6e2c00",
            stroke_width=2,
        )
        for i in range(segments)
    ]
    words = f"{segments} cliff segment{'s' if segments != 1 else ''} at {sheet.label(cliffs)}"
    return group([title(words), *bars], class_="cliff", data_segments=segments)


def _arrow(sheet: Sheet, arrow: Mapping[str, Any]) -> str:
    (x1, y1), (x2, y2) = sheet.at(arrow["start"]), sheet.at(arrow["end"])
    kind = arrow["kind"]
    words = f"{kind} {sheet.label(arrow['start'])} to {sheet.label(arrow['end'])}"
    return element(
        "line",
        [title(words)],
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        stroke="#212f3d",
        stroke_width=2,
        stroke_dasharray=ARROW_DASH.get(kind),
        marker_end="url(#arrowhead)",
        class_=f"arrow {kind}",
    )


def _icon(sheet: Sheet, icon: Mapping[str, Any]) -> str:
    x, y = sheet.at(icon)
    name = icon["icon"]
    colour = ICON_COLOURS.get(name, "#333")
    filled = bool(icon["filled"])
    state = "filled" if filled else "outlined"
    return group(
        [
            title(f"{name} at {sheet.label(icon)}, {state}"),
            element(
                "circle",
                cx=x,
                cy=y,
                r=7,
                fill=colour if filled else "#fff",
                stroke=colour,
                stroke_width=2,
            ),
            text(
                x - 3.5, y + 3.5, name[0].upper(), class_="small", fill="#fff" if filled else colour
            ),
        ],
        class_=f"icon {name} {state}",
    )


def _architect(sheet: Sheet, location: Mapping[str, Any] | None) -> str:
    if location is None:
        return group([], class_="architect")
    x, y = sheet.at(location)
    return element(
        "polygon",
        [title(f"the architect at {sheet.label(location)}")],
        points=f"{x:.1f},{y - 12:.1f} {x - 5:.1f},{y - 3:.1f} {x + 5:.1f},{y - 3:.1f}",
        fill="#000",
        class_="architect",
    )


def _footer(sheet: Sheet, view: Mapping[str, Any]) -> str:
    top = sheet.top + sheet.height + 8
    parts = []
    for i, (ticket_id, ticket) in enumerate(view["tickets"].items()):
        x = sheet.left + i * 24
        state = ticket["state"]
        box = [
            element(
                "rect",
                x=x,
                y=top,
                width=22,
                height=22,
                rx=2,
                fill={"available": "#fff", "used": "#ccc"}.get(state, "#eee"),
                stroke="#555" if state != "locked" else "#bbb",
            ),
            text(
                x + 7,
                top + 15,
                TICKET_MARK.get(ticket["kind"], "?"),
                class_="small" + (" muted" if state != "available" else ""),
            ),
        ]
        # A harbor ticket is where the Harbor Tickets bonus is used: its place, inside
        # the group with its tooltip (table._placed says why).
        harbor = picking.HARBOR_TICKETS if ticket["kind"] == "harbor" else None
        words = f"ticket {ticket_id}: {ticket['kind']}, {state}"
        parts.append(
            group(
                [
                    title(words),
                    group(box, data_place=harbor, data_label=words if harbor else None),
                ],
                class_=f"ticket {state}",
                data_ticket=ticket_id,
            )
        )
    score = view.get("score", {})
    # Every category counts, empty hexes too (rulebook: Scoring; domain scoring.total).
    total = sum(score.values())
    hand = ", ".join(view.get("hand", [])) or "nothing"
    words = f"lifesavers {view.get('lifesavers', 0)}, holding {hand}, {total} VP so far"
    parts.append(text(sheet.left, top + 36, words, class_="status"))
    return group(parts, class_="tickets")


PAINTER = Painter(draw, say, places, orders=picking.orders, ghosts=picking.ghosts)
