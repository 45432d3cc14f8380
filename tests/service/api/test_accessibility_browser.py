"""Axe-core (vendored, tests/support/vendor/axe-core) run in the browser over the home
page, a live game's table as its seat sees it, a finished game's review and its analysis
graph (#24): no serious or critical violation. Debian's chromium, as in
test_viewer_browser.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from service.analysis.jobs import jobs_for
from tests.service.api.conftest import Server
from tests.service.api.test_viewer_browser import (
    PHONE,
    REPLAYS,
    WAIT_MS,
    browser,
    imported,
)

pytestmark = pytest.mark.storage
__all__ = ["browser"]  # the fixture, shared with the viewer's own browser test
AXE = Path(__file__).parents[2] / "support" / "vendor" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    yield opened
    context.close()


def violations(page: Page) -> list[str]:
    """Axe's serious and critical violations on the page as shown, one line each."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in SERIOUS
    ]


def test_axe_finds_a_violation_it_should(server: Server, page: Page) -> None:
    """The check can fail: a button with no name is a critical violation."""
    page.goto(f"{server.url}/")
    expect(page.locator("#new-ruleset option").first).to_be_attached()
    page.evaluate("document.body.append(document.createElement('button'))")
    assert any(line.startswith("button-name") for line in violations(page))


def test_the_home_page(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/")
    expect(page.locator("#new-seat-1")).to_be_attached()
    page.locator("#new-options summary").click()
    assert violations(page) == []


def test_a_live_table_as_its_seat_sees_it(server: Server, http: httpx.Client, page: Page) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]
    made = http.post(
        "/games",
        json={"ruleset": "peninsula", "seats": seats, "options": {"time_control": "fischer"}},
    ).json()
    page.goto(f"{server.url}/games/{made['game_id']}/viewer#token={made['seats'][0]['token']}")
    expect(page.locator("#choices button.choice").first).to_be_visible()
    assert violations(page) == []


def test_a_finished_game_and_its_analysis(server: Server, http: httpx.Client, page: Page) -> None:
    jobs_for(server.cairn).jobs = 1  # no pool of workers to start on a busy machine
    game_id = imported(http, sorted((REPLAYS / "peloponnes").glob("*.ndjson"))[0])
    page.goto(f"{server.url}/games/{game_id}/viewer#20")
    expect(page.locator("#result")).to_be_visible()
    assert violations(page) == []
    # The fewest rollouts: the graph is what axe looks at, not its figures (10 rollouts of
    # a four-seat game took over the minute a step may wait on a busy machine).
    page.locator("#analysis-rollouts").select_option("3")
    page.click("#analyse")
    expect(page.locator("#graph svg")).to_be_visible(timeout=3 * WAIT_MS)
    assert violations(page) == []
