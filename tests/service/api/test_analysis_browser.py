"""The analysis in the viewer, in a real browser (Debian's chromium under Playwright): the
graph under the board with one line per seat, a click on a point jumps the viewer there (and
the keyboard, two tab stops with arrows between decisions and between marks),
and the hints beside the board mark the command played. No console error may appear."""

from __future__ import annotations

from itertools import pairwise
from typing import Any
from uuid import UUID

import httpx
import pytest
from playwright.sync_api import Page, expect

from service.analysis import Request
from service.analysis.jobs import jobs_for
from service.store import EventStore
from tests.service.api.conftest import Server
from tests.service.api.test_hints_browser import fixed_game
from tests.service.api.test_viewer_browser import ARTIFACTS, browser, page, screenshot
from tests.support.sketches import held_graph

pytestmark = pytest.mark.storage
__all__ = ["browser", "page"]  # the fixtures, shared with the viewer's own browser test


def biggest_falls(points: list[dict[str, Any]]) -> list[int]:
    """The decisions (their ``at``) after which the deciding seat's win share fell most, at
    most three, the biggest fall first."""
    falls = []
    for here, after in pairwise(points):
        seat = here["seat"]
        if seat is not None and here["seats"][seat]["win"] > after["seats"][seat]["win"]:
            falls.append((here["seats"][seat]["win"] - after["seats"][seat]["win"], here["at"]))
    return [at for _, at in sorted(falls, key=lambda fall: -fall[0])[:3]]


def test_the_graph_jumps_to_a_point_and_the_hints_mark_the_played_command(
    server: Server, http: httpx.Client, page: Page, store: EventStore
) -> None:
    jobs_for(server.cairn).jobs = 1
    # A fixed game (test_hints_browser's): the served bots draw their own entropy, and a
    # lopsided game has no decision after which the mover's win share falls, no mark.
    game_id = fixed_game(store)
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    page.click("#analyse")
    expect(page.locator("#graph svg polyline")).to_have_count(2, timeout=60_000)
    # Axis labels and a legend say what the graph shows; the marks are the decisions after
    # which the mover's win share fell most, as recomputed from the page's own analysis.
    axes = ["win share", "100%", "50%", "0%", "decisions, first to last →"]
    expect(page.locator("#graph svg text.axis")).to_have_text(axes)
    expect(page.locator("#graph .legend")).to_contain_text("seat 0 seat 1 ▼ the moves after which")
    asked = {"kind": "graph", "rollouts": 10}
    graph = http.post(f"/games/{game_id}/analyses", json=asked).json()["result"]
    marks = page.locator("#graph .mistake")
    expect(marks).to_have_count(len(biggest_falls(graph["points"])))
    assert [m.get_attribute("data-at") for m in marks.all()] == [
        str(at) for at in biggest_falls(graph["points"])
    ]
    last_text = page.inner_text("#event-text")
    at = page.locator("#graph circle.point").first.get_attribute("data-at")
    # Each seat's series has a point there; with equal shares (0.5 each, often at the
    # start) they overlap, and the one drawn last is the one a click reaches.
    page.locator(f'#graph circle.point[data-at="{at}"]').last.click()
    expect(page.locator("#event-text")).not_to_have_text(last_text)
    page.click("#ask-hints")
    expect(page.locator("#hint-list li").first).to_be_visible(timeout=60_000)
    expect(page.locator("#hint-list li.played")).to_have_count(1)
    assert at is not None and page.locator("#slider").input_value() != ""
    screenshot(page, "analysis-peloponnes")
    # A mistake mark (the mover's win share fell most after it) jumps to its decision,
    # whose hints are then asked for there.
    mark = page.locator("#graph .mistake").first
    expect(mark).to_be_attached()
    marked_at = mark.get_attribute("data-at")
    mark.dispatch_event("click")
    expect(page.locator("#analysis")).to_have_attribute("data-at", str(marked_at))
    # The mark asks by itself: no click on "Hints for seat N" (a second click raced the
    # first answer, which replaces that button with the list).
    expect(page.locator("#hint-list")).to_have_attribute("data-at", str(marked_at), timeout=60_000)
    expect(page.locator("#hint-list li.played")).to_have_count(1)


GRAPH_FAULTS = """
() => {
  const svg = document.querySelector("#graph svg");
  const faults = [];
  for (const text of svg.querySelectorAll("text")) {
    const box = text.getBoundingClientRect();
    if (box.height < 10) faults.push(`"${text.textContent}" is ${box.height.toFixed(1)} px high`);
  }
  const marks = [...svg.querySelectorAll(".mistake")];
  const centres = marks.map((m) => m.querySelector("path").getBoundingClientRect())
    .map((b) => [b.left + b.width / 2, b.top + b.height / 2]);
  marks.forEach((mark, n) => {
    // Its triangle is its own to tap, and its target as wide as the marks' spacing allows.
    const [x, y] = centres[n];
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit.closest(".mistake") !== mark) faults.push(`mark ${n}'s triangle taps another`);
    const gap = Math.min(24, ...centres.filter((_, m) => m !== n).map(([o]) => Math.abs(o - x)));
    const box = mark.getBoundingClientRect();
    if (box.width < gap - 1 || box.height < 24) {
      faults.push(`mark ${n} is ${box.width.toFixed(0)} by ${box.height.toFixed(0)} px`);
    }
  });
  if (document.scrollingElement.scrollWidth > innerWidth) faults.push("the page scrolls sideways");
  return faults;
}
"""
"""What a phone's reader could not read or tap on the graph: words under 10 CSS px high, a
mistake mark whose triangle taps another mark, or smaller than 24 CSS px high and 24 wide
(or the distance to the next mark, when closer), a page wider than the phone."""


def test_the_graph_is_read_and_tapped_on_a_phone(
    server: Server, http: httpx.Client, page: Page, store: EventStore
) -> None:
    jobs_for(server.cairn).jobs = 1
    game_id = fixed_game(store)
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    page.click("#analyse")
    expect(page.locator("#graph svg polyline")).to_have_count(2, timeout=60_000)
    expect(page.locator("#graph .mistake").first).to_be_attached()
    assert page.evaluate(GRAPH_FAULTS) == []
    # Both axes say what they count.
    expect(page.locator("#graph svg text.axis")).to_have_text(
        ["win share", "100%", "50%", "0%", "decisions, first to last →"]
    )
    # A tap anywhere over a decision, not only on its small point, shows it: here under
    # the plot, on the axis' words, over the fourth decision.
    page.locator("#graph svg").scroll_into_view_if_needed()
    point = page.locator("#graph circle.point").nth(3)
    at = point.get_attribute("data-at")
    box, drawing = point.bounding_box(), page.locator("#graph svg").bounding_box()
    assert box is not None and drawing is not None
    page.mouse.click(box["x"] + box["width"] / 2, drawing["y"] + drawing["height"] - 6)
    expect(page.locator("#analysis")).to_have_attribute("data-at", str(at))
    screenshot(page, "analysis-phone")
    page.locator("#graph").screenshot(path=str(ARTIFACTS / "analysis-phone-graph.png"))
    # On a desktop the graph is drawn again for the wider page, its words as big as before.
    narrow = page.locator("#graph svg").get_attribute("viewBox")
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(page.locator("#graph svg")).not_to_have_attribute("viewBox", str(narrow))
    # The graph's box, not its drawing: a resize may draw it again more than once (the
    # page's width, then the phone query's change), and a drawing replaced mid-scroll failed
    # this test.
    page.locator("#graph").scroll_into_view_if_needed()  # its marks where a tap is
    assert page.evaluate(GRAPH_FAULTS) == []
    screenshot(page, "analysis-desktop")


FOCUSED = """
() => {
  const n = document.activeElement;
  return [n.getAttribute("class"), n.dataset.at, n.getAttribute("aria-label")];
}
"""
"""The focused element's class, its decision (``data-at``) and its accessible name."""


def test_the_graph_is_two_tab_stops_with_arrows_between_decisions(
    server: Server, http: httpx.Client, page: Page, store: EventStore
) -> None:
    jobs_for(server.cairn).jobs = 1
    game_id = fixed_game(store)
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    page.click("#analyse")
    expect(page.locator("#graph svg polyline")).to_have_count(2, timeout=60_000)
    expect(page.locator("#graph .mistake").first).to_be_attached()
    graph = http.post(f"/games/{game_id}/analyses", json={"kind": "graph", "rollouts": 10})
    points = graph.json()["result"]["points"]
    ats = [str(p["at"]) for p in points]
    # One stop for the decisions, one for the marks: not a stop per point of each seat.
    stops = page.locator("#graph [tabindex]:not([tabindex='-1'])")
    expect(stops).to_have_count(2)
    # Show the first decision, then Tab from the control before the graph: the decisions'
    # stop is the decision shown, named with every seat's words.
    page.locator(f'#graph circle.point[data-at="{ats[0]}"]').last.click()
    expect(page.locator("#analysis")).to_have_attribute("data-at", ats[0])
    page.focus("#analysis-rollouts")
    page.keyboard.press("Tab")
    kind, at, name = page.evaluate(FOCUSED)
    first = points[0]["seats"]
    assert (kind, at) == ("decision", ats[0])
    assert name.startswith(f"after event {ats[0]}: seat 0 wins {first[0]['win'] * 100:.0f}% [")
    assert f"; seat 1 wins {first[1]['win'] * 100:.0f}% [" in name
    # The arrows move along the decisions without showing them (the viewer's own arrows
    # step the game: not here); End and Home go to the last and the first.
    shown = page.inner_text("#event-text")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED)[:2] == ["decision", ats[2]]
    assert page.inner_text("#event-text") == shown
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED)[:2] == ["decision", ats[-1]]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowLeft")  # nothing before the first
    assert page.evaluate(FOCUSED)[:2] == ["decision", ats[0]]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    # Enter shows that decision, as a click would, and the focus stays on it.
    page.keyboard.press("Enter")
    expect(page.locator("#analysis")).to_have_attribute("data-at", ats[3])
    assert page.evaluate(FOCUSED)[:2] == ["decision", ats[3]]
    expect(stops).to_have_count(2)
    page.locator("#graph").screenshot(path=str(ARTIFACTS / "analysis-keyboard-decision.png"))
    # Tab again: the marks' stop, the leftmost mark first, Right to the next one, and
    # Space jumps there and asks for its hints, as a click on the mark does.
    marked = sorted(biggest_falls(points))
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)[:2] == ["mistake", str(marked[0])]
    page.keyboard.press("ArrowRight")
    chosen = str(marked[min(1, len(marked) - 1)])
    assert page.evaluate(FOCUSED)[:2] == ["mistake", chosen]
    page.locator("#graph").screenshot(path=str(ARTIFACTS / "analysis-keyboard-mark.png"))
    page.keyboard.press(" ")
    expect(page.locator("#analysis")).to_have_attribute("data-at", chosen)
    expect(page.locator("#hint-list")).to_have_attribute("data-at", chosen, timeout=60_000)


def test_the_graph_shows_itself_at_a_few_rollouts_then_settles(
    server: Server, page: Page, store: EventStore
) -> None:
    """A running graph is drawn from its sketch (every point at 2 of 10 rollouts here),
    without mistake marks or hints, which wait for the whole graph; the page then asks only
    for a sketch further along, and draws the result when it comes. The job is held
    half-way (``held_graph``), so what the page shows does not race the rollouts."""
    game_id = fixed_game(store)
    job, ended = held_graph(server.cairn, UUID(game_id), Request("graph", "greedy", 10), 2)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/analyses/" in r.url else None)
    page.goto(f"{server.url}/games/{game_id}/viewer")
    expect(page.locator("#board svg")).to_be_visible()
    page.click("#analyse")
    expect(page.locator("#graph svg polyline")).to_have_count(2)
    expect(page.locator("#analysis-status")).to_contain_text("refining: 2 of 10 rollouts per point")
    expect(page.locator("#graph .legend")).to_contain_text("A first look, at 2 rollouts per point")
    expect(page.locator("#graph .mistake")).to_have_count(0)
    expect(page.locator("#hints-later")).to_be_visible()
    expect(page.locator("#graph circle.point")).to_have_count(2 * len(ended["points"]))
    screenshot(page, "analysis-sketch")
    page.locator("#analysis").screenshot(path=str(ARTIFACTS / "analysis-sketch-panel.png"))
    page.wait_for_timeout(1_600)  # two more polls of the held job
    assert any(url.endswith("?seen=2") for url in asked), asked
    server.cairn.store.analyses.finished(job, ended)
    expect(page.locator("#analysis-status")).to_have_text("10 rollouts per point, bot greedy")
    expect(page.locator("#graph .mistake")).to_have_count(len(biggest_falls(ended["points"])))
    expect(page.locator("#graph .sketch-key")).to_have_count(0)
    expect(page.locator("#ask-hints, #no-hints, #hints p")).not_to_have_count(0)
    screenshot(page, "analysis-settled")
    page.locator("#analysis").screenshot(path=str(ARTIFACTS / "analysis-settled-panel.png"))
