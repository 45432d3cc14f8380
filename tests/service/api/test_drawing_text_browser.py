"""No text clipped or overlapping in any drawing (#24): every golden replay of every shipped
ruleset is drawn at every Nth decision's end and its last (N chosen so that a replay draws
at most ``ENDS`` of them: all of them took over a minute a replay; ``CAIRN_EVERY_STEP=1``
draws them all), as a spectator and as
the seat to act (their logs are public), on a desktop and laid out for a phone
(``narrow``), and chromium measures every text element's box, in the view box's units:
none may leave the view box, and no two may overlap (texts stacked in one button or label
are an overlap too).

The drawings are fetched with httpx and measured in batches in one page, each batch in a
single ``page.evaluate``: one navigation a drawing would take minutes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.service.api.conftest import Server
from tests.service.api.test_viewer_browser import WAIT_MS, browser, imported
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage
__all__ = ["browser"]  # the fixture, shared with the viewer's own browser test
SLACK = 1.0
"""Drawing units: a rounding of a box, or a glyph's side bearing, is not a fault."""
ENDS = 10**9 if os.environ.get("CAIRN_EVERY_STEP") else 40
"""Decision ends drawn in a replay at most, evenly spread, besides its last.
``CAIRN_EVERY_STEP=1`` draws every one (about half an hour over all the replays)."""
BATCH = 60
"""Drawings measured in one ``page.evaluate``: few enough to keep each call's text small."""

# For each [label, svg]: the words of every text whose box leaves the view box, and of
# every two texts whose boxes overlap. A box is the text's getBBox carried through its
# transforms into the view box's units (getScreenCTM of the text, undone by the svg's).
MEASURE = """
([slack, drawings]) => {
  const holder = document.body.appendChild(document.createElement("div"));
  const faults = [];
  const round = (b) => `${Math.round(b.x0)},${Math.round(b.y0)} `
    + `${Math.round(b.x1 - b.x0)}x${Math.round(b.y1 - b.y0)}`;
  for (const [label, source] of drawings) {
    holder.innerHTML = source;
    const svg = holder.querySelector("svg");
    const view = svg.viewBox.baseVal;
    const undo = svg.getScreenCTM().inverse();
    const boxes = [...svg.querySelectorAll("text")].flatMap((t) => {
      const words = t.textContent.trim();
      if (!words || t.getClientRects().length === 0) return [];
      const b = t.getBBox();
      const m = undo.multiply(t.getScreenCTM());
      const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
        [b.x + b.width, b.y + b.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
      const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
      return [{ words, x0: Math.min(...xs), y0: Math.min(...ys),
                x1: Math.max(...xs), y1: Math.max(...ys) }];
    });
    // every board has words: none measured would be a check that sees nothing
    if (boxes.length === 0) faults.push([label, "no text measured"]);
    for (const b of boxes) {
      if (b.x0 < view.x - slack || b.y0 < view.y - slack
          || b.x1 > view.x + view.width + slack || b.y1 > view.y + view.height + slack) {
        faults.push([label, `"${b.words}" at ${round(b)} leaves ${view.width}x${view.height}`]);
      }
    }
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
      const wide = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const high = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (wide > slack && high > slack) {
        faults.push([label, `"${a.words}" at ${round(a)} overlaps "${b.words}" at ${round(b)}`]);
      }
    }));
  }
  holder.remove();
  return faults;
}
"""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    yield opened
    context.close()


def measured(page: Page, drawings: list[tuple[str, str]]) -> list[str]:
    """Every fault of the drawings, once, with the first drawing it was seen in and how many
    it was seen in (one misplaced label repeats along a whole game)."""
    seen: dict[str, list[str]] = {}
    for start in range(0, len(drawings), BATCH):
        found: list[list[str]] = page.evaluate(MEASURE, [SLACK, drawings[start : start + BATCH]])
        for label, fault in found:
            seen.setdefault(fault, []).append(label)
    return [f"{fault} (at {where[0]}, {len(where)} drawings)" for fault, where in seen.items()]


def test_the_check_sees_a_clipped_an_overlapping_and_no_text(page: Page) -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">'
        "<style>text{font-size:10px}</style>"
        '<g transform="translate(40 0)"><text x="30" y="15">far too long</text></g>'
        '<g class="button"><text x="5" y="40">one</text><text x="8" y="44">two</text></g>'
        '<text x="5" y="58">apart</text></svg>'
    )
    blank = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>'
    found = measured(page, [("test", svg), ("blank", blank)])
    assert len(found) == 3, found
    assert '"far too long"' in found[0] and "leaves" in found[0]
    assert '"one"' in found[1] and '"two"' in found[1] and "overlaps" in found[1]
    assert found[2] == "no text measured (at blank, 1 drawings)"


def replays() -> list[Any]:
    return [
        pytest.param(path, id=f"{ruleset}/{path.stem}")
        for ruleset in shipped_rulesets()
        for path in golden_replays(ruleset)
    ]


def looks(steps: list[dict[str, Any]], public: bool) -> list[str]:
    """The query of every drawing to measure: at each decision's end, as a spectator and
    (the log being public) as the seat to act next, on a desktop and narrow."""
    every = sorted({s["at"] for s in steps})
    ends = sorted({*every[:: -(-len(every) // ENDS)], every[-1]})
    to_act = {s["at"]: None for s in steps}
    for before, after in pairwise(steps):
        if after["at"] != before["at"] and after["actor"].startswith("seat:"):
            to_act[before["at"]] = after["actor"].removeprefix("seat:")
    found = []
    for at in ends:
        seen = [""] + ([f"&seat={to_act[at]}"] if public and to_act[at] is not None else [])
        found += [f"at={at}{s}{n}" for s in seen for n in ("", "&narrow=1")]
    return found


@pytest.mark.parametrize("path", replays())
def test_no_text_leaves_the_drawing_or_overlaps_another(
    server: Server, http: httpx.Client, page: Page, path: Path
) -> None:
    game_id = imported(http, path)
    told = http.get(f"/games/{game_id}/steps").json()
    assert told["log_is_public"], "a finished replay's every seat is drawn"
    drawings = [
        (query, http.get(f"/games/{game_id}/board.svg?{query}").text)
        for query in looks(told["steps"], told["log_is_public"])
    ]
    faults = measured(page, drawings)
    assert faults == [], f"{len(faults)} faults:\n" + "\n".join(faults[:30])
