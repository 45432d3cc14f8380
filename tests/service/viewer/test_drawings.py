"""Snapshot tests of each ruleset's drawing at a fixed position of a recorded game,
compared as structure (elements, their attribute names, classes, data attributes and
titles), not bytes: moving a hex by a pixel or changing a colour is no failure, losing an
icon, a ticket or a bid is.

``CAIRN_UPDATE_SNAPSHOTS=1`` rewrites the snapshots; review their diff like code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from domain.core import registry
from domain.core.drawing.board import FALLBACK, Board, Painter
from domain.games import load_all
from service.api.rulesets import served_content
from service.replays import parse
from service.trail import Trail, state_at
from service.viewer.drawings import draw, load, painter
from tests.support.play import play
from tests.support.shipped import shipped_rulesets

REPLAYS = Path(__file__).parents[3] / "replays"
SNAPSHOTS = Path(__file__).parent / "snapshots"
SVG_NS = "{http://www.w3.org/2000/svg}"
load_all()

# One fixed position per ruleset: a recorded game and a decision end inside it; a ruleset
# with no recorded game yet is drawn from a seeded greedy game of two seats, halfway.
POSITIONS = {
    "peninsula": ("two-seats-greedy-m1.ndjson", 0.4),
    "peloponnes": ("two-seats-greedy.ndjson", 0.45),  # bidding, one bid standing
    "five-peaks": ("two-seats-greedy.ndjson", 0.5),
}
SEEDED_AT = 0.5


def structure(element: ElementTree.Element) -> dict[str, Any]:
    tag = element.tag.removeprefix(SVG_NS)
    node: dict[str, Any] = {"tag": tag, "attributes": sorted(element.attrib)}
    kept = {k: v for k, v in element.attrib.items() if k == "class" or k.startswith("data-")}
    if kept:
        node["values"] = kept
    if tag == "title":
        node["text"] = element.text
    children = [structure(child) for child in element]
    if children:
        node["children"] = children
    return node


def decision_end(trail: Trail, fraction: float) -> int:
    ends = [group[-1].seq for group in trail.decisions()]
    return ends[int(len(ends) * fraction)]


def board_of(ruleset_id: str, viewer: int | None) -> Board:
    if ruleset_id not in POSITIONS:
        return seeded_board(ruleset_id, viewer)
    name, fraction = POSITIONS[ruleset_id]
    trail = parse((REPLAYS / ruleset_id / name).read_text())
    ruleset = registry.get(trail.game.ruleset, trail.game.rules_version)
    at = decision_end(trail, fraction)
    state = state_at(ruleset, trail, at)
    content = served_content(ruleset_id, trail.game.content_hash)
    view = dict(ruleset.view(state, viewer))
    return Board(ruleset_id, view, content, trail.game.seats, viewer, at)


def seeded_board(ruleset_id: str, viewer: int | None) -> Board:
    ruleset = registry.get(ruleset_id)
    seats = min(max(ruleset.min_seats, 2), ruleset.max_seats)
    steps = list(play(ruleset, seats, label=f"viewer:{ruleset_id}", bot="greedy"))
    index = int(len(steps) * SEEDED_AT)
    at = sum(len(s.events) for s in steps[: index + 1])
    view = dict(ruleset.view(steps[index].state, viewer))
    content = served_content(ruleset_id, ruleset.content_hash)
    return Board(ruleset_id, view, content, seats, viewer, at)


def check(name: str, svg: str, *, may_update: bool = True) -> None:
    got = structure(ElementTree.fromstring(svg))
    path = SNAPSHOTS / f"{name}.json"
    if may_update and os.environ.get("CAIRN_UPDATE_SNAPSHOTS") == "1":
        path.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n")
    assert path.exists(), f"no snapshot {path.name}: run with CAIRN_UPDATE_SNAPSHOTS=1"
    assert got == json.loads(path.read_text()), f"the drawing's structure changed ({path.name})"


def test_every_shipped_ruleset_has_a_drawing_of_its_own() -> None:
    shipped = shipped_rulesets()
    assert shipped, "the shipped games are registered"
    assert [r for r in shipped if painter(r) is FALLBACK] == []


@pytest.mark.parametrize(
    "ruleset", registry.every_version(), ids=lambda r: f"{r.id}-{r.rules_version}"
)
def test_a_registered_drawing_is_found_where_the_registration_says(ruleset: Any) -> None:
    where = ruleset.presentation.drawing
    if where is None:
        pytest.skip(f"{ruleset.id} names no drawing: the viewer draws its view as text")
    assert isinstance(load(where), Painter)


def test_a_drawing_that_names_no_painter_is_refused() -> None:
    with pytest.raises(TypeError, match="is not a Painter"):
        load("domain.core.drawing.board:Board")


@pytest.mark.parametrize("ruleset_id", shipped_rulesets())
@pytest.mark.parametrize("viewer", [None, 0])
def test_a_fixed_position_draws_the_same_structure(ruleset_id: str, viewer: int | None) -> None:
    check(
        f"{ruleset_id}-{'spectator' if viewer is None else f'seat{viewer}'}",
        draw(board_of(ruleset_id, viewer)),
    )


def test_the_snapshot_comparison_sees_a_lost_element() -> None:
    svg = draw(board_of("peninsula", None))
    tree = ElementTree.fromstring(svg)
    icons = next(e for e in tree.iter() if e.attrib.get("class") == "icons")
    icons.remove(next(iter(icons)))
    with pytest.raises(AssertionError, match="structure changed"):
        check(
            "peninsula-spectator",
            ElementTree.tostring(tree, encoding="unicode"),
            may_update=False,
        )


def test_a_ruleset_without_a_drawing_gets_its_view_as_text() -> None:
    board = Board("counting", {"count": 3, "hand": [2, 5]}, None, 2, None, 7)
    tree = ElementTree.fromstring(draw(board))
    lines = [e for e in tree.iter() if e.attrib.get("class") == "view-line"]
    assert [e.attrib["data-key"] for e in lines] == ["count", "hand"]
    assert lines[1].text == "hand: [2, 5]"
