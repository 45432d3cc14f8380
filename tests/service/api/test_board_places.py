"""Moves made on the board (#24): every place a seat's choice uses is a place its board
drawing marks (``data-place``), so the page can highlight it and compose the move there."""

from __future__ import annotations

import httpx
import pytest

from domain.core.drawing.board import no_places
from service.viewer.drawings import painter
from tests.service.api.conftest import Server
from tests.service.api.playing import Table, seats_for
from tests.service.viewer.test_places_along_replays import drawn_places
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
PLACED = [r for r in shipped_rulesets() if painter(r).places is not no_places]
MOST_STEPS = 30


def test_a_ruleset_marks_its_places() -> None:
    assert set(shipped_rulesets()) == set(PLACED), "every move is made on its board"


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
            assert used <= drawn_places(board, 0), used - drawn_places(board, 0)
            checked += 1
        if checked >= 3 or not table.step():
            break
    assert checked, "some choice used a place within the first moves"
