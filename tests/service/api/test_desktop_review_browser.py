"""A game reviewed on a desktop (#24), 1280 by 900 CSS px: with the move list and the
hints beside it, the board is still drawn so that its words are legible (no text under
10 CSS px high, as on a phone), for each shipped ruleset, and the page never scrolls
sideways. Screenshots ``desktop-review-*`` in tests/artifacts/viewer/."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from service.analysis.jobs import jobs_for
from tests.service.api.conftest import Server
from tests.service.api.test_hints_browser import QUICK, short_game
from tests.service.api.test_phone_board_browser import LEGIBLE
from tests.service.api.test_viewer_browser import browser, page, screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "page"]  # the fixtures, shared with the viewer's own browser test
DESKTOP = {"width": 1280, "height": 900}

SMALL = """
(least) => [...document.querySelectorAll("#board svg text")].flatMap((t) => {
  const box = t.getBoundingClientRect();
  if (!t.textContent.trim() || box.height === 0 || box.height >= least) return [];
  return [`${t.textContent.trim()}: ${box.height.toFixed(1)} px high`];
})
"""
"""Every word of the board drawn smaller than ``least`` CSS px high."""


def small_words(page: Page) -> list[str]:
    found: list[str] = page.evaluate(SMALL, LEGIBLE)
    return found


@pytest.mark.parametrize("ruleset", ["peninsula", "peloponnes", "five-peaks"])
def test_a_review_with_hints_on_a_desktop_draws_the_board_legibly(
    server: Server, http: httpx.Client, page: Page, ruleset: str
) -> None:
    jobs_for(server.cairn).jobs = 1
    game_id = short_game(http, ruleset)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#move-list li").first).to_be_visible()
    small = small_words(page)
    assert small == [], f"{len(small)} texts too small, first: {small[:5]}"
    page.select_option("#analysis-rollouts", QUICK)
    page.click("#analyse")
    expect(page.locator("#graph circle.point").first).to_be_attached(timeout=60_000)
    # Drawn from its first sketch on; hints are offered once the graph is done.
    expect(page.locator("#analysis-status")).to_contain_text(", bot ", timeout=60_000)
    # Both seats' points of one decision share a place when their shares are equal, and the
    # one drawn last takes the click: that one is clicked.
    at = page.locator("#graph circle.point").first.get_attribute("data-at")
    page.locator(f'#graph circle.point[data-at="{at}"]').last.click()
    expect(page.locator("#analysis")).to_have_attribute("data-at", str(at))
    page.click("#ask-hints")
    expect(page.locator("#hint-list li").first).to_be_visible(timeout=60_000)
    expect(page.locator("#board .hinted").first).to_be_attached()
    screenshot(page, f"desktop-review-{ruleset}")
    small = small_words(page)
    assert small == [], f"{len(small)} texts too small beside the hints, first: {small[:5]}"
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
