"""Expansion, The Sea Tiles in the Game: one a round before the bid, at the printed cost,
never on credit, never lost; each feeds one inhabitant at a supply."""

from __future__ import annotations

from domain.games.peloponnes import RULESET
from domain.games.peloponnes.commands import Bid, BuySeaTile, SaveTiles, Strike, Withdraw
from domain.games.peloponnes.events import SeaTileBought
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.rules import legal_commands
from domain.games.peloponnes.scoring import breakdown
from tests.domain.peloponnes.scenario import Given, given

SEA = {"sea_tiles": True}
ROW = ["A05", "A02", "A03", "A04", "A06"]


def table() -> Given:
    """Messene (6 coins) first, then Patras; sea tiles 5 (5 coins, 3 pp) and 3 (6 wood,
    3 inhabitants) face up."""
    return given(2, SEA, sea_tiles=[5, 3], stacks={"A": ROW})


def test_a_seat_buys_a_sea_tile_before_its_bid_at_the_printed_cost():  # expansion
    g = table()
    after = g.when(BuySeaTile(seat=0, tile=5)).then(
        SeaTileBought(seat=0, tile=5, change=Goods(coins=-5))
    )
    assert after.game.realm(0).sea == (5,) and after.game.sea_display == (3,)
    assert RULESET.to_act(after.game) == {0}, "the seat still makes its bid"
    assert not any(isinstance(c, BuySeaTile) for c in legal_commands(after.game, 0))
    after.when(BuySeaTile(seat=0, tile=3)).rejected("illegal_action")


def test_a_sea_tile_adds_its_inhabitants():  # expansion: "adjusts his population"
    g = table().realm(0, wood=6)
    g.when(BuySeaTile(seat=0, tile=3)).then(
        SeaTileBought(seat=0, tile=3, change=Goods(wood=-6, inhabitants=3))
    )


def test_a_sea_tile_cannot_be_taken_on_credit():  # expansion: "may not ... place a coin"
    g = table().realm(0, coins=4)
    g.when(BuySeaTile(seat=0, tile=5)).rejected("cannot_afford")
    assert not any(isinstance(c, BuySeaTile) for c in legal_commands(g.game, 0))


def test_a_sea_tile_is_bought_only_before_the_seats_first_bid():  # expansion: "before"
    g = table().after(Bid(seat=0, tile="A05", amount=3))
    g.when(BuySeaTile(seat=0, tile=5)).rejected("not_your_turn")
    outbid = g.after(Bid(seat=1, tile="A05", amount=4))
    outbid.when(BuySeaTile(seat=0, tile=5)).rejected("illegal_action")


def test_one_sea_tile_a_round_but_more_over_the_game():  # expansion: "only one each round"
    g = table().realm(0, coins=20).after(BuySeaTile(seat=0, tile=5), Withdraw(seat=0))
    g = g.after(Withdraw(seat=1)).system()
    assert g.game.round == 2 and RULESET.to_act(g.game) == {0}  # no winner: the same order
    bought = g.realm(0, wood=6).when(BuySeaTile(seat=0, tile=3)).game
    assert bought.realm(0).sea == (5, 3)


def test_without_the_option_there_are_no_sea_tiles():
    g = given(2, stacks={"A": ROW})
    assert g.game.sea_display == ()
    g.when(BuySeaTile(seat=0, tile=1)).rejected("illegal_action")


def test_sea_tile_prestige_counts_at_the_end():  # expansion: "counted at the end"
    g = table().realm(0, sea=(5, 6), inhabitants=10)
    assert breakdown(g.game, 0)["tiles"] == 3 + 4


def test_sea_tiles_are_never_lost_to_a_disaster():  # expansion: not Building or Land tiles
    g = (
        table()
        .realm(0, sea=(5,), lands=("A05",), coins=0, food=0)
        .table(phase="disasters", resolved=True, strikes=("tempest",), awaiting=())
    )
    struck = g.when(Strike()).game
    assert struck.realm(0).sea == (5,) and struck.realm(0).lands == ()
    assert not any(isinstance(c, SaveTiles) for c in legal_commands(struck, 0))
