"""Drawing an icon: where, what may share a hex, cliffs, streets and canals."""

from __future__ import annotations

from domain.games.peninsula.commands import DraftCard, DrawHarbor, DrawIcon, EndActions
from domain.games.peninsula.events import (
    CardDrafted,
    IconDrawn,
    LandmarkBonusUsed,
)
from tests.domain.peninsula.scenario import H, drafted, given


def draw(icon, at, arrow=None, seat=0, bonus=None):
    return DrawIcon(seat=seat, icon=icon, at=H(at), arrow=H(arrow) if arrow else None, bonus=bonus)


def drawn(icon, at, arrow=None, seat=0, segments=0):
    return IconDrawn(
        seat=seat, icon=icon, at=H(at), arrow=H(arrow) if arrow else None, segments=segments
    )


SECOND_SIX = ["LB07", "LB08", "LB09", "LB10", "LB11", "LB12"]


def holding(icon, at="E5", seat=0, setup=None, **changes):
    """Seat ``seat`` at ``at`` with ``icon`` to use (landmark bonuses LB01-LB06 by default)."""
    return drafted(**(setup or {})).sheet(seat, hand=(icon,), uses=1, location=at, **changes)


# rulebook: Drafting Phase
def test_the_active_seat_drafts_keeps_one_icon_and_leaves_the_other():
    given().when(DraftCard(seat=0, card=1, keep="mountain")).then(
        CardDrafted(seat=0, index=1, kept="mountain", left="forest")
    )
    game = drafted(keep="boat").game
    assert game.allowances[0].hand == ("boat",) and game.allowances[1].hand == ("village",)


def test_a_passive_seat_cannot_draft():  # rulebook: Drafting Phase, "Active Player"
    given().when(DraftCard(seat=1, card=0, keep="boat")).rejected("not_your_turn")


def test_the_kept_icon_must_be_on_the_card():  # rulebook: Drafting Phase
    given().when(DraftCard(seat=0, card=0, keep="tunnel")).rejected("illegal_action")
    given().when(DraftCard(seat=0, card=2, keep="boat")).rejected("invalid_command")


def test_no_action_before_the_draft():  # rulebook: How to Play, phases in order
    given().when(draw("village", "E4", "E3")).rejected("wrong_phase")


# rulebook: Drawing an Icon, "next to your current location"
def test_an_icon_is_drawn_next_to_the_architect():
    holding("mountain").when(draw("mountain", "E4")).then(drawn("mountain", "E4"))


def test_an_icon_is_not_drawn_further_away():
    holding("mountain").when(draw("mountain", "G5")).rejected("illegal_action", "next to")


def test_never_directly_under_the_architect():  # rulebook: Drawing an Icon
    holding("mountain").when(draw("mountain", "E5")).rejected("illegal_action", "under")


def test_never_in_water():  # rulebook: Drawing an Icon, "never draw in water"
    holding("mountain", at="D2").when(draw("mountain", "D1")).rejected("illegal_action")


def test_one_icon_per_hex():  # rulebook: "You may never have 2 icons in a single hex"
    holding("mountain", icons={"E4": "forest"}).when(draw("mountain", "E4")).rejected(
        "illegal_action", "already holds"
    )


def test_cliffs_share_a_hex_with_another_icon():  # rulebook: Cliffs are "add-ons"
    holding("cliffs", at="D3", icons={"C2": "forest"}).when(draw("cliffs", "C2")).then(
        drawn("cliffs", "C2", segments=3)
    )


def test_another_icon_may_join_cliffs_later():  # rulebook: "still allowed to draw 1 of the other"
    holding("forest", at="D3", cliffs={"D2": 2}).when(draw("forest", "D2")).then(
        drawn("forest", "D2")
    )


def test_cliffs_are_drawn_once_per_hex():  # docs/rules/peninsula.md: one set of cliffs per hex
    holding("cliffs", at="D3", cliffs={"C3": 0 + 1}).when(draw("cliffs", "C3")).rejected(
        "illegal_action", "already has cliffs"
    )


def test_no_cliffs_on_a_harbor_hex():  # rulebook: "A harbor hex can never have cliffs"
    holding("cliffs", at="D3").when(draw("cliffs", "D2")).rejected("illegal_action", "harbor")


def test_no_extra_harbor_on_a_cliff_hex():  # rulebook: Cliffs, no harbor where there is a cliff
    g = holding("cliffs", "B4", 0, {"bonuses": SECOND_SIX}, cliffs={"B3": 4}, landmarks={1})
    g = g.when(DrawHarbor(seat=0, sea=H("A3"), land=H("B3")))
    g.rejected("illegal_action", "without cliffs")


def test_a_cliff_gets_one_segment_per_water_edge_off_map_included():  # rulebook: Cliffs
    holding("cliffs", at="B5").when(draw("cliffs", "A5")).then(drawn("cliffs", "A5", segments=4))


def test_lake_edges_are_coastal_too():  # rulebook: Cliffs, "including the lake in map M2"
    game = holding("cliffs", at="C4", setup={"map": "M2"})
    game.when(draw("cliffs", "D4")).then(drawn("cliffs", "D4", segments=2))


def test_an_inland_hex_cannot_take_cliffs():  # rulebook: "A hex that touches no water can't"
    holding("cliffs", at="E5").when(draw("cliffs", "E4")).then(drawn("cliffs", "E4", segments=1))
    holding("cliffs", at="E4").when(draw("cliffs", "E5")).rejected("illegal_action", "no water")


def test_a_village_draws_a_street_to_an_adjacent_land_hex():  # rulebook: Roads and canals
    game = holding("village").when(draw("village", "E4", "E5")).then(drawn("village", "E4", "E5"))
    (arrow,) = game.sheets[0].arrows
    assert arrow.kind == "street" and arrow.leads(H("E5"), H("E4"))


def test_a_village_needs_its_street():  # rulebook: "Each time you draw a village or a boat"
    holding("village").when(draw("village", "E4")).rejected("illegal_action", "needs an arrow")
    holding("village").when(draw("village", "E4", "G4")).rejected("illegal_action", "adjacent")
    holding("village", at="D3").when(draw("village", "D2", "D1")).rejected("illegal_action")


def test_a_boat_draws_a_one_way_canal():  # rulebook: "pointing away from the boat"
    game = holding("boat").when(draw("boat", "E4", "F4")).then(drawn("boat", "E4", "F4"))
    (arrow,) = game.sheets[0].arrows
    assert arrow.kind == "canal" and not arrow.leads(H("F4"), H("E4"))


def test_only_villages_and_boats_draw_arrows():
    holding("forest").when(draw("forest", "E4", "E3")).rejected("illegal_action", "only villages")


def test_the_icon_must_be_the_one_in_hand():  # rulebook: Passive Players use the left icon
    drafted().when(draw("boat", "E4", "E3")).rejected("illegal_action", "not boat")
    drafted().when(draw("boat", "E4", "E3", seat=1)).then(drawn("boat", "E4", "E3", seat=1))


def test_the_icon_has_exactly_one_use():  # rulebook: Action Phase, "Use your icon"
    once = drafted().after(draw("village", "E4", "E3"))
    once.when(draw("village", "D4", "D3")).rejected("illegal_action", "already used")


def test_a_seat_that_ended_its_actions_waits():  # rulebook: Action Phase, simultaneous
    ended = drafted().after(EndActions(seat=0))
    ended.when(draw("village", "E4", "E3")).rejected("not_your_turn")


def test_catapult_draws_exactly_two_away():  # rulebook: Landmark Bonuses, Catapult
    g = holding("mountain", landmarks={3})
    g.when(draw("mountain", "G5", bonus="catapult")).then(
        LandmarkBonusUsed(seat=0, landmark=3, bonus="catapult"), drawn("mountain", "G5")
    )
    g.when(draw("mountain", "F5", bonus="catapult")).rejected("illegal_action", "exactly 2")
    holding("mountain").when(draw("mountain", "G5", bonus="catapult")).rejected(
        "illegal_action", "no unused catapult"
    )
