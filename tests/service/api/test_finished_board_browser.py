"""A finished game's board in a real browser (#24): ann resigns against a bot in each
shipped ruleset, and the board her page shows tells nobody to click any more (the rules'
view of a resigned game still names a seat to act), while each seat's part of it shows
the seat's colour, named for a screen reader. Debian's chromium under Playwright
(test_viewer_browser.py); screenshots go to ``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import time

import httpx
import pytest
from playwright.sync_api import Page, Route, expect

from domain.core.drawing.seats import COLOUR_NAMES
from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import against_a_bot, browser, errors, page
from tests.service.api.test_viewer_browser import screenshot
from tests.service.viewer.test_finished_boards import INSTRUCTIONS
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_a_resigned_game_s_board_gives_no_instructions_and_shows_seat_colours(
    server: Server, http: httpx.Client, page: Page, ruleset: str
) -> None:
    game_id, token = against_a_bot(http, ruleset)
    server.quiet()
    resigned = http.post(f"/games/{game_id}/resign", headers={"Authorization": f"Bearer {token}"})
    assert resigned.status_code == 200, resigned.text
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#ending")).to_contain_text("by resignation")
    board = page.locator("#board svg")
    expect(board).to_be_visible()
    said = board.evaluate("svg => [...svg.querySelectorAll('text, title')].map(e => e.textContent)")
    assert [words for words in said if INSTRUCTIONS.search(words)] == []
    swatches = board.locator(".seat-colour title")
    expect(swatches).to_have_text([f"seat {s}'s colour: {COLOUR_NAMES[s]}" for s in (0, 1)])
    screenshot(page, f"resigned-{ruleset}")
    # Every score column of the result can be reached: its region (focusable, so the
    # keyboard scrolls it too) scrolled to its end, the last heading lies inside the panel.
    reach = page.locator("#result .scroll").evaluate(
        """region => { region.scrollLeft = region.scrollWidth;
        const last = [...region.querySelectorAll('th')].pop().getBoundingClientRect();
        const panel = document.getElementById('result').getBoundingClientRect();
        return [last.right, panel.right]; }"""
    )
    assert reach[0] <= reach[1], f"the result's last column ends at {reach[0]}, past {reach[1]}"


def test_a_panel_that_loads_late_still_hears_the_game(
    server: Server, http: httpx.Client, page: Page
) -> None:
    """The table panel (table.js, a module) is fetched slowly, as on a loaded machine or a
    slow network: it must still show the result, which it draws when the viewer says what
    game it read. The viewer used to read the game as soon as its own script ran, and a
    panel that came later never heard of it (the CI failure of 2026-12-04)."""
    game_id, token = against_a_bot(http, "peninsula")
    server.quiet()
    resigned = http.post(f"/games/{game_id}/resign", headers={"Authorization": f"Bearer {token}"})
    assert resigned.status_code == 200, resigned.text

    def late(route: Route) -> None:
        time.sleep(1.5)
        route.continue_()

    page.route("**/viewer/static/table.js", late)
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#ending")).to_contain_text("by resignation")
