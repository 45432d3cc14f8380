"""The table in a real browser (#24), as a player uses it: a game started from the home
page and resigned (once cancelled at the confirmation), an invite link followed by a
second person, a timed game whose clock counts down until the timeout ends it, a takeback
from the page, one asked for and refused then allowed from the other seat's page, and a
review that opens a deep link and jumps from the move list. Debian's chromium, driven by
Playwright (see test_viewer_browser.py); screenshots go to ``tests/artifacts/viewer/``.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from service.application.live import time_out
from tests.service.api.composing import previewed
from tests.service.api.conftest import Server
from tests.service.api.test_viewer_browser import (
    PHONE,
    REPLAYS,
    WAIT_MS,
    browser,
    imported,
    screenshot,
)

pytestmark = pytest.mark.storage
__all__ = ["browser"]  # the fixture, shared with the viewer's own browser test
DESKTOP = {"width": 1100, "height": 900}


@pytest.fixture
def errors() -> list[str]:
    return []


def opened(browser: Browser, errors: list[str], viewport: dict[str, int]) -> Page:
    """A page in a context of its own (a person with their own browser storage)."""
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    page = context.new_page()

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(WAIT_MS)
    return page


@pytest.fixture
def page(browser: Browser, errors: list[str]) -> Iterator[Page]:
    made = opened(browser, errors, DESKTOP)
    yield made
    made.context.close()
    assert errors == [], "console errors on the page"


def create(http: httpx.Client, ruleset: str, seats: list[Any], **options: Any) -> dict[str, Any]:
    answer = http.post("/games", json={"ruleset": ruleset, "seats": seats, "options": options})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def against_a_bot(http: httpx.Client, ruleset: str, bot: str = "greedy") -> tuple[str, str]:
    """A new game of ann in seat 0 against the bot: its id and ann's seat token."""
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": bot}]
    made = create(http, ruleset, seats)
    return made["game_id"], made["seats"][0]["token"]


def game_of(page: Page) -> str:
    return page.url.split("/games/")[1].split("/")[0]


def test_the_root_is_a_page_for_browsers_and_json_for_clients(http: httpx.Client) -> None:
    assert http.get("/").json()["openapi"] == "/schema/openapi.json"
    assert http.get("/", headers={"Accept": "application/json"}).json()["games"] == "/games"
    html = http.get("/", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert html.headers["content-type"].startswith("text/html")
    assert 'id="new-game-form"' in html.text


def test_a_game_started_from_the_home_page_is_played_and_resigned(
    server: Server, http: httpx.Client, page: Page
) -> None:
    page.goto(f"{server.url}/")
    page.locator("#new-ruleset").select_option("peloponnes")
    expect(page.locator("#new-seat-1")).to_have_value("bot:greedy")
    page.locator("#new-name").fill("ann")
    page.locator("#new-options summary").click()
    page.locator('select[name="time_control"]').select_option("fischer")
    page.locator('input[name="bank_seconds"]').fill("900")
    page.click("#new-start")
    page.wait_for_url("**/games/*/viewer*")
    game_id = game_of(page)
    live = http.get(f"/games/{game_id}").json()["live"]
    assert live["time_control"] == "fischer" and live["clocks"][0] <= 900_000
    expect(page.locator("#seat-list")).to_contain_text("ann (you)")
    expect(page.locator("#seat-list")).to_contain_text("bot greedy")
    server.quiet()
    expect(page.locator("#turn")).to_contain_text("Your turn")
    # The clock counts down on the page, between two answers of the server.
    clock = page.locator('#seat-list .clock.running[data-seat="0"]')
    expect(clock).to_be_visible()
    before = clock.inner_text()
    expect(clock).not_to_have_text(before)
    version = http.get(f"/games/{game_id}").json()["version"]
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    page.locator("#choices button.choice").first.click()
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    server.quiet()
    expect(page.locator("#move-list")).to_contain_text("seat 0 (ann)")
    page.click("#resign")
    expect(page.locator("#confirm-question")).to_contain_text("Resign this game?")
    page.click("#confirm-cancel")  # thought better of it: nothing happens
    expect(page.locator("#confirm-dialog")).not_to_be_visible()
    assert http.get(f"/games/{game_id}").json()["status"] != "finished"
    expect(page.locator("#result")).to_be_hidden()
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#ending")).to_contain_text("by resignation")
    expect(page.locator("#ending")).to_contain_text("won by seat 1 (bot greedy)")
    rows = page.locator("#result-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("bot greedy")
    expect(page.locator("#seed")).to_have_text(
        next(
            e["payload"]["seed"]
            for e in http.get(f"/games/{game_id}/events").json()["events"]
            if e["type"] == "game.seed_revealed"
        )
    )
    expect(page.locator("#resign")).to_be_hidden()
    screenshot(page, "table-resigned-peloponnes")
    page.goto(f"{server.url}/")
    expect(page.locator("#my-games")).to_contain_text(f"peloponnes {game_id[:8]}")


def test_an_invite_link_opens_the_seat_for_whoever_follows_it(
    server: Server, browser: Browser, errors: list[str], page: Page
) -> None:
    page.goto(f"{server.url}/")
    page.locator("#new-ruleset").select_option("peninsula")
    page.locator("#new-name").fill("ann")
    page.locator("#new-seat-1").select_option("open")
    page.click("#new-start")
    expect(page.locator("#started")).to_be_visible()
    link = page.locator(".invite-link").input_value()
    assert "#invite=" in link, "the invite travels in the fragment, never to the server"
    page.click("#started-link")
    expect(page.locator("#turn")).to_contain_text("Waiting for players")
    guest = opened(browser, errors, PHONE)
    try:
        guest.goto(link)
        expect(guest.locator("#join-form")).to_be_visible()
        assert "invite" not in guest.url
        guest.locator("#join-name").fill("bob")
        guest.click("#join")
        expect(guest.locator("#seat-list")).to_contain_text("bob (you)")
        expect(guest.locator("#join-form")).to_be_hidden()
        screenshot(guest, "invited-peninsula")
    finally:
        guest.context.close()
    expect(page.locator("#seat-list")).to_contain_text("bob")
    expect(page.locator("#turn")).not_to_contain_text("Waiting for players")


def test_a_timed_game_counts_down_and_shows_the_timeout(
    server: Server, http: httpx.Client, page: Page
) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]
    made = create(
        http, "peloponnes", seats, time_control="fischer", bank_seconds=20, increment_seconds=0
    )
    token = made["seats"][0]["token"]
    page.goto(f"{server.url}/games/{made['game_id']}/viewer#token={token}")
    clock = page.locator('#seat-list .clock[data-seat="0"]')
    expect(clock).to_contain_text("running")
    expect(clock).to_have_attribute("title", "seat 0's bank")  # what the clock counts
    before = clock.inner_text()
    expect(clock).not_to_have_text(before)  # it counts down
    screenshot(page, "clock-running-peloponnes")
    expect(clock).to_contain_text("out of time")
    # What the service's timeouts thread does once the deadline passed (the test server
    # runs no sweep, so no such thread); the stream brings the end to the page.
    time_out(server.cairn, UUID(made["game_id"]))
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#ending")).to_contain_text("on time")
    expect(page.locator("#seat-list")).to_contain_text("left the game")
    screenshot(page, "timed-out-peloponnes")


def test_a_takeback_from_the_page(server: Server, http: httpx.Client, page: Page) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
    made = create(http, "peninsula", seats, takebacks="free")
    game_id = made["game_id"]
    seat = http.get(f"/games/{game_id}").json()["to_act"][0]
    token = made["seats"][seat]["token"]
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    version = http.get(f"/games/{game_id}").json()["version"]
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    offered = page.locator("#choices button.choice").all_inner_texts()
    page.locator("#choices button.choice").first.click()
    expect(page.locator("#takeback")).to_be_visible()
    page.click("#takeback")
    expect(page.locator("#takeback")).to_be_hidden()
    events = http.get(f"/games/{game_id}/events").json()["events"]
    assert [e["type"] for e in events].count("live.taken_back") == 1
    now = http.get(f"/games/{game_id}").json()["version"]
    expect(page.locator(f'#play[data-version="{now}"]')).to_be_attached()
    assert page.locator("#choices button.choice").all_inner_texts() == offered


def test_a_takeback_asked_for_is_refused_then_allowed_from_the_other_page(
    server: Server, http: httpx.Client, browser: Browser, errors: list[str], page: Page
) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
    made = create(http, "peninsula", seats, takebacks="consent")
    game_id = made["game_id"]
    seat = http.get(f"/games/{game_id}").json()["to_act"][0]
    page.goto(f"{server.url}/games/{game_id}/viewer#token={made['seats'][seat]['token']}")
    other = opened(browser, errors, DESKTOP)
    try:
        other.goto(f"{server.url}/games/{game_id}/viewer#token={made['seats'][1 - seat]['token']}")
        version = http.get(f"/games/{game_id}").json()["version"]
        expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
        offered = page.locator("#choices button.choice").all_inner_texts()
        page.locator("#choices button.choice").first.click()
        ask = page.locator("#takeback")
        expect(ask).to_have_text("Ask to take back my last move")
        ask.click()
        refuse, allow = other.locator("#takeback-no"), other.locator("#takeback-yes")
        expect(allow).to_have_text(f"Allow seat {seat} to take back 1 move")
        refuse.click()
        expect(refuse).to_be_hidden()
        events = http.get(f"/games/{game_id}/events").json()["events"]
        assert "live.taken_back" not in [e["type"] for e in events], "a refusal takes nothing back"
        expect(ask).to_be_visible()  # refused: it may ask again
        ask.click()
        allow.click()
        expect(allow).to_be_hidden()
        now = http.get(f"/games/{game_id}").json()["version"]
        expect(page.locator(f'#play[data-version="{now}"]')).to_be_attached()
        assert page.locator("#choices button.choice").all_inner_texts() == offered
        events = http.get(f"/games/{game_id}/events").json()["events"]
        assert [e["type"] for e in events].count("live.taken_back") == 1
        screenshot(other, "takeback-allowed-peninsula")
    finally:
        other.context.close()


def test_a_review_opens_a_deep_link_and_jumps_from_the_move_list(
    server: Server, http: httpx.Client, browser: Browser, errors: list[str]
) -> None:
    game_id = imported(http, sorted((REPLAYS / "peninsula").glob("*.ndjson"))[0])
    page = opened(browser, errors, PHONE)
    try:
        page.goto(f"{server.url}/games/{game_id}/viewer#12")
        expect(page.locator("#event-text")).to_contain_text("12. ")
        expect(page.locator('#move-list [aria-current="step"]')).to_have_attribute("data-seq", "12")
        expect(page.locator("#result")).to_be_visible()  # a finished game says how it ended
        page.locator('#move-list button[data-seq="20"]').click()
        expect(page.locator("#event-text")).to_contain_text("20. ")
        assert page.url.endswith("#20"), "the address carries the step shown"
        page.keyboard.press("ArrowLeft")  # the keyboard still steps
        expect(page.locator("#event-text")).not_to_contain_text("20. ")
        wide = "document.documentElement.scrollWidth - window.innerWidth"
        assert page.evaluate(wide) <= 0, "nothing is wider than a phone: no sideways scroll"
        screenshot(page, "review-deep-link-peninsula")
        # An unknown game is said in words, with no control that could not work.
        page.goto(f"{server.url}/games/{uuid.uuid4()}/viewer")
        expect(page.locator("#title")).to_have_text("No such game")
        expect(page.locator("#message")).to_contain_text("There is no game")
        for hidden in ("#steps", "#board-row", "#play", "#controls", "#token-form"):
            expect(page.locator(hidden)).to_be_hidden()
        # The browser reports the API's 404 in its console: that one is expected.
        errors[:] = [e for e in errors if "404" not in e]
        assert errors == []
    finally:
        page.context.close()


def test_a_peninsula_move_is_made_on_the_board(
    server: Server, http: httpx.Client, page: Page
) -> None:
    game_id, token = against_a_bot(http, "peninsula")
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    expect(page.locator("#board svg .edge-labels")).to_have_count(2)  # columns and rows
    mine = '#board svg [data-seat="0"]'
    for _ in range(10):  # the draft has no place: it is made from the list, until actions
        server.quiet()
        version = http.get(f"/games/{game_id}").json()["version"]
        expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
        if page.locator(f"{mine} .pickable").count():
            break
        page.locator("#choices button.choice").first.click()
        expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    pickable = page.locator(f"{mine} .pickable")
    expect(pickable.first).to_be_visible()
    place = pickable.first.get_attribute("data-place")
    pickable.first.click()
    marked = f'{mine} [data-place="{place}"]:is(.picked, .previewed)'
    expect(page.locator(marked)).to_have_count(1)
    # the moves starting there, or the one move it makes, previewed at once
    expect(page.locator("#compose-moves button, #compose[data-preview]").first).to_be_visible()
    page.click("#compose-back")  # backing out: nothing picked, nothing sent
    expect(page.locator(f"{mine} :is(.picked, .previewed)")).to_have_count(0)
    expect(page.locator("#compose-moves button")).to_have_count(0)
    pickable.first.click()
    version = http.get(f"/games/{game_id}").json()["version"]
    sent = previewed(page)
    assert str(place) in sent, (place, sent)
    screenshot(page, "board-move-peninsula")
    page.click("#compose-send")
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    told = http.get(f"/games/{game_id}/steps", headers={"Authorization": f"Bearer {token}"})
    mine_told = [s["text"] for s in told.json()["steps"] if s["actor"] == "seat:0"]
    assert any(str(place) in text for text in mine_told[-2:]), (sent, mine_told[-2:])


def test_a_peloponnes_bid_is_made_on_a_tile(
    server: Server, http: httpx.Client, browser: Browser, errors: list[str]
) -> None:
    game_id, token = against_a_bot(http, "peloponnes")
    page = opened(browser, errors, PHONE)
    try:
        page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
        server.quiet()
        # the page has read the choices of the game as it is now (the bots are done)
        now = http.get(f"/games/{game_id}").json()["version"]
        expect(page.locator(f'#play[data-version="{now}"]')).to_be_attached()
        tile = page.locator("#board svg g.tile.pickable").first
        expect(tile).to_be_visible()
        place = tile.get_attribute("data-place")
        tile.focus()
        page.keyboard.press("Enter")  # the board's places are reachable by keyboard
        # then the coins: the least the tile takes is the first one highlighted, focused
        coins = page.locator('#board svg g.choice-button.pickable[data-place^="coins:"]')
        expect(coins.first).to_be_focused()
        page.keyboard.press("Enter")
        # a tile and its coins make one bid: it is previewed on the board, Send focused
        words = previewed(page)
        assert words.startswith("bid ") and str(place) in words, words
        expect(page.locator(f'#board svg g.previewed[data-place="{place}"]')).to_have_count(1)
        expect(page.locator("#board svg .ghosts text")).to_contain_text("your bid: ")
        page.evaluate("refresh()")  # what a late stream message starts: the board redrawn
        expect(page.locator("#compose-send")).to_be_focused()  # the preview keeps the focus
        expect(page.locator("#board svg .ghosts text")).to_contain_text("your bid: ")
        screenshot(page, "board-bid-peloponnes")
        version = http.get(f"/games/{game_id}").json()["version"]
        page.keyboard.press("Enter")
        expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
        events = http.get(f"/games/{game_id}/events", params={"after": version}).json()["events"]
        bids = [e for e in events if e["actor"] == "seat:0" and e["type"].endswith("bid_placed")]
        assert bids and bids[0]["payload"]["tile"] == place, [e["type"] for e in events]
    finally:
        page.context.close()
    assert errors == []


def test_a_lost_stream_is_said_and_followed_again(
    server: Server, http: httpx.Client, page: Page, errors: list[str]
) -> None:
    game_id, token = against_a_bot(http, "peloponnes", "random")
    server.quiet()
    page.route("**/stream?**", lambda route: route.abort())  # the connection is lost
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#live")).to_have_text("connection lost: reconnecting…")
    page.unroute("**/stream?**")  # it is back: the browser's own retry gets through
    expect(page.locator("#live")).to_have_text("following live")
    # The browser reports each aborted connection in its console: those are expected.
    errors[:] = [e for e in errors if "ERR_FAILED" not in e]
    before = http.get(f"/games/{game_id}").json()["version"]
    offered = http.get(f"/games/{game_id}/choices", headers={"Authorization": f"Bearer {token}"})
    command = offered.json()["choices"][0]["command"]
    sent = http.post(
        f"/games/{game_id}/commands",
        json={"command": command},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert sent.status_code == 200, sent.text
    server.quiet()
    after = http.get(f"/games/{game_id}").json()["version"]
    assert after > before
    expect(page.locator("#position")).to_contain_text(f" of {after}")
