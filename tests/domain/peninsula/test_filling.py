"""Filling icons (rulebook: Filling Icons)."""

from __future__ import annotations

from dataclasses import replace

from domain.games.peninsula.commands import FillIcon
from domain.games.peninsula.events import IconFilled, TicketUnlocked
from tests.domain.peninsula.scenario import Given, H, drafted


def fill(where, seat=0, bonus=None):
    return FillIcon(seat=seat, at=H(where), bonus=bonus)


def filled(where, icon, seat=0):
    return IconFilled(seat=seat, at=H(where), icon=icon)


def board(**changes):
    return drafted().sheet(0, **changes)


def at_game_end(**changes):
    g = board(**changes)
    return Given(replace(g.game, phase="final"))


VILLAGE_AROUND = {"E4": "village", "F4": "forest", "F3": "boat", "E3": "tunnel"}


def test_a_village_fills_with_four_different_adjacent_icons():  # rulebook: Village
    icons = {**VILLAGE_AROUND, "D4": "mountain"}
    board(icons=icons).when(fill("E4")).then(filled("E4", "village"))


def test_a_village_with_three_adjacent_types_stays_empty():  # rulebook: Village, "4 or more"
    icons = {**VILLAGE_AROUND, "D4": "forest"}
    board(icons=icons).when(fill("E4")).rejected("illegal_action", "4 different")


def test_cliffs_and_another_village_count_as_types():  # rulebook: "Another village can be part"
    icons = {"E4": "village", "F4": "village", "F3": "boat"}
    board(icons=icons, cliffs={"E3": 1}).when(fill("E4")).rejected("illegal_action")
    board(icons={**icons, "D4": "mountain"}, cliffs={"E3": 1}).when(fill("E4")).then(
        filled("E4", "village")
    )


def test_a_boat_fills_when_a_canal_points_at_it():  # rulebook: Boat, "Any arrow"
    icons = {"E4": "boat", "F4": "boat"}
    board(icons=icons, arrows=[("F4", "E4", "canal")]).when(fill("E4")).then(filled("E4", "boat"))


def test_a_boat_fills_when_a_street_points_at_it():  # rulebook: Boat, "from ... village"
    icons = {"E4": "boat", "F4": "village"}
    board(icons=icons, arrows=[("F4", "E4", "street")]).when(fill("E4")).then(filled("E4", "boat"))


def test_a_boat_on_a_harbor_hex_fills():  # rulebook: Boat, "from ... harbor"
    board(icons={"D2": "boat"}).when(fill("D2")).then(filled("D2", "boat"))


def test_a_boat_with_no_arrow_at_it_stays_empty():  # rulebook: Boat
    board(icons={"E4": "boat"}).when(fill("E4")).rejected("illegal_action", "no arrow")
    board(icons={"E4": "boat"}, arrows=[("E4", "F4", "canal")]).when(fill("E4")).rejected(
        "illegal_action", "no arrow"
    )


def test_a_forest_fills_next_to_another_forest():  # rulebook: Forest
    board(icons={"E4": "forest", "E3": "forest"}).when(fill("E4")).then(filled("E4", "forest"))
    board(icons={"E4": "forest", "G3": "forest"}).when(fill("E4")).rejected(
        "illegal_action", "another forest"
    )


def test_the_third_and_fifth_filled_forests_unlock_balloons():  # rulebook: Forest, "As a bonus"
    forests = {h: "forest" for h in ("C4", "D4", "E4", "F4", "G4")}
    g = board(icons=forests, filled=["C4", "D4"])
    g.when(fill("E4")).then(
        filled("E4", "forest"),
        TicketUnlocked(seat=0, ticket="t8", kind="balloon", reason="forest3"),
    )
    g = board(icons=forests, filled=["C4", "D4", "E4"], tickets={"t8"})
    g.when(fill("F4")).then(filled("F4", "forest"))
    g = board(icons=forests, filled=["C4", "D4", "E4", "F4"], tickets={"t8"})
    g.when(fill("G4")).then(
        filled("G4", "forest"),
        TicketUnlocked(seat=0, ticket="t9", kind="balloon", reason="forest5"),
    )


def test_tunnels_fill_only_at_game_end():  # rulebook: Tunnel, "only be filled at the end"
    board(icons={"E4": "tunnel"}).when(fill("E4")).rejected("illegal_action", "end of the game")
    at_game_end(icons={"E4": "tunnel"}).when(fill("E4")).then(filled("E4", "tunnel"))


def test_a_tunnel_next_to_a_tunnel_stays_empty():  # rulebook: Tunnel, "no other tunnels"
    at_game_end(icons={"E4": "tunnel", "E3": "tunnel"}).when(fill("E4")).rejected(
        "illegal_action", "another tunnel"
    )


def test_cliffs_and_mountains_cannot_be_filled():  # rulebook: "Cliffs and mountains can not"
    board(icons={"E4": "mountain"}).when(fill("E4")).rejected("illegal_action", "never")
    board(cliffs={"E4": 1}).when(fill("E4")).rejected("illegal_action", "cliffs")


def test_an_icon_fills_once():
    g = board(icons={"E4": "forest", "E3": "forest"}, filled=["E4"])
    g.when(fill("E4")).rejected("illegal_action", "already filled")


def test_the_architect_does_not_matter_for_filling():  # rulebook: Filling, Notes
    board(location="H8", icons={"C4": "forest", "C5": "forest"}).when(fill("C4")).then(
        filled("C4", "forest")
    )


def test_other_icons_fill_at_game_end_too():  # rulebook: End of Game, "any other icon"
    at_game_end(icons={"E4": "forest", "E3": "forest"}).when(fill("E4")).then(
        filled("E4", "forest")
    )
