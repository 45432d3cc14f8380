"""The board on a phone (#24), 390 by 844 CSS px: for each shipped ruleset a seat makes a
move on the board and sends it from its preview, while chromium measures that every place
it may tap is at least 24 CSS px each way, that no text of the drawing leaves its view box
or is drawn too small to read, and that the page never scrolls sideways (a board wider
than the phone scrolls in its own box). Screenshots go to ``tests/artifacts/viewer/``."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.service.api.composing import PREVIEW, READY, previewed
from tests.service.api.conftest import Server
from tests.service.api.test_drawing_text_browser import measured
from tests.service.api.test_table_browser import browser, create, errors, opened
from tests.service.api.test_viewer_browser import PHONE, screenshot
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors"]  # the fixtures
TAPPABLE = 24.0
"""CSS px: the least width and height of a place to tap."""
LEGIBLE = 10.0
"""CSS px: the least height of a text's box (a font of about 8 px)."""
MOST_CLICKS = 8

SMALL_PLACES = """
(least) => [...document.querySelectorAll("#board svg .pickable")].flatMap((node) => {
  const box = node.getBoundingClientRect();
  return Math.min(box.width, box.height) >= least ? [] :
    [`${node.dataset.place}: ${box.width.toFixed(1)}x${box.height.toFixed(1)}`];
})
"""
SMALL_TEXTS = """
(least) => [...document.querySelectorAll("#board svg text")].flatMap((node) => {
  const box = node.getBoundingClientRect();
  if (!node.textContent.trim() || box.height >= least) return [];
  return [`${node.textContent}: ${box.height.toFixed(1)} px high`];
})
"""


@pytest.fixture
def phone(browser: Browser, errors: list[str]) -> Iterator[Page]:
    made = opened(browser, errors, PHONE)
    yield made
    made.context.close()
    assert errors == [], "console errors on the page"


def faults(page: Page) -> list[str]:
    """What a phone's player would trip over on the board as it is drawn now."""
    found: list[str] = page.evaluate(SMALL_PLACES, TAPPABLE)
    found += page.evaluate(SMALL_TEXTS, LEGIBLE)
    # Only text leaving the drawing: the page's own preview labels ("kept", "your bid: 2")
    # sit on the piece they name by design, and the drawings' overlaps are checked without
    # them (test_drawing_text_browser.py).
    drawn = page.locator("#board svg").evaluate("s => s.outerHTML")
    found += [f for f in measured(page, [("the phone's board", drawn)]) if " overlaps " not in f]
    sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return found + ([f"the page scrolls {sideways} px sideways"] if sideways > 0 else [])


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_a_move_is_made_on_the_board_of_a_phone(
    server: Server, http: httpx.Client, phone: Page, ruleset: str
) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]
    made = create(http, ruleset, seats)
    game_id, token = made["game_id"], made["seats"][0]["token"]
    phone.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    server.quiet()
    version = http.get(f"/games/{game_id}").json()["version"]
    expect(phone.locator(f'#play[data-version="{version}"]')).to_be_attached()
    wide = http.get(f"/games/{game_id}/board.svg", headers={"Authorization": f"Bearer {token}"})
    narrow = phone.locator("#board svg").get_attribute("viewBox") or ""
    assert float(narrow.split()[2]) < float(wide.text.split('viewBox="')[1].split()[2]), (
        "the board is drawn for a phone's width"
    )
    found: list[str] = []
    for _ in range(MOST_CLICKS):
        phone.wait_for_function(READY)
        if phone.locator(f"{PREVIEW}, #compose-moves button").count():
            break
        found += faults(phone)
        # a tile when one may be picked (Peloponnes' first place is "withdraw")
        tiles = phone.locator("#board svg g.tile.pickable")
        (tiles if tiles.count() else phone.locator("#board svg .pickable")).first.click()
    else:
        pytest.fail(f"no move made in {MOST_CLICKS} clicks")
    words = previewed(phone)
    found += faults(phone)
    screenshot(phone, f"phone-preview-{ruleset}")
    phone.click("#compose-send")
    expect(phone.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    server.quiet()
    now = http.get(f"/games/{game_id}").json()["version"]
    expect(phone.locator(f'#play[data-version="{now}"]')).to_be_attached()
    expect(phone.locator("#position")).to_have_text(f"event {now} of {now}")
    found += faults(phone)
    screenshot(phone, f"phone-sent-{ruleset}")
    steps = http.get(f"/games/{game_id}/steps", headers={"Authorization": f"Bearer {token}"})
    assert any(s["actor"] == "seat:0" for s in steps.json()["steps"]), words
    assert sorted(set(found)) == [], "\n".join(sorted(set(found))[:20])
