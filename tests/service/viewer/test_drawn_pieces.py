"""What each drawing shows, counted against the view it was drawn from: every piece of the
view is drawn once, with its state, and a seat's own view says which seat is "you"."""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import pytest

from domain.core import Ruleset
from domain.core.drawing.board import FALLBACK, Board
from service.api.rulesets import served_content
from service.viewer.drawings import draw, painter
from tests.service.viewer.test_drawings import board_of
from tests.support.play import play
from tests.support.rulesets import newest, seats_for


def classes(svg: str) -> list[set[str]]:
    tree = ElementTree.fromstring(svg)
    return [set(e.attrib["class"].split()) for e in tree.iter() if "class" in e.attrib]


def count(svg: str, *wanted: str) -> int:
    return sum(1 for c in classes(svg) if set(wanted) <= c)


def test_peninsula_draws_every_icon_arrow_ticket_and_mission() -> None:
    board = board_of("peninsula", None)
    svg = draw(board)
    sheets: list[dict[str, Any]] = list(board.view["sheets"])
    icons = [i for s in sheets for i in s["icons"]]
    assert count(svg, "icon") == len(icons) > 0
    assert count(svg, "icon", "filled") == sum(1 for i in icons if i["filled"])
    assert count(svg, "arrow") == sum(len(s["arrows"]) for s in sheets)
    assert count(svg, "ticket") == sum(len(s["tickets"]) for s in sheets)
    assert count(svg, "architect") == len(sheets)
    assert count(svg, "mission") == len(board.view["missions"])
    assert count(svg, "sheet") == len(sheets)


def test_peninsula_draws_each_seats_controls_and_why_it_might_end_its_actions() -> None:
    board = board_of("peninsula", 0)
    tree = ElementTree.fromstring(draw(board))
    sheets = [e for e in tree.iter() if e.get("data-seat") is not None]
    assert len(sheets) == len(board.view["sheets"])
    for sheet in sheets:
        places = [e.get("data-place") for e in sheet.iter()]
        assert places.count("end actions") == 1
        reasons = ["".join(e.itertext()) for e in sheet.iter() if "reason" in e.get("class", "")]
        assert len(reasons) == 1 and ("end" in reasons[0] or "waiting" in reasons[0]), reasons
    drawn = {e.get("data-place") for e in tree.iter()}
    missions = {f"mission {m['letter']}: {m['vp']} VP" for m in board.view["missions"]}
    assert missions <= drawn, missions - drawn


def test_peloponnes_draws_every_tile_bid_and_disaster() -> None:
    board = board_of("peloponnes", None)
    svg = draw(board)
    view = board.view
    rows = [*view["auction"], *view["conquest"]]
    tableaux = sum(len(s["tableau"]) for s in view["seats"])
    assert count(svg, "tile") == len(rows) + tableaux > 0
    assert count(svg, "bid") == sum(1 for slot in rows if slot["bid"]) > 0
    assert count(svg, "disaster") == len(view["disasters"]["chits"])
    assert count(svg, "chit") == sum(view["disasters"]["chits"].values())
    assert count(svg, "track") == 6 * len(view["seats"])
    drawn = view["disasters"]["last_drawn"]
    assert drawn, "halfway through the game some chits have been drawn"
    assert f"last drawn: {', '.join(drawn)}" in "".join(ElementTree.fromstring(svg).itertext())


def seeded_boards(ruleset: Ruleset[Any, Any, Any]) -> tuple[Board, Board]:
    """The board halfway through a seeded greedy game, as seat 0 and a spectator see it."""
    seats = seats_for(ruleset)
    steps = list(play(ruleset, seats, label=f"viewer:{ruleset.id}", bot="greedy"))
    index = len(steps) // 2
    at = sum(len(s.events) for s in steps[: index + 1])
    content = served_content(ruleset.id, ruleset.content_hash)
    seat, spectator = (
        Board(ruleset.id, dict(ruleset.view(steps[index].state, v)), content, seats, v, at)
        for v in (0, None)
    )
    return seat, spectator


@pytest.mark.parametrize("ruleset", newest())
def test_a_seat_s_drawing_says_which_seat_is_you(ruleset: Ruleset[Any, Any, Any]) -> None:
    """A ruleset's own drawing says which seat is "you" in a seat's board, not in a
    spectator's; the text fallback, which marks no seat, draws every key of the view."""
    seat, spectator = seeded_boards(ruleset)
    if painter(ruleset.id) is FALLBACK:
        drawn = ElementTree.fromstring(draw(seat))
        keys = [e.attrib["data-key"] for e in drawn.iter() if "data-key" in e.attrib]
        assert keys == list(seat.view), "the fallback draws every key of the view"
        return
    assert "(you)" in draw(seat)
    assert "(you)" not in draw(spectator)


def test_five_peaks_draws_every_tile_peak_stone_pawn_and_hiker() -> None:
    board = board_of("five-peaks", None)
    svg = draw(board)
    view = board.view
    assert count(svg, "tile") == len(view["tiles"]) > 1
    assert count(svg, "peak") == len(view["peaks"])
    assert count(svg, "stone") == sum(len(p["stones"]) for p in view["peaks"])
    assert count(svg, "pawn") == count(svg, "hiker") == len(view["hikers"])
    assert count(svg, "space") == sum(
        len(t["spaces"])
        for placed in view["tiles"]
        for t in [*board.content["tiles"], board.content["start"]]
        if t["id"] == placed["tile"]
    )
