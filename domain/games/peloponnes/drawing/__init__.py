"""Peloponnes: each seat's tableau of buildings, civilization and lands, its tracks and
coins; the auction and conquest rows with their bids; the disaster tiles with their chits.

Tiles are named and valued from the served content pack (``tiles``, ``civilizations``,
``sea_tiles``); what lies where, and every bid, from the view.
"""

from collections.abc import Mapping
from typing import Any

from domain.core.drawing.board import Board, Painter
from domain.core.drawing.seats import swatch
from domain.core.drawing.svg import document, element, group, text, title
from domain.games.peloponnes.drawing.band import decision, sea_row
from domain.games.peloponnes.drawing.layout import (
    KIND_COLOURS,
    MARGIN,
    NARROW,
    TILE_H,
    TILE_W,
    TRACK_COLOURS,
    TRACK_SCALE,
    TRACKS,
    WIDE,
    Layout,
    Tiles,
)
from domain.games.peloponnes.drawing.picking import ghosts, places, say, unordered


def draw(board: Board) -> str:
    view = board.view
    tiles = Tiles(board.content)
    layout = NARROW if board.narrow else WIDE
    head, y = _heading(view, layout, board.over)
    parts = [head]
    band, y = decision(view, tiles, y, layout, board.over)
    parts.append(band)
    below = 0.0 if layout.indent else 16.0  # a row's name above its tiles
    for name in ("auction", "conquest"):
        row = view.get(name, [])
        parts.append(_row(name, row, tiles, y, layout))
        y += below + layout.rows(len(row)) * (TILE_H + 40)
    if view.get("sea_display"):
        drawn_sea, y = sea_row(view["sea_display"], tiles, y, layout)
        parts.append(drawn_sea)
    drawn_disasters, y = _disasters(view.get("disasters", {}), y, layout)
    parts.append(drawn_disasters)
    for seat_view in view.get("seats", []):
        drawn, height = _seat(board, seat_view, tiles, y, layout)
        parts.append(drawn)
        y += height
    return document(layout.width, y + MARGIN, board.caption, parts)


def _heading(view: Mapping[str, Any], layout: Layout, over: bool) -> tuple[str, float]:
    stacks = ", ".join(f"{k} {n}" for k, n in view.get("stacks", {}).items())
    round_words = f"round {view.get('round')} of {view.get('rounds')}, {view.get('phase')};"
    # A finished game (by its rules or ended early) has no phase and no next turn.
    if over:
        round_words = f"game over in round {view.get('round')} of {view.get('rounds')};"
    lines = [f"{round_words} stacks left {stacks}"]
    if not layout.indent:  # on a phone, two lines
        lines = [round_words, f"stacks left {stacks}"]
    order = " ".join(str(s) for s in view.get("order", []))
    parts = [text(MARGIN, 20 + 16 * i, line, class_="heading") for i, line in enumerate(lines)]
    bottom = 34 + 16 * (len(lines) - 1)
    if not over:
        parts.append(text(MARGIN, bottom, f"turn order: {order}", class_="small"))
    return group(parts, class_="heading"), bottom + 10


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


def _row(name: str, row: list[Mapping[str, Any]], tiles: Tiles, y: float, layout: Layout) -> str:
    parts = [text(MARGIN, y + 10, name, class_="heading")]
    top = y if layout.indent else y + 16
    for i, slot in enumerate(row):
        x, line = layout.at(i, TILE_W)
        y = top + line * (TILE_H + 40)
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


def _disasters(disasters: Mapping[str, Any], top: float, layout: Layout) -> tuple[str, float]:
    parts = [text(MARGIN, top + 12, "disasters", class_="heading")]
    struck = set(disasters.get("struck", []))
    to_strike = disasters.get("to_strike", 3)
    # a disaster is a tile and a half wide: two thirds as many to a row
    wide = Layout(layout.width, layout.per_row * 2 // 3 or 1, layout.indent)
    first = top if layout.indent else top + 16
    for i, (kind, chits) in enumerate(disasters.get("chits", {}).items()):
        x, line = wide.at(i, 84)
        y = first + 36 * line
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
    lines = wide.rows(len(disasters.get("chits", {})))
    bottom = first + 36 * (lines - 1) + 44
    drawn = disasters.get("last_drawn") or []
    last = f"; last drawn: {', '.join(drawn)}" if drawn else ""
    parts.append(text(MARGIN, bottom, f"chits left to draw: {left}{last}", class_="small"))
    return group(parts, class_="disasters"), bottom + 8


def _seat(
    board: Board, seat_view: Mapping[str, Any], tiles: Tiles, y: float, layout: Layout
) -> tuple[str, float]:
    seat = seat_view["seat"]
    you = " (you)" if board.viewer == seat else ""
    heading = f"seat {seat}{you}: {seat_view.get('civilization')}, {seat_view.get('score')} points"
    parts = [swatch(MARGIN, y + 6, seat), text(MARGIN + 12, y + 14, heading, class_="heading")]
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
        x, line = Layout(layout.width, layout.per_row, 0.0).at(i, TILE_W)
        ty = tableau_top + line * (TILE_H + 6)
        note = "unpaid" if placed.get("unpaid") else ""
        parts.append(_tile(tiles, placed["tile"], x, ty, placed["kind"], note))
    rows = layout.rows(len(tableau))
    sea_top = tableau_top + rows * (TILE_H + 6)
    sea = seat_view.get("sea", [])
    if sea:
        words = "sea tiles: " + ", ".join(str(s) for s in sea)
        parts.append(text(MARGIN, sea_top + 10, words, class_="small sea"))
    height = sea_top - y + (20 if sea else 6) + 8
    return group(parts, class_="seat", data_seat=seat), height


PAINTER = Painter(draw, say, places, unordered=unordered, ghosts=ghosts)
