"""Hints drawn on the board (#24), in Debian's chromium under Playwright: a reviewer follows
a deep link to a step (``/games/{id}/viewer#N``), analyses the game, clicks a mistake mark
on the win-probability graph, and sees the hint there drawn in place: the places its move
touches outlined (``.hinted``, not the legal-move highlight), a badge with its win share,
and the same in words with its difference to the move played."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from service.analysis.jobs import jobs_for
from tests.service.api.conftest import Server
from tests.service.api.test_accessibility_browser import violations
from tests.service.api.test_viewer_browser import ARTIFACTS, browser, page, screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "page"]  # the fixtures, shared with the viewer's own browser test

BOTS = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]


def hinted_places(page: Page) -> set[str]:
    places: list[str] = page.eval_on_selector_all(
        "#board .hinted", "nodes => nodes.map(n => n.dataset.place)"
    )
    return set(places)


def test_a_mistake_mark_draws_its_hint_on_the_board(
    server: Server, http: httpx.Client, page: Page
) -> None:
    jobs_for(server.cairn).jobs = 1
    created = http.post("/games", json={"ruleset": "peloponnes", "seats": BOTS})
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    server.quiet()
    steps = http.get(f"/games/{game_id}/steps").json()["steps"]
    linked = steps[len(steps) // 2]["seq"]
    page.goto(f"{server.url}/games/{game_id}/viewer#{linked}")
    expect(page.locator("#event-text")).to_contain_text(f"{linked}. ")
    expect(page.locator("#board svg")).to_be_visible()
    page.click("#analyse")
    expect(page.locator("#graph path.mistake").first).to_be_attached(timeout=60_000)
    mark = page.locator("#graph path.mistake").first
    marked_at = mark.get_attribute("data-at")
    assert marked_at is not None
    mark.dispatch_event("click")
    expect(page.locator("#analysis")).to_have_attribute("data-at", marked_at)
    # The mark asks for the hints there by itself; the best is drawn on the board.
    expect(page.locator("#hint-list li.played")).to_have_count(1, timeout=60_000)
    job = http.post(
        f"/games/{game_id}/analyses",
        json={"kind": "hints", "at": int(marked_at), "rollouts": 10},
    ).json()
    hints = job["result"]["hints"]  # the page's own request: the same job, done
    best = hints[0]
    assert best["places"], "the hinted move is made on the board"
    expect(page.locator("#board .hinted").first).to_be_attached()
    assert hinted_places(page) == set(best["places"])
    assert not page.locator("#board .hinted.pickable").count(), "not the legal-move highlight"
    badge = page.locator("#board .hint-badge text")
    expect(badge).to_have_text(re.compile(rf"^{round(best['win'] * 100)}%"))
    drawn = page.locator("#hint-drawn")
    expect(drawn).to_contain_text(f"Drawn on the board: {best['text']}")
    expect(drawn).to_contain_text(f"wins {round(best['win'] * 100)}% of the rollouts")
    screenshot(page, "hints-on-the-board")
    assert violations(page) == [], "the hints and their drawing keep the page accessible"
    page.locator("#board").screenshot(path=str(ARTIFACTS / "hints-on-the-board-close.png"))
    # Another hint is a click away, and says how it compares with the move played.
    played = next(h for h in hints if h["played"])
    other = next((h for h in hints if not h["played"] and h is not best), None)
    if other is None or not other["places"]:
        other = played
    page.locator(f'#hint-list button[data-rank="{other["rank"]}"]').click()
    expect(page.locator(f'#hint-list button[data-rank="{other["rank"]}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    assert hinted_places(page) == set(other["places"])
    if other is not played:
        expect(drawn).to_contain_text(re.compile(r"(better|worse) than the move played|as good"))
        expect(drawn).to_contain_text(played["text"])
    else:
        expect(drawn).to_contain_text("the move played")
    screenshot(page, "hints-on-the-board-another")
