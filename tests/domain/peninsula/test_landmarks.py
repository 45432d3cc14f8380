"""The twelve landmark bonuses (rulebook: Landmarks, Landmark Bonuses).

Landmarks on M1: 1 C3, 2 G3, 3 B5, 4 H5, 5 D7, 6 H8. The first six bonus cards give
1 harbor tickets, 2 builder, 3 catapult, 4 rainbow, 5 lightning, 6 lighthouse; the second
six give 1 extra harbor, 2 train tunnel, 3 steep coast, 4 bridge, 5 swimmer, 6 ferry.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.core import RuleViolation
from domain.games.peninsula import FIRST
from domain.games.peninsula.commands import (
    BuildBridge,
    DrawHarbor,
    DrawIcon,
    EndActions,
    FillIcon,
    LightLandmark,
    MoveArchitect,
    SteepenCoast,
    TradeIcon,
    UseHarborTickets,
    UseRainbow,
)
from domain.games.peninsula.events import (
    ArchitectMoved,
    BridgeBuilt,
    CoastSteepened,
    HarborDrawn,
    HarborTicketsGained,
    IconChanged,
    IconDrawn,
    IconFilled,
    IconTraded,
    LandmarkBonusUsed,
    LandmarkUnlocked,
)
from domain.games.peninsula.movement import HARBOR_BONUS
from domain.games.peninsula.rules import legal_commands
from tests.domain.peninsula.scenario import Given, H, drafted

SECOND_SIX = ["LB07", "LB08", "LB09", "LB10", "LB11", "LB12"]


def holding(landmark, where="E5", second=False, **changes):
    """Seat 0 at ``where`` with landmark ``landmark`` unlocked and a mountain to use."""
    setup = {"bonuses": SECOND_SIX} if second else {}
    g = drafted(**setup)
    return g.sheet(0, location=where, landmarks={landmark}, hand=("mountain",), uses=1, **changes)


def used(landmark, bonus):
    return LandmarkBonusUsed(seat=0, landmark=landmark, bonus=bonus)


def moved(*path, by, ticket=None):
    return ArchitectMoved(seat=0, path=tuple(H(h) for h in path), by=by, ticket=ticket)


def test_a_bonus_is_used_once():  # rulebook: Landmarks, "Once used, cross off"
    g = holding(1)
    once = Given(g.when(UseHarborTickets(seat=0)).then_includes())
    once.when(UseHarborTickets(seat=0)).rejected("illegal_action", "no unused harbor tickets")


def test_a_locked_landmark_gives_no_bonus():  # rulebook: Landmarks, unlock on first entry
    drafted().when(UseHarborTickets(seat=0)).rejected("illegal_action")


def test_harbor_tickets_give_two_harbor_moves_this_round():  # rulebook: Harbor Tickets
    g = holding(1, "D2")
    g = Given(
        g.when(UseHarborTickets(seat=0)).then(
            used(1, "harbor_tickets"), HarborTicketsGained(seat=0, count=2)
        )
    )
    g = Given(
        g.when(MoveArchitect(seat=0, to=H("H2"), by="harbor")).then(
            moved("H2", by="harbor", ticket=HARBOR_BONUS)
        )
    )
    g = Given(
        g.when(MoveArchitect(seat=0, to=H("I6"), by="harbor")).then(
            moved("I6", by="harbor", ticket=HARBOR_BONUS)
        )
    )
    assert g.game.sheets[0].available_tickets() >= {"t4"}
    ended = Given(g.when(EndActions(seat=0)).then_includes())
    assert ended.game.sheets[0].bonus_harbor_tickets == 0


def test_harbor_tickets_expire_with_the_round():  # rulebook: Harbor Tickets, "for this turn"
    g = Given(holding(1, "D2").when(UseHarborTickets(seat=0)).then_includes())
    ended = Given(g.when(EndActions(seat=0)).then_includes())
    assert ended.game.sheets[0].bonus_harbor_tickets == 0


def test_builder_fills_any_village():  # rulebook: Builder, "Fill in any 1 village"
    g = holding(2, icons={"C6": "village"})
    g.when(FillIcon(seat=0, at=H("C6"), bonus="builder")).then(
        used(2, "builder"), IconFilled(seat=0, at=H("C6"), icon="village")
    )
    g.when(FillIcon(seat=0, at=H("C7"), bonus="builder")).rejected("illegal_action", "village")


def test_rainbow_turns_the_icon_into_any_icon():  # rulebook: Rainbow
    g = holding(4)
    after = Given(
        g.when(UseRainbow(seat=0, icon="mountain", into="tunnel")).then(
            used(4, "rainbow"), IconChanged(seat=0, icon="mountain", into="tunnel")
        )
    )
    after.when(DrawIcon(seat=0, icon="tunnel", at=H("E4"))).then_includes()
    g.when(UseRainbow(seat=0, icon="boat", into="tunnel")).rejected("illegal_action")
    g.when(UseRainbow(seat=0, icon="mountain", into="mountain")).rejected("illegal_action")


def test_lightning_forfeits_the_icon_to_move_anywhere():  # rulebook: Lightning
    g = holding(5)
    g.when(TradeIcon(seat=0, icon="mountain", to=H("H8"), by="lightning")).then(
        used(5, "lightning"),
        IconTraded(seat=0, icon="mountain"),
        moved("H8", by="lightning"),
        LandmarkUnlocked(seat=0, landmark=6),
    )
    g.when(TradeIcon(seat=0, icon="mountain", to=H("A1"), by="lightning")).rejected(
        "illegal_action"
    )


def test_lighthouse_unlocks_an_adjacent_landmark():  # rulebook: Lighthouse
    near = drafted().sheet(0, location="C4", landmarks={6})
    near.when(LightLandmark(seat=0, at=H("C3"))).then(
        used(6, "lighthouse"), LandmarkUnlocked(seat=0, landmark=1)
    )
    near.when(LightLandmark(seat=0, at=H("B5"))).rejected("illegal_action", "no locked landmark")
    near.when(LightLandmark(seat=0, at=H("D4"))).rejected("illegal_action", "no locked landmark")


def test_extra_harbor_links_a_sea_hex_to_a_coastal_hex():  # rulebook: Extra Harbor
    g = holding(1, "B4", second=True, icons={"B3": "boat"})
    after = Given(
        g.when(DrawHarbor(seat=0, sea=H("A3"), land=H("B3"))).then(
            used(1, "extra_harbor"), HarborDrawn(seat=0, sea=H("A3"), land=H("B3"))
        )
    )
    after.when(FillIcon(seat=0, at=H("B3"))).then_includes()
    after.when(MoveArchitect(seat=0, to=H("D2"), by="harbor")).rejected("illegal_action")
    moved_there = Given(after.when(MoveArchitect(seat=0, to=H("B3"), by="boot")).then_includes())
    moved_there.when(MoveArchitect(seat=0, to=H("D2"), by="harbor")).then_includes()


def test_extra_harbor_needs_a_free_sea_hex():  # rulebook: Extra Harbor, "in the sea"
    g = holding(1, "D3", second=True)
    g.when(DrawHarbor(seat=0, sea=H("D1"), land=H("D2"))).rejected("illegal_action")
    g.when(DrawHarbor(seat=0, sea=H("E5"), land=H("E4"))).rejected("illegal_action")
    lake = drafted(bonuses=SECOND_SIX, map="M2").sheet(0, landmarks={1})
    lake.when(DrawHarbor(seat=0, sea=H("E4"), land=H("D4"))).rejected("illegal_action")


def test_train_tunnel_rides_a_tunnel_and_one_hex_further():  # rulebook: Train tunnel
    g = holding(2, "E5", second=True, icons={"E4": "tunnel", "H7": "tunnel"})
    g.when(MoveArchitect(seat=0, to=H("G7"), by="train_tunnel")).then(
        used(2, "train_tunnel"), moved("E4", "H7", "G7", by="train_tunnel")
    )
    g.when(MoveArchitect(seat=0, to=H("F4"), by="train_tunnel")).then(
        used(2, "train_tunnel"), moved("E4", "F4", by="train_tunnel")
    )
    g.when(MoveArchitect(seat=0, to=H("C7"), by="train_tunnel")).rejected("illegal_action")
    no_tunnel = holding(2, "C5", second=True, icons={"E4": "tunnel"})
    no_tunnel.when(MoveArchitect(seat=0, to=H("F4"), by="train_tunnel")).rejected(
        "illegal_action", "train tunnel"
    )


def test_train_tunnel_names_the_tunnel_it_passes_through():
    """rulebook: Train tunnel, "Move onto an adjacent tunnel icon and then move 1 hex
    further": from B3 both C3 (landmark 1) and B4 are adjacent tunnels leading to C4, so
    the seat says which it rides (rules version 2; docs/rules/peninsula.md)."""
    g = holding(2, "B3", second=True, icons={"C3": "tunnel", "B4": "tunnel"})
    to_c4 = MoveArchitect(seat=0, to=H("C4"), by="train_tunnel")
    g.when(to_c4).rejected("illegal_action", "name the hexes you pass through")
    g.when(replace(to_c4, via=(H("C3"),))).then(
        used(2, "train_tunnel"),
        moved("C3", "C4", by="train_tunnel"),
        LandmarkUnlocked(seat=0, landmark=1),
    )
    g.when(replace(to_c4, via=(H("B4"),))).then(
        used(2, "train_tunnel"), moved("B4", "C4", by="train_tunnel")
    )
    g.when(replace(to_c4, via=(H("D5"),))).rejected("illegal_action", "cannot pass through D5")
    listed = [
        c
        for c in legal_commands(g.game, 0)
        if isinstance(c, MoveArchitect) and c.by == "train_tunnel" and c.to == H("C4")
    ]
    assert sorted(c.via for c in listed) == [
        (H("B4"),),
        (H("B4"), H("C3")),
        (H("C3"),),
        (H("C3"), H("B4")),
    ]


def test_under_rules_version_1_the_engine_picks_the_train_tunnel_path():
    """docs/rules-versions.md: version 1 games keep the lowest-sorted entry tunnel."""
    g = holding(2, "B3", second=True, icons={"C3": "tunnel", "B4": "tunnel"})
    old = replace(g.game, rules_version="1")
    move = MoveArchitect(seat=0, to=H("C4"), by="train_tunnel")
    assert FIRST.decide(old, move) == (
        used(2, "train_tunnel"),
        moved("B4", "C4", by="train_tunnel"),
    )
    with pytest.raises(RuleViolation, match="only a Train Tunnel or Swimmer move") as refused:
        FIRST.decide(old, MoveArchitect(seat=0, to=H("E6"), by="boot", via=(H("E5"),)))
    assert refused.value.code == "invalid_command"


def test_steep_coast_doubles_adjacent_cliffs():  # rulebook: Steep coast
    g = holding(3, "B4", second=True, cliffs={"B3": 4, "A5": 4})
    g.when(SteepenCoast(seat=0, at=H("B3"))).then(
        used(3, "steep_coast"), CoastSteepened(seat=0, at=H("B3"), segments=8)
    )
    g.when(SteepenCoast(seat=0, at=H("A5"))).rejected("illegal_action", "next to")


def test_bridge_joins_two_shores_of_one_water_hex():  # rulebook: Bridge
    g = holding(4, "E2", second=True, icons={"G3": "boat"})
    built = Given(
        g.when(BuildBridge(seat=0, a=H("E2"), b=H("G3"))).then(
            used(4, "bridge"), BridgeBuilt(seat=0, a=H("E2"), b=H("G3"))
        )
    )
    # rulebook: "this counts as a special form of infrastructure and may fill boats"
    built.when(FillIcon(seat=0, at=H("G3"))).then_includes()
    across = Given(built.when(MoveArchitect(seat=0, to=H("G3"), by="bridge")).then_includes())
    across.when(MoveArchitect(seat=0, to=H("E2"), by="bridge")).then_includes()
    g.when(BuildBridge(seat=0, a=H("E2"), b=H("E3"))).rejected("illegal_action", "not adjacent")
    g.when(BuildBridge(seat=0, a=H("E2"), b=H("E7"))).rejected("illegal_action")


def test_swimmer_follows_the_coastline_up_to_two_hexes():  # rulebook: Swimmer
    g = holding(5, "D2", second=True)
    g.when(MoveArchitect(seat=0, to=H("E3"), by="swimmer")).then(
        used(5, "swimmer"), moved("E2", "E3", by="swimmer")
    )
    g.when(MoveArchitect(seat=0, to=H("C2"), by="swimmer")).then(
        used(5, "swimmer"), moved("C2", by="swimmer")
    )
    g.when(MoveArchitect(seat=0, to=H("E5"), by="swimmer")).rejected("illegal_action")
    g.when(MoveArchitect(seat=0, to=H("D2"), by="swimmer")).rejected("illegal_action")


def test_ferry_draws_from_one_harbor_hex_into_another():  # rulebook: Ferry
    g = holding(6, "D2", second=True)
    g.when(DrawIcon(seat=0, icon="mountain", at=H("I6"), bonus="ferry")).then(
        used(6, "ferry"), IconDrawn(seat=0, icon="mountain", at=H("I6"), arrow=None, segments=0)
    )
    away = holding(6, "E5", second=True)
    away.when(DrawIcon(seat=0, icon="mountain", at=H("I6"), bonus="ferry")).rejected(
        "illegal_action", "ferry"
    )


def test_landmarks_without_bonus_cards_still_unlock():  # docs: bonuses "none" reading
    g = drafted(bonuses=[]).sheet(0, location="D3")
    g.when(MoveArchitect(seat=0, to=H("C3"), by="boot")).then_includes(
        LandmarkUnlocked(seat=0, landmark=1)
    )


def test_bonuses_other_than_builder_wait_for_no_final_window():  # docs: final window
    final = Given(replace(holding(1).game, phase="final"))
    final.when(UseHarborTickets(seat=0)).rejected("wrong_phase")
    builder = Given(replace(holding(2, icons={"C6": "village"}).game, phase="final"))
    builder.when(FillIcon(seat=0, at=H("C6"), bonus="builder")).then_includes()
