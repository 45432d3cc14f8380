"""The home page's new-game form while a ruleset's description is still on its way
(service/viewer/static/newgame.js), in Chromium: what the player picks meanwhile stays
picked, and the form cannot start a game it has not finished drawing."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import browser, errors, page
from tests.service.api.test_viewer_browser import screenshot

__all__ = ["browser", "errors", "page"]  # the fixtures, shared with the table's browser test


def test_a_seat_opened_while_the_rulesets_description_loads_stays_open(
    server: Server, page: Page
) -> None:
    """A full run once started a bot game where the player had opened seat 1: the rows were
    drawn again for the ruleset picked just before, with their defaults. Here the new
    ruleset's description is held back until the seat is opened."""
    page.goto(f"{server.url}/")
    expect(page.locator("#new-seat-1")).to_be_attached()
    first = page.locator("#new-ruleset").input_value()
    other = "peloponnes" if first != "peloponnes" else "peninsula"
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(f"**/rulesets/{other}", hold)
    page.locator("#new-name").fill("ann")
    page.locator("#new-ruleset").select_option(other)
    page.locator("#new-seat-1").select_option("open")  # still the first ruleset's row
    while not held:
        page.wait_for_timeout(20)
    expect(page.locator("#new-start")).to_be_disabled()
    held[0].continue_()
    expect(page.locator("#new-start")).to_be_enabled()
    expect(page.locator("#new-seat-1")).to_have_value("open")
    screenshot(page, "new-game-seat-kept")
    page.click("#new-start")
    expect(page.locator("#started")).to_be_visible()
    expect(page.locator("#started-text")).to_contain_text(f"Your {other} table")
    expect(page.locator(".invite-link")).to_have_count(1)


ONLY = {"peloponnes": "sea_tiles", "peninsula": "map"}
"""An option each of these rulesets has and the others lack."""


def test_a_ruleset_described_late_does_not_redraw_the_form_of_one_picked_after_it(
    server: Server, page: Page
) -> None:
    """Picked, then another picked before its description came: the late description
    leaves the form to the ruleset now picked."""
    page.goto(f"{server.url}/")
    expect(page.locator("#new-seat-1")).to_be_attached()
    first = page.locator("#new-ruleset").input_value()  # described already
    late = "peloponnes" if first != "peloponnes" else "peninsula"
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(f"**/rulesets/{late}", hold)
    page.locator("#new-ruleset").select_option(late)
    while not held:
        page.wait_for_timeout(20)
    page.locator("#new-ruleset").select_option(first)
    held[0].continue_()
    expect(page.locator("#new-start")).to_be_enabled()
    expect(page.locator(f'[name="{ONLY[late]}"]')).to_have_count(0)
    expect(page.locator("#new-ruleset")).to_have_value(first)
