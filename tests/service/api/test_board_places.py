"""Moves made on the board (#24): every place a seat's choice uses is a place its board
drawing marks (``data-place``), so the page can highlight it and compose the move there."""

from __future__ import annotations

from xml.etree import ElementTree

import httpx
import pytest

from domain.core.drawing.board import no_places
from service.viewer.drawings import painter
from tests.service.api.conftest import Server
from tests.service.api.playing import Table, seats_for
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
PLACED = [r for r in shipped_rulesets() if painter(r).places is not no_places]
MOST_STEPS = 30


def found_places(svg: str, seat: int, used: set[str]) -> set[str]:
    """The used places the page finds where it looks for each (compose.js): on the seat's
    own part of the board (its sheet), or outside every seat's part (a shared row); a
    place drawn only on another seat's part is not found."""
    root = ElementTree.fromstring(svg)
    parts = [g for g in root.iter() if g.get("data-seat") is not None and len(g)]
    own = {e.get("data-place") for g in parts if g.get("data-seat") == str(seat) for e in g.iter()}
    seated = {e.get("data-place") for g in parts for e in g.iter()}
    shared = {e.get("data-place") for e in root.iter()} - seated
    return {p for p in used if p in own or p in shared}


def test_a_ruleset_marks_its_places() -> None:
    assert {"peninsula", "peloponnes"} <= set(PLACED), "moves are made on their boards"


@pytest.mark.parametrize("ruleset", PLACED)
def test_every_place_a_choice_uses_is_drawn_on_the_seats_board(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=1))
    checked = 0
    for _ in range(MOST_STEPS):
        server.quiet()
        offered = http.get(f"/games/{table.game_id}/choices", headers=table.auth(0)).json()
        used = {p for c in offered["choices"] for p in c["places"]}
        if used:
            board = http.get(f"/games/{table.game_id}/board.svg", headers=table.auth(0)).text
            assert used <= found_places(board, 0, used), used - found_places(board, 0, used)
            checked += 1
        if checked >= 3 or not table.step():
            break
    assert checked, "some choice used a place within the first moves"
