"""Peninsula's table around the sheets: the mission row, the icon cards to draft, and each
seat's controls under its sheet (end actions, a lifesaver, the icons in hand), each drawn
with the ``data-place`` its commands name (``picking``), so a seat
makes every move on the board."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from domain.core.drawing.svg import element, group, text, title
from domain.games.peninsula.drawing import picking

ICON_COLOURS = {
    "village": "#c0392b",
    "boat": "#2471a3",
    "tunnel": "#7d3c98",
    "forest": "#1e8449",
    "mountain": "#7b7d7d",
    "cliffs": "#a04000",
}
MARGIN = 24.0
MISSIONS_TOP = 26.0
CARDS_TOP = 58.0
CELL = 58.0
"""One icon's width on a card: its mark and its name under it."""
SIDES = ("left", "right")
CARD_STEP = 2 * CELL + 12
MISSION_ROW = 28.0
CARD_ROW = 44.0
"""A row of cards on a phone, two to a row: a card's height and the gap under it."""


def missions(view: Mapping[str, Any], width: float, per_row: int, over: bool) -> str:
    """The mission cards in a row across the drawing (on a phone, three to a row)."""
    heading = f"round {view.get('round', '?')}, {view.get('phase', '')}"
    # A finished game (by its rules or ended early) is in no phase.
    if over:
        heading = f"game over in round {view.get('round', '?')}"
    cells = [text(MARGIN, 18, heading, class_="heading")]
    step = (width - 2 * MARGIN) / max(min(len(view["missions"]), per_row), 1)
    for i, card in enumerate(view["missions"]):
        x = MARGIN + i % per_row * step
        y = MISSIONS_TOP + i // per_row * MISSION_ROW
        claimed = [
            s for s, sheet in enumerate(view["sheets"]) if card["letter"] in sheet["missions"]
        ]
        words = f"mission {card['letter']} {card['name']}: {card['vp']} VP"
        cells.append(
            _placed(
                words + (f", claimed by seat {claimed}" if claimed else ""),
                picking.mission(card["letter"], card["vp"]),
                [
                    element(
                        "rect",
                        x=x,
                        y=y,
                        width=step - 4,
                        height=24,
                        rx=3,
                        fill="#f4ecd0" if claimed else "#fff",
                        stroke="#999",
                    ),
                    text(x + 4, y + 16, f"{card['letter']}: {card['vp']} VP"),
                ],
                class_="mission",
                data_letter=card["letter"],
            )
        )
    return group(cells, class_="missions")


def missions_height(view: Mapping[str, Any], per_row: int) -> float:
    """The room the missions take below the first row's."""
    return MISSION_ROW * max(math.ceil(len(view["missions"]) / per_row) - 1, 0)


def _shown(view: Mapping[str, Any]) -> Sequence[Sequence[str]]:
    solo = view.get("mode") == "solo"
    shown: Sequence[Sequence[str]] = view.get("flipped" if solo else "face_up") or []
    return shown


def cards_height(view: Mapping[str, Any], per_row: int) -> float:
    """The room the cards take below the first row's (on a phone, two cards to a row)."""
    return CARD_ROW * max(math.ceil(len(_shown(view)) / per_row) - 1, 0)


def cards_width(view: Mapping[str, Any], per_row: int) -> float:
    return MARGIN + 34 + min(len(_shown(view)), per_row) * CARD_STEP + MARGIN


def cards(view: Mapping[str, Any], per_row: int, lower: float) -> str:
    """The face-up icon cards a seat drafts from, or the solo game's two flipped cards: each
    icon is a place (an icon kept in a draft, a side of the river in solo)."""
    solo = view.get("mode") == "solo"
    shown = _shown(view)
    first = CARDS_TOP + lower
    parts = [text(MARGIN, first + 21, "cards:", class_="small")] if shown else []
    for index, card in enumerate(shown):
        left = MARGIN + 34 + (index % per_row) * CARD_STEP
        top = first + (index // per_row) * CARD_ROW
        parts.append(
            element(
                "rect",
                x=left - 2,
                y=top - 2,
                width=2 * CELL + 4,
                height=40,
                rx=4,
                fill="#fdfaf0",
                stroke="#999",
            )
        )
        for side, icon in enumerate(card):
            name = picking.card_side(index, SIDES[side]) if solo else picking.card_icon(index, icon)
            parts.append(_card_icon(left + side * CELL, top, icon, name, index))
    return group(parts, class_="cards")


def _card_icon(x: float, y: float, icon: str, place: str, index: int) -> str:
    colour = ICON_COLOURS.get(icon, "#333")
    return _placed(
        f"card {index + 1}: {icon}",
        place,
        [
            element("rect", x=x, y=y, width=CELL, height=36, rx=3, fill="#fff"),
            element("circle", cx=x + CELL / 2, cy=y + 12, r=8, fill=colour),
            text(x + CELL / 2, y + 31, icon, text_anchor="middle"),
        ],
        class_=f"card-icon {icon}",
    )


def controls(phase: str, view: Mapping[str, Any], left: float, top: float) -> str:
    """The seat's controls in a row: end its actions (with why it might), use a lifesaver,
    and the icons in its hand; none once the game is over."""
    if phase == "over":
        return group([], class_="controls")
    why = _why_end(phase, view)
    parts = [_button(left, top, 64, "end actions", picking.END_ACTIONS, why)]
    x = left + 70
    lifesavers = int(view.get("lifesavers", 0))
    if lifesavers:
        words = f"cross off a lifesaver ({lifesavers} left) to draw the active seat's icon"
        parts.append(_button(x, top, 58, "lifesaver", picking.LIFESAVER, words))
        x += 64
    for icon in view.get("hand", []):
        parts.append(_held(x, top, icon))
        x += 26
    parts.append(text(left, top + 36, why, class_="small reason"))
    return group(parts, class_="controls")


def _why_end(phase: str, view: Mapping[str, Any]) -> str:
    """Why a seat might end its actions now (rulebook: Action Phase; End of Game)."""
    hand = ", ".join(view.get("hand", []))
    if phase == "draft":
        return "the round's icons are being drafted"
    if view.get("done"):
        return "actions ended: waiting for the other seats"
    if phase == "final":
        return "last round played: fill, claim, then end"
    if hand and view.get("uses"):
        return f"ending now gives up the {hand}"
    return "icon used: move, fill or claim, then end actions"


def _button(x: float, y: float, width: float, words: str, place: str, why: str) -> str:
    return _placed(
        f"{words}: {why}",
        place,
        [
            element("rect", x=x, y=y, width=width, height=22, rx=3, fill="#eef3fb", stroke="#555"),
            text(x + width / 2, y + 14.5, words, class_="small", text_anchor="middle"),
        ],
        class_="control",
    )


def _held(x: float, y: float, icon: str) -> str:
    colour = ICON_COLOURS.get(icon, "#333")
    return _placed(
        f"{icon} in hand",
        picking.in_hand(icon),
        [
            element("rect", x=x, y=y, width=22, height=22, rx=3, fill="#fff", stroke="#999"),
            element("circle", cx=x + 11, cy=y + 11, r=8, fill=colour),
            _mark(x + 11, y + 14.5, icon),
        ],
        class_=f"held {icon}",
    )


def _mark(x: float, y: float, icon: str) -> str:
    """The icon's initial in white on its colour."""
    return text(x, y, icon[0].upper(), class_="small", fill="#fff", text_anchor="middle")


def _placed(words: str, place: str, parts: list[str], **attrs: str) -> str:
    """A place the seat may click, inside a group that holds its tooltip: the page names
    the place itself when it is clickable (its ``data-label``), and its name must hold all
    its words."""
    return group([title(words), group(parts, data_place=place, data_label=words)], **attrs)
