"""The drawing of each ruleset, found through its registration (``Presentation.drawing``);
the text fallback for a ruleset that names none."""

from __future__ import annotations

import functools
import importlib

from domain.core import registry
from domain.core.drawing.board import FALLBACK, Board, Painter


def painter(ruleset: str) -> Painter:
    """The newest registered version's drawing: every version of a ruleset draws the same
    view shape, so the viewer needs no rules version to pick one."""
    try:
        where = registry.get(ruleset).presentation.drawing
    except registry.UnknownRuleset:
        return FALLBACK
    return FALLBACK if where is None else load(where)


@functools.cache
def load(where: str) -> Painter:
    """Import the painter ``"package.module:NAME"`` names (once: it is kept)."""
    module, _, name = where.partition(":")
    found = getattr(importlib.import_module(module), name, None)
    if not isinstance(found, Painter):
        raise TypeError(f"the drawing {where!r} is not a Painter")
    return found


def draw(board: Board) -> str:
    return painter(board.ruleset).draw(board)
