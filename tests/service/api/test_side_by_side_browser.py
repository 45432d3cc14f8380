"""A move composed while another seat moves (#24): in Peninsula's actions both seats act
side by side, so the other seat's move gives the table a new version while this seat is
half-way through its own. What the player picked, and a move they previewed, stay while
the new choices still hold them (CI 2026-12-07 lost a pick to the bot's move and waited a
minute for it). Debian's chromium, driven by Playwright; screenshots go to
``tests/artifacts/viewer/``."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.api.composing import KEPT, PREVIEW
from tests.service.api.conftest import Server
from tests.service.api.test_compose_browser import mine_after, opened_as_seat
from tests.service.api.test_table_browser import browser, create, errors, page
from tests.service.api.test_viewer_browser import screenshot

pytestmark = pytest.mark.storage
__all__ = ["browser", "errors", "page"]  # the fixtures
SEATS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
MINE = '#board svg [data-seat="0"]'


def offered(http: httpx.Client, game_id: str, token: str) -> dict[str, Any]:
    answer = http.get(f"/games/{game_id}/choices", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def played(http: httpx.Client, game_id: str, token: str, command: dict[str, Any]) -> int:
    """The command sent for the token's seat; the game's version after it."""
    sent = http.post(
        f"/games/{game_id}/commands",
        json={"command": command},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert sent.status_code == 200, sent.text
    version: int = http.get(f"/games/{game_id}").json()["version"]
    return version


def to_the_actions(http: httpx.Client, game_id: str, tokens: list[str]) -> None:
    """The draft played over HTTP, each seat in turn taking the first card offered, until
    both seats act side by side."""
    for _ in range(20):
        game = http.get(f"/games/{game_id}").json()
        if game["phase"] == "actions" and len(game["to_act"]) == 2:
            return
        seat = game["to_act"][0]
        played(
            http,
            game_id,
            tokens[seat],
            offered(http, game_id, tokens[seat])["choices"][0]["command"],
        )
    raise AssertionError(f"never both to act: {game['phase']}, {game['to_act']}")


def other_move(http: httpx.Client, game_id: str, token: str) -> int:
    """The other seat moves, without ending its actions while it has another move."""
    choices = offered(http, game_id, token)["choices"]
    going_on = [c for c in choices if c["command"]["type"] != "end_actions"]
    return played(http, game_id, token, (going_on or choices)[0]["command"])


def at_the_actions(server: Server, http: httpx.Client, page: Page) -> tuple[str, list[str]]:
    """A new game of ann and bob at its side-by-side actions, open on ann's table: its id
    and the seats' tokens."""
    made = create(http, "peninsula", SEATS)
    tokens = [seat["token"] for seat in made["seats"]]
    to_the_actions(http, made["game_id"], tokens)
    opened_as_seat(page, server, http, made["game_id"], tokens[0])
    return made["game_id"], tokens


def shared_start(choices: list[dict[str, Any]]) -> str:
    """A place that starts several moves (a draw, a trade, the architect's move to a hex):
    picking it previews none of them yet."""
    starts = Counter(c["places"][0] for c in choices if c["places"])
    return next(place for place, count in starts.items() if count > 1)


def test_picks_and_a_preview_stay_through_another_seats_moves(
    server: Server, http: httpx.Client, page: Page
) -> None:
    game_id, tokens = at_the_actions(server, http, page)
    choices = [c for c in offered(http, game_id, tokens[0])["choices"] if c["places"]]
    first = shared_start(choices)
    page.locator(f'{MINE} .pickable[data-place="{first}"]').click()
    picked = page.locator(f'{MINE} .picked[data-place="{first}"]')
    expect(picked).to_have_count(1)

    version = other_move(http, game_id, tokens[1])
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    expect(picked).to_have_count(1)
    expect(page.locator("#compose-status")).to_have_text(re.compile(rf"^{re.escape(KEPT)} Picked "))

    choice = next(c for c in choices if c["places"][0] == first)
    for place in choice["places"][1:]:
        page.locator(f'{MINE} .pickable[data-place="{place}"]').click()
    if not page.locator(PREVIEW).count():
        page.locator("#compose-moves button.compose-move").get_by_text(
            choice["text"], exact=True
        ).click()
    expect(page.locator(PREVIEW)).to_have_attribute("data-preview", choice["text"])
    expect(page.locator("#compose-status")).to_have_text(
        f"Preview: {choice['text']}. Send it, or go back."
    )

    version = other_move(http, game_id, tokens[1])
    expect(page.locator(f'#play[data-version="{version}"]')).to_be_attached()
    expect(page.locator(PREVIEW)).to_have_attribute("data-preview", choice["text"])
    expect(page.locator("#compose-status")).to_have_text(
        f"{KEPT} Preview: {choice['text']}. Send it, or go back."
    )
    screenshot(page, "compose-kept-through-another-move")
    page.locator("#compose-send").click()
    expect(page.locator(f'#play[data-version="{version}"]')).not_to_be_attached()
    assert mine_after(http, game_id, version), "the previewed move was sent and recorded"


TOLD = "(detail) => document.dispatchEvent(new CustomEvent('cairn:choices', { detail }))"
"""The viewer's word to the board that the seat's choices changed (viewer.js sends it at each
new version). Made here with the picked place's moves gone: no other seat's move takes a
seat's own moves away in Peninsula's actions, so the test says it."""


def test_picks_the_new_choices_no_longer_hold_are_dropped_and_said(
    server: Server, http: httpx.Client, page: Page
) -> None:
    game_id, tokens = at_the_actions(server, http, page)
    now = offered(http, game_id, tokens[0])
    first = shared_start(now["choices"])
    page.locator(f'{MINE} .pickable[data-place="{first}"]').click()
    expect(page.locator(f'{MINE} .picked[data-place="{first}"]')).to_have_count(1)
    left = [c for c in now["choices"] if first not in c["places"]]
    page.evaluate(TOLD, {**now, "version": now["version"] + 1, "choices": left})
    expect(page.locator("#board svg .picked")).to_have_count(0)
    expect(page.locator(f'{MINE} .pickable[data-place="{first}"]')).to_have_count(0)
    expect(page.locator("#compose-status")).to_have_text(
        "The game moved on, and the move you were making is no longer open: start again."
        " Click a highlighted place on the board to start a move there (or choose from the"
        " list below)."
    )
