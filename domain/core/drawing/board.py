"""What a drawing is given, what a ruleset's drawing publishes, and the text fallback."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.core.drawing.svg import document, group, text


@dataclass(frozen=True)
class Board:
    """One position to draw: the API's view of it for ``viewer`` (None: a spectator), and
    the content pack the game plays with, as ``GET /rulesets/{id}/content/{hash}`` serves
    it. ``at`` is the event the position follows. ``narrow``: the board is shown on a
    phone, so it is laid out in one column, as narrow as its parts allow. ``over``: the
    game has ended, by its rules or by the platform (a resignation, a timeout, an
    abandonment), which the rules' view alone does not say: a finished board gives no
    instructions (#24)."""

    ruleset: str
    view: Mapping[str, Any]
    content: Any
    seats: int
    viewer: int | None
    at: int
    narrow: bool = False
    over: bool = False

    @property
    def caption(self) -> str:
        who = "a spectator" if self.viewer is None else f"seat {self.viewer}"
        return f"{self.ruleset} after event {self.at}, as {who} sees it"


Draw = Callable[[Board], str]
Say = Callable[[Mapping[str, Any], Any], str]
"""A legal command (as the API writes it) in words, given the content pack."""
Places = Callable[[Mapping[str, Any], Any], list[str]]
"""The board places a legal command uses, in the order a player picks them, each named as
the drawing's ``data-place`` names it (the page composes a move by clicking them)."""


Orders = Callable[[Mapping[str, Any], Any], list[list[str]]]
"""Other orders of places that make the same command (a piece in hand first, then its place)."""
Unordered = Callable[[Mapping[str, Any]], bool]
"""Whether a command's places are a set, picked in any order (several tiles to save)."""


@dataclass(frozen=True)
class Ghost:
    """What a command leaves at one of its places, shown before it is sent: words drawn
    faintly over the place (``village``), ``joined`` by a line to the previous ghost's place
    (an arrow, a path). Made from the command alone, never from the state: a preview can
    only say what the seat chose, never what a hidden draw will give."""

    place: str
    words: str
    joined: bool = False


Ghosts = Callable[[Mapping[str, Any], Any], list[Ghost]]


def no_places(command: Mapping[str, Any], content: Any) -> list[str]:
    return []


def no_orders(command: Mapping[str, Any], content: Any) -> list[list[str]]:
    return []


def in_order(command: Mapping[str, Any]) -> bool:
    return False


def no_ghosts(command: Mapping[str, Any], content: Any) -> list[Ghost]:
    return []


@dataclass(frozen=True)
class Painter:
    draw: Draw
    say: Say
    places: Places = no_places
    orders: Orders = no_orders
    unordered: Unordered = in_order
    ghosts: Ghosts = no_ghosts


def draw_text(board: Board) -> str:
    """The fallback for a ruleset with no drawing of its own: its view, key by key."""
    lines = [f"{key}: {json.dumps(value, sort_keys=True)}" for key, value in board.view.items()]
    width = 12 + 6.2 * max((len(line) for line in lines), default=20)
    rows = [
        text(8, 20 + 16 * i, line, class_="view-line", data_key=key)
        for i, (key, line) in enumerate(zip(board.view, lines, strict=True))
    ]
    height = 32 + 16 * len(lines)
    return document(width, height, board.caption, [group(rows, class_="view")])


def say_plainly(command: Mapping[str, Any], content: Any) -> str:
    """A command in words from its fields: ``draw card: card 2``."""
    words = str(command.get("type", "command")).replace("_", " ")
    fields = [f"{k.replace('_', ' ')} {_plain(v)}" for k, v in command.items() if k != "type"]
    return f"{words}: {', '.join(fields)}" if fields else words


def _plain(value: Any) -> str:
    if isinstance(value, Mapping):
        return " ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value) or "none"
    return str(value).replace("_", " ")


FALLBACK = Painter(draw_text, say_plainly)
