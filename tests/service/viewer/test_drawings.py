"""Snapshot tests of each shipped ruleset's drawing at the positions its snapshots name
(``replays/<id>/viewer/``, written by ``cairn ruleset record``), compared as structure
(``service/viewer/snapshots.py``), not bytes: moving a hex by a pixel or changing a colour
is no failure, losing an icon, a ticket or a bid is.

``CAIRN_UPDATE_SNAPSHOTS=1`` rewrites the structure in the snapshots there; review their
diff like code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from domain.core.drawing.board import FALLBACK, Board, Painter
from domain.games import load_all
from service.replays import parse
from service.viewer.drawings import draw, load, painter
from service.viewer.snapshots import board_at, structure
from tests.support.recordings import (
    REPLAYS,
    golden_replays,
    missing,
    read,
    viewer_snapshots,
)
from tests.support.rulesets import every_version
from tests.support.shipped import shipped_rulesets

load_all()


def board_from(ruleset_id: str, shot: dict[str, Any]) -> Board:
    """The board a snapshot was taken of: its replay, after its event, as its viewer."""
    trail = parse((REPLAYS / ruleset_id / shot["replay"]).read_text(encoding="utf-8"))
    return board_at(trail, shot["at"], shot["viewer"])


def board_of(ruleset_id: str, viewer: int | None) -> Board:
    """The board of the ruleset's first snapshot taken as ``viewer``."""
    for path in viewer_snapshots(ruleset_id):
        shot = read(path)
        if shot["viewer"] == viewer:
            return board_from(ruleset_id, shot)
    folder = REPLAYS / ruleset_id / "viewer"
    pytest.fail(missing(f"viewer snapshot as {viewer}", ruleset_id, folder), pytrace=False)


def check(path: Path, svg: str, *, may_update: bool = True) -> None:
    shot = read(path)
    got = structure(svg)
    if may_update and os.environ.get("CAIRN_UPDATE_SNAPSHOTS") == "1":
        shot["structure"] = got
        path.write_text(json.dumps(shot, indent=1, ensure_ascii=False) + "\n")
    assert got == shot["structure"], f"the drawing's structure changed ({path.name})"


def test_every_shipped_ruleset_has_a_drawing_of_its_own() -> None:
    shipped = shipped_rulesets()
    assert shipped, "the shipped games are registered"
    assert [r for r in shipped if painter(r) is FALLBACK] == []


@pytest.mark.parametrize("ruleset", every_version())
def test_a_registered_drawing_is_found_where_the_registration_says(ruleset: Any) -> None:
    where = ruleset.presentation.drawing
    if where is None:
        pytest.skip(f"{ruleset.id} names no drawing: the viewer draws its view as text")
    assert isinstance(load(where), Painter)


def test_a_drawing_that_names_no_painter_is_refused() -> None:
    with pytest.raises(TypeError, match="is not a Painter"):
        load("domain.core.drawing.board:Board")


@pytest.mark.parametrize("ruleset_id", shipped_rulesets())
def test_each_snapshot_draws_the_same_structure(ruleset_id: str) -> None:
    snapshots = viewer_snapshots(ruleset_id)
    assert {read(p)["viewer"] for p in snapshots} >= {None, 0}, "a spectator's and a seat's"
    for path in snapshots:
        check(path, draw(board_from(ruleset_id, read(path))))


def test_the_snapshot_comparison_sees_a_lost_element() -> None:
    path = next(p for p in viewer_snapshots("peninsula") if read(p)["viewer"] is None)
    tree = ElementTree.fromstring(draw(board_from("peninsula", read(path))))
    icons = next(e for e in tree.iter() if e.attrib.get("class") == "icons")
    icons.remove(next(iter(icons)))
    with pytest.raises(AssertionError, match="structure changed"):
        check(path, ElementTree.tostring(tree, encoding="unicode"), may_update=False)


def test_a_ruleset_without_recordings_fails_with_the_command_that_records_them(
    tmp_path: Path,
) -> None:
    for find in (golden_replays, viewer_snapshots):
        with pytest.raises(pytest.fail.Exception, match="`cairn ruleset record new-game`"):
            find("new-game", tmp_path)


def test_a_ruleset_without_a_drawing_gets_its_view_as_text() -> None:
    board = Board("counting", {"count": 3, "hand": [2, 5]}, None, 2, None, 7)
    tree = ElementTree.fromstring(draw(board))
    lines = [e for e in tree.iter() if e.attrib.get("class") == "view-line"]
    assert [e.attrib["data-key"] for e in lines] == ["count", "hand"]
    assert lines[1].text == "hand: [2, 5]"
