"""What a player trips over at the table, in a real browser (#24): a seat token that is no
seat of the game (mistyped, or another game's), a page opened while the server cannot be
reached, a move or a resignation sent while the connection is lost, and a lost stream,
each said in words where the player looks, and each recovered from without a reload.
Debian's chromium under Playwright (test_viewer_browser.py); screenshots go to
``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, Route, expect

from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import against_a_bot, browser, errors, page
from tests.service.api.test_viewer_browser import screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures
OFFLINE = "The server cannot be reached: the connection is lost."


def expected_only(errors: list[str], *kinds: str) -> None:
    """The browser reports each refused or aborted request in its console: those the test
    made happen are expected, and nothing else may be there."""
    errors[:] = [e for e in errors if not any(kind in e for kind in kinds)]


def test_a_token_of_no_seat_is_forgotten_and_the_game_shown_to_a_spectator(
    server: Server, http: httpx.Client, page: Page, errors: list[str]
) -> None:
    game_id, token = against_a_bot(http, "peninsula")
    server.quiet()
    page.goto(f"{server.url}/games/{game_id}/viewer#token=not-a-seat-token")
    expect(page.locator("#message")).to_contain_text("is not one of this game's")
    expect(page.locator("#message")).to_contain_text("watching as a spectator")
    expect(page.locator("#title")).to_have_text(f"peninsula game {game_id[:8]}")
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#play")).to_be_hidden()
    kept = page.evaluate(f"localStorage.getItem('cairn:token:{game_id}')")
    assert kept is None, "a token that is no seat's is not kept for the next visit"
    screenshot(page, "not-a-seat-peninsula")
    # The right token, pasted into the form, makes the page the seat's.
    page.locator("#token").fill(token)
    page.locator("#token-form button[type=submit]").click()
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#turn")).to_contain_text("Your turn")
    expect(page.locator("#message")).to_be_hidden()
    expected_only(errors, "401")


def test_a_page_opened_while_the_server_cannot_be_reached_loads_once_it_can(
    server: Server, http: httpx.Client, page: Page, errors: list[str]
) -> None:
    game_id, token = against_a_bot(http, "peloponnes")
    server.quiet()
    page.route(f"**/games/{game_id}", lambda route: route.abort())
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    expect(page.locator("#message")).to_contain_text(OFFLINE)
    page.unroute(f"**/games/{game_id}")  # the connection is back: no reload needed
    expect(page.locator("#turn")).to_contain_text("Your turn")
    expect(page.locator("#message")).to_be_hidden()
    expected_only(errors, "ERR_FAILED")


def test_a_move_and_a_resignation_sent_while_the_connection_is_lost(
    server: Server, http: httpx.Client, page: Page, errors: list[str]
) -> None:
    game_id, token = against_a_bot(http, "peloponnes")
    server.quiet()
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    version = http.get(f"/games/{game_id}").json()["version"]
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()

    def lost(route: Route) -> None:
        route.abort()

    page.route("**/commands", lost)
    page.locator("#choices button.choice").first.click()
    message = page.locator("#message")
    expect(message).to_contain_text("Your move may not have reached the server")
    expect(message).to_contain_text(OFFLINE)
    screenshot(page, "move-lost-peloponnes")
    assert http.get(f"/games/{game_id}").json()["version"] == version
    page.unroute("**/commands", lost)
    # Read again by itself: the same position's moves offered again, to choose again.
    expect(page.locator("#choices button.choice").first).to_be_enabled()
    page.locator("#choices button.choice").first.click()
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    assert http.get(f"/games/{game_id}").json()["version"] > version
    page.route("**/resign", lost)
    page.click("#resign")
    page.click("#confirm-yes")
    expect(message).to_have_text(f"Not done. {OFFLINE} Try again once it is back.")
    assert http.get(f"/games/{game_id}").json()["status"] != "finished"
    expected_only(errors, "ERR_FAILED")


def test_a_lost_stream_is_said_at_the_table_in_sight(
    server: Server, http: httpx.Client, page: Page, errors: list[str]
) -> None:
    game_id, token = against_a_bot(http, "peninsula")
    server.quiet()
    page.route("**/stream?**", lambda route: route.abort())
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    live = page.locator("#table #live")
    expect(live).to_have_text("connection lost: reconnecting…")
    expect(live).to_be_in_viewport()  # not under the board and the moves, out of sight
    expect(live).to_have_attribute("role", "status")  # and told to a screen reader
    screenshot(page, "connection-lost-peninsula")
    page.unroute("**/stream?**")
    expect(live).to_have_text("following live")
    expected_only(errors, "ERR_FAILED")
