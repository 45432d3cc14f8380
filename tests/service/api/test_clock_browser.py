"""The seats' clocks as a player reads them, in a real browser (#24): a per-move clock
shows the move's allowance and the reserve apart, and is marked once it runs on its
reserve; a Fischer bank says what each decision adds. Debian's chromium under Playwright
(test_viewer_browser.py); screenshots go to ``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import browser, create, errors, page
from tests.service.api.test_viewer_browser import screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures
SEATS = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]


def opened_as_seat_0(server: Server, http: httpx.Client, page: Page, **options: object) -> None:
    made = create(http, "peloponnes", SEATS, **options)
    server.quiet()
    page.goto(f"{server.url}/games/{made['game_id']}/viewer#token={made['seats'][0]['token']}")


def test_a_per_move_clock_shows_the_allowance_then_marks_the_reserve(
    server: Server, http: httpx.Client, page: Page
) -> None:
    opened_as_seat_0(
        server, http, page, time_control="per_move", allowance_seconds=3600, bank_seconds=60
    )
    clock = page.locator('#seat-list .clock[data-seat="0"]')
    allowance = re.compile(r"^(1:00:00|59:\d\d) for this move \+ reserve 1:00 running$")
    expect(clock).to_have_text(allowance)
    before = clock.inner_text()
    expect(clock).not_to_have_text(before)  # the allowance counts down, the reserve waits
    expect(clock).to_contain_text("for this move + reserve 1:00 running")
    expect(clock).to_have_attribute("title", "seat 0's time for the move, then its reserve")
    expect(clock).not_to_have_class(re.compile(r"\bon-reserve\b"))
    # A move of one second: its allowance is soon spent, and the reserve runs, marked.
    opened_as_seat_0(
        server, http, page, time_control="per_move", allowance_seconds=1, bank_seconds=60
    )
    expect(clock).to_have_class(re.compile(r"\bon-reserve\b"))
    expect(clock).to_contain_text("reserve 0:5")
    expect(clock).not_to_contain_text("for this move")
    screenshot(page, "clock-on-reserve-peloponnes")


def test_a_fischer_bank_says_what_each_decision_adds(
    server: Server, http: httpx.Client, page: Page
) -> None:
    opened_as_seat_0(
        server, http, page, time_control="fischer", bank_seconds=300, increment_seconds=5
    )
    clock = page.locator('#seat-list .clock[data-seat="0"]')
    expect(clock).to_contain_text("running")
    expect(clock).to_have_attribute("title", "seat 0's bank, +5 s after each decision")
