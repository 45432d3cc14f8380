"""A board's places as a screen reader hears them (#24): on each ruleset's table, each
place highlighted for a move, at each pick along one, is a button named in words (its
drawing's ``data-label`` or title), never its bare id (a Five Peaks cell was read as
"-3,-2"). Debian's chromium, driven by Playwright; screenshots go to
``tests/artifacts/viewer/``."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.api.composing import PREVIEW
from tests.service.api.conftest import Server
from tests.service.api.test_compose_browser import opened_as_seat
from tests.service.api.test_table_browser import browser, create, errors, page
from tests.service.api.test_viewer_browser import screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures
SEATS = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]
PICKS = 6
"""Picks followed, a previewed move sent: each may highlight places of other kinds."""
FIRST = {"five-peaks": "card walk"}
"""The place to pick first where another is wanted: a Five Peaks walk, once played, has
the seat pick the board's cell to walk to."""

HEARD = """
() => [...document.querySelectorAll("#board svg .pickable")].map(
  (n) => [n.dataset.place, n.getAttribute("role"), n.getAttribute("aria-label")]
)
"""
"""Each highlighted place: its id, its role and the accessible name the page gives it."""

FOCUS = """
(wanted) => {
  const all = [...document.querySelectorAll("#board svg .pickable")];
  (all.find((n) => n.dataset.place === wanted) || all[0]).focus();
}
"""
"""The keyboard on the wanted place if highlighted, else on the first (one evaluation: the
board may be drawn again between a look and a focus)."""


@pytest.mark.parametrize("ruleset", ["peninsula", "five-peaks", "peloponnes"])
def test_each_highlighted_place_is_named_in_words(
    server: Server, http: httpx.Client, page: Page, ruleset: str
) -> None:
    made = create(http, ruleset, SEATS)
    version = opened_as_seat(page, server, http, made["game_id"], made["seats"][0]["token"])
    expect(page.locator("#board svg .pickable").first).to_be_attached()
    heard: dict[str, str] = {}
    for _ in range(PICKS):
        pickable = page.locator("#board svg .pickable")
        if page.locator(PREVIEW).count():
            page.keyboard.press("Enter")  # sent: on to the seat's next decision
            expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
            expect(pickable.first).to_be_attached(timeout=15_000)
            version = int(str(page.locator("#play").get_attribute("data-version")))
        if not pickable.count():
            break  # the picks fit several moves, listed to choose from
        for place, role, name in page.evaluate(HEARD):
            assert role == "button", place
            heard[place] = re.sub(r"^then |: a move starts here$", "", name)
        page.evaluate(FOCUS, FIRST.get(ruleset, ""))
        page.keyboard.press("Enter")
        # picked (or previewed) before the next look, the board drawn for it
        expect(page.locator(f"{PREVIEW}, #board svg .picked").first).to_be_attached()
    screenshot(page, f"place-names-{ruleset}")
    bare = sorted(place for place, name in heard.items() if name == place)
    assert bare == [], f"read by their bare ids: {bare[:10]}"
    wordless = sorted(name for name in heard.values() if not re.search("[a-z]{2}", name))
    assert wordless == [], f"names without words: {wordless[:10]}"
    if ruleset == "five-peaks":  # a cell, as the board prints its axes
        assert any(re.fullmatch(r"column -?\d+, row -?\d+", name) for name in heard.values())
