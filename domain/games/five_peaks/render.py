"""The board for a terminal (``cairn show``): one character pair per cell, north up."""

from __future__ import annotations

from domain.core import Viewer
from domain.games.five_peaks import board as b
from domain.games.five_peaks.geometry import Cell
from domain.games.five_peaks.state import Game

SYMBOL = {
    "parking": "P",
    "resource": "o",
    "half": "/",
    "bike": "b",
    "exchange": "x",
    "container": "c",
    "peak": "^",
}
LEGEND = (
    "Cells, north up: P parking, o resource space, / open corner half, # square space"
    " (two halves), b bike, x resource exchange, c container exchange, ^ peak (with its stone"
    " count), digits are pawns by seat, + resources left on a space. Rows are labelled with y,"
    " every second column with x."
)


def _cell(game: Game, at: Cell) -> str:
    spaces = b.board(game).spaces
    pawns = [str(s) for s, p in enumerate(game.pawns) if p == at]
    if pawns:
        return "".join(pawns)[:2].ljust(2)
    space = spaces.get(at)
    if space is None:
        return "  " if at not in b.board(game).covered else " ."
    mark = "#" if space.kind == "half" and len(space.tiles) == 2 else SYMBOL[space.kind]
    if space.kind == "peak":
        stack = game.stack_at(at)
        return mark + (str(len(stack.stones)) if stack else "0")
    return mark + ("+" if at in game.left else " ")


def column_labels(first: int, last: int) -> str:
    """A cell is two characters wide and "-10" is three: every second column is labelled,
    each label starting at its own column (after the rows' four-character y label)."""
    return "    " + "".join(f"{x:<4}" for x in range(first, last + 1, 2))


def render(game: Game, viewer: Viewer) -> str:
    if not game.hikers:
        return "Five Peaks: not set up"
    cells = set(b.board(game).spaces) | set(b.board(game).covered)
    xs, ys = [c.x for c in cells], [c.y for c in cells]
    lines = [
        f"{y:>3} " + "".join(_cell(game, Cell(x, y)) for x in range(min(xs), max(xs) + 1))
        for y in range(max(ys), min(ys) - 1, -1)
    ]
    header = column_labels(min(xs), max(xs))
    hikers = [
        f"seat {s}: {h.endorphins} endorphins, {dict(h.backpack)}, stones left {len(h.stones)},"
        f" panoramas {len(h.panoramas)}, campfire {len(h.campfire)}"
        + (f", hand {list(h.hand)}" if viewer == s else f", {len(h.hand)} cards in hand")
        for s, h in enumerate(game.hikers)
    ]
    turn = f"turn: seat {game.turn}, {game.stage.kind}" if game.phase == "play" else game.phase
    return "\n".join([turn, header, *lines, *hikers, f"market: {', '.join(game.market)}"])
