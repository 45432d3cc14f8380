"""A whole two-seat Peloponnes game played in a real browser by clicking on the board
only (#24): started from the home page's "new game" against a greedy bot, every move of
the seat composed from the highlighted places (tiles, coins, goods, the decision band's
buttons) and sent from its preview on the board, never from the list of moves, until
the result panel. Screenshots at the start, halfway and at the result go to
``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.api.composing import sent_from_the_preview
from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import browser, errors, game_of, page
from tests.service.api.test_viewer_browser import screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures
MOST_MOVES = 300
"""A bound, not a target: a two-seat game took the seat some 20 to 30 moves."""


def make_one_move(page: Page) -> list[str]:
    """Click highlighted places until the board offers moves (or previews the one they
    make), then send the first from its preview; the places clicked, in order."""
    clicked = []
    moves = page.locator("#compose-moves button.compose-move, #compose[data-preview]")
    for _ in range(12):
        if moves.count():
            break
        # a tile when one may be picked (else a bid would always be "withdraw")
        tiles = page.locator("#board svg g.tile.pickable")
        place = tiles.first if tiles.count() else page.locator("#board svg .pickable").first
        expect(place).to_be_visible()
        clicked.append(place.get_attribute("data-place") or "")
        place.click()
        expect(page.locator("#compose-status")).to_contain_text(re.compile("Picked|Preview"))
    sent_from_the_preview(page)
    return clicked


def every_event(http: httpx.Client, game_id: str) -> list[dict[str, Any]]:
    """The game's events, read page after page."""
    events: list[dict[str, Any]] = []
    while True:
        after = events[-1]["seq"] if events else 0
        read = http.get(f"/games/{game_id}/events", params={"after": after}).json()["events"]
        if not read:
            return events
        events += read


def test_a_whole_game_is_played_on_the_board_against_a_bot(
    server: Server, http: httpx.Client, page: Page
) -> None:
    page.goto(f"{server.url}/")
    page.locator("#new-ruleset").select_option("peloponnes")
    expect(page.locator("#new-seat-1")).to_have_value("bot:greedy")
    page.locator("#new-name").fill("ann")
    page.click("#new-start")
    page.wait_for_url("**/games/*/viewer*")
    game_id = game_of(page)
    played: list[list[str]] = []
    for _ in range(MOST_MOVES):
        server.quiet()
        game: dict[str, Any] = http.get(f"/games/{game_id}").json()
        if game["status"] == "finished":
            break
        expect(page.locator(f'#play[data-version="{game["version"]}"]')).to_be_attached()
        expect(page.locator("#compose")).to_be_visible()
        if not played:
            screenshot(page, "board-game-peloponnes-start")
        played.append(make_one_move(page))
        # read again: at a newer version, or hidden once the move ended the game
        answered = f'#play[data-version="{game["version"]}"]:not([hidden])'
        expect(page.locator(answered)).not_to_be_attached()
        expect(page.locator("#message")).to_be_hidden()  # the move was taken
        if len(played) == 10:
            screenshot(page, "board-game-peloponnes-mid")
    else:
        pytest.fail(f"the game did not end within {MOST_MOVES} moves")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#ending")).to_contain_text("by the rules")
    expect(page.locator("#result-table tbody tr")).to_have_count(2)
    screenshot(page, "board-game-peloponnes-result")
    # every move the seat made is one it composed on the board
    mine = [e for e in every_event(http, game_id) if e["actor"] == "seat:0" and e.get("command")]
    # eight rounds, and every seat bids (or passes) at least once a round (reference, "A
    # round"): a game with few outbids gives the seat as few as eight decisions
    assert len(mine) == len(played) >= 8, (len(mine), len(played))
    kinds = {p.split(":")[0] for move in played for p in move}
    assert "coins" in kinds, kinds  # bids made of a tile and its coins
