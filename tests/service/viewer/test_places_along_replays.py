"""Moves made on the board (#24), at every decision of every golden replay: each legal
command of each seat has places (``Painter.places``, and any other order of them,
``Painter.orders``, and the places its preview's ghosts go), and each of them is drawn on
the board that seat sees there (a ``data-place`` on its own sheet, or anywhere on the
board), so the page can highlight it and compose the move by clicks alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from domain.core.drawing.board import Board
from domain.games import load_all
from service.api.rulesets import served_content
from service.application.app import command_to_json
from service.application.loading import ruleset_for
from service.replays import parse
from service.trail import states_along
from service.viewer.drawings import draw, painter
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets

load_all()


def drawn_places(svg: str, seat: int) -> set[str]:
    """The places the page can highlight for ``seat``: those on its own part of the board
    (``data-seat``), and those outside every seat's part (compose.js looks in the seat's
    part first, then the whole board; a place only on another seat's part is not the
    seat's to click)."""
    root = ElementTree.fromstring(svg)
    parts = [e for e in root.iter() if e.get("data-seat") is not None]
    inside = {id(e) for part in parts for e in part.iter()}
    mine = {e.get("data-place") for p in parts if p.get("data-seat") == str(seat) for e in p.iter()}
    shared = {e.get("data-place") for e in root.iter() if id(e) not in inside}
    return {p for p in mine | shared if p}


def replays() -> list[Any]:
    found = []
    for ruleset_id in shipped_rulesets():
        found += [
            pytest.param(path, id=f"{ruleset_id}/{path.stem}")
            for path in golden_replays(ruleset_id)
        ]
    return found


def missing_places(path: Path) -> list[tuple[int, int, str, list[str]]]:
    """Every (event, seat, command, its places not drawn) along the replay's decisions."""
    trail = parse(path.read_text(encoding="utf-8"))
    game = trail.game
    ruleset = ruleset_for(game)
    content = served_content(game.ruleset, game.content_hash)
    drawn = painter(game.ruleset)
    ends = {group[-1].seq for group in trail.decisions()}
    wrong = []
    for stored, (_, state) in zip(trail.events, states_along(ruleset, trail), strict=True):
        if stored.seq not in ends:
            continue
        for seat in range(game.seats):
            commands = [command_to_json(c) for c in ruleset.legal_commands(state, seat)]
            if not commands:
                continue
            view = dict(ruleset.view(state, seat))
            svg = draw(Board(game.ruleset, view, content, game.seats, seat, stored.seq))
            there = drawn_places(svg, seat)
            for command in commands:
                used = drawn.places(command, content)
                # every other order the page accepts starts from places drawn there too
                others = [p for order in drawn.orders(command, content) for p in order]
                # and a preview's ghosts are drawn on places the seat sees
                others += [g.place for g in drawn.ghosts(command, content)]
                lost = [p for p in [*used, *others] if p not in there]
                if not used or lost:
                    wrong.append((stored.seq, seat, drawn.say(command, content), lost))
    return wrong


@pytest.mark.parametrize("path", replays())
def test_every_legal_command_is_made_on_places_drawn_on_the_board(path: Path) -> None:
    wrong = missing_places(path)
    assert wrong == [], f"{len(wrong)} commands without drawn places, first: {wrong[:5]}"
