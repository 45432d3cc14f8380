"""The league page (#24) in Debian's chromium under Playwright: a league's standings (with
the tie-break columns), its fixtures by round with each game's status and link, its
ratings and a knock-out season's bracket; a member signs in there with their player token
and opens their next game ready to play; the home page's "My leagues" leads there. Axe-core
finds no serious or critical violation on it. No console error may appear."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from tests.service.api.conftest import Server
from tests.service.api.test_accessibility_browser import violations
from tests.service.api.test_league_brackets import _league, _play, _round
from tests.service.api.test_leagues import auth, organiser
from tests.service.api.test_viewer_browser import (
    ARTIFACTS,
    PHONE,
    WAIT_MS,
    browser,
    screenshot,
)
from tests.service.leagues.tiebreaks import recomputed_table

pytestmark = pytest.mark.storage
__all__ = ["browser", "organiser"]  # the fixtures, used by name


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A phone-sized page that fails on any console error but one: a season with no
    bracket answers ``GET /leagues/{id}/bracket`` with 404, and the browser says so."""
    context = browser.new_context(viewport=PHONE)
    opened = context.new_page()
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        expected = "404" in message.text and message.location["url"].endswith("/bracket")
        if message.type == "error" and not expected:
            errors.append(f"{message.text} at {message.location['url']}")

    opened.on("console", on_console)
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.set_default_timeout(WAIT_MS)
    yield opened
    context.close()
    assert errors == [], "console errors on the page"


def a_round_played_and_the_next_scheduled(
    http: httpx.Client, boss: dict[str, Any], lid: str, players: dict[str, Any]
) -> dict[str, Any]:
    """Round 1 played (seat 0 wins each game), round 2 scheduled: its first fixture."""
    token_of = {p["player_id"]: p["token"] for p in players.values()}
    for fixture in http.post(f"/leagues/{lid}/rounds", headers=auth(boss["token"])).json():
        _play(http, fixture["game_id"], [token_of[p] for p in fixture["players"]], 0)
    assert http.get(f"/leagues/{lid}/standings").json()[0]["points"] > 0
    scheduled = http.post(f"/leagues/{lid}/rounds", headers=auth(boss["token"]))
    assert scheduled.status_code == 201, scheduled.text
    upcoming: dict[str, Any] = scheduled.json()[0]
    return upcoming


def test_a_member_opens_their_next_game_from_the_league_page(
    server: Server, http: httpx.Client, page: Page, organiser: dict[str, Any]
) -> None:
    lid, players = _league(http, organiser, "round-robin", ["ann", "bob", "cyd", "dee"])
    upcoming = a_round_played_and_the_next_scheduled(http, organiser, lid, players)
    by_id = {p["player_id"]: p for p in players.values()}
    member = by_id[upcoming["players"][0]]  # seat 0: the first to act
    league = http.get(f"/leagues/{lid}").json()

    page.goto(f"{server.url}/leagues/{lid}/viewer")
    expect(page.locator("#title")).to_have_text(league["name"])
    table = http.get(f"/leagues/{lid}/standings").json()
    rows = page.locator("#standings-table tbody tr")
    expect(rows).to_have_count(len(table))
    first = rows.first.locator("td:not(.tiebreak), th")
    columns = ("place", "name", "points", "played", "wins", "score", "forfeits")
    expect(first).to_have_text([str(table[0][k]) for k in columns])
    expect(page.locator("#tiebreaks")).to_contain_text("Ordered by points, then")
    fixtures = http.get(f"/leagues/{lid}/fixtures").json()
    expect(page.locator("#rounds li.fixture")).to_have_count(len(fixtures))
    played = next(f for f in fixtures if f["status"] == "played")
    done = page.locator(f'#rounds li.fixture[data-game="{played["game_id"]}"]')
    expect(done).to_contain_text("played: ")
    expect(done.locator("a")).to_have_attribute("href", f"/games/{played['game_id']}/viewer")
    expect(page.locator(f'#rounds li[data-game="{upcoming["game_id"]}"]')).to_contain_text(
        "to be played"
    )
    expect(page.locator("#rounds h3").first).to_have_text("Season 1, round 2")
    expect(page.locator("#ratings-table tbody tr")).to_have_count(len(players))
    expect(page.locator("#bracket")).to_be_hidden()  # a round-robin season has no bracket
    expect(page.locator("#play-next")).to_be_hidden()
    assert violations(page) == []

    page.fill("#player-token", member["token"])
    page.click("#sign-in button[type=submit]")
    expect(page.locator("#signed-in-name")).to_have_text(f"Signed in as {member['name']}.")
    expect(page.locator("#next-text")).to_contain_text("season 1, round 2")
    expect(page.locator("#next-text")).to_contain_text("you are seat 0")
    expect(page.locator("#standings-table tr.you")).to_have_count(1)
    assert violations(page) == []
    screenshot(page, "league-signed-in")
    page.click("#play-next")
    page.wait_for_url(f"**/games/{upcoming['game_id']}/viewer*")
    assert "token" not in page.url and member["token"] not in page.url, "no token in an address"
    expect(page.locator("#play-seat")).to_have_text("0")
    expect(page.locator("#choices button.choice").first).to_be_visible()
    screenshot(page, "league-next-game")
    page.locator("#choices button.choice").first.click()
    expect(page.locator("#event-text")).to_contain_text("seat 0", ignore_case=True)


TITLES = {
    "head-to-head": "head-to-head",
    "buchholz": "Buchholz",
    "sonneborn-berger": "Sonneborn-Berger",
    "wins": "first places",
    "draw": "seeded draw",
}
"""Words each tie-break column's title must hold to explain it."""


def test_the_standings_show_each_tiebreak_in_a_column_of_its_own(
    server: Server, http: httpx.Client, page: Page, organiser: dict[str, Any]
) -> None:
    """#25: after the game columns, one per tie-break in the order they apply, its header
    titled with what it counts; each row's numbers are the ones recomputed from the games
    (tests/service/leagues/tiebreaks.py), the draw's as a place in the drawn order."""
    lid, players = _league(http, organiser, "round-robin", ["ivy", "jon", "kim", "lee"])
    token_of = {p["player_id"]: p["token"] for p in players.values()}
    boss = auth(organiser["token"])
    for winner in (0, None):  # seat 0 wins every game, then every game is shared
        for fixture in http.post(f"/leagues/{lid}/rounds", headers=boss).json():
            _play(http, fixture["game_id"], [token_of[p] for p in fixture["players"]], winner)
    fixtures = http.get(f"/leagues/{lid}/fixtures").json()
    expected = recomputed_table(fixtures, http.get(f"/leagues/{lid}").json()["draw"])
    name_of = {p["player_id"]: p["name"] for p in players.values()}

    page.goto(f"{server.url}/leagues/{lid}/viewer")
    rows = page.locator("#standings-table tbody tr")
    expect(rows).to_have_count(len(expected))
    heads = page.locator("#standings-table thead th.tiebreak")
    expect(heads).to_have_count(len(TITLES))
    names = [t["tiebreak"] for t in expected[0]["tiebreaks"]]
    assert [h.get_attribute("data-tiebreak") for h in heads.all()] == names
    for name, head in zip(names, heads.all(), strict=True):
        assert TITLES[name] in (head.locator("abbr").get_attribute("title") or ""), name
    for i, row in enumerate(expected):
        expect(rows.nth(i).locator("th")).to_have_text(name_of[row["player_id"]])
        expect(rows.nth(i).locator("td").nth(1)).to_have_text(str(row["points"]))
        shown = [str(t["value"]) for t in row["tiebreaks"]]
        expect(rows.nth(i).locator("td.tiebreak")).to_have_text(shown)
    assert violations(page) == []
    page.set_viewport_size({"width": 900, "height": 700})  # the whole table, unscrolled
    page.locator("#standings").screenshot(path=str(ARTIFACTS / "league-standings.png"))


def test_my_leagues_on_the_home_page_lead_to_the_league(
    server: Server, http: httpx.Client, page: Page, organiser: dict[str, Any]
) -> None:
    lid, players = _league(http, organiser, "round-robin", ["eve", "fay"])
    upcoming = a_round_played_and_the_next_scheduled(http, organiser, lid, players)
    league = http.get(f"/leagues/{lid}").json()
    member = players["eve"]
    page.goto(f"{server.url}/")
    expect(page.locator("#leagues")).to_be_hidden()  # nobody signed in
    page.fill("#player-token", member["token"])
    page.click("#sign-in button[type=submit]")
    link = page.locator("#my-leagues a")
    expect(link).to_have_text([league["name"]])
    expect(page.locator("#my-leagues li")).to_contain_text("your next game is ready to play")
    assert violations(page) == []
    screenshot(page, "home-my-leagues")
    link.click()
    page.wait_for_url(f"**/leagues/{lid}/viewer")
    # signed in already: the home page kept the player token in this browser
    expect(page.locator("#play-next")).to_be_visible()
    expect(page.locator("#next-text")).to_contain_text(f"round {upcoming['round']}")
    expect(page.locator("#next-text")).to_contain_text(players["fay"]["name"])


def test_a_knockout_league_shows_its_bracket(
    server: Server, http: httpx.Client, page: Page, organiser: dict[str, Any]
) -> None:
    lid, players = _league(http, organiser, "knockout", ["gus", "hal", "ida"])
    token_of = {p["player_id"]: p["token"] for p in players.values()}
    (game,) = http.post(f"/leagues/{lid}/rounds", headers=auth(organiser["token"])).json()
    _play(http, game["game_id"], [token_of[p] for p in game["players"]], 0)
    bracket = http.get(f"/leagues/{lid}/bracket").json()
    page.goto(f"{server.url}/leagues/{lid}/viewer")
    expect(page.locator("#bracket")).to_be_visible()
    expect(page.locator(".bracket-round")).to_have_count(bracket["rounds"])
    expect(page.locator(".bracket-round h3").last).to_have_text("Final")
    winner = next(m for m in bracket["matches"] if m["round"] == 1 and not m["bye"])
    won = winner["names"][winner["players"].index(winner["winner"])]
    expect(page.locator(".match li.winner").filter(has_text=won).first).to_contain_text("✓")
    expect(page.locator(".match li.bye")).to_have_count(1)
    assert violations(page) == []
    screenshot(page, "league-bracket")


def test_an_unknown_league_says_so(server: Server, browser: Browser) -> None:
    opened = browser.new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    try:
        opened.goto(f"{server.url}/leagues/00000000-0000-0000-0000-000000000000/viewer")
        expect(opened.locator("#title")).to_have_text("No such league")
        expect(opened.locator("#message")).to_contain_text("There is no league")
        for hidden in ("#me", "#standings", "#fixtures", "#ratings"):
            expect(opened.locator(hidden)).to_be_hidden()
        assert errors == []
    finally:
        opened.context.close()


def test_the_order_sentence_and_the_columns_follow_the_order_that_applies(
    server: Server, http: httpx.Client, page: Page, organiser: dict[str, Any]
) -> None:
    """A league that names the draw first still applies it last (docs/leagues.md): the
    sentence under the table says so, in the columns' order, on a phone."""
    name = f"CampfireLeagueOfTheFivePeaksMountainHutTuesdays {uuid.uuid4().hex[:6]}"
    lid, players = _league(
        http,
        organiser,
        "round-robin",
        ["una-of-the-campfire-at-five-peaks", "vic"],
        tiebreaks=["draw", "wins"],
        name=name,
    )
    _round(http, organiser, lid, players, 0)
    page.goto(f"{server.url}/leagues/{lid}/viewer")
    heads = page.locator("#standings-table thead th.tiebreak")
    expect(heads).to_have_count(2)
    assert [h.get_attribute("data-tiebreak") for h in heads.all()] == ["wins", "draw"]
    expect(page.locator("#tiebreaks")).to_have_text(
        "Ordered by points, then wins, then the season's seeded draw."
    )
    screenshot(page, "league-draw-named-first")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a phone"
