"""Five Peaks on a phone (#24): along the golden replays, the board drawn ``narrow`` is no
wider than a phone shows at a tappable size, and it is the desktop's board cut into bands:
every place the page may highlight (``data-place``) is drawn exactly once and they are the
desktop's places, every tile is named once and every space drawn once, and what a band
repeats of a tile crossing into it is hidden from screen readers and takes no click."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
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

load_all()
RULESET = "five-peaks"
PHONE_UNITS = 340.0
"""The widest drawing a 390 px phone shows at 1.1 CSS px a unit (viewer.js's TAPPABLE)
in the page's 374 px."""
SVG = "{http://www.w3.org/2000/svg}"
EVERY = 3


def counted(svg: str, attribute: str) -> Counter[str]:
    root = ElementTree.fromstring(svg)
    return Counter(e.get(attribute, "") for e in root.iter()) - Counter({"": 10**9})


def faults(narrow: str, wide: str) -> list[str]:
    """What is wrong with the narrow drawing, the wide one of the same board beside it."""
    root = ElementTree.fromstring(narrow)
    found = []
    width = float(root.get("viewBox", "").split()[2])
    if width > PHONE_UNITS:
        found.append(f"{width} units wide")
    places = counted(narrow, "data-place")
    found += [f"{place} drawn {n} times" for place, n in places.items() if n > 1]
    if set(places) != set(counted(wide, "data-place")):
        found.append(f"places differ: {set(places) ^ set(counted(wide, 'data-place'))}")
    if counted(narrow, "data-tile") != counted(wide, "data-tile"):
        found.append("the tiles named differ from the desktop's")
    spaces = [e for e in root.iter(f"{SVG}g") if "space" in e.get("class", "").split()]
    if len(spaces) != sum(1 for e in ElementTree.fromstring(wide).iter(f"{SVG}g")
                          if "space" in e.get("class", "").split()):  # fmt: skip
        found.append(f"{len(spaces)} spaces drawn, not the desktop's number")
    for repeat in (e for e in root.iter(f"{SVG}g") if "repeat" in e.get("class", "").split()):
        shape = repeat[0]
        if (
            shape.get("aria-hidden") != "true"
            or repeat.get("data-tile")
            or any(e.get("data-place") for e in repeat.iter())
        ):
            found.append("a repeated tile is named, takes a click or is not hidden")
    return found


def check(path: Path) -> tuple[int, int, list[str]]:
    """Boards checked, tiles repeated across a band's edge, and every fault found, at the
    decisions' ends checked, as each seat to act and a spectator see it."""
    trail = parse(path.read_text(encoding="utf-8"))
    game = trail.game
    ruleset = ruleset_for(game)
    content = served_content(game.ruleset, game.content_hash)
    # Every third decision's end and the last (the widest board): every decision's end, as
    # each seat and a spectator, took minutes, and the bands change only as the board grows.
    decided = [group[-1].seq for group in trail.decisions()]
    ends = set(decided[::EVERY]) | {decided[-1]}
    boards, repeats, wrong = 0, 0, []
    for stored, (_, state) in zip(trail.events, states_along(ruleset, trail), strict=True):
        if stored.seq not in ends:
            continue
        for seat in [None, *sorted(ruleset.to_act(state))]:
            view = dict(ruleset.view(state, seat))
            board = Board(RULESET, view, content, game.seats, seat, stored.seq)
            narrow = draw(replace(board, narrow=True))
            wrong += [f"after {stored.seq} as {seat}: {f}" for f in faults(narrow, draw(board))]
            boards += 1
            repeats += narrow.count(" repeat")
    return boards, repeats, wrong


@pytest.mark.parametrize("path", golden_replays(RULESET), ids=lambda p: p.stem)
def test_the_phone_board_is_the_desktop_board_in_bands(path: Path) -> None:
    boards, repeats, wrong = check(path)
    assert wrong == [], "\n".join(wrong[:15])
    assert boards > 20 and repeats > 0, "the replay grows a board wider than one band"
