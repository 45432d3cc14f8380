"""Peloponnes' decision band: what the seat to act decides now, in words, with a button
for each thing it may click that is no tile (coins to bid, withdraw, pay, goods, none, an
end bonus)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from domain.core.drawing.svg import element, group, text, title
from domain.games.peloponnes.drawing.layout import MARGIN, Layout, Tiles


def _button(
    x: float, y: float, place: str, words: str, label: str, width: float = 0
) -> tuple[str, float]:
    """A place to click in the decision band: a labelled box, named in words."""
    width = width or 12 + 5.6 * len(words)
    return group(
        [
            title(label),
            element("rect", x=x, y=y, width=width, height=22, rx=4, fill="#fdfefe", stroke="#555"),
            text(x + width / 2, y + 15, words, text_anchor="middle"),
        ],
        class_="choice-button",
        data_place=place,
        data_label=label,
    ), x + width + 6


def decision(
    view: Mapping[str, Any], tiles: Tiles, y: float, layout: Layout, over: bool
) -> tuple[str, float]:
    """What the seat to act decides now, with a button for each thing it may click that is
    no tile: coins to bid, withdraw, pay, goods, none, an end bonus. None once the game is
    ``over``: a resigned or abandoned game's view still names a seat to act."""
    acting = list(view.get("to_act", []))
    phase = view.get("phase", "")
    if over or not acting or phase == "over":
        return group([], class_="decision"), y
    seat = acting[0]
    seats = {s["seat"]: s for s in view.get("seats", [])}
    coins = int(seats.get(seat, {}).get("tracks", {}).get("coins", 0))
    words, buttons = _band(view, tiles, phase, seat, coins)
    # the words wrapped to the drawing's width (about 5.8 units a letter)
    lines = textwrap.wrap(f"seat {seat}: {words}", int((layout.width - 2 * MARGIN) / 5.8))
    parts = [
        text(MARGIN, y + 12 + 14 * i, line, class_="decision-words") for i, line in enumerate(lines)
    ]
    x, top = MARGIN, y + 20 + 14 * (len(lines) - 1)
    for place, shown, label in buttons:
        width = 22 if place.startswith("coins:") else 0
        if x + (width or 12 + 5.6 * len(shown)) > layout.width - MARGIN:
            x, top = MARGIN, top + 26
        drawn, x = _button(x, top, place, shown, label, width)
        parts.append(drawn)
    bottom = top + (26 if buttons else 0)
    return group(parts, class_="decision", data_phase=phase), bottom + 8


def _band(
    view: Mapping[str, Any], tiles: Tiles, phase: str, seat: int, coins: int
) -> tuple[str, list[tuple[str, str, str]]]:
    if phase == "bidding":
        outbid = view.get("bidding", {}).get("outbid")
        if outbid:
            moved = f"outbid: move your {outbid['amount']} coins to a free tile, or withdraw"
            return moved, [("withdraw", "withdraw", "withdraw from the bidding")]
        coin_buttons = [(f"coins:{n}", str(n), f"bid {n} coins") for n in range(coins + 1)]
        withdraw = ("withdraw", "withdraw", "withdraw from the bidding")
        return "click a tile, then the coins to bid on it, or withdraw", [
            withdraw,
            *coin_buttons,
        ]
    if phase == "settle":
        won = next((w["tile"] for w in view.get("won", []) if w["seat"] == seat), "")
        return f"pay for {tiles.words(won)}", [
            ("pay:now", "pay now", "pay for the building now"),
            ("pay:mark", "mark with a coin", "mark the building with a coin and pay later"),
        ]
    if phase == "income":
        goods = [(f"good:{g}", g, f"one unit of {g}") for g in ("food", "wood", "stone", "coins")]
        return "choose your income, one unit at a time", goods
    if phase == "disasters":
        saving = view.get("disasters", {}).get("saving")
        return f"{saving}: click the tiles to save, in any order, or save none", [
            ("none", "save none", "save none of the tiles at risk")
        ]
    if phase == "end_choices":
        return "choose your end bonus", _end_buttons(view, tiles, seat)
    return "click the unpaid buildings to pay for, in any order, or pay none", [
        ("none", "pay none", "pay for none of the unpaid buildings")
    ]


def _end_buttons(view: Mapping[str, Any], tiles: Tiles, seat: int) -> list[tuple[str, str, str]]:
    mine: Mapping[str, Any] = next((s for s in view.get("seats", []) if s["seat"] == seat), {})
    found = []
    for placed in mine.get("tableau", []):
        tile = tiles.tiles.get(placed["tile"], {})
        picks = tile.get("abilities", {}).get("end_choice", [])
        for i, pick in enumerate(picks):
            gives = ", ".join(_amount(n, k) for k, n in pick.items() if n)
            found.append((f"end:{placed['tile']}:{i}", gives, f"{placed['tile']}: take {gives}"))
    return found


def _amount(n: int, what: str) -> str:
    if what == "pp":
        return f"{n} PP"
    return f"{n} {what[:-1] if n == 1 and what.endswith('s') else what}"


def sea_row(display: list[int], tiles: Tiles, y: float, layout: Layout) -> tuple[str, float]:
    """The sea tiles on display, a button each, wrapped to the drawing's width (six of
    them do not fit a phone's), and how far down the row reaches."""
    parts = [text(MARGIN, y + 13, "sea tiles", class_="heading")]
    x = MARGIN + layout.indent
    y += 0 if layout.indent else 16
    for sea_id in display:
        tile = tiles.sea.get(sea_id, {})
        cost = ", ".join(f"{n} {g}" for g, n in tile.get("cost", {}).items()) or "free"
        label = f"sea tile {sea_id}: {tile.get('pp', 0)} PP, costs {cost}"
        words = f"{sea_id}: {tile.get('pp', 0)} PP"
        if x + 12 + 5.6 * len(words) > layout.width - MARGIN:
            x, y = MARGIN + layout.indent, y + 26
        drawn, x = _button(x, y, f"sea:{sea_id}", words, label)
        parts.append(drawn)
    return group(parts, class_="sea-display"), y + 40
