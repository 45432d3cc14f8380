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
from playwright.sync_api import Browser, ConsoleMessage, Page, Route, expect, sync_playwright

from tests.service.api.conftest import ADMIN_TOKEN, Server
from tests.service.api.playing import Table, seats_for
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage

CHROMIUM = Path("/usr/bin/chromium")
REPLAYS = Path(__file__).parents[3] / "replays"
ARTIFACTS = Path(__file__).parents[2] / "artifacts" / "viewer"
PHONE = {"width": 390, "height": 844}
# Bounds, not timings: under a shared machine's load (15 on 2 cores) a bot's answer and the
# page's redraw took over 20 s once; nothing here measures speed.
WAIT_MS = 60_000
expect.set_options(timeout=WAIT_MS)


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
    opened.set_default_timeout(WAIT_MS)
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


def finished_game(server: Server, http: httpx.Client, ruleset: str) -> str:
    """A recorded game of the ruleset from replays/, or, for a ruleset that has none yet,
    a game of its bots played to the end."""
    recorded = sorted((REPLAYS / ruleset).glob("*.ndjson"))
    if recorded:
        return imported(http, recorded[0])
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=2))
    server.quiet(timeout=120)
    assert table.view()["status"] == "finished"
    return table.game_id


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_a_finished_recorded_game_steps_forward_and_back(
    server: Server, http: httpx.Client, page: Page, ruleset: str
) -> None:
    game_id = finished_game(server, http, ruleset)
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
    server.quiet()
    version = table.view()["version"]
    commands = [e for e in table.events(0)["events"] if e["actor"] == "seat:0"]
    assert commands, "seat 0 moved from the page"
    # The page read only new steps on each move (after=N): it holds each step once.
    told = http.get(f"/games/{table.game_id}/steps", headers=table.auth(0)).json()["steps"]
    expect(page.locator("#slider")).to_have_attribute("max", str(len(told) - 1))
    expect(page.locator("#position")).to_contain_text(f"event {told[-1]['seq']} of")
    screenshot(page, "live-peninsula")
    # A seat may fork its live game: the luck is reshuffled and it plays the fork alone.
    page.click("#fork")
    expect(page.locator("#fork-question")).to_contain_text("reshuffled")
    page.click("#fork-confirm")
    page.wait_for_url(
        lambda url: table.game_id not in url and url.split("#")[0].endswith("/viewer")
    )
    expect(page.locator("#summary")).to_contain_text("you are seat 0")
    forked = http.get(f"/games/{page.url.split('#')[0].split('/')[-2]}").json()
    assert forked["parent_id"] == table.game_id
    assert [s["kind"] for s in forked["seats"]] == ["player", "bot"]


def test_a_refresh_at_the_same_version_keeps_the_chosen_button_focused(
    server: Server, http: httpx.Client, page: Page
) -> None:
    """A late stream message refreshes the page at a version it already shows: the choices
    must stay the same elements, or a keyboard player's focus (and their Enter) is lost."""
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]
    table = Table.create(server, http, "peninsula", seats)
    page.goto(f"{server.url}/games/{table.game_id}/viewer#token={table.tokens[0]}")
    server.quiet()
    version = table.view()["version"]
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    page.locator("#choices button.choice").first.focus()
    page.evaluate("refresh()")  # what a stream message starts, 150 ms later
    focused = "document.activeElement && document.activeElement.matches('#choices button')"
    assert page.evaluate(focused), "the refresh replaced the focused choice"
    page.keyboard.press("Enter")
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()


def test_fork_from_here_asks_first_then_opens_the_fork(
    server: Server, http: httpx.Client, page: Page
) -> None:
    game_id = imported(http, sorted((REPLAYS / "peninsula").glob("*.ndjson"))[0])
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    middle = int(page.locator("#slider").get_attribute("max") or "0") // 2
    page.locator("#slider").fill(str(middle))  # mid-game: the fork still has moves to make
    expect(page.locator("#event-text")).to_contain_text(".")
    page.click("#fork")
    dialog = page.locator("#fork-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#fork-question")).to_contain_text("Fork this game after event")
    page.keyboard.press("Escape")  # cancelled: nothing is forked
    expect(dialog).to_be_hidden()
    assert page.url.split("#")[0].endswith(f"/games/{game_id}/viewer")
    page.click("#fork")
    page.click("#fork-confirm")
    page.wait_for_url(lambda url: game_id not in url and url.split("#")[0].endswith("/viewer"))
    expect(page.locator("#summary")).to_contain_text("you are seat 0")
    fork_id = page.url.split("#")[0].split("/")[-2]
    forked = http.get(f"/games/{fork_id}").json()
    assert forked["parent_id"] == game_id and forked["fork_at"] > 0
    expect(page.locator("#play")).to_be_visible()
    screenshot(page, "fork-peninsula")


@pytest.mark.parametrize(
    ("answer", "told"),
    [
        ("abort", "The server cannot be reached: the connection is lost."),
        ("502", "502"),
    ],
)
def test_a_fork_that_gets_no_answer_or_a_proxys_page_says_so_in_words(
    server: Server, http: httpx.Client, browser: Browser, answer: str, told: str
) -> None:
    """A fork refused by no answer at all, or by a proxy's plain-text 502, is told as such:
    never "Failed to fetch" or a JSON parse error, and the page stays on the game. (Its own
    page: the browser logs the refused request itself, the one console error expected.)"""
    game_id = imported(http, sorted((REPLAYS / "peninsula").glob("*.ndjson"))[0])
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()

    def refuse(route: Route) -> None:
        if answer == "abort":
            route.abort()
        else:
            route.fulfill(status=502, content_type="text/plain", body="Bad Gateway")

    page.route(f"**/games/{game_id}/forks", refuse)
    page.click("#fork")
    page.click("#fork-confirm")
    message = page.locator("#message")
    expect(message).to_contain_text(told)
    assert "JSON" not in message.inner_text() and "Failed to fetch" not in message.inner_text()
    assert page.url.split("#")[0].endswith(f"/games/{game_id}/viewer")
    context.close()
    assert [e for e in errors if not e.startswith("Failed to load resource")] == []


def test_the_games_list_puts_open_tables_first_and_filters(
    server: Server, http: httpx.Client, page: Page
) -> None:
    open_table = Table.create(
        server, http, "peloponnes", [{"kind": "open"}, {"kind": "bot", "bot": "random"}]
    )
    imported(http, sorted((REPLAYS / "peninsula").glob("*.ndjson"))[0])
    page.goto(f"{server.url}/viewer")
    first = page.locator("#games li").first
    expect(first).to_contain_text("open table")
    page.locator("#ruleset").select_option("peninsula")
    expect(page.locator("#games li").first).to_contain_text("peninsula")
    expect(page.locator("#games li", has_text="peloponnes")).to_have_count(0)
    assert "ruleset=peninsula" in page.url, "the filter is kept in the address"
    page.locator("#ruleset").select_option("")
    page.locator("#status").select_option("active")
    expect(page.locator("#games li", has_text="finished")).to_have_count(0)
    page.locator(f'a[href="/games/{open_table.game_id}/viewer"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/games/{open_table.game_id}/viewer*")
    expect(page.locator("#board svg")).to_be_visible()
    screenshot(page, "open-table-peloponnes")


def test_a_spectator_follows_a_live_game_as_it_is_played(
    server: Server, http: httpx.Client, page: Page
) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "random"}]
    table = Table.create(server, http, "peloponnes", seats)
    server.quiet()
    page.goto(f"{server.url}/games/{table.game_id}/viewer")
    expect(page.locator("#live")).to_be_visible()
    expect(page.locator("#seat")).to_be_disabled()  # a live game's seats are their own
    expect(page.locator("#fork")).to_be_disabled()
    expect(page.locator("#play")).to_be_hidden()
    for _ in range(3):
        server.quiet()
        version = table.view()["version"]
        expect(page.locator("#position")).to_contain_text(f" of {version}")
        assert table.step(), "seat 0 moved"
    server.quiet()
    version = table.view()["version"]
    expect(page.locator("#position")).to_contain_text(f" of {version}")
