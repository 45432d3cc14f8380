"""What the page composes a move from, besides its places (#24): the other orders a
command may be picked in, the commands whose places are a set, and the ghosts its preview
draws, all made from the command alone."""

from __future__ import annotations

from typing import Any

from domain.core import registry
from domain.core.drawing.board import Ghost
from service.api.rulesets import served_content
from service.viewer.drawings import painter


def content_of(ruleset_id: str) -> Any:
    return served_content(ruleset_id, registry.get(ruleset_id).content_hash)


def test_a_peninsula_icon_may_be_picked_in_hand_before_its_hexes() -> None:
    drawn, content = painter("peninsula"), content_of("peninsula")
    hexes = [h for h in content["maps"][0]["hexes"] if h["terrain"] == "land"][:2]
    at, arrow = ({"q": h["q"], "r": h["r"]} for h in hexes)
    command = {"type": "draw_icon", "seat": 0, "icon": "village", "at": at, "arrow": arrow}
    places = drawn.places(command, content)
    assert places == [hexes[0]["label"], hexes[1]["label"]]
    assert drawn.orders(command, content) == [["hand village", *places]]
    trade = {"type": "trade_icon", "seat": 0, "icon": "boat", "to": at, "by": "boat"}
    assert drawn.orders(trade, content) == [["hand boat", hexes[0]["label"]]]
    assert drawn.orders({"type": "end_actions", "seat": 0}, content) == [], "one order only"
    # the preview: the icon on its hex, and the arrow joined to it
    assert drawn.ghosts(command, content) == [
        Ghost(hexes[0]["label"], "village"),
        Ghost(hexes[1]["label"], "arrow", joined=True),
    ]


def test_peloponnes_sets_are_picked_in_any_order_and_bids_are_not() -> None:
    drawn, content = painter("peloponnes"), content_of("peloponnes")
    saved = {"type": "save_tiles", "seat": 0, "tiles": ["A04", "A03"]}
    income = {"type": "choose_income", "seat": 0, "goods": ["wood", "food", "wood"]}
    bid = {"type": "bid", "seat": 0, "tile": "A03", "amount": 2}
    assert drawn.unordered(saved) and drawn.unordered(income)
    assert drawn.unordered({"type": "pay_unpaid", "seat": 0, "tiles": ["B01"]})
    assert not drawn.unordered(bid), "a bid's tile comes before its coins"
    assert drawn.places(saved, content) == ["A03", "A04"]
    assert drawn.ghosts(saved, content) == [Ghost("A04", "saved"), Ghost("A03", "saved")]
    assert drawn.ghosts(income, content) == [Ghost("good:wood", "+2"), Ghost("good:food", "+1")]
    assert drawn.ghosts(bid, content) == [Ghost("A03", "your bid: 2")]


def test_a_ghost_says_only_what_the_command_says() -> None:
    """A Five Peaks tile is previewed by its turn and corner: the command names no more
    (the tile's face is the seat's already, and what a draw will give is nobody's yet)."""
    drawn, content = painter("five-peaks"), content_of("five-peaks")
    placed = {"type": "place_tile", "seat": 0, "corner": {"x": 2, "y": -2}, "rotation": 1}
    ghosts = drawn.ghosts(placed, content)
    assert [g.words for g in ghosts] == ["new tile, turned 90°"]
    assert ghosts[0].place in drawn.places(placed, content)
    assert drawn.ghosts({"type": "pass", "seat": 0}, content) == [], "the place alone is shown"
