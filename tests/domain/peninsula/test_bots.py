"""The greedy bot's plans: mission targets, Lightning and Harbor Tickets toward landmarks.

These are bot policies, not rules; each test cites the rulebook sentence the policy leans on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.core import Luck
from domain.games.peninsula.bots import greedy_bot
from domain.games.peninsula.commands import DrawIcon, TradeIcon
from domain.games.peninsula.content import load
from domain.games.peninsula.hexes import Hex, parse_hex
from domain.games.peninsula.masks import grid_of
from domain.games.peninsula.planning import targets
from domain.games.peninsula.routes import cheapest_route
from tests.domain.peninsula.scenario import drafted, new_game

CONTENT = load()
M1 = CONTENT.maps["M1"]


def at(*labels: str) -> frozenset[Hex]:
    return frozenset(parse_hex(label) for label in labels)


def targets_on_m1(missions: Any, usable: dict[Any, Any]) -> Any:
    """``targets`` on M1's masks, from hexes."""
    grid = grid_of(M1.land)
    masks = {icon: (grid.mask(held), grid.mask(free)) for icon, (held, free) in usable.items()}
    return targets(grid, tuple(map(grid.layout, missions)), masks)


def test_each_open_mission_gets_its_own_icon_type_highest_vp_first() -> None:
    # rulebook: Missions, "Once you have claimed a mission with a certain type of icon, you
    # cannot reuse this type of icon for a later mission."
    five, four = CONTENT.mission("Z"), CONTENT.mission("Q")
    villages, boats = at("C5", "D5", "E5"), at("A6", "B6")
    open_hexes = M1.land - villages - boats
    chosen = targets_on_m1(
        (four, five),
        {"village": (villages, open_hexes), "boat": (boats, open_hexes)},
    )
    # Z (12 VP) is served first and takes the type furthest along (3 of 5 villages); Q (7 VP)
    # would match villages better (3 of 4) but gets the boats
    assert chosen["village"][0] == five and chosen["village"][1] == 3
    assert chosen["boat"][0] == four and chosen["boat"][1] == 2
    assert at("B5", "F5") <= chosen["village"][2]


def test_a_target_counts_only_placements_whose_missing_hexes_are_open() -> None:
    # rulebook: "You may never have 2 icons in a single hex, except for cliffs"
    five = CONTENT.mission("Z")
    villages = at("C5", "D5", "E5")
    blocked = at("A5", "B5", "F5", "G5", "H5")
    chosen = targets_on_m1((five,), {"village": (villages, M1.land - villages - blocked)})
    assert chosen["village"][2] and not chosen["village"][2] & blocked


def test_lightning_takes_the_architect_to_a_locked_landmark() -> None:
    # rulebook: Lightning, "Forfeit drawing an icon to move to any hex."; Landmarks, "The
    # first time you move onto a landmark hex, circle the landmark icon"
    game = drafted(2, keep="mountain").sheet(0, landmarks=[5], location="E5").game
    command = greedy_bot(game, 0, Luck("bot"))
    assert isinstance(command, TradeIcon) and command.by == "lightning"
    assert command.to in set(M1.landmarks.values()) - {M1.landmarks[5]}


def test_without_lightning_the_same_seat_draws() -> None:
    game = drafted(2, keep="mountain").sheet(0, location="E5").game
    assert isinstance(greedy_bot(game, 0, Luck("bot")), DrawIcon)


def test_bonus_harbor_tickets_cost_nothing_against_the_ticket_budget() -> None:
    # rulebook: Harbor Tickets, "Gain 2 harbor tickets for this turn." They vanish at the
    # end of the turn, so a route spending them gives up nothing.
    sheet = new_game(1).sheets[0]
    sheet = replace(sheet, location=parse_hex("A6"), landmarks=frozenset({1, 2, 3, 5, 6}))
    plain = cheapest_route(M1, sheet, 5)
    boosted = cheapest_route(M1, replace(sheet, bonus_harbor_tickets=2), 5)
    assert plain is not None and boosted is not None
    assert boosted[1][0] == "harbor" and boosted[0] == plain[0] - 1
