"""Placement (reference, A round 4; expansion appendix): buildings left, lands right, the
shared-resource rule and what lifts it, one-time effects, paying now or marking a coin."""

from __future__ import annotations

from domain.games.peloponnes import RULESET
from domain.games.peloponnes.commands import Bid, MarkWithCoin, PayNow, SettleBids, Withdraw
from domain.games.peloponnes.events import BidPlaced, BuildingMarked, BuildingPaid, TileTaken
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.rules import legal_commands
from tests.domain.peloponnes.scenario import Given, given

SIX = {"six_player_tiles": "yes"}


def two(*row: str, options=None) -> Given:
    """Messene (6 coins, 2 inhabitants) to bid first, then Patras."""
    return given(2, options, stacks={"A": list(row)})


def test_a_land_must_share_a_resource_with_the_rightmost_land():  # reference, Placement
    g = two("A05", "A02", "A03", "A04", "A06").realm(0, lands=("A01",))  # A01 produces stone
    refused = g.when(Bid(seat=0, tile="A05", amount=3)).rejected("illegal_placement")
    assert "rightmost land" in refused.message
    g.when(Bid(seat=0, tile="A02", amount=3)).then(BidPlaced(seat=0, tile="A02", amount=3))
    assert not any(isinstance(c, Bid) and c.tile == "A05" for c in legal_commands(g.game, 0))


def test_only_the_rightmost_land_counts():  # reference: "the rightmost land already placed"
    g = two("A05", "A02", "A03", "A04", "A06").realm(0, lands=("A06", "A01"))  # food, stone
    g.when(Bid(seat=0, tile="A05", amount=3)).rejected("illegal_placement")


def test_the_first_land_is_free_of_the_rule():  # reference: "The first land is free"
    two("A05", "A02", "A03", "A04", "A06").when(Bid(seat=0, tile="A05", amount=3)).then(
        BidPlaced(seat=0, tile="A05", amount=3)
    )


def test_the_stockade_lifts_the_placement_rule():  # expansion appendix, Stockade
    g = two("A05", "A02", "A03", "A04", "A06", options=SIX).realm(
        0, lands=("A01",), buildings=("A16",)
    )
    g.when(Bid(seat=0, tile="A05", amount=3)).then(BidPlaced(seat=0, tile="A05", amount=3))


def test_an_unpaid_stockade_does_not_lift_it_yet():  # our reading: unpaid is inactive
    g = two("A05", "A02", "A03", "A04", "A06", options=SIX).realm(
        0, lands=("A01",), buildings=("A16",), unpaid=("A16",)
    )
    g.when(Bid(seat=0, tile="A05", amount=3)).rejected("illegal_placement")


def test_the_barracks_lifts_the_rule_as_adopted_and_the_option_can_turn_it_off():
    # data A11: "adopted reading: its owner's lands are free of the placement rule"
    row = ("A05", "A02", "A03", "A04", "A06")
    board = {"lands": ("A01",), "buildings": ("A11",)}
    two(*row).realm(0, **board).when(Bid(seat=0, tile="A05", amount=3)).then(
        BidPlaced(seat=0, tile="A05", amount=3)
    )
    off = two(*row, options={"abilities_A11": "none"}).realm(0, **board)
    off.when(Bid(seat=0, tile="A05", amount=3)).rejected("illegal_placement")


def test_taking_the_stockade_costs_two_inhabitants_and_needs_them():  # expansion appendix
    row = ("A16", "A05", "A03", "A04", "A06")
    short = two(*row, options=SIX).realm(0, inhabitants=1)
    short.when(Bid(seat=0, tile="A16", amount=3)).rejected("cannot_afford")
    g = two(*row, options=SIX).after(Bid(seat=0, tile="A16", amount=3), Withdraw(seat=1))
    g.when(SettleBids()).then_includes(
        TileTaken(seat=0, tile="A16", change=Goods(coins=-3, inhabitants=-2))
    )


def test_a_tile_whose_one_time_effect_takes_inhabitants_needs_them():  # our reading (A11)
    row = ("A11", "A05", "A03", "A04", "A06")
    two(*row).realm(0, inhabitants=1).when(Bid(seat=0, tile="A11", amount=2)).rejected(
        "cannot_afford"
    )
    two(*row).when(Bid(seat=0, tile="A11", amount=2)).then(BidPlaced(seat=0, tile="A11", amount=2))


def test_one_time_effects_apply_at_once_and_tiles_go_left_and_right():  # reference, Placement
    g = two("A03", "A12", "A05", "A04", "A06").after(
        Bid(seat=0, tile="A03", amount=4), Bid(seat=1, tile="A12", amount=1)
    )
    g = g.realm(1, wood=2)
    settled = Given(g.when(SettleBids()).game)
    messene = settled.game.realm(0)
    assert messene.lands == ("A03",)
    assert messene.holding == Goods(coins=6 - 4 + 5, inhabitants=3)  # A03: 5 coins, 1 inhabitant
    assert settled.game.realm(1).buildings == ("A12",)
    seat = RULESET.view(settled.game, None)["seats"][0]
    assert [t["kind"] for t in seat["tableau"]] == ["civilization", "land"]


def test_the_view_draws_the_row_in_table_order():  # issue: "each seat's tableau in order"
    g = two("A05", "A02", "A03", "A04", "A06").realm(
        0, buildings=("A12", "A14"), lands=("A06", "A08")
    )
    tableau = RULESET.view(g.game, None)["seats"][0]["tableau"]
    assert [t["tile"] for t in tableau] == ["A14", "A12", "Messene", "A06", "A08"]


def test_a_building_is_paid_now_or_marked_with_a_coin():  # reference, Placement
    g = two("A12", "A05", "A03", "A04", "A06").realm(0, wood=3)
    g = Given(g.after(Bid(seat=0, tile="A12", amount=1), Withdraw(seat=1)).when(SettleBids()).game)
    assert RULESET.to_act(g.game) == {0}
    assert set(legal_commands(g.game, 0)) == {PayNow(seat=0), MarkWithCoin(seat=0)}
    paid = g.when(PayNow(seat=0)).then(BuildingPaid(seat=0, tile="A12", change=Goods(wood=-2)))
    assert paid.game.realm(0).unpaid == ()
    marked = g.when(MarkWithCoin(seat=0)).then(
        BuildingMarked(seat=0, tile="A12", change=Goods(coins=-1))
    )
    assert marked.game.realm(0).unpaid == ("A12",)


def test_two_luxury_goods_stand_in_for_one_good():  # reference, Goods
    g = two("A12", "A05", "A03", "A04", "A06").realm(0, wood=1, luxury=3)
    g = Given(g.after(Bid(seat=0, tile="A12", amount=1), Withdraw(seat=1)).when(SettleBids()).game)
    g.when(PayNow(seat=0)).then(BuildingPaid(seat=0, tile="A12", change=Goods(wood=-1, luxury=-2)))


def test_without_the_goods_a_building_is_marked_and_without_a_coin_it_cannot_be_taken():
    g = two("A12", "A05", "A03", "A04", "A06").after(
        Bid(seat=0, tile="A12", amount=1), Withdraw(seat=1)
    )
    g.when(SettleBids()).then_includes(BuildingMarked(seat=0, tile="A12", change=Goods(coins=-1)))
    broke = two("A13", "A05", "A03", "A04", "A06").realm(0, coins=3)
    broke.when(Bid(seat=0, tile="A13", amount=3)).rejected("cannot_afford")


def test_an_unpaid_building_yields_no_income_until_paid():  # our reading; option "active"
    board = {"buildings": ("A12",), "unpaid": ("A12",)}
    row = ("A05", "A02", "A03", "A04", "A06")
    for option, food in (("inactive", 0), ("active", 1)):
        g = two(*row, options={"unpaid_buildings": option}).realm(0, **board)
        g = g.after(Withdraw(seat=0), Withdraw(seat=1)).system()
        # Messene's own income is 2 food; the Bridge adds 1 only when active
        assert g.game.round == 2 and g.game.realm(0).holding.food == 2 + food
