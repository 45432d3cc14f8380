"""Peloponnes: each seat's tableau of buildings, civilization and lands, its tracks and
coins; the auction and conquest rows with their bids; the disaster tiles with their chits.

Tiles are named and valued from the served content pack (``tiles``, ``civilizations``,
``sea_tiles``); what lies where, and every bid, from the view.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from domain.core.drawing.board import Board, Painter, say_plainly
from domain.core.drawing.svg import document, element, group, text, title

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


def draw(board: Board) -> str:
    view = board.view
    tiles = Tiles(board.content)
    parts = [_heading(view)]
    band, y = _decision(view, tiles, 44.0)
    parts.append(band)
    for name in ("auction", "conquest"):
        parts.append(_row(name, view.get(name, []), tiles, y))
        y += TILE_H + 40
    if view.get("sea_display"):
        parts.append(_sea(view["sea_display"], tiles, y))
        y += 40
    parts.append(_disasters(view.get("disasters", {}), y))
    y += 52
    for seat_view in view.get("seats", []):
        drawn, height = _seat(board, seat_view, tiles, y)
        parts.append(drawn)
        y += height
    return document(WIDTH, y + MARGIN, board.caption, parts)


def _heading(view: Mapping[str, Any]) -> str:
    stacks = ", ".join(f"{k} {n}" for k, n in view.get("stacks", {}).items())
    words = (
        f"round {view.get('round')} of {view.get('rounds')}, {view.get('phase')};"
        f" stacks left {stacks}"
    )
    order = " ".join(str(s) for s in view.get("order", []))
    return group(
        [
            text(MARGIN, 20, words, class_="heading"),
            text(MARGIN, 34, f"turn order: {order}", class_="small"),
        ],
        class_="heading",
    )


def _tile(tiles: Tiles, tile_id: str, x: float, y: float, kind: str, note: str = "") -> str:
    words = tiles.words(tile_id) + (f"; {note}" if note else "")
    pp = tiles.tiles.get(tile_id, {}).get("pp")
    return group(
        [
            title(words),
            element(
                "rect",
                x=x,
                y=y,
                width=TILE_W - 4,
                height=TILE_H,
                rx=3,
                fill=KIND_COLOURS.get(kind, "#eee"),
                stroke="#555",
            ),
            # a civilization's name, in the small type, fits its tile (Messene ran over)
            text(x + 4, y + 14, tile_id, class_="small")
            if kind == "civilization"
            else text(x + 4, y + 14, tile_id),
            text(x + 4, y + 29, f"{pp} PP" if pp is not None else "", class_="small"),
        ],
        class_=f"tile {kind}",
        data_tile=tile_id,
        # a row's tile is bid on, a tableau's saved or paid for: the page composes those
        # moves by clicking it
        data_place=tile_id,
    )


def _row(name: str, row: list[Mapping[str, Any]], tiles: Tiles, y: float) -> str:
    parts = [text(MARGIN, y + 10, name, class_="heading")]
    for i, slot in enumerate(row):
        x = MARGIN + 84 + i * TILE_W
        tile_id = slot["tile"]
        kind = tiles.tiles.get(tile_id, {}).get("kind", "land")
        bid = slot.get("bid")
        bid_words = f"bid {bid['amount']} by seat {bid['seat']}" if bid else "no bid"
        note = f"price {slot['price']}, {bid_words}"
        parts.append(_tile(tiles, tile_id, x, y, kind, note))
        # price and bid on lines of their own: side by side they ran into the next tile's
        parts.append(text(x, y + TILE_H + 11, f"price {slot['price']}", class_="small price"))
        if bid:
            words = f"seat {bid['seat']}: {bid['amount']}"
            parts.append(text(x, y + TILE_H + 22, words, class_="small bid", data_seat=bid["seat"]))
    return group(parts, class_=f"row {name}")


def _disasters(disasters: Mapping[str, Any], y: float) -> str:
    parts = [text(MARGIN, y + 12, "disasters", class_="heading")]
    struck = set(disasters.get("struck", []))
    to_strike = disasters.get("to_strike", 3)
    for i, (kind, chits) in enumerate(disasters.get("chits", {}).items()):
        x = MARGIN + 84 + i * 84
        state = "struck" if kind in struck else "waiting"
        parts.append(
            group(
                [
                    title(
                        f"{kind}: {chits} of {to_strike} chits"
                        + (", struck" if state == "struck" else "")
                    ),
                    element(
                        "rect",
                        x=x,
                        y=y,
                        width=80,
                        height=30,
                        rx=3,
                        fill="#f5b7b1" if state == "struck" else "#fdedec",
                        stroke="#922b21",
                    ),
                    text(x + 4, y + 13, kind),
                    *[
                        element(
                            "circle",
                            cx=x + 8 + 10 * c,
                            cy=y + 22,
                            r=3.5,
                            fill="#922b21",
                            class_="chit",
                        )
                        for c in range(chits)
                    ],
                ],
                class_=f"disaster {state}",
                data_kind=kind,
            )
        )
    left = disasters.get("chits_left")
    parts.append(text(MARGIN, y + 44, f"chits left to draw: {left}", class_="small"))
    return group(parts, class_="disasters")


def _seat(board: Board, seat_view: Mapping[str, Any], tiles: Tiles, y: float) -> tuple[str, float]:
    seat = seat_view["seat"]
    you = " (you)" if board.viewer == seat else ""
    heading = f"seat {seat}{you}: {seat_view.get('civilization')}, {seat_view.get('score')} points"
    parts = [text(MARGIN, y + 14, heading, class_="heading")]
    tracks = seat_view.get("tracks", {})
    for i, track in enumerate(TRACKS):
        value = int(tracks.get(track, 0))
        ty = y + 24 + i * 12
        parts.append(
            group(
                [
                    title(f"{track}: {value}"),
                    text(MARGIN, ty + 9, track, class_="small"),
                    element(
                        "rect",
                        x=MARGIN + 70,
                        y=ty + 2,
                        width=max(value * TRACK_SCALE, 1),
                        height=8,
                        fill=TRACK_COLOURS[track],
                    ),
                    text(MARGIN + 74 + value * TRACK_SCALE, ty + 9, str(value), class_="small"),
                ],
                class_="track",
                data_track=track,
                data_value=value,
            )
        )
    tableau_top = y + 24 + len(TRACKS) * 12 + 8
    tableau = list(seat_view.get("tableau", []))
    for i, placed in enumerate(tableau):
        x = MARGIN + (i % PER_ROW) * TILE_W
        ty = tableau_top + (i // PER_ROW) * (TILE_H + 6)
        note = "unpaid" if placed.get("unpaid") else ""
        parts.append(_tile(tiles, placed["tile"], x, ty, placed["kind"], note))
    rows = max(math.ceil(len(tableau) / PER_ROW), 1)
    sea_top = tableau_top + rows * (TILE_H + 6)
    sea = seat_view.get("sea", [])
    if sea:
        words = "sea tiles: " + ", ".join(str(s) for s in sea)
        parts.append(text(MARGIN, sea_top + 10, words, class_="small sea"))
    height = sea_top - y + (20 if sea else 6) + 8
    return group(parts, class_="seat", data_seat=seat), height


def say(command: Mapping[str, Any], content: Any) -> str:
    tiles = Tiles(content)
    kind = command.get("type")
    if kind == "bid":
        return f"bid {command['amount']} for {tiles.words(command['tile'])}"
    if kind == "withdraw":
        return "withdraw from the bidding"
    if kind == "pay_now":
        return "pay for the building now"
    if kind == "mark_with_coin":
        return "mark the building with a coin and pay later"
    plain = {k: v for k, v in command.items() if k != "seat"}
    return say_plainly(plain, content)


def places(command: Mapping[str, Any], content: Any) -> list[str]:
    """The places a command is made with, in the order they are clicked: a bid's tile and
    its coins, a moved bid's tile, a sea tile, the decision band's buttons, the goods of a
    chosen income one by one, and the tableau tiles saved or paid for (by id, "none" for
    none of them)."""
    kind = command.get("type")
    if kind == "bid":
        return [str(command["tile"]), f"coins:{command['amount']}"]
    if kind == "move_bid":
        return [str(command["tile"])]
    if kind == "buy_sea_tile":
        return [f"sea:{command['tile']}"]
    if kind == "choose_income":
        return [f"good:{g}" for g in command["goods"]]
    if kind in ("save_tiles", "pay_unpaid"):
        return sorted(str(t) for t in command["tiles"]) or ["none"]
    if kind == "choose_end_bonus":
        return [f"end:{command['tile']}:{command['pick']}"]
    fixed = {"withdraw": "withdraw", "pay_now": "pay:now", "mark_with_coin": "pay:mark"}
    return [fixed[kind]] if kind in fixed else []


def _button(
    x: float, y: float, place: str, words: str, label: str, width: float = 0
) -> tuple[str, float]:
    """A place to click in the decision band: a labelled box, named in words."""
    width = width or 12 + 5.6 * len(words)
    return group(
        [
            title(label),
            element("rect", x=x, y=y, width=width, height=18, rx=4, fill="#fdfefe", stroke="#555"),
            text(x + width / 2, y + 13, words, text_anchor="middle"),
        ],
        class_="choice-button",
        data_place=place,
        data_label=label,
    ), x + width + 6


def _decision(view: Mapping[str, Any], tiles: Tiles, y: float) -> tuple[str, float]:
    """What the seat to act decides now, with a button for each thing it may click that is
    no tile: coins to bid, withdraw, pay, goods, none, an end bonus."""
    acting = list(view.get("to_act", []))
    phase = view.get("phase", "")
    if not acting or phase == "over":
        return group([], class_="decision"), y
    seat = acting[0]
    seats = {s["seat"]: s for s in view.get("seats", [])}
    coins = int(seats.get(seat, {}).get("tracks", {}).get("coins", 0))
    words, buttons = _band(view, tiles, phase, seat, coins)
    parts = [text(MARGIN, y + 12, f"seat {seat}: {words}", class_="decision-words")]
    x, top = MARGIN, y + 20
    for place, shown, label in buttons:
        width = 22 if place.startswith("coins:") else 0
        if x + (width or 12 + 5.6 * len(shown)) > WIDTH - MARGIN:
            x, top = MARGIN, top + 22
        drawn, x = _button(x, top, place, shown, label, width)
        parts.append(drawn)
    bottom = top + (22 if buttons else 0)
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
        return f"{saving}: click the tiles to save, in order, or save none", [
            ("none", "save none", "save none of the tiles at risk")
        ]
    if phase == "end_choices":
        return "choose your end bonus", _end_buttons(view, tiles, seat)
    return "click the unpaid buildings to pay for, in order, or pay none", [
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


def _sea(display: list[int], tiles: Tiles, y: float) -> str:
    parts = [text(MARGIN, y + 13, "sea tiles", class_="heading")]
    x = MARGIN + 84
    for sea_id in display:
        tile = tiles.sea.get(sea_id, {})
        cost = ", ".join(f"{n} {g}" for g, n in tile.get("cost", {}).items()) or "free"
        label = f"sea tile {sea_id}: {tile.get('pp', 0)} PP, costs {cost}"
        drawn, x = _button(x, y, f"sea:{sea_id}", f"{sea_id}: {tile.get('pp', 0)} PP", label)
        parts.append(drawn)
    return group(parts, class_="sea-display")


PAINTER = Painter(draw, say, places)
