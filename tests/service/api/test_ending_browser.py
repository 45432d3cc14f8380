"""The end of a game and a refused move, in a real browser (#24): the creator abandons a
game started from the home page (a reason asked for, the cancel first changing nothing),
and the result panel says so, gives the replay to audit and leads to review, fork and
analysis; a move sent from a position the game has left is refused in words and the
seat offered the new position's moves. Debian's chromium under Playwright
(test_viewer_browser.py); screenshots go to ``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import json

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import against_a_bot, browser, errors, game_of, page
from tests.service.api.test_viewer_browser import screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures


def test_the_creator_abandons_and_the_result_panel_leads_on(
    server: Server, http: httpx.Client, page: Page
) -> None:
    page.goto(f"{server.url}/")
    page.locator("#new-ruleset").select_option("peloponnes")
    page.locator("#new-name").fill("ann")
    page.click("#new-start")
    page.wait_for_url("**/games/*/viewer*")
    game_id = game_of(page)
    abandon = page.locator("#abandon")
    expect(abandon).to_be_visible()  # the creator token is kept by the page that started it
    abandon.click()
    expect(page.locator("#confirm-question")).to_contain_text("Abandon this game")
    expect(page.locator("#confirm-reason")).to_be_focused()
    page.click("#confirm-cancel")  # thought better of it
    assert http.get(f"/games/{game_id}").json()["status"] != "finished"
    abandon.click()
    page.locator("#confirm-reason").fill("the table is needed")
    page.click("#confirm-yes")
    expect(page.locator("#result")).to_be_visible()
    ending = page.locator("#ending")
    expect(ending).to_contain_text("by abandonment: the table is needed; no winner")
    assert http.get(f"/games/{game_id}").json()["live"]["ending"] == "abandoned"
    expect(abandon).to_be_hidden()
    # the game is over: the board offers no place to start a move (the bid marked before)
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#board .pickable, #board [role=button]")).to_have_count(0)
    expect(page.locator("#seed-line")).to_be_visible()
    # the link to audit: the game's replay file, whose header names this game
    href = page.locator("#audit-link").get_attribute("href") or ""
    replay = http.get(href)
    assert replay.status_code == 200, replay.text
    assert json.loads(replay.text.splitlines()[0])["game_id"] == game_id
    screenshot(page, "abandoned-peloponnes")
    page.click("#review")
    expect(page.locator("#position")).to_contain_text("event 1 of")
    expect(page.locator("#first")).to_be_focused()
    page.click("#result-fork")
    expect(page.locator("#fork-dialog")).to_be_visible()
    page.click("#fork-cancel")
    expect(page.locator("#fork-dialog")).to_be_hidden()
    page.click("#result-analyse")
    expect(page.locator("#graph svg")).to_be_visible()


def test_a_move_from_a_position_left_behind_is_refused_in_words(
    server: Server, http: httpx.Client, page: Page, errors: list[str]
) -> None:
    game_id, token = against_a_bot(http, "peloponnes", "random")
    auth = {"Authorization": f"Bearer {token}"}
    server.quiet()
    # No stream: the page does not hear of the move made elsewhere before it sends its own.
    page.route("**/stream?**", lambda route: route.abort())
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    before = http.get(f"/games/{game_id}").json()["version"]
    expect(page.locator(f'#play[data-version="{before}"]')).to_be_attached()
    offered = http.get(f"/games/{game_id}/choices", headers=auth).json()["choices"]
    elsewhere = http.post(
        f"/games/{game_id}/commands",
        json={"command": offered[0]["command"], "expected_version": before},
        headers=auth,
    )
    assert elsewhere.status_code == 200, elsewhere.text
    server.quiet()
    moved = http.get(f"/games/{game_id}").json()["version"]
    assert moved > before
    page.locator("#choices button.choice").first.click()
    expect(page.locator("#message")).to_have_text("The game moved on: choose again.")
    expect(page.locator(f'#play[data-version="{moved}"]')).to_be_attached()  # read again
    server.quiet()
    assert http.get(f"/games/{game_id}").json()["version"] == moved, "the refused move is not taken"
    # each seat's running score, with its breakdown, as the game answers it
    for score in http.get(f"/games/{game_id}").json()["scores"]:
        row = page.locator(f'#seat-list li[data-seat="{score["seat"]}"]')
        expect(row.locator(".score")).to_have_text(f"{score['total']} points")
        parts = [f"{k.replace('_', ' ')} {v}" for k, v in score["breakdown"].items() if v]
        expect(row.locator(".breakdown")).to_have_text(f"({', '.join(parts)})" if parts else "")
    screenshot(page, "refused-peloponnes")
    page.unroute("**/stream?**")
    expect(page.locator("#live")).to_have_text("following live")
    # The browser reports the aborted streams and the 409 in its console: those are expected.
    errors[:] = [e for e in errors if "ERR_FAILED" not in e and "409" not in e]
