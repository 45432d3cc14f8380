"""A whole two-seat Peninsula game played in a real browser by clicking on the board only
(#24): started from the home page's "new game" against a greedy bot, every move of the
seat (drafting a card, drawing an icon and its arrow, filling, claiming a mission, ending
its actions) made by clicking the board's highlighted places in order and then the move
the board offers, never the list of choices, until the result panel shows.

The test reads the seat's choices over HTTP only to decide which move to make; the page
gets every click, and each move is sent from its preview on the board. Screenshots
(start, mid-game, result) go to ``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.api.composing import sent_from_the_preview
from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import errors, page
from tests.service.api.test_viewer_browser import browser, screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures, shared with the other browser tests
LIKED = ("draft_card", "choose_icons", "claim_mission", "draw_icon", "fill_icon", "end_actions")
"""The seat's moves, best first: it walks at most once a round (moving the architect could
go on for ever), so every round ends."""
MOST_MOVES = 400
SETTLING = 300
MIDGAME = 20
"""The seat's moves before the mid-game picture (of an icon drawn, or any move after twice
as many): it ends its actions in each of 24 rounds."""
MINE = '#board svg [data-seat="0"]'
REASON = re.compile(r"ending now gives up the \w+|icon used: move, fill or claim, then end actions")


def seat_to_act(server: Server, http: httpx.Client, game_id: str) -> dict[str, Any]:
    """The game once seat 0 is to act or it is over: the bot settled, and the rules' own
    step (the administration phase once both seats are done) taken."""
    for _ in range(SETTLING):
        server.quiet()
        game: dict[str, Any] = http.get(f"/games/{game_id}").json()
        if game["is_terminal"] or 0 in game["to_act"]:
            return game
        time.sleep(0.1)
    raise AssertionError(f"seat 0 never came to act: {game['to_act']}")


def chosen(choices: list[dict[str, Any]], moved: bool) -> dict[str, Any]:
    """The seat's liked move; with no icon to draw, it walks the architect once a round."""
    kinds = {c["command"]["type"] for c in choices}
    walk = not moved and "draw_icon" not in kinds and "move_architect" in kinds
    kind = "move_architect" if walk else next(k for k in LIKED if k in kinds)
    return next(c for c in choices if c["command"]["type"] == kind)


def click_place(page: Page, place: str) -> None:
    """The highlighted place on the seat's own sheet, or elsewhere on the board (a card,
    a mission), as compose.js finds it."""
    own = page.locator(f'{MINE} .pickable[data-place="{place}"]')
    target = own if own.count() else page.locator(f'#board svg .pickable[data-place="{place}"]')
    target.first.click()
    marked = f'#board svg :is(.picked, .previewed)[data-place="{place}"]'
    expect(page.locator(marked).first).to_be_attached()


def made_on_the_board(page: Page, choice: dict[str, Any], version: int) -> None:
    """The choice's places clicked in order, its preview checked, then sent from it."""
    assert choice["places"], f"{choice['text']!r} has no place on the board"
    for place in choice["places"]:
        click_place(page, place)
    sent_from_the_preview(page, choice["text"])
    # The page moves on from that version (or, once the game is over, hides its play).
    expect(page.locator(f'#play[data-version="{version}"]:visible')).to_have_count(0)


def test_a_whole_peninsula_game_is_played_by_clicks_on_the_board(
    server: Server, http: httpx.Client, page: Page
) -> None:
    page.goto(f"{server.url}/")
    page.locator("#new-ruleset").select_option("peninsula")
    expect(page.locator("#new-seat-1")).to_have_value("bot:greedy")
    page.locator("#new-name").fill("ann")
    page.click("#new-start")
    page.wait_for_url("**/games/*/viewer*")
    game_id = page.url.split("/games/")[1].split("/")[0]
    token = page.evaluate(f"localStorage.getItem('cairn:token:{game_id}')")
    auth = {"Authorization": f"Bearer {token}"}
    kinds: list[str] = []
    moved = pictured = False
    told = 0
    for _ in range(MOST_MOVES):
        game = seat_to_act(server, http, game_id)
        if game["is_terminal"]:
            break
        offered = http.get(f"/games/{game_id}/choices", headers=auth).json()
        assert offered["choices"], f"seat 0 is to act with nothing to do: {game['view']}"
        choice = chosen(offered["choices"], moved)
        kind = choice["command"]["type"]
        moved = kind == "move_architect" or (moved and kind != "end_actions")
        # The page shows the position the choices were read at (picks reset on a new one).
        expect(page.locator(f'#play[data-version="{offered["version"]}"]')).to_be_attached()
        if not kinds:
            screenshot(page, "board-game-peninsula-start")
        drawing = kind == "draw_icon" or len(kinds) >= 2 * MIDGAME
        if not pictured and len(kinds) >= MIDGAME and drawing:
            # Mid-game, a move begun: its first place picked, what may follow offered.
            click_place(page, choice["places"][0])
            screenshot(page, "board-game-peninsula-mid")
            page.click("#compose-reset")
            pictured = True
        if kind == "end_actions" and game["phase"] == "actions":
            # The page says why a seat might end its actions, under its sheet.
            expect(page.locator(f"{MINE} .reason")).to_contain_text(REASON)
            told += 1
        made_on_the_board(page, choice, offered["version"])
        kinds.append(kind)
    else:
        pytest.fail(f"the game did not end in {MOST_MOVES} moves")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#ending")).to_contain_text("by the rules")
    expect(page.locator("#result-table tbody tr")).to_have_count(2)
    screenshot(page, "board-game-peninsula-result")
    assert {"draft_card", "draw_icon", "end_actions"} <= set(kinds), sorted(set(kinds))
    assert pictured, f"the game ended within {2 * MIDGAME} moves of the seat"
    assert told, "the page said why to end the seat's actions"
