"""No text leaves its drawing (#24): each shipped ruleset's recorded game is drawn at
steps spread over the whole game, as a spectator and as seat 0, on a desktop and laid out
for a phone (``narrow``), and chromium measures
every text element's box against the SVG's view box."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.service.api.conftest import Server
from tests.service.api.test_viewer_browser import (
    WAIT_MS,
    browser,
    finished_game,
)
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
__all__ = ["browser"]  # the fixture, shared with the viewer's own browser test
SAMPLES = 8
SLACK = 0.5  # a rounding of the box, in the drawing's units

# Every text element whose box is not inside the view box: its words and its box.
OUTSIDE = """
([slack, selector]) => {
  const svg = document.querySelector(selector);
  const box = svg.viewBox.baseVal;
  return [...svg.querySelectorAll("text")].flatMap((t) => {
    const b = t.getBBox();
    if (!t.textContent.trim()) return [];
    const inside = b.x >= box.x - slack && b.y >= box.y - slack
      && b.x + b.width <= box.x + box.width + slack
      && b.y + b.height <= box.y + box.height + slack;
    return inside ? [] : [`${t.textContent} at ${Math.round(b.x)},${Math.round(b.y)} `
      + `${Math.round(b.width)}x${Math.round(b.height)} in ${box.width}x${box.height}`];
  });
}
"""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    yield opened
    context.close()


def outside(page: Page, svg: str) -> list[str]:
    page.set_content(svg)
    return texts_outside(page, "svg")


def texts_outside(page: Page, selector: str) -> list[str]:
    """The texts of the drawing ``selector`` finds that leave its view box."""
    found: list[str] = page.evaluate(OUTSIDE, [SLACK, selector])
    return found


def test_the_check_sees_a_clipped_text(page: Page) -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 20">'
        '<text x="5" y="15">far too long</text></svg>'
    )
    assert outside(page, svg), "a text wider than its drawing is found"


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_no_text_leaves_the_drawing(
    server: Server, http: httpx.Client, page: Page, ruleset: str
) -> None:
    game_id = finished_game(server, http, ruleset)
    steps: list[dict[str, Any]] = http.get(f"/games/{game_id}/steps").json()["steps"]
    ats = sorted({steps[i * (len(steps) - 1) // (SAMPLES - 1)]["at"] for i in range(SAMPLES)})
    clipped: list[str] = []
    for at in ats:
        # as a spectator and a seat, on a desktop and laid out for a phone
        for seen in ("", "&seat=0", "&narrow=1", "&seat=0&narrow=1"):
            svg = http.get(f"/games/{game_id}/board.svg?at={at}{seen}").text
            clipped += [f"at {at}{seen}: {line}" for line in outside(page, svg)]
    assert clipped == [], "\n".join(clipped[:20])
