"""A whole Five Peaks game played on the board (#24): started from the home page's "new
game" against the greedy bot, every move made by clicking highlighted places on the
drawing (never the list of choices) and sent from its preview, until the result panel
shows. Debian's chromium, driven by Playwright (test_viewer_browser.py); screenshots of
the start, the middle and the end go to ``tests/artifacts/viewer/``.

The ruleset has no option that shortens a game, so the seat plays its first turns in full
(cards, moves, tiles, market, campfire...) and then ends its turns at once, leaving the bot
to meet the end conditions: a bounded number of clicks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from tests.service.api.composing import READY, sent_from_the_preview
from tests.service.api.conftest import Server
from tests.service.api.test_accessibility_browser import violations
from tests.service.api.test_viewer_browser import WAIT_MS, browser, screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser"]  # the fixture, shared with the viewer's own browser test
FULL_TURNS = 6
"""Turns the seat plays in full before it only ends its turns."""
MOST_DECISIONS = 900
MOST_SECONDS = 1500.0
AVOID = ("give ", "take ", "exchange", "pass")
"""Places chosen only when nothing else is offered: converting and exchanging repeat
without end, and passing plays nothing."""
PICKABLE = "[...document.querySelectorAll('#board .pickable')].map((e) => e.dataset.place)"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    opened = context.new_page()
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    opened.on("console", on_console)
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.set_default_timeout(WAIT_MS)
    yield opened
    context.close()
    assert errors == [], "console errors on the page"


def choose(places: list[str], full: bool, luck: random.Random) -> str:
    """The place to click: in the full turns any but those to avoid; later the end of the
    turn (or of a reward or a step) whenever it is offered."""
    if not full and "pass" in places:
        return "pass"
    return luck.choice([p for p in places if not p.startswith(AVOID)] or places)


def test_a_whole_game_is_played_by_clicking_on_the_board(
    server: Server, http: httpx.Client, page: Page
) -> None:
    page.goto(f"{server.url}/")
    page.locator("#new-ruleset").select_option("five-peaks")
    expect(page.locator("#new-seat-1")).to_have_value("bot:greedy")
    page.locator("#new-name").fill("ann")
    page.click("#new-start")
    page.wait_for_url("**/games/*/viewer*")
    game_id = page.url.split("/games/")[1].split("/")[0]
    luck = random.Random(game_id)
    started = time.monotonic()
    kinds: set[str] = set()
    decisions = 0
    turns: set[int] = set()
    shots = {"start": False, "middle": False}
    while True:
        server.quiet(timeout=120)
        game = http.get(f"/games/{game_id}").json()
        if game["status"] == "finished":
            break
        assert decisions < MOST_DECISIONS and time.monotonic() - started < MOST_SECONDS
        expect(page.locator(f'#play[data-version="{game["version"]}"]')).to_be_attached()
        expect(page.locator("#board .pickable").first).to_be_attached()
        if not shots["start"]:
            screenshot(page, "five-peaks-board-start")
            shots["start"] = True
        turns.add(game["view"]["turns_taken"])
        full = len(turns) <= FULL_TURNS
        while True:
            # A stream message may redraw the board between two clicks: the page marks
            # its places again at once, so the test waits for either.
            page.wait_for_function(READY)
            if page.locator("#compose-moves button, #compose[data-preview]").count():
                break
            offered = page.evaluate(PICKABLE)
            if not offered:
                continue  # redrawn between the wait and the look
            place = choose(offered, full, luck)
            kinds.add(place.split(" ")[0])
            page.locator(f'#board .pickable[data-place="{place}"]').first.click()
        if full and not shots["middle"] and kinds & {"new", "market"}:
            screenshot(page, "five-peaks-board-composed")
            # Places a move is being composed from are named controls, as axe-core sees.
            assert violations(page) == [], "serious accessibility violations"
            shots["middle"] = True
        sent_from_the_preview(page)
        decisions += 1
        # Sent: the page offers the next version's moves, or none once the game is over.
        shown = page.locator(f'#play[data-version="{game["version"]}"]:not([hidden])')
        expect(shown).not_to_be_attached()
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-table tbody tr")).to_have_count(2)
    screenshot(page, "five-peaks-board-result")
    steps = http.get(f"/games/{game_id}/steps").json()["steps"]
    mine = {s["at"] for s in steps if s["actor"] == "seat:0"}  # a decision's end each
    assert len(mine) == decisions > FULL_TURNS, "seat 0's moves were made from the board"
    assert len(turns) > FULL_TURNS, "seat 0 played turns in full and then ended them"
    assert {"card", "pass"} <= kinds, kinds
