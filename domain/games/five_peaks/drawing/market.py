"""Five Peaks' market and panoramas, drawn as cards a seat clicks to take or buy (their
``data-place`` is the place ``controls.places`` names)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.drawing.svg import element, group, text, title
from domain.games.five_peaks.drawing.controls import CHAR, market

CARD_W = 100.0
CARD_H = 28.0
GAP = 4.0
SHORT = {"mushroom": "m", "berry": "b", "herb": "h", "basket": "B", "jar": "J", "pouch": "P"}
KEY = "costs: m mushroom, b berry, h herb, B basket, J jar, P pouch"


def _card(x: float, y: float, place: str, lines: tuple[str, str], about: str) -> str:
    return group(
        [
            title(about),
            element(
                "rect",
                x=x,
                y=y,
                width=CARD_W,
                height=CARD_H,
                rx=3,
                fill="#fffdf5",
                stroke="#8a7f6a",
            ),
            text(x + 4, y + 11, lines[0], class_="small", stroke="none"),
            text(x + 4, y + 23, lines[1], class_="small muted", stroke="none"),
        ],
        class_="control card",
        data_place=place,
    )


def widest(columns: int) -> float:
    """The room a row of ``columns`` cards takes, with a gap after the last."""
    return columns * (CARD_W + GAP)


def span(columns: int) -> float:
    """The room a row of ``columns`` cards takes, from the first's left to the last's right
    (on a phone, where every unit of width counts)."""
    return columns * CARD_W + (columns - 1) * GAP


def market_row(
    view: Mapping[str, Any], content: Any, left: float, top: float, per_row: int, over: bool
) -> str:
    specs = {c["id"]: c for c in content.get("cards", [])}
    how = "" if over else " (click a card to take it)"
    parts = [text(left, top + 10, f"market{how}:", class_="small")]
    for index, held in enumerate(view.get("market", [])):
        spec = specs.get(held, {})
        name = str(spec.get("title") or held)
        cost = int(spec.get("cost", 0))
        about = f"market card {index + 1}: {name}, costs {cost} endorphins"
        x = left + index % per_row * (CARD_W + GAP)
        y = top + 14 + index // per_row * (CARD_H + GAP)
        parts.append(_card(x, y, market(index), (name, f"cost {cost}"), about))
    return group(parts, class_="market")


def market_height(view: Mapping[str, Any], per_row: int) -> float:
    """The market's heading and its rows of cards (on a phone, three to a row)."""
    rows = max(-(-len(view.get("market", [])) // per_row), 1)
    return 14 + rows * (CARD_H + GAP) + 4


NARROW_ROW = 3
"""Cards to a row on a phone."""


def panorama_columns(content: Any) -> int:
    """How many columns of panoramas there are (a card goes under its column's letter)."""
    return len({str(p["column"]) for p in content.get("panoramas", [])}) or 1


def panorama_rows(
    view: Mapping[str, Any], content: Any, left: float, top: float, narrow: bool, over: bool
) -> str:
    """Each rank's panoramas in a row, each under its column's letter; on a phone, three
    to a row in their columns' order (a card's name starts with its column's letter)."""
    specs = {p["id"]: p for p in content.get("panoramas", [])}
    columns = sorted({str(p["column"]) for p in specs.values()}) or ["A"]
    how = "" if over else " (click one to buy it)"
    parts = [text(left, top + 10, f"panoramas by rank{how}:", class_="small")]
    y = top + 14
    for _, row in sorted(view.get("panoramas", {}).items()):
        for i, card in enumerate(row):
            spec = specs.get(card, {"column": "A", "vp": 0, "cost": {}})
            where = columns.index(str(spec["column"])) if spec["column"] in columns else 0
            if narrow:
                where = i % NARROW_ROW
                y += (CARD_H + GAP) if i and not where else 0
            cost = " ".join(f"{n}{SHORT.get(r, r)}" for r, n in spec.get("cost", {}).items())
            words = ", ".join(f"{n} {r}" for r, n in spec.get("cost", {}).items())
            about = f"panorama {card}: {spec.get('vp')} points, costs {words}"
            x = left + where * (CARD_W + GAP)
            lines = (f"{card}: {spec.get('vp')} VP", f"cost {cost}")
            parts.append(_card(x, y, f"panorama {card}", lines, about))
        if row:
            y += CARD_H + GAP
    for i, line in enumerate(key_lines(narrow)):
        parts.append(text(left, y + 10 + 12 * i, line, class_="small muted"))
    return group(parts, class_="panoramas")


def key_lines(narrow: bool) -> list[str]:
    """The costs' key: on one line, or two on a phone."""
    if not narrow:
        return [KEY]
    first, _, rest = KEY.partition(" herb, ")
    return [f"{first} herb,", rest]


def panoramas_height(view: Mapping[str, Any], narrow: bool) -> float:
    ranks = [row for row in view.get("panoramas", {}).values() if row]
    rows = sum(-(-len(row) // NARROW_ROW) if narrow else 1 for row in ranks)
    return 14 + rows * (CARD_H + GAP) + 2 + 12 * len(key_lines(narrow))


def key_width(narrow: bool) -> float:
    return max(len(line) for line in key_lines(narrow)) * CHAR
