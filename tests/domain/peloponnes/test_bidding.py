"""Bidding (reference, A round 3): minimum bids, outbidding and displacement, the conquest
row, one tile per seat, unbid tiles removed, compensation, winners pay, solo."""

from __future__ import annotations

from domain.games.peloponnes import RULESET
from domain.games.peloponnes.commands import Bid, MoveBid, SettleBids, Withdraw
from domain.games.peloponnes.events import (
    BidMoved,
    BidPlaced,
    BidsSettled,
    BuildingMarked,
    Compensated,
    TileTaken,
    Withdrew,
)
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.rules import legal_commands
from domain.games.peloponnes.state import Stake
from tests.domain.peloponnes.scenario import Given, given

# 3 seats: Messene (6 coins), Patras (7), Arkadia (8), in that turn order.
# Auction row A01 A05 A10, conquest row A12 A07.
ROW = ["A01", "A05", "A10", "A12", "A07"]


def three() -> Given:
    return given(3, stacks={"A": ROW})


def test_three_seats_put_three_tiles_in_the_auction_row():  # reference, A round 1
    game = three().game
    assert game.auction == ("A01", "A05", "A10") and game.conquest == ("A12", "A07")
    assert RULESET.to_act(game) == {0}


def test_a_bid_is_at_least_the_printed_minimum():  # reference: "at least the printed minimum"
    three().when(Bid(seat=0, tile="A01", amount=2)).rejected("illegal_action")
    three().when(Bid(seat=0, tile="A01", amount=3)).then(BidPlaced(seat=0, tile="A01", amount=3))


def test_only_the_seat_in_turn_bids():  # reference: "In turn order"
    three().when(Bid(seat=1, tile="A01", amount=3)).rejected("not_your_turn")


def test_a_bid_cannot_exceed_the_coins_held():
    three().when(Bid(seat=0, tile="A01", amount=7)).rejected("cannot_afford")


def test_outbidding_takes_more_and_displaces_the_outbid_seat():  # reference: "by offering more"
    g = three().after(Bid(seat=0, tile="A01", amount=3))
    g.when(Bid(seat=1, tile="A01", amount=3)).rejected("illegal_action")
    after = g.when(Bid(seat=1, tile="A01", amount=4)).then(
        BidPlaced(seat=0 + 1, tile="A01", amount=4, outbid=0)
    )
    assert RULESET.to_act(after.game) == {0}, "the outbid seat decides at once"
    assert after.game.displaced == Stake(tile="A01", seat=0, amount=3)


def test_the_outbid_seat_moves_the_same_amount_or_withdraws():  # reference, A round 3
    g = three().after(Bid(seat=0, tile="A01", amount=3), Bid(seat=1, tile="A01", amount=4))
    assert set(legal_commands(g.game, 0)) == {
        MoveBid(seat=0, tile="A05"),
        MoveBid(seat=0, tile="A10"),
        Withdraw(seat=0),
    }
    g.when(Bid(seat=0, tile="A05", amount=5)).rejected("illegal_action")
    g.when(MoveBid(seat=0, tile="A01")).rejected("illegal_action")  # not a free tile
    g.when(MoveBid(seat=0, tile="A12")).rejected("illegal_action")  # conquest: 1 + 3 > 3
    moved = g.when(MoveBid(seat=0, tile="A05")).then(BidMoved(seat=0, tile="A05", amount=3))
    assert RULESET.to_act(moved.game) == {2}
    g.when(Withdraw(seat=0)).then(Withdrew(seat=0, outbid=True))


def test_a_displacement_chain_across_three_seats():  # issue: "Model chains of displacement"
    g = three().after(
        Bid(seat=0, tile="A01", amount=3),
        Bid(seat=1, tile="A01", amount=4),  # seat 1 outbids seat 0 ...
        MoveBid(seat=0, tile="A05"),  # ... who moves its 3 coins
    )
    # seat 2 outbids seat 1, who had outbid seat 0; seat 1 moves its 4 onto the conquest row
    g = Given(g.when(Bid(seat=2, tile="A01", amount=5)).game)
    assert RULESET.to_act(g.game) == {1}
    g.when(MoveBid(seat=1, tile="A07")).rejected("illegal_action")  # 2 + 3 = 5 > 4
    done = g.when(MoveBid(seat=1, tile="A12")).game  # 1 + 3 = 4
    assert done.phase == "settle"
    assert set(done.bids) == {
        Stake(tile="A05", seat=0, amount=3),
        Stake(tile="A12", seat=1, amount=4),
        Stake(tile="A01", seat=2, amount=5),
    }


def test_a_conquest_tile_costs_its_minimum_plus_three():  # reference, A round 3
    three().when(Bid(seat=0, tile="A12", amount=1)).rejected("illegal_action")
    three().when(Bid(seat=0, tile="A12", amount=5)).rejected("illegal_action")
    three().when(Bid(seat=0, tile="A12", amount=4)).then(BidPlaced(seat=0, tile="A12", amount=4))


def test_a_conquest_tile_cannot_be_outbid():  # reference: "cannot be outbid"
    g = three().after(Bid(seat=0, tile="A12", amount=4))
    g.when(Bid(seat=1, tile="A12", amount=6)).rejected("illegal_action")
    assert not any(isinstance(c, Bid) and c.tile == "A12" for c in legal_commands(g.game, 1))


def test_winners_pay_unbid_tiles_leave_and_a_seat_without_a_tile_is_compensated():
    # reference: "Tiles nobody bids on are removed"; "Winning bids are paid"; adopted 1 coin
    g = three().after(
        Bid(seat=0, tile="A01", amount=3),
        Bid(seat=1, tile="A10", amount=2),
        Withdraw(seat=2),
    )
    assert g.game.phase == "settle"
    g.when(SettleBids()).then(
        BidsSettled(
            won=(Stake("A01", 0, 3), Stake("A10", 1, 2)),
            discarded=("A05", "A12", "A07"),
            awaiting=(),
        ),
        TileTaken(seat=0, tile="A01", change=Goods(coins=-3)),
        TileTaken(seat=1, tile="A10", change=Goods(coins=0, inhabitants=1)),
        Compensated(seat=2, change=Goods(coins=1)),
    )


def test_the_compensation_is_an_option():
    g = given(3, {"compensation": 0}, stacks={"A": ROW}).after(
        Withdraw(seat=0), Withdraw(seat=1), Withdraw(seat=2)
    )
    g.when(SettleBids()).then(
        BidsSettled(won=(), discarded=tuple(ROW), awaiting=()),
    )


def test_each_seat_takes_at_most_one_tile_a_round():  # reference: "at most one tile"
    g = three().after(Bid(seat=0, tile="A01", amount=3), Bid(seat=1, tile="A05", amount=3))
    g.when(Bid(seat=0, tile="A10", amount=2)).rejected("not_your_turn")


def test_next_rounds_order_puts_winners_first_by_their_tiles_minimum():  # reference 7, adopted
    g = three().after(
        Bid(seat=0, tile="A01", amount=3),  # minimum 3
        Bid(seat=1, tile="A10", amount=2),  # minimum 2
        Withdraw(seat=2),
    )
    assert g.system().game.order == (1, 0, 2)


def test_the_turn_order_rule_is_an_option():
    bids = (Bid(seat=0, tile="A01", amount=3), Bid(seat=1, tile="A10", amount=4), Withdraw(seat=2))
    paid = given(3, {"turn_order": "amount_paid"}, stacks={"A": ROW}).after(*bids)
    assert paid.system().game.order == (0, 1, 2)
    fixed = given(3, {"turn_order": "fixed"}, stacks={"A": ROW}).after(
        Withdraw(seat=0), Bid(seat=1, tile="A10", amount=2), Withdraw(seat=2)
    )
    assert fixed.system().game.order == (0, 1, 2)


def test_solo_takes_one_tile_at_its_printed_price_and_discards_the_rest():  # reference, 1
    solo = given(1, stacks={"A": ROW})
    assert solo.game.auction == tuple(ROW) and solo.game.conquest == ()
    solo.when(Bid(seat=0, tile="A12", amount=2)).rejected("illegal_action")
    settled = solo.when(Bid(seat=0, tile="A12", amount=1)).game
    assert settled.phase == "settle", "one bid ends a solo round's bidding"
    Given(settled).when(SettleBids()).then(
        BidsSettled(won=(Stake("A12", 0, 1),), discarded=("A01", "A05", "A10", "A07"), awaiting=()),
        TileTaken(seat=0, tile="A12", change=Goods(coins=-1, inhabitants=2)),
        # Messene has no wood for the Bridge: it can only be marked with a coin
        BuildingMarked(seat=0, tile="A12", change=Goods(coins=-1)),
    )


def test_bids_count_toward_the_platforms_cap_and_passing_never_does():  # max_commands_per_round
    g = given(3, {"max_commands_per_round": 20}, stacks={"A": ROW})
    assert RULESET.players.moves_this_round(g.after(Bid(seat=0, tile="A01", amount=3)).game, 0) == 1
    capped = g.table(moves=(20, 0, 0))
    capped.when(Bid(seat=0, tile="A01", amount=3)).rejected("too_many_commands")
    capped.when(Withdraw(seat=0)).then(Withdrew(seat=0, outbid=False))
    later = g.after(Bid(seat=0, tile="A01", amount=3), Withdraw(seat=1), Withdraw(seat=2)).system()
    assert later.game.round == 2 and later.game.moves == (0, 0, 0)
