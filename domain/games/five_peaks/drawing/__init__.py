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
from domain.core.drawing.seats import swatch
from domain.core.drawing.svg import document, group, text
from domain.games.five_peaks.drawing import controls, market, pieces
from domain.games.five_peaks.drawing.grid import LABEL_W, MARGIN, Grid, bands, fitted
from domain.games.five_peaks.drawing.turns import on_board

CHAR_W = {"heading": 8.8, "small": 6.3}
"""A character's width at most, by text class, measured in chromium (a bold 9 px "small"
line of the heading averaged 6.1): the drawing is made wide enough for its longest line."""
HEADER = 50.0
"""The heading's two lines."""
LINE = 15.0


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
    lines = _heading_lines(view, board.narrow, board.over)
    # On a phone the market goes three cards to a row, and the lines wrap to that width.
    panoramas = market.panorama_columns(board.content)
    wide = max(5, len(view.get("market", [])), panoramas)
    columns = market.NARROW_ROW if board.narrow else wide
    width = _width(board, lines, fitted(cells), columns)
    top = lines[-1][0] + HEADER - 36
    parts = [
        group([text(MARGIN, y, words, class_=kind) for y, words, kind in lines], class_="heading"),
        market.market_row(view, board.content, MARGIN, top, columns, board.over),
    ]
    top += market.market_height(view, columns)
    parts.append(market.panorama_rows(view, board.content, MARGIN, top, board.narrow, board.over))
    top += market.panoramas_height(view, board.narrow) + 6
    grids = bands(fitted(cells, top)) if board.narrow else [fitted(cells, top)]
    parts += pieces.board(grids, placed, view)
    top = grids[-1].bottom + 6
    you = board.viewer
    # A finished game has no moves left: its controls would still tell a seat to click.
    if you is not None and you < len(view.get("hikers", [])) and not board.over:
        rows = controls.Rows(MARGIN, top, width - MARGIN)
        controls.controls(view, board.content, you, rows)
        parts.append(group(rows.parts, class_="controls"))
        top = rows.bottom + 6
    for seat, hiker in enumerate(view.get("hikers", [])):
        panel, top = _hiker(board, seat, hiker, top, width)
        parts.append(panel)
    return document(width, top + MARGIN, board.caption, parts)


def _width(board: Board, lines: list[tuple[float, str, str]], grid: Grid, columns: int) -> float:
    """As wide as the widest part: on a phone the board's widest band and the market's
    three cards exactly, on a desktop the whole board and a row of cards with a gap after."""
    longest = max(len(words) * CHAR_W[kind.split()[0]] for _, words, kind in lines)
    key = market.key_width(board.narrow)
    if board.narrow:
        board_w = max(band.width for band in bands(grid))
        cards = market.span(columns)
    else:
        board_w, cards = grid.width, market.widest(columns)
    least = 300 if board.narrow else 360
    return max(board_w + 2 * MARGIN + LABEL_W, least, longest + 2 * MARGIN,
               cards + 2 * MARGIN, key + 2 * MARGIN)  # fmt: skip


def _heading_lines(
    view: Mapping[str, Any], narrow: bool, over: bool
) -> list[tuple[float, str, str]]:
    """The heading's lines: (baseline, words, class); on a phone, wrapped."""
    stage = view.get("stage") or {}
    words = f"turn of seat {view.get('turn')}, {view.get('phase')}"
    if stage.get("card"):
        words += f"; playing {stage['card']}"
    # A finished game (by its rules or ended early) has no turn: its rules' view may still
    # name the seat that would have moved next.
    if over:
        words = "game over"
    left = (
        f"deck {view.get('deck_size')}, terrain tiles left {view.get('terrain_stack')},"
        f" campfire deck {view.get('campfire_deck')}"
    )
    if not narrow:
        return [(20, words, "heading"), (36, left, "small")]
    found = [(20.0 + 16 * i, line, "heading") for i, line in enumerate(textwrap.wrap(words, 30))]
    below = found[-1][0] + 16
    found += [(below + 12 * i, line, "small") for i, line in enumerate(textwrap.wrap(left, 48))]
    return found


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
    room = width - 2 * MARGIN - 14
    heading = f"seat {seat}{you}: {total} points, {hiker.get('endorphins', 0)} endorphins"
    lines = [(words, "heading") for words in wrap(heading, int(room / CHAR_W["heading"]))]
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
        for words in wrap(words, int(room / CHAR_W["small"]))
    ]
    parts = [swatch(MARGIN, top + 6, seat)]
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
    """A legal command in words; a cell is written as the board labels it (``2,-1``)."""

    def plain(value: Any) -> Any:
        if isinstance(value, Mapping) and set(value) == {"x", "y"}:
            return controls.cell(value)
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
