"""Moves composed on the board, as a player makes them (#24): a preview backed out of sends
nothing (Back, Escape, Start over) and Enter sends it; Peninsula's icon is drawn starting
from the icon in hand; Peloponnes' tiles to save are picked in any order. Debian's
chromium, driven by Playwright; screenshots go to ``tests/artifacts/viewer/``."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.api.composing import PREVIEW, previewed, sent_from_the_preview
from tests.service.api.conftest import Server
from tests.service.api.test_peninsula_board_browser import seat_to_act
from tests.service.api.test_table_browser import browser, create, errors, page
from tests.service.api.test_viewer_browser import REPLAYS, imported, screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures
SEATS = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "greedy"}]
SAVING = (REPLAYS / "peloponnes" / "four-seats-random.ndjson", 196, ("A03", "A04"))
"""A recorded position where seat 0 may save two tiles from a disaster (the replay's
seq 196: save none, A03, A04 or both)."""


def opened_as_seat(page: Page, server: Server, http: httpx.Client, game_id: str, token: str) -> int:
    """The table opened with the seat's token, once the bots are done; its version."""
    page.goto(f"{server.url}/games/{game_id}/viewer#token={token}")
    server.quiet()
    version: int = http.get(f"/games/{game_id}").json()["version"]
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    return version


def mine_after(http: httpx.Client, game_id: str, version: int) -> list[dict[str, Any]]:
    """Seat 0's events appended after ``version`` (their commands are told only once the
    game is over: their payloads say what was done)."""
    events = http.get(f"/games/{game_id}/events", params={"after": version}).json()["events"]
    return [e for e in events if e["actor"] == "seat:0"]


def test_backing_out_of_a_preview_sends_nothing(
    server: Server, http: httpx.Client, page: Page
) -> None:
    made = create(http, "peloponnes", SEATS)
    game_id = made["game_id"]
    version = opened_as_seat(page, server, http, game_id, made["seats"][0]["token"])
    tile = page.locator("#board svg g.tile.pickable").first
    place = tile.get_attribute("data-place")
    tile.click()
    coins = page.locator('#board svg g.choice-button.pickable[data-place^="coins:"]')
    coins.first.click()
    # a tile and its coins make one bid: previewed on the board, not sent
    words = previewed(page)
    assert words.startswith("bid ") and str(place) in words, words
    expect(page.locator(f'#board svg g.previewed[data-place="{place}"]')).to_have_count(1)
    amount = words.split(" ")[1]
    expect(page.locator("#board svg .ghosts text")).to_have_text(f"your bid: {amount}")
    screenshot(page, "compose-preview-peloponnes")
    page.click("#compose-back")  # back to the coins, the tile still picked
    expect(page.locator(PREVIEW)).to_have_count(0)
    expect(page.locator(f'#board svg g.picked[data-place="{place}"]')).to_have_count(1)
    expect(coins.first).to_be_visible()
    expect(page.locator("#board svg .ghosts")).to_have_count(0)
    coins.first.click()
    previewed(page, words)
    page.keyboard.press("Escape")  # the keyboard backs out too
    expect(page.locator(PREVIEW)).to_have_count(0)
    expect(coins.first).to_be_visible()
    page.click("#compose-reset")  # and Start over forgets the tile
    expect(page.locator("#board svg .picked")).to_have_count(0)
    assert http.get(f"/games/{game_id}").json()["version"] == version, "nothing was sent"
    tile.click()
    coins.first.click()
    previewed(page, words)
    page.keyboard.press("Enter")  # Enter sends the previewed move
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    sent = mine_after(http, game_id, version)
    # one decision, the bid (and what it set off): none sent from a preview backed out of
    bids = [e["payload"] for e in sent if e["type"] == "peloponnes.bid_placed"]
    assert sent[0]["type"] == "peloponnes.bid_placed" and len(bids) == 1, sent
    assert bids[0]["tile"] == place and bids[0]["amount"] == int(amount), bids


def test_an_icon_is_drawn_starting_from_the_icon_in_hand(
    server: Server, http: httpx.Client, page: Page
) -> None:
    made = create(http, "peninsula", SEATS)
    game_id, token = made["game_id"], made["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    opened_as_seat(page, server, http, game_id, token)
    for _ in range(4):  # the draft, on the board, until the seat holds an icon to draw
        game = seat_to_act(server, http, game_id)
        offered = http.get(f"/games/{game_id}/choices", headers=auth).json()
        expect(page.locator(f'#play[data-version="{offered["version"]}"]')).to_be_attached()
        draws = [c for c in offered["choices"] if c["command"]["type"] == "draw_icon"]
        if draws:
            break
        drafted = next(c for c in offered["choices"] if c["command"]["type"] == "draft_card")
        for place in drafted["places"]:
            page.locator(f'#board svg .pickable[data-place="{place}"]').first.click()
        sent_from_the_preview(page, drafted["text"])
    else:
        pytest.fail(f"no icon to draw: {game['phase']}")
    # the longest draw (with its arrow), started from the icon held under the sheet
    choice = max(draws, key=lambda c: len(c["places"]))
    icon = choice["command"]["icon"]
    mine = '#board svg [data-seat="0"]'
    page.locator(f'{mine} .pickable[data-place="hand {icon}"]').click()
    hexes = {c["places"][0] for c in draws if c["command"]["icon"] == icon}
    pickable = page.locator(f"{mine} polygon.pickable")
    expect(pickable.first).to_be_visible()
    shown = {e.get_attribute("data-place") for e in pickable.all()}
    assert hexes <= shown, (hexes - shown, "every hex the held icon may go on is offered")
    for place in choice["places"]:
        page.locator(f'{mine} .pickable[data-place="{place}"]').click()
    words = previewed(page, choice["text"])
    expect(page.locator("#board svg .ghosts text").first).to_have_text(icon)
    screenshot(page, "compose-from-hand-peninsula")
    version = offered["version"]
    page.click("#compose-send")
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    drawn = [e["payload"] for e in mine_after(http, game_id, version)]
    command = choice["command"]
    assert drawn and drawn[0]["icon"] == icon and drawn[0]["at"] == command["at"], drawn
    assert drawn[0]["arrow"] == command.get("arrow"), (words, drawn)


def test_tiles_to_save_are_picked_in_any_order(
    server: Server, http: httpx.Client, page: Page
) -> None:
    path, at, tiles = SAVING
    parent = imported(http, path)
    seats = [SEATS[0], *[{"kind": "bot", "bot": "greedy"}] * 3]
    fork = http.post(f"/games/{parent}/forks", json={"at": at, "luck": "same", "seats": seats})
    assert fork.status_code == 201, fork.text
    game_id = fork.json()["game_id"]
    token = next(s["token"] for s in fork.json()["seats"] if s["seat"] == 0)
    version = opened_as_seat(page, server, http, game_id, token)
    for tile in reversed(tiles):  # against the order of their ids
        page.locator(f'#board svg [data-seat="0"] .pickable[data-place="{tile}"]').click()
    words = previewed(page)
    assert all(tile in words for tile in tiles), words
    expect(page.locator("#board svg .ghosts text")).to_have_count(len(tiles))
    screenshot(page, "compose-any-order-peloponnes")
    page.click("#compose-send")
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    saved = [e for e in mine_after(http, game_id, version) if e["type"].endswith("tiles_saved")]
    assert saved and sorted(saved[0]["payload"]["tiles"]) == sorted(tiles), saved


def test_a_click_across_a_refresh_at_the_same_version_still_picks(
    server: Server, http: httpx.Client, page: Page
) -> None:
    """A late stream message re-reads the game at the version shown and draws its board
    again; a player's press and release on either side of that redraw still pick the
    place (the whole-game tests lost such a click under load, CI 2026-12-06)."""
    made = create(http, "peloponnes", SEATS)
    game_id = made["game_id"]
    version = opened_as_seat(page, server, http, game_id, made["seats"][0]["token"])
    tile = page.locator("#board svg g.tile.pickable").first
    place = tile.get_attribute("data-place")
    box = tile.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    # the refresh reads the choices after it has drawn the board again
    with page.expect_response(lambda r: r.url.endswith("/choices")):
        page.evaluate("document.dispatchEvent(new CustomEvent('cairn:changed'))")
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    page.mouse.up()
    expect(page.locator(f'#board svg g.picked[data-place="{place}"]')).to_have_count(1)
    expect(page.locator("#compose-status")).to_contain_text("Picked")
