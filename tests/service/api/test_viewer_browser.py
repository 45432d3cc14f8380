"""The viewer in a real browser: Debian's chromium driven by Playwright (no browser is ever
downloaded). It steps through a finished recorded game of each ruleset, and plays a live
game against a bot from the page with a seat's token; no console error may appear.

Screenshots go to ``tests/artifacts/viewer/`` (gitignored). Without chromium the test
tries ``apt-get install -y chromium`` (as .ci/run does) and skips, saying why, only if
that fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright

from tests.service.api.conftest import ADMIN_TOKEN, Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

CHROMIUM = Path("/usr/bin/chromium")
REPLAYS = Path(__file__).parents[3] / "replays"
ARTIFACTS = Path(__file__).parents[2] / "artifacts" / "viewer"
RULESETS_WITH_REPLAYS = sorted(p.name for p in REPLAYS.iterdir() if any(p.glob("*.ndjson")))
PHONE = {"width": 390, "height": 844}
expect.set_options(timeout=20_000)


def chromium() -> Path:
    if CHROMIUM.exists():
        return CHROMIUM
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        pytest.skip("chromium is missing and cannot be installed here (no apt-get as root)")
    subprocess.run([apt, "update", "-qq"], capture_output=True, check=False)
    done = subprocess.run(
        [apt, "install", "-y", "-qq", "chromium"], capture_output=True, check=False
    )
    if done.returncode != 0 or not CHROMIUM.exists():
        pytest.skip(f"chromium is missing and apt-get could not install it: {done.stderr[-300:]!r}")
    return CHROMIUM


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(executable), args=["--no-sandbox"]
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    opened = context.new_page()
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    opened.on("console", on_console)
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.set_default_timeout(20_000)
    yield opened
    context.close()
    assert errors == [], "console errors in the viewer"


def imported(http: httpx.Client, path: Path) -> str:
    answer = http.post(
        "/replays",
        content=path.read_text(),
        headers={"Content-Type": "application/x-ndjson", "Authorization": f"Bearer {ADMIN_TOKEN}"},
    )
    assert answer.status_code in (200, 201), answer.text
    game_id: str = answer.json()["game_id"]
    return game_id


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def board_and_text(page: Page) -> tuple[str, str]:
    return page.inner_html("#board"), page.inner_text("#event-text")


@pytest.mark.parametrize("ruleset", RULESETS_WITH_REPLAYS)
def test_a_finished_recorded_game_steps_forward_and_back(
    server: Server, http: httpx.Client, page: Page, ruleset: str
) -> None:
    game_id = imported(http, sorted((REPLAYS / ruleset).glob("*.ndjson"))[0])
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#title")).to_contain_text(ruleset)
    last = board_and_text(page)
    page.click("#back")
    expect(page.locator("#event-text")).not_to_have_text(last[1])
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Home")
    page.wait_for_function(
        "last => document.querySelector('#slider').value === '0'"
        " && document.querySelector('#board').innerHTML !== last",
        arg=last[0],
    )
    first = board_and_text(page)
    assert first[1].startswith("1.") and first[1] != last[1]
    page.click("#forward")
    expect(page.locator("#event-text")).not_to_have_text(first[1])
    page.keyboard.press("End")
    expect(page.locator("#event-text")).to_have_text(last[1])
    page.locator("#seat").select_option("1")
    expect(page.locator("#board svg")).to_contain_text("(you)")
    screenshot(page, f"finished-{ruleset}")


def test_a_seat_plays_a_live_game_against_a_bot_from_the_page(
    server: Server, http: httpx.Client, page: Page
) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]
    table = Table.create(server, http, "peninsula", seats)
    page.goto(f"{server.url}/games/{table.game_id}/viewer#token={table.tokens[0]}")
    expect(page.locator("#live")).to_be_visible()
    assert "token" not in page.url, "the token leaves the address bar"
    for _ in range(4):
        server.quiet()
        version = table.view()["version"]
        # The page has read its choices at the game's version (bots done), so the list
        # chosen from is the current one.
        expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
        choice = page.locator("#choices button.choice").first
        choice.focus()
        page.keyboard.press("Enter")  # the keyboard alone plays
        expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    version = table.view()["version"]
    commands = [e for e in table.events(0)["events"] if e["actor"] == "seat:0"]
    assert commands, "seat 0 moved from the page"
    screenshot(page, "live-peninsula")
