"""Hints drawn on the board (#24), in Debian's chromium under Playwright: a reviewer follows
a deep link to a step (``/games/{id}/viewer#N``), analyses the game, clicks a mistake mark
on the win-probability graph, and sees the hint there drawn in place: the places its move
touches outlined (``.hinted``, not the legal-move highlight), a badge with its win share,
and the same in words with its difference to the move played. For every shipped ruleset,
on a short game, the best hint is drawn on the hinted seat's own board (public once the
game is over), in the words of the board's own labels. A spectator of a live game gets
no seat's board, hand or hints this way."""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree

import httpx
import pytest
from playwright.sync_api import Page, expect

from service.analysis.jobs import jobs_for
from service.application import Application
from service.store import EventStore
from tests.service.api.conftest import Server
from tests.service.api.test_accessibility_browser import violations
from tests.service.api.test_analyses import finished
from tests.service.api.test_viewer_browser import ARTIFACTS, browser, page, screenshot
from tests.service.viewer.test_five_peaks_places import drawn_places
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
__all__ = ["browser", "page"]  # the fixtures, shared with the viewer's own browser test

BOTS = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
SEED = "b7" * 32
QUICK = "3"
"""The page's fewest rollouts per point: a short game's analysis and hints take seconds."""


def fixed_game(store: EventStore) -> str:
    """A finished Peloponnes game of bots, the same every run. The served bots draw their
    own entropy, and a lopsided game (18 to 0) has no decision after which the mover's win
    share falls, so no mistake mark to click; this seed and entropy give falls of 0.2 and
    0.3 at 10 rollouts."""
    app = Application(store)
    created = app.create_game("peloponnes", 2, seat_info=BOTS, seed=SEED)
    app.play_bots(created.game_id, {0: "greedy", 1: "random"}, entropy="hints-browser")
    return str(created.game_id)


def hinted_places(page: Page) -> set[str]:
    places: list[str] = page.eval_on_selector_all(
        "#board .hinted", "nodes => nodes.map(n => n.dataset.place)"
    )
    return set(places)


BADGE_FAULTS = """
() => {
  const badge = document.querySelector("#board .hint-badge");
  if (!badge) return ["no badge drawn"];
  const svg = badge.ownerSVGElement.getBoundingClientRect();
  const b = badge.getBoundingClientRect();
  const faults = [];
  if (b.left < svg.left - 1 || b.top < svg.top - 1 || b.right > svg.right + 1
      || b.bottom > svg.bottom + 1) faults.push("the badge leaves the drawing");
  for (const text of badge.ownerSVGElement.querySelectorAll("text")) {
    if (badge.contains(text) || !text.textContent.trim()) continue;
    const t = text.getBoundingClientRect();
    if (t.width === 0 || t.height === 0) continue;
    const wide = Math.min(b.right, t.right) - Math.max(b.left, t.left);
    const high = Math.min(b.bottom, t.bottom) - Math.max(b.top, t.top);
    if (wide > 1 && high > 1) faults.push(`the badge covers "${text.textContent.trim()}"`);
  }
  return faults;
}
"""
"""What is wrong with the hint's badge as drawn: it must lie within the drawing and cover no
words of it (a heading, a card's name), in CSS pixels as the page shows them."""


def badge_faults(page: Page) -> list[str]:
    faults: list[str] = page.evaluate(BADGE_FAULTS)
    return faults


def test_a_mistake_mark_draws_its_hint_on_the_board(
    server: Server, http: httpx.Client, page: Page, store: EventStore
) -> None:
    jobs_for(server.cairn).jobs = 1
    game_id = fixed_game(store)
    steps = http.get(f"/games/{game_id}/steps").json()["steps"]
    linked = steps[len(steps) // 2]["seq"]
    page.goto(f"{server.url}/games/{game_id}/viewer#{linked}")
    expect(page.locator("#event-text")).to_contain_text(f"{linked}. ")
    expect(page.locator("#board svg")).to_be_visible()
    page.click("#analyse")
    expect(page.locator("#graph .mistake").first).to_be_attached(timeout=60_000)
    mark = page.locator("#graph .mistake").first
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
    assert badge_faults(page) == []
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
    assert badge_faults(page) == []
    screenshot(page, "hints-on-the-board-another")


PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
DECISIONS = 3
"""The seats' decisions before the game is abandoned: a few points to analyse, in seconds."""


def short_game(http: httpx.Client, ruleset: str) -> str:
    """A game whose seats make a few moves, then its creator abandons it: finished, its
    whole log public, and quick to analyse."""
    created = http.post("/games", json={"ruleset": ruleset, "seats": PLAYERS})
    assert created.status_code == 201, created.text
    body = created.json()
    game_id: str = body["game_id"]
    tokens = [s["token"] for s in body["seats"]]
    for n in range(DECISIONS):
        for token in tokens:
            seat = {"Authorization": f"Bearer {token}"}
            offered = http.get(f"/games/{game_id}/choices", headers=seat).json()
            if not offered["choices"]:
                continue
            # Not always the first: the hints then differ from the move played now and then.
            chosen = offered["choices"][n % len(offered["choices"])]["command"]
            sent = http.post(
                f"/games/{game_id}/commands",
                json={"command": chosen, "expected_version": offered["version"]},
                headers={**seat, "Idempotency-Key": f"{game_id}-{n}"},
            )
            assert sent.status_code < 300, sent.text
            break
    creator = {"Authorization": f"Bearer {body['creator_token']}"}
    ended = http.post(f"/games/{game_id}/abandon", json={"reason": "a short game"}, headers=creator)
    assert ended.status_code == 200, ended.text
    assert http.get(f"/games/{game_id}/steps").json()["log_is_public"]
    return game_id


def drawn_labels(page: Page) -> dict[str, list[str]]:
    """Each hinted place and the labels the board draws for it: the words in it, or, for a
    place that draws none (a hex, a cell), its own name."""
    found: list[list[Any]] = page.eval_on_selector_all(
        "#board .hinted",
        """nodes => nodes.map(n => [n.dataset.place,
            [...n.querySelectorAll('text')].map(t => t.textContent.trim()).filter(Boolean)])""",
    )
    return {place: texts or [place] for place, texts in found}


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_the_best_hint_is_drawn_on_the_hinted_seats_board_in_its_labels(
    server: Server, http: httpx.Client, page: Page, ruleset: str
) -> None:
    jobs_for(server.cairn).jobs = 1
    game_id = short_game(http, ruleset)
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    page.select_option("#analysis-rollouts", QUICK)
    page.click("#analyse")
    expect(page.locator("#graph circle.point").first).to_be_attached(timeout=60_000)
    # The graph is drawn from its first sketch on; its job is done when the page says so.
    expect(page.locator("#analysis-status")).to_contain_text(", bot ", timeout=60_000)
    graph = http.post(
        f"/games/{game_id}/analyses", json={"kind": "graph", "rollouts": int(QUICK)}
    ).json()["result"]  # the page's own request: the same job, done
    point = next(p for p in graph["points"] if p["seat"] is not None)
    page.locator(f'#graph circle.point[data-at="{point["at"]}"]').last.click()
    expect(page.locator("#analysis")).to_have_attribute("data-at", str(point["at"]))
    page.click("#ask-hints")
    expect(page.locator("#hint-list")).to_have_attribute(
        "data-at", str(point["at"]), timeout=60_000
    )
    hints = http.post(
        f"/games/{game_id}/analyses",
        json={"kind": "hints", "at": point["at"], "rollouts": int(QUICK)},
    ).json()["result"]["hints"]
    best, played = hints[0], next(h for h in hints if h["played"])
    # The hinted seat's own view of the board, public once the game is over, holds its
    # hand and its actions: the hinted places are there.
    expect(page.locator("#hint-view")).to_have_text(
        f"The board shows what seat {point['seat']} sees."
    )
    expect(page.locator("#board svg")).to_have_attribute(
        "aria-label", re.compile(f"as seat {point['seat']} sees it$")
    )
    expect(page.locator("#hint-drawn")).to_contain_text(f"Drawn on the board: {best['text']}")
    assert best["places"] and hinted_places(page) == set(best["places"])
    labels = drawn_labels(page)
    assert any(label in best["text"] for texts in labels.values() for label in texts), (
        f"{best['text']!r} names none of the board's labels {labels}"
    )
    expect(page.locator("#hint-list li.played")).to_have_count(1)
    if played is not best:
        marked = page.eval_on_selector_all(
            "#board .hint-played", "nodes => nodes.map(n => n.dataset.place)"
        )
        assert set(marked) == set(played["places"]) - set(best["places"])
    assert badge_faults(page) == []
    screenshot(page, f"hints-{ruleset}")
    page.locator("#board").screenshot(path=str(ARTIFACTS / f"hints-{ruleset}-board.png"))


HINTED = """([at, place, win]) => document.dispatchEvent(new CustomEvent("cairn:hints", {detail: {
  at, seat: 0, viewer: "public",
  hints: [{rank: 1, win, score: 1, text: place, played: true, places: [place]}]}}))"""
"""A hints result as analysis.js hands it over: one hint, the move played, on seat 0's own
board, its badge a bare share ("67%")."""


def test_a_badge_beside_a_card_hemmed_in_by_words_covers_none_of_them(
    server: Server, http: httpx.Client, page: Page
) -> None:
    """Five Peaks' first hand has words on every side of each card (the label over the row,
    the neighbours, the next row's cards): a badge of any share beside any card covers none
    of them. The best hint is often the move played, whose badge is the share alone: under
    "Camp" it covered "Training" and "1: buy" (a run of the test above, #26). Drawn straight
    from a result, without rollouts, to try every card and several widths."""
    game_id = short_game(http, "five-peaks")
    first = http.get(f"/games/{game_id}/steps").json()["steps"][0]["seq"]
    page.goto(f"{server.url}/games/{game_id}/viewer#{first}")
    expect(page.locator("#board svg")).to_be_visible()
    at = int(page.get_attribute("#analysis", "data-at") or "")
    page.evaluate(HINTED, [at, "card camp", 0.67])
    expect(page.locator("#hint-view")).to_have_text("The board shows what seat 0 sees.")
    cards = page.eval_on_selector_all(
        '#board svg [data-place^="card "]', "ns => ns.map(n => n.dataset.place)"
    )
    assert "card camp" in cards
    faults = {}
    for place in cards:
        for win in (0.0, 0.09, 0.33, 0.5, 0.67, 1.0):
            page.evaluate(HINTED, [at, place, win])
            expect(page.locator("#board .hint-badge text")).to_have_text(f"{round(win * 100)}%")
            if found := badge_faults(page):
                faults[f"{place} at {round(win * 100)}%"] = found
    assert faults == {}
    page.evaluate(HINTED, [at, "card camp", 0.67])
    page.locator("#board").screenshot(path=str(ARTIFACTS / "hints-five-peaks-camp-board.png"))


def hand_said(svg: str, seat: int) -> str:
    """What a Five Peaks board says of ``seat``'s hand, in its hiker's lines."""
    hikers = [e for e in ElementTree.fromstring(svg).iter() if e.get("data-seat") == str(seat)]
    lines = [t.text or "" for h in hikers for t in h.iter() if "hand" in t.get("class", "")]
    return " ".join(line.strip() for line in lines)


def test_a_spectator_of_a_live_game_never_gets_a_seats_hand_through_the_hints(
    server: Server, http: httpx.Client, page: Page
) -> None:
    jobs_for(server.cairn).jobs = 1
    created = http.post("/games", json={"ruleset": "five-peaks", "seats": PLAYERS}).json()
    game_id = created["game_id"]
    seat0, seat1 = ({"Authorization": f"Bearer {s['token']}"} for s in created["seats"])
    offered = http.get(f"/games/{game_id}/choices", headers=seat0).json()
    sent = http.post(
        f"/games/{game_id}/commands",
        json={"command": offered["choices"][0]["command"], "expected_version": offered["version"]},
        headers={**seat0, "Idempotency-Key": f"{game_id}-live"},
    )
    assert sent.status_code < 300, sent.text
    graph = http.post(f"/games/{game_id}/analyses", json={"kind": "graph", "rollouts": int(QUICK)})
    point = finished(http, graph.json()["url"])["result"]["points"][0]
    assert point["seat"] == 0
    at = point["at"]
    # Its own board draws seat 0's hand; no one else may have that board drawn. (Every
    # seat starts with the same cards: seat 1's own hand draws those ids too.)
    own = http.get(f"/games/{game_id}/board.svg", params={"at": at}, headers=seat0).text
    hand = re.split(r"[,\s]+", hand_said(own, 0).removeprefix("hand:").strip())
    held = {f"card {c}" for c in hand}
    assert len(hand) > 1 and held <= drawn_places(own), hand
    for who in ({}, seat1):
        board = http.get(f"/games/{game_id}/board.svg", params={"at": at, "seat": 0}, headers=who)
        assert board.status_code in (401, 403), board.text
        theirs = http.get(f"/games/{game_id}/board.svg", params={"at": at}, headers=who).text
        assert hand_said(theirs, 0) == f"hand: {len(hand)} cards"
    spectators = http.get(f"/games/{game_id}/board.svg", params={"at": at}).text
    assert not held & drawn_places(spectators)
    for who in ({}, seat1):
        hints = http.post(
            f"/games/{game_id}/analyses",
            json={"kind": "hints", "at": at, "rollouts": 1},
            headers=who,
        )
        assert hints.status_code == 403, hints.text
    # Seat 0's own hints, which name its cards, are its own.
    mine = http.post(
        f"/games/{game_id}/analyses",
        json={"kind": "hints", "at": at, "rollouts": 1},
        headers=seat0,
    ).json()
    for who in ({}, seat1):
        assert http.get(mine["url"], headers=who).status_code == 403
    assert finished(http, mine["url"], created["seats"][0]["token"])["status"] == "done"
    # The page of a spectator asks for no seat's board, and says why it has no hints.
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "board.svg" in r.url else None)
    page.goto(f"{server.url}/games/{game_id}/viewer#{at}")
    expect(page.locator("#board svg")).to_be_visible()
    page.select_option("#analysis-rollouts", QUICK)
    page.click("#analyse")
    expect(page.locator("#no-hints")).to_have_text(
        "Hints here are seat 0's own until the game is over.", timeout=60_000
    )
    expect(page.locator("#ask-hints")).to_have_count(0)
    assert asked and not [url for url in asked if "seat=" in url]
    on_page = page.eval_on_selector_all("#board [data-place]", "ns => ns.map(n => n.dataset.place)")
    assert on_page and not held & set(on_page)
    screenshot(page, "hints-live-spectator")
