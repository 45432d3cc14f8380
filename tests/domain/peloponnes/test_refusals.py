"""Refusals: system decisions out of their time, seats deciding what is not theirs, and
choices naming what the rules do not offer. Nothing is decided on a refusal."""

from __future__ import annotations

import pytest

from domain.games.peloponnes.commands import (
    Bid,
    ChooseEndBonus,
    CollectIncome,
    DrawChits,
    EndRound,
    MoveBid,
    PayNow,
    PayUnpaid,
    RevealTiles,
    SaveTiles,
    ScoreGame,
    SettleBids,
    Strike,
    Supply,
    Withdraw,
)
from tests.domain.peloponnes.scenario import given


@pytest.mark.parametrize(
    "command",
    [
        RevealTiles(),
        Supply(),
        SettleBids(),
        CollectIncome(),
        DrawChits(),
        Strike(),
        EndRound(),
        ScoreGame(),
    ],
)
def test_a_system_decision_is_refused_while_the_seats_bid(command):
    given(2).when(command).rejected("wrong_phase")


def test_a_system_decision_waits_for_an_awaited_seat():
    g = given(2).table(phase="income", resolved=True, awaiting=(0,))
    g.when(CollectIncome()).rejected("wrong_phase")
    g.when(Strike()).rejected("wrong_phase")


def test_a_seat_decides_only_when_awaited():
    g = given(2).table(phase="settle", resolved=True, awaiting=(1,))
    g.when(PayNow(seat=0)).rejected("not_your_turn")
    given(2).when(PayNow(seat=0)).rejected("wrong_phase")
    given(2).when(Withdraw(seat=7)).rejected("invalid_command")


def test_an_outbid_seat_cannot_move_onto_a_land_it_could_not_place():  # reference, Placement
    g = given(2, stacks={"A": ["A01", "A05", "A02", "A03", "A04"]}).realm(0, lands=("A06",))
    g = g.after(Bid(seat=0, tile="A05", amount=3), Bid(seat=1, tile="A05", amount=4))
    g.when(MoveBid(seat=0, tile="A05")).rejected("illegal_action")  # taken
    g.when(MoveBid(seat=0, tile="A01")).rejected("illegal_placement")  # stone after food, wood


def test_a_save_names_only_tiles_at_risk():
    g = (
        given(2)
        .realm(0, buildings=("A12",), stone=3, wood=3)
        .table(phase="disasters", resolved=True, strikes=(), saving="earthquake", awaiting=(0,))
    )
    g.when(SaveTiles(seat=0, tiles=frozenset({"A05"}))).rejected("illegal_action")


def test_a_payment_at_supply_names_only_unpaid_buildings():
    g = given(2).realm(0, buildings=("A12", "A14"), unpaid=("A12",), wood=5, stone=5)
    g = g.table(phase="supply", resolved=True, awaiting=(0,))
    g.when(PayUnpaid(seat=0, tiles=frozenset({"A14"}))).rejected("illegal_action")


def test_an_end_choice_names_a_tile_that_offers_one():
    g = given(2, {"six_player_tiles": "yes"}).realm(0, buildings=("A12",))
    g = g.table(phase="end_choices", resolved=False, awaiting=(0,))
    g.when(ChooseEndBonus(seat=0, tile="A12", pick=0)).rejected("illegal_action")
