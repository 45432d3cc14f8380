"""A player signs in on the home page (#24, "Starting a game"): "My games" lists the games
with a seat in their name that this browser never saw, and "Take a seat" at an open table
of the lobby seats them with their own token, kept in the browser and never in an
address. Debian's chromium under Playwright (test_viewer_browser.py)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.service.api.conftest import Server
from tests.service.api.test_leagues import _player, organiser
from tests.service.api.test_table_browser import browser, create, errors, game_of, page
from tests.service.api.test_viewer_browser import screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "organiser", "page"]  # the fixtures


def test_a_signed_in_player_sees_their_games_and_takes_an_open_seat(
    server: Server, http: httpx.Client, page: Page, organiser: dict[str, Any]
) -> None:
    member = _player(http, organiser, "gil")
    bot = {"kind": "bot", "bot": "greedy"}
    theirs = create(http, "peloponnes", [{"kind": "player", "player": member["name"]}, bot])
    table = create(http, "peninsula", [{"kind": "open"}, bot])["game_id"]
    page.goto(f"{server.url}/")
    expect(page.locator("#my-games")).not_to_contain_text(theirs["game_id"][:8])
    expect(page.locator(".take-seat")).to_have_count(0)  # nobody signed in: no seat to take
    page.fill("#player-token", member["token"])
    page.click("#sign-in button[type=submit]")
    expect(page.locator("#signed-in-name")).to_have_text(f"Signed in as {member['name']}.")
    expect(page.locator("#my-games")).to_contain_text(f"peloponnes {theirs['game_id'][:8]}")
    assert member["token"] not in page.url
    screenshot(page, "home-signed-in")
    open_table = page.locator("#games li").filter(has=page.locator(f'a[href*="{table}"]'))
    expect(open_table).to_contain_text("open table")
    open_table.locator(".take-seat").click()
    page.wait_for_url(f"**/games/{table}/viewer")
    assert game_of(page) == table and member["token"] not in page.url
    expect(page.locator("#summary")).to_contain_text("you are seat 0")
    expect(page.locator("#turn")).not_to_contain_text("Waiting for players")
    seated = http.get(f"/games/{table}").json()["seats"][0]
    assert (seated["kind"], seated.get("player")) == ("player", member["name"]), seated
    kept = page.evaluate(f"localStorage.getItem('cairn:token:{table}')")
    assert kept == member["token"], "the player's own token acts for the seat"
    expect(page.locator("#play")).to_be_visible()  # ready to play


def test_a_game_started_signed_in_is_under_the_players_name(
    server: Server, http: httpx.Client, browser: Browser, page: Page, organiser: dict[str, Any]
) -> None:
    member = _player(http, organiser, "hal")
    page.goto(f"{server.url}/")
    expect(page.locator("#new-name")).to_have_value("you")
    page.fill("#player-token", member["token"])
    page.click("#sign-in button[type=submit]")
    expect(page.locator("#new-name")).to_have_value(member["name"])
    page.locator("#new-ruleset").select_option("peloponnes")
    page.click("#new-start")
    page.wait_for_url("**/games/*/viewer*")
    game_id = game_of(page)
    seated = http.get(f"/games/{game_id}").json()["seats"][0]
    assert seated.get("player") == member["name"], seated
    # So it is among their games in a browser that never saw it, once signed in there.
    other = browser.new_context()
    try:
        elsewhere = other.new_page()
        elsewhere.goto(f"{server.url}/")
        elsewhere.fill("#player-token", member["token"])
        elsewhere.click("#sign-in button[type=submit]")
        expect(elsewhere.locator("#my-games")).to_contain_text(f"peloponnes {game_id[:8]}")
        # A name typed by hand is kept over the player's.
        elsewhere.fill("#new-name", "hal's friend")
        elsewhere.click("#sign-out")
        expect(elsewhere.locator("#new-name")).to_have_value("hal's friend")
    finally:
        other.close()


def test_a_sign_in_before_the_page_has_listed_the_rulesets_is_kept(
    server: Server, http: httpx.Client, page: Page, organiser: dict[str, Any]
) -> None:
    """A full run once clicked "Sign in" before home.js had its handler (it listed the
    rulesets first): the browser submitted the form itself, the page reloaded, and the
    sign-in was lost. Here the rulesets are held back while the player signs in; the new
    game's button waits for them."""
    member = _player(http, organiser, "ida")
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/rulesets", hold)
    page.goto(f"{server.url}/")
    while not held:
        page.wait_for_timeout(20)
    expect(page.locator("#new-start")).to_be_disabled()
    page.fill("#player-token", member["token"])
    page.click("#sign-in button[type=submit]")
    expect(page.locator("#signed-in-name")).to_have_text(f"Signed in as {member['name']}.")
    expect(page.locator("#new-name")).to_have_value(member["name"])
    released = True
    for route in held:
        route.continue_()
    expect(page.locator("#new-start")).to_be_enabled()
    expect(page.locator("#signed-in-name")).to_have_text(f"Signed in as {member['name']}.")
    expect(page.locator("#new-name")).to_have_value(member["name"])
    assert member["token"] not in page.url
