"""The seat's page as a player meets it, in a real browser (#24): in Peninsula's actions,
with some forty moves open, the list of every move in words scrolls in its own box instead
of pushing the rest of the page screens down, and a player using the keyboard alone, from
the top of the page, Tabs to the board's first place and makes a move with Enter, the focus
staying on the place picked when the board is drawn again meanwhile; a seat that steps back
to an earlier position mid-move is told its move is made on the game as it is now, and led
back with its picks kept.
Debian's chromium under Playwright (test_viewer_browser.py); screenshots go to
``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import against_a_bot, browser, errors, opened, page
from tests.service.api.test_viewer_browser import REPLAYS, imported, screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures
MINE = '#board svg [data-seat="0"]'
MOST_TABS = 40
FOCUSED_PLACE = "document.activeElement && document.activeElement.matches('#board .pickable')"


def at_the_actions(server: Server, http: httpx.Client, page: Page, game_id: str) -> int:
    """The page once seat 0 may act on its own sheet (the draft made from the list): the
    version it shows then."""
    for _ in range(10):
        server.quiet()
        version: int = http.get(f"/games/{game_id}").json()["version"]
        expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
        if page.locator(f"{MINE} .pickable").count():
            return version
        page.locator("#choices button.choice").first.click()
        expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    raise AssertionError("seat 0 never came to its actions")


def test_every_move_in_words_scrolls_in_its_own_box(
    server: Server, http: httpx.Client, page: Page
) -> None:
    game_id, token = against_a_bot(http, "peninsula")
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    at_the_actions(server, http, page, game_id)
    offered = page.locator("#choices button.choice")
    count = offered.count()
    assert count >= 10, f"ten buttons and more would be taller than the box: {count}"
    expect(page.locator("#play-status")).to_have_text(
        f"Or choose from every move in words ({count}):"
    )
    box = page.locator("#choices").bounding_box()
    assert box is not None and box["height"] <= 19 * 16 + 8, box
    # The rest of the page is near: the fork under the list, not some forty buttons down.
    play = page.locator("#play").bounding_box()
    fork = page.locator("#fork").bounding_box()
    assert play is not None and fork is not None
    assert fork["y"] - (play["y"] + play["height"]) < 200, (play, fork)
    # Every move is still there, the last one too, reached by scrolling the box.
    last = offered.last
    last.scroll_into_view_if_needed()
    expect(last).to_be_in_viewport()
    screenshot(page, "moves-in-a-box-peninsula")


def test_a_move_is_made_with_the_keyboard_alone_from_the_top_of_the_page(
    server: Server, http: httpx.Client, page: Page
) -> None:
    game_id, token = against_a_bot(http, "peninsula")
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    version = at_the_actions(server, http, page, game_id)
    # From the top of the page, as a player opening it (the token is kept in the browser).
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    expect(page.locator(f"{MINE} .pickable").first).to_be_attached()
    for _ in range(MOST_TABS):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_PLACE):
            break
    else:
        pytest.fail(f"no place of the board within {MOST_TABS} Tabs of the top")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')") or ""
    assert name.strip(), "the place focused has a name a screen reader says"
    for _ in range(4):  # each Enter picks the focused place, or the first move that fits
        if page.locator("#compose[data-preview]").count():
            break
        if page.evaluate(FOCUSED_PLACE):
            place = page.evaluate("document.activeElement.dataset.place")
            # What a stream message does (another seat's move, a late message): the board
            # is drawn again, and the keyboard player's focus stays on their place.
            page.evaluate("refresh()")
            expect(page.locator(f'#board .pickable[data-place="{place}"]')).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator("#compose[data-preview]")).to_be_visible()
    expect(page.locator("#compose-send")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    events = http.get(f"/games/{game_id}/events", params={"after": version}).json()["events"]
    assert any(e["actor"] == "seat:0" for e in events), [e["type"] for e in events]


def test_a_seat_stepped_back_is_told_its_move_is_made_now_and_led_back(
    server: Server, http: httpx.Client, page: Page
) -> None:
    game_id, token = against_a_bot(http, "peninsula")
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    version = at_the_actions(server, http, page, game_id)
    place = page.locator(f"{MINE} .pickable").first.get_attribute("data-place")
    page.locator(f'{MINE} .pickable[data-place="{place}"]').click()
    page.click("#first")  # a look back at the start, in the middle of a move
    status = page.locator("#compose-status")
    expect(status).to_have_text(
        "You are looking at an earlier step: your move is made on the game as it is now."
    )
    expect(page.locator("#board .pickable")).to_have_count(0)
    expect(page.locator("#compose-back")).to_be_hidden()
    screenshot(page, "stepped-back-peninsula")
    page.click("#compose-now")
    expect(page.locator("#position")).to_have_text(re.compile(rf" of {version}$"))
    # back where the move was left: the place picked still picked
    expect(page.locator(f'{MINE} .picked[data-place="{place}"]')).to_have_count(1)
    expect(status).to_contain_text(f"Picked {place}")


def test_a_step_back_taken_while_the_game_is_read_again_stays(
    server: Server, http: httpx.Client, page: Page
) -> None:
    """A refresh (a stream message) begun before a look back at the start ends after it:
    the page stays where the player went, and does not jump back to the newest step."""
    game_id, token = against_a_bot(http, "peninsula")
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    at_the_actions(server, http, page, game_id)
    held: list[Route] = []

    def hold(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # the refresh's read of the steps waits until let go

    page.route("**/steps*", hold)
    page.evaluate("document.dispatchEvent(new CustomEvent('cairn:changed'))")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the refresh read the steps"
    page.click("#first")
    status = page.locator("#compose-status")
    earlier = "You are looking at an earlier step: your move is made on the game as it is now."
    expect(status).to_have_text(earlier)
    shown = page.locator("#position").inner_text()
    with page.expect_response(lambda r: r.url.endswith("/choices")):
        held[0].continue_()  # the refresh goes on, and reads the choices last
    expect(status).to_have_text(earlier)
    # The step shown stays; the count after it may grow (the bot's seat acts at the same
    # time in the actions phase, so the refresh may read events appended meanwhile).
    step_shown = shown.split(" of ")[0]
    expect(page.locator("#position")).to_have_text(re.compile(rf"^{re.escape(step_shown)} of \d+$"))


@pytest.mark.parametrize("width", [1100, 390])
def test_the_result_table_fits_its_panel_with_every_category(
    server: Server, http: httpx.Client, browser: Browser, errors: list[str], width: int
) -> None:
    """Peninsula's ten score categories and more: on a desktop the whole table is seen at once,
    each seat's name on one line; on a phone it scrolls in its own box, never the page."""
    game_id = imported(http, REPLAYS / "peninsula" / "four-seats-random-m1.ndjson")
    page = opened(browser, errors, {"width": width, "height": 900})
    try:
        page.goto(f"{server.url}/games/{game_id}/viewer")
        expect(page.locator("#result-table tbody tr")).to_have_count(4)
        columns = page.locator("#result-table thead th").count()
        assert columns >= 3 + 8, f"a few categories prove nothing: {columns} columns"
        box = page.locator("#result .scroll")
        wide = box.evaluate("(e) => e.scrollWidth - e.clientWidth")
        if width > 1000:
            assert wide <= 0, f"the result table scrolls {wide} px sideways on a desktop"
            for cell in page.locator("#result-table tbody td:nth-child(2)").all():
                height = cell.evaluate("(e) => e.getBoundingClientRect().height")
                assert height < 40, f"a seat's name wraps: {cell.inner_text()!r}"
        page_wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert page_wide <= 0, "the page itself never scrolls sideways"
        screenshot(page, f"result-peninsula-{width}")
    finally:
        page.context.close()


def test_the_board_stays_put_while_the_page_connects_to_the_live_game(
    server: Server, http: httpx.Client, page: Page
) -> None:
    """The board a player may click first does not move when the page starts following the
    game: the line saying so is there from the first drawing (the board moving down under
    a click, a test's under load, CI run 2026-12-06)."""
    game_id, token = against_a_bot(http, "peninsula")
    server.quiet()
    held: list[Route] = []
    page.route("**/stream-tickets", lambda route: held.append(route))
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    version = http.get(f"/games/{game_id}").json()["version"]
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page asked for its stream"
    before = page.locator("#board svg").bounding_box()
    screenshot(page, "connecting-peninsula")
    held[0].continue_()
    expect(page.locator("#live")).to_have_text("following live")
    expect(page.locator("#live")).to_be_visible()
    after = page.locator("#board svg").bounding_box()
    assert before is not None and after is not None
    assert (after["x"], after["y"]) == (before["x"], before["y"])
