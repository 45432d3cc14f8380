"""A seat has one colour everywhere (#24): the table and move list (keep.js), the
analysis graph (analysis.js) and every ruleset's drawing name the same colours in the same
order. The issue found the graph and the Five Peaks board apart, and the Peninsula and
Peloponnes boards with no seat colour at all."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from domain.core import registry
from domain.core.drawing.seats import COLOUR_NAMES, SEAT_COLOURS
from domain.games import load_all
from service.replays import parse
from service.viewer.drawings import draw
from service.viewer.snapshots import board_at
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets

load_all()

STATIC = Path(__file__).parents[3] / "service" / "viewer" / "static"
LISTS = {"keep.js": "SEAT_COLOURS"}
SVG = "{http://www.w3.org/2000/svg}"
SEAT_PARTS = {"five-peaks": "hiker", "peloponnes": "seat", "peninsula": "sheet"}
"""The class of the group that is one seat's part of each ruleset's drawing."""


def colours_in(script: str, name: str) -> tuple[str, ...]:
    """The colours of the array ``name`` declares in ``script``."""
    found = re.search(rf"\b{name}\s*=\s*\[([^\]]*)\]", (STATIC / script).read_text())
    assert found, f"{script} declares no {name}"
    return tuple(re.findall(r'"(#[0-9a-fA-F]{6})"', found.group(1)))


def test_the_pages_and_the_drawings_give_a_seat_one_colour() -> None:
    for script, name in LISTS.items():
        assert colours_in(script, name) == SEAT_COLOURS, script
    # Every other page (the analysis graph's included) takes them from keep.js: a copy of
    # its own could drift from the drawings.
    for script in sorted(STATIC.glob("*.js")):
        if script.name not in LISTS:
            text = script.read_text().lower()
            assert not any(colour in text for colour in SEAT_COLOURS), script.name


def test_no_two_seats_of_a_board_game_share_a_colour() -> None:
    """Up to Five Peaks' and Peloponnes' most seats; Peninsula, a roll-and-write for up to
    100, repeats the colours after them (each swatch's title still names its seat)."""
    most = max(registry.get(r).max_seats for r in ("five-peaks", "peloponnes"))
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS) >= most
    assert len(set(COLOUR_NAMES)) == len(COLOUR_NAMES) == len(SEAT_COLOURS)


def test_every_shipped_ruleset_names_the_part_of_a_seat() -> None:
    assert sorted(SEAT_PARTS) == sorted(shipped_rulesets())


def swatches(svg: str, part: str) -> dict[int, tuple[str, str]]:
    """Each seat's part of a drawing: the fill and the title of the colour swatch in it."""
    found = {}
    for seat_part in ElementTree.fromstring(svg).iter(f"{SVG}g"):
        if part not in (seat_part.get("class") or "").split():
            continue
        swatch = seat_part.find(f"{SVG}g[@class='seat-colour']")
        assert swatch is not None, f"seat {seat_part.get('data-seat')} has no colour"
        rect, said = swatch.find(f"{SVG}rect"), swatch.findtext(f"{SVG}title")
        assert rect is not None and said is not None
        found[int(seat_part.get("data-seat", "-1"))] = (rect.get("fill", ""), said)
    return found


@pytest.mark.parametrize("ruleset", sorted(SEAT_PARTS))
def test_each_seat_of_a_drawing_shows_its_colour_and_says_it(ruleset: str) -> None:
    for path in golden_replays(ruleset):
        trail = parse(path.read_text(encoding="utf-8"))
        seats = trail.game.seats
        board = board_at(trail, trail.events[-1].seq, None)
        found = swatches(draw(board), SEAT_PARTS[ruleset])
        assert sorted(found) == list(range(seats)), path.name
        for seat, (fill, said) in found.items():
            assert fill == SEAT_COLOURS[seat], (path.name, seat)
            assert said == f"seat {seat}'s colour: {COLOUR_NAMES[seat]}", (path.name, seat)
