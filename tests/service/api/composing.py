"""A move composed on the board and confirmed from its preview (#24), as the browser tests
make it: the board's places picked, the move chosen when they make several, its preview
read (its words and its ghosts on the board), then Send."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Response, expect

PREVIEW = "#compose[data-preview]"
KEPT = "The game moved on; what you picked still fits."
"""What the board says when another seat's move leaves this seat's picks standing."""
READY = (
    "() => document.querySelector("
    "'#compose[data-preview], #compose-moves button, #board .pickable') !== null"
)
"""Something to act on: a preview, moves to choose between, or places to pick."""


def previewed(page: Page, text: str = "") -> str:
    """Open the preview of the move ``text`` (the first one offered when none is named,
    unless the picks already previewed it) and return its words, checked on the page."""
    if not page.locator(PREVIEW).count():
        moves = page.locator("#compose-moves button.compose-move")
        move = moves.get_by_text(text, exact=True) if text else moves.first
        expect(move).to_be_visible()
        text = text or move.inner_text()
        move.click()
    expect(page.locator(PREVIEW)).to_be_visible()
    words = page.locator(PREVIEW).get_attribute("data-preview") or ""
    assert not text or words == text, (words, text)
    # led by a note when a bot's move came in between and the preview still fits
    said = rf"^({re.escape(KEPT)} )?Preview: {re.escape(words)}\. Send it, or go back\.$"
    expect(page.locator("#compose-status")).to_have_text(re.compile(said))
    expect(page.locator("#compose-send")).to_be_focused()
    expect(page.locator("#board .pickable")).to_have_count(0)  # nothing else to pick now
    return words


def sent_from_the_preview(page: Page, text: str = "") -> str:
    """The move previewed, then sent with the preview's own Send button."""
    words = previewed(page, text)
    # Returned once the server has answered: by then the application has told the bots
    # (the answer follows the commit's reactions), so a test's next look at the game, after
    # the bots are quiet, cannot read the position before a bot's answer to this move.
    with page.expect_response(command_answer):
        page.click("#compose-send")
    expect(page.locator(PREVIEW)).to_have_count(0)
    return words


def command_answer(response: Response) -> bool:
    """Whether ``response`` answers a command the page sent."""
    return response.request.method == "POST" and response.url.endswith("/commands")
