"""Exploring from the page (#24, "Reviewing and exploring"), in chromium: a finished
Peloponnes game forked at the step shown with the seats chosen in the dialog (a bot for
seat 0, you for seat 1), opened ready to play; then the fork compared with its parent
from the page, which says where they part and links that step in each. Screenshots go to
``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import uuid

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import browser, errors, page
from tests.service.api.test_viewer_browser import REPLAYS, imported, screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures


def test_a_fork_with_chosen_seats_opens_ready_to_play_and_is_compared_with_its_parent(
    server: Server, http: httpx.Client, page: Page
) -> None:
    game_id = imported(http, REPLAYS / "peloponnes" / "two-seats-greedy.ndjson")
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    middle = int(page.locator("#slider").get_attribute("max") or "0") // 2
    last = page.locator("#position").inner_text()
    page.locator("#slider").fill(str(middle))
    expect(page.locator("#position")).not_to_have_text(last)  # the middle step is shown
    page.click("#fork")
    expect(page.locator("#fork-dialog")).to_be_visible()
    expect(page.locator("#fork-seat-0")).to_have_value("you")  # a spectator: seat 0 is offered
    expect(page.locator("#fork-seat-1")).to_have_value("bot:greedy")
    page.locator("#fork-seat-0").select_option("bot:random")
    page.locator("#fork-seat-1").select_option("you")
    screenshot(page, "fork-seats-peloponnes")
    page.click("#fork-confirm")
    page.wait_for_url(lambda url: game_id not in url and url.split("#")[0].endswith("/viewer"))
    expect(page.locator("#summary")).to_contain_text("you are seat 1")
    fork_id = page.url.split("#")[0].split("/")[-2]
    forked = http.get(f"/games/{fork_id}").json()
    assert forked["parent_id"] == game_id and forked["fork_at"] > 0
    assert (forked["seats"][0]["kind"], forked["seats"][0].get("bot")) == ("bot", "random")
    assert forked["seats"][1]["kind"] == "player"
    server.quiet()
    # ready to play: the seat's moves are on its board
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#board svg .pickable").first).to_be_visible()
    # compared with its parent (the field is filled with it): where they part, in words
    expect(page.locator("#diff-other")).to_have_value(game_id)
    page.click("#diff-go")
    found = http.get(f"/games/{fork_id}/diff", params={"other": game_id}).json()
    assert found["common_prefix"] >= forked["fork_at"] - 1 and found["diverges_at"]
    summary = page.locator("#diff-summary")
    expect(summary).to_contain_text(f"share the first {found['common_prefix']} events")
    expect(summary).to_contain_text(f"part at event {found['diverges_at']}")
    parent_link = page.locator(
        f'#diff-list a[href="/games/{game_id}/viewer#{found["diverges_at"]}"]'
    )
    expect(parent_link).to_be_visible()
    screenshot(page, "diff-peloponnes")
    parent_link.click()
    page.wait_for_url(f"**/games/{game_id}/viewer#*")
    expect(page.locator("#position")).to_contain_text(f"event {found['diverges_at']} of")


def test_the_diff_of_unknown_games_is_a_problem(server: Server, http: httpx.Client) -> None:
    game_id = imported(http, REPLAYS / "peloponnes" / "two-seats-greedy.ndjson")
    same = http.get(f"/games/{game_id}/diff", params={"other": game_id})
    assert same.status_code == 200 and same.json()["diverges_at"] is None
    unknown = http.get(f"/games/{game_id}/diff", params={"other": str(uuid.uuid4())})
    assert unknown.status_code == 404, unknown.text


def test_a_fork_clicked_while_the_board_is_drawn_takes_the_step_shown(
    server: Server, http: httpx.Client, page: Page
) -> None:
    """The step's words change at once, its board when the drawing arrives: a fork clicked
    in between forked the step before (seen on a loaded machine: the fork of a finished
    game's middle came out finished). The drawings are held back here to make that gap."""
    game_id = imported(http, REPLAYS / "peloponnes" / "two-seats-greedy.ndjson")
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    steps = http.get(f"/games/{game_id}/steps").json()["steps"]
    middle = len(steps) // 2
    page.route("**/board.svg*", lambda route: (page.wait_for_timeout(1500), route.continue_()))
    page.locator("#slider").fill(str(middle))
    expect(page.locator("#position")).to_contain_text(f"event {steps[middle]['seq']} of")
    page.click("#fork")
    page.locator("#fork-seat-0").select_option("bot:random")
    page.locator("#fork-seat-1").select_option("bot:random")
    page.click("#fork-confirm")
    page.wait_for_url(lambda url: game_id not in url and url.split("#")[0].endswith("/viewer"))
    fork_id = page.url.split("#")[0].split("/")[-2]
    forked = http.get(f"/games/{fork_id}").json()
    assert forked["fork_at"] == steps[middle]["at"], "the fork is of the step the page names"
