"""Every place on every shipped ruleset's board is named in words of its own (#24): a
screen reader reads a highlighted place by its ``data-label``, else its own ``<title>``
(compose.js ``labelOf``), and without either by its bare id, which is no name ("-3,-2").
Checked along the golden replays, at a sample of decisions, for each seat's board."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from domain.core.drawing.board import Board
from domain.games import load_all
from service.api.rulesets import served_content
from service.application.loading import ruleset_for
from service.replays import parse
from service.trail import states_along
from service.viewer.drawings import draw
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets

load_all()

TITLE = "{http://www.w3.org/2000/svg}title"
EVERY = 5  # every fifth decision: the places a board draws change slowly along a game


def names(svg: str) -> dict[str, str | None]:
    """Each place drawn (its ``data-place``) and the words a screen reader is given for it,
    as compose.js finds them: its ``data-label``, else its own ``<title>``."""
    found: dict[str, str | None] = {}
    for node in ElementTree.fromstring(svg).iter():
        place = node.get("data-place")
        if not place:
            continue
        titles = [child.text for child in node if child.tag == TITLE]
        found[place] = node.get("data-label") or (titles[0] if titles else None)
    return found


def named_along(path: Path) -> dict[str, str | None]:
    trail = parse(path.read_text(encoding="utf-8"))
    game = trail.game
    ruleset = ruleset_for(game)
    content = served_content(game.ruleset, game.content_hash)
    ends = sorted(group[-1].seq for group in trail.decisions())
    sampled = set(ends[::EVERY]) | {ends[-1]}
    found: dict[str, str | None] = {}
    for stored, (_, state) in zip(trail.events, states_along(ruleset, trail), strict=True):
        if stored.seq not in sampled:
            continue
        for seat in range(game.seats):
            view = dict(ruleset.view(state, seat))
            svg = draw(Board(game.ruleset, view, content, game.seats, seat, stored.seq))
            for place, name in names(svg).items():
                if not found.get(place):
                    found[place] = name
    return found


def replays() -> list[Any]:
    return [
        pytest.param(path, id=f"{ruleset_id}/{path.stem}")
        for ruleset_id in shipped_rulesets()
        for path in golden_replays(ruleset_id)[:1]
    ]


@pytest.mark.parametrize("path", replays())
def test_every_place_has_a_name_in_words(path: Path) -> None:
    found = named_along(path)
    assert found, "no place drawn along the replay"
    unnamed = sorted(place for place, name in found.items() if not name)
    assert unnamed == [], f"read by their bare ids: {unnamed[:10]}"
    wordless = sorted(name for name in found.values() if name and not re.search("[a-z]{2}", name))
    assert wordless == [], f"names without words: {wordless[:10]}"


def test_a_five_peaks_cell_is_named_by_the_axes_the_board_prints() -> None:
    # The board prints each column's x over it and each row's y left of it (pieces._cells).
    (path,) = [p for p in golden_replays("five-peaks") if p.stem == "two-seats-greedy"]
    found = named_along(path)
    assert found["-3,-2"] == "column -3, row -2"
    assert found["4,2"] == "column 4, row 2"
