"""Every golden replay on a phone (#24), 390 by 844 CSS px: its last step, opened in the
viewer, never scrolls sideways, neither the page nor the board in its own box, and no text
of the drawing reaches past the board's right edge; and a Five Peaks board grown into
bands takes a move tapped on a cell of its second band. Screenshots go to
``tests/artifacts/viewer/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.service.api.composing import PREVIEW, READY, command_answer, previewed
from tests.service.api.conftest import Server
from tests.service.api.test_table_browser import browser, errors
from tests.service.api.test_viewer_browser import PHONE, WAIT_MS, imported, screenshot
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors"]  # the fixtures
SLACK = 0.5
"""CSS px: a rounding of a box."""

# How far the page and the board scroll sideways, and every text past the board's right edge.
SIDEWAYS = """
(slack) => {
  const page = document.scrollingElement;
  const board = document.querySelector("#board");
  const svg = board.querySelector("svg");
  const right = Math.min(svg.getBoundingClientRect().right, board.getBoundingClientRect().right);
  const past = [...svg.querySelectorAll("text")].flatMap((t) => {
    const box = t.getBoundingClientRect();
    return !t.textContent.trim() || box.right <= right + slack ? [] :
      [`${t.textContent} reaches ${Math.round(box.right)} past ${Math.round(right)}`];
  });
  return { page: page.scrollWidth - page.clientWidth, board: board.scrollWidth - board.clientWidth,
           past };
}
"""


def replays() -> list[Any]:
    return [
        pytest.param(path, id=f"{ruleset}/{path.stem}")
        for ruleset in shipped_rulesets()
        for path in golden_replays(ruleset)
    ]


@pytest.fixture
def phone(browser: Browser, errors: list[str]) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)  # type: ignore[arg-type]
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(WAIT_MS)
    yield page
    context.close()
    assert errors == [], "console errors on the page"


def sideways(page: Page) -> list[str]:
    found: dict[str, Any] = page.evaluate(SIDEWAYS, SLACK)
    faults: list[str] = list(found["past"])
    faults += [f"the {what} scrolls {found[what]} px sideways"
               for what in ("page", "board") if found[what] > 0]  # fmt: skip
    return faults


@pytest.mark.parametrize("path", replays())
def test_a_replay_s_last_step_fits_a_phone(
    server: Server, http: httpx.Client, phone: Page, path: Path
) -> None:
    game_id = imported(http, path)
    last = http.get(f"/games/{game_id}").json()["version"]
    phone.goto(f"{server.url}/games/{game_id}/viewer")
    expect(phone.locator("#position")).to_have_text(f"event {last} of {last}")
    expect(phone.locator("#board svg")).to_be_visible()
    narrow = http.get(f"/games/{game_id}/board.svg?at={last}&narrow=1").text
    shown = phone.locator("#board svg").get_attribute("viewBox")
    assert f'viewBox="{shown}"' in narrow, "the page shows the board drawn for a phone"
    screenshot(phone, f"phone-last-{path.parent.name}-{path.stem}")
    assert sideways(phone) == []


def fork_in_bands(http: httpx.Client) -> tuple[str, str]:
    """A fork of the widest Five Peaks replay late in the game, where seat 0, a player
    now, is to move its pawn (the board is two bands on a phone), and seat 0's token."""
    source = imported(http, golden_replays("five-peaks")[0])
    steps = http.get(f"/games/{source}/steps").json()["steps"]
    # the end of the decision before seat 0 moved its pawn, three quarters through the game
    before = [
        steps[i - 1]["at"]
        for i in range(1, len(steps))
        if steps[i]["actor"] == "seat:0" and steps[i]["type"] == "five_peaks.pawn_moved"
    ]
    at = before[len(before) * 3 // 4]
    seats = [{"kind": "player", "player": "ann"}]
    seats += [{"kind": "bot", "bot": "greedy"}] * 3
    made = http.post(f"/games/{source}/forks", json={"at": at, "seats": seats})
    assert made.status_code == 201, made.text
    body = made.json()
    return body["game_id"], next(s["token"] for s in body["seats"] if "token" in s)


def test_a_five_peaks_move_is_tapped_on_a_phone_board_in_bands(
    server: Server, http: httpx.Client, phone: Page
) -> None:
    game_id, token = fork_in_bands(http)
    phone.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    server.quiet()
    version = http.get(f"/games/{game_id}").json()["version"]
    expect(phone.locator(f'#play[data-version="{version}"]')).to_be_attached()
    expect(phone.locator("#board svg g.band")).to_have_count(2)
    tapped: list[str] = []
    for _ in range(8):
        phone.wait_for_function(READY)
        if phone.locator(f"{PREVIEW}, #compose-moves button").count():
            break
        # a cell of the second band when one may be tapped, else what comes first
        cells = phone.locator("#board svg g.band").nth(1).locator("rect.cell.pickable")
        target = (cells if cells.count() else phone.locator("#board svg .pickable")).first
        where = "second band " if cells.count() else ""
        tapped.append(where + (target.get_attribute("data-place") or ""))
        target.tap()
    else:
        pytest.fail(f"no move made in 8 taps: {tapped}")
    words = previewed(phone)
    screenshot(phone, "phone-bands-preview-five-peaks")
    assert sideways(phone) == []
    # Waited for: the command's answer. The position line is no sign of it: it names the
    # step shown, which here read "event 1616 of 1618" before the tap, so a wait for
    # "event 1618 of 1618" to go returned at once and raced the request (the flake once
    # quarantined in CI).
    with phone.expect_response(command_answer):
        phone.tap("#compose-send")
    expect(phone.locator(f'#play[data-version="{version}"]')).to_have_count(0)
    server.quiet()
    now = http.get(f"/games/{game_id}").json()["version"]
    assert now > version, words
    expect(phone.locator("#position")).to_have_text(f"event {now} of {now}")
    steps = http.get(f"/games/{game_id}/steps", headers={"Authorization": f"Bearer {token}"})
    assert steps.json()["steps"][-1]["at"] > version
    assert tapped and tapped[-1].startswith("second band "), f"where the move was: {tapped}"
