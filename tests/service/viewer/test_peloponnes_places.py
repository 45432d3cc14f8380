"""Every Peloponnes move is made on the board (#24): at every decision of seeded games
(base game, and the expansion with sea tiles and the six-player tiles), each legal command
of the seat to act names its places, those places are drawn on that seat's board where
the page looks for them, and each drawn place has words to be named by."""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import pytest

from domain.core.drawing.board import Board
from domain.core.registry import command_to_json
from domain.games.peloponnes import RULESET
from service.api.rulesets import served_content
from service.viewer.drawings import draw, painter
from tests.service.viewer.test_places_along_replays import drawn_places
from tests.support.play import play

GAMES = [
    (2, {}, "greedy", {"bid", "withdraw", "pay_now", "choose_income"}),
    (
        3,
        {"sea_tiles": True, "six_player_tiles": "yes"},
        "random",
        {"buy_sea_tile", "move_bid", "save_tiles", "pay_unpaid"},
    ),
]
"""Seats, options, bots, and command kinds the game is known to reach."""


def labelled(svg: str) -> dict[str, str]:
    """Each drawn place and the words it is named by (its data-label, else its title)."""
    named = {}
    for node in ElementTree.fromstring(svg).iter():
        place = node.get("data-place")
        if place is None:
            continue
        titled = node.find("{http://www.w3.org/2000/svg}title")
        named[place] = node.get("data-label") or (titled.text if titled is not None else "")
    return named


@pytest.mark.parametrize(("seats", "options", "bot", "reached"), GAMES)
def test_every_command_of_a_whole_game_is_made_on_the_board(
    seats: int, options: dict[str, Any], bot: str, reached: set[str]
) -> None:
    places = painter(RULESET.id).places
    content = served_content(RULESET.id, RULESET.content_hash)
    kinds: set[str] = set()
    state, at = None, 0
    for step in play(RULESET, seats, label=f"places:{seats}", bot=bot, options=options):
        if state is not None and step.seat is not None:
            view = dict(RULESET.view(state, step.seat))
            svg = draw(Board(RULESET.id, view, content, seats, step.seat, at))
            named = labelled(svg)
            for command in RULESET.legal_commands(state, step.seat):
                wired = command_to_json(command)
                used = places(wired, content)
                kinds.add(wired["type"])
                assert used, f"{wired} has no place on the board"
                assert set(used) <= drawn_places(svg, step.seat), (wired, used)
                assert all(named[p].strip() for p in used), (wired, used)
        state, at = step.state, at + len(step.events)
    assert reached <= kinds, kinds


def test_the_rarer_decisions_have_their_buttons() -> None:
    """A won building marked with a coin, and an end bonus (Stockade's, A16: 3 PP or 1
    inhabitant), which the seeded games above do not reach: their places are drawn for
    the seat to act, named in words."""
    content = served_content(RULESET.id, RULESET.content_hash)
    places = painter(RULESET.id).places
    seat = {"seat": 0, "civilization": "Sparta", "tracks": {"coins": 3}, "score": 0}
    settle = {"phase": "settle", "to_act": [0], "won": [{"seat": 0, "tile": "A11", "amount": 2}]}
    tableau = [{"tile": "A16", "kind": "building", "unpaid": False}]
    ending = {"phase": "end_choices", "to_act": [0]}
    for view, command in [
        ({**settle, "seats": [{**seat, "tableau": []}]}, {"type": "mark_with_coin", "seat": 0}),
        (
            {**ending, "seats": [{**seat, "tableau": tableau}]},
            {"type": "choose_end_bonus", "seat": 0, "tile": "A16", "pick": 1},
        ),
    ]:
        svg = draw(Board(RULESET.id, view, content, 1, 0, 1))
        used = places(command, content)
        assert used and all(labelled(svg).get(p, "").strip() for p in used), (command, used)
    assert labelled(svg)["end:A16:1"] == "A16: take 1 inhabitant"
