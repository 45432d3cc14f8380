"""Viewer snapshots: a drawing's structure at a fixed position of a golden replay, kept as
JSON beside the replay (``replays/<ruleset>/viewer/``) and compared by the viewer's tests.

The structure is elements, their attribute names, classes, data attributes and titles, not
bytes: moving a hex by a pixel or changing a colour is no change, losing an icon, a ticket
or a bid is. ``cairn ruleset record`` writes a snapshot of each new golden replay.
"""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

from domain.core.drawing.board import Board
from service.api.rulesets import served_content
from service.application.loading import ruleset_for
from service.trail import Trail, state_at
from service.viewer.drawings import draw

SVG_NS = "{http://www.w3.org/2000/svg}"
MIDDLE = 0.5
"""Where a new snapshot is taken: the end of the decision halfway through the game."""
VIEWERS: tuple[int | None, ...] = (None, 0)
"""A spectator's drawing and seat 0's, which says which seat is "you"."""


def structure(svg: str) -> dict[str, Any]:
    return _structure(ElementTree.fromstring(svg))


def _structure(element: ElementTree.Element) -> dict[str, Any]:
    tag = element.tag.removeprefix(SVG_NS)
    node: dict[str, Any] = {"tag": tag, "attributes": sorted(element.attrib)}
    kept = {k: v for k, v in element.attrib.items() if k == "class" or k.startswith("data-")}
    if kept:
        node["values"] = kept
    if tag == "title":
        node["text"] = element.text
    children = [_structure(child) for child in element]
    if children:
        node["children"] = children
    return node


def decision_end(trail: Trail, fraction: float) -> int:
    """The last event of the decision ``fraction`` of the way through the game."""
    ends = [group[-1].seq for group in trail.decisions()]
    return ends[int(len(ends) * fraction)]


def board_at(trail: Trail, at: int, viewer: int | None) -> Board:
    """The board after event ``at`` as ``viewer`` sees it, drawn from the API's view."""
    game = trail.game
    ruleset = ruleset_for(game)
    state = state_at(ruleset, trail, at)
    view = dict(ruleset.view(state, viewer))
    content = served_content(game.ruleset, game.content_hash)
    over = bool(ruleset.is_terminal(state))
    return Board(game.ruleset, view, content, game.seats, viewer, at, over=over)


def who(viewer: int | None) -> str:
    return "spectator" if viewer is None else f"seat{viewer}"


def snapshot(trail: Trail, replay: str, at: int, viewer: int | None) -> dict[str, Any]:
    """A snapshot file's content: where it was taken (the replay's file name, the event,
    the viewer) and the drawing's structure there."""
    drawing = structure(draw(board_at(trail, at, viewer)))
    return {"replay": replay, "at": at, "viewer": viewer, "structure": drawing}
