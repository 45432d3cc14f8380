"""Supply (reference, Supply; expansion, Sea Tiles): feeding, starving, sea tiles' fish,
unpaid buildings paid or lost; when supplies happen."""

from __future__ import annotations

from domain.games.peloponnes import RULESET
from domain.games.peloponnes.commands import PayUnpaid, RevealTiles, Supply
from domain.games.peloponnes.events import (
    Fed,
    PhaseBegan,
    RoundEnded,
    SupplyHeld,
    TilesLost,
    TilesRevealed,
    UnpaidSettled,
)
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.rules import legal_commands
from tests.domain.peloponnes.play import play
from tests.domain.peloponnes.scenario import Given, given


def supplying(options=None) -> Given:
    return given(2, options).table(phase="supply", resolved=False, awaiting=())


def test_cassandras_two_sea_tiles_feed_two_so_exactly_two_starve():  # expansion, Example
    # "Cassandra owns two Sea Tiles, and has 10 inhabitants and 6 units of food ... only 2
    # of her inhabitants will starve."
    g = supplying({"sea_tiles": True}).realm(0, sea=(1, 2), inhabitants=10, food=6)
    g = g.realm(1, inhabitants=0)
    fed = g.when(Supply()).then(
        Fed(seat=0, change=Goods(food=-6, inhabitants=-2), starved=2),
        SupplyHeld(awaiting=()),
    )
    assert fed.game.realm(0).holding.inhabitants == 8


def test_without_sea_tiles_she_would_lose_four():  # the same example, "Normally ... 4"
    g = supplying().realm(0, inhabitants=10, food=6).realm(1, inhabitants=0)
    g.when(Supply()).then_includes(Fed(seat=0, change=Goods(food=-6, inhabitants=-4), starved=4))


def test_each_inhabitant_eats_one_food_and_luxury_goods_stand_in_two_for_one():
    g = supplying().realm(0, inhabitants=5, food=3, luxury=5).realm(1, inhabitants=2, food=4)
    g.when(Supply()).then(
        Fed(seat=0, change=Goods(food=-3, luxury=-4), starved=0),
        Fed(seat=1, change=Goods(food=-2), starved=0),
        SupplyHeld(awaiting=()),
    )


def test_unpaid_buildings_are_paid_or_lost_and_the_seat_chooses():  # reference, Supply
    board = {"buildings": ("A12", "A14"), "unpaid": ("A12", "A14"), "wood": 2, "stone": 1}
    g = supplying().realm(0, inhabitants=0, **board).realm(1, inhabitants=0)
    held = Given(g.when(Supply()).then(SupplyHeld(awaiting=(0,))).game)
    assert set(legal_commands(held.game, 0)) == {
        PayUnpaid(seat=0, tiles=frozenset(s)) for s in ({"A12", "A14"}, {"A12"}, {"A14"}, set())
    }
    paid = held.when(PayUnpaid(seat=0, tiles=frozenset({"A14"}))).then(
        UnpaidSettled(seat=0, paid=("A14",), lost=("A12",), change=Goods(stone=-1, coins=1))
    )
    realm = paid.game.realm(0)
    assert realm.buildings == ("A14",) and realm.unpaid == ()


def test_unpaid_buildings_are_lost_at_supply_when_they_cannot_be_paid():  # issue test
    board = {"buildings": ("A13",), "unpaid": ("A13",), "wood": 2}
    g = supplying().realm(0, inhabitants=0, **board).realm(1, inhabitants=0)
    lost = g.when(Supply()).then(
        TilesLost(seat=0, tiles=("A13",), reason="unpaid"), SupplyHeld(awaiting=())
    )
    assert lost.game.realm(0).buildings == ()
    g.table(awaiting=(0,), resolved=True).when(
        PayUnpaid(seat=0, tiles=frozenset({"A13"}))
    ).rejected("cannot_afford")


def test_feeding_comes_before_paying_for_buildings():  # reference: "Then each unpaid ..."
    board = {"buildings": ("A12",), "unpaid": ("A12",), "wood": 0, "luxury": 4}
    g = supplying().realm(0, inhabitants=2, food=0, **board).realm(1, inhabitants=0)
    g.when(Supply()).then(
        Fed(seat=0, change=Goods(luxury=-4), starved=0),
        TilesLost(seat=0, tiles=("A12",), reason="unpaid"),
        SupplyHeld(awaiting=()),
    )


def test_a_revealed_supply_tile_triggers_a_supply_at_once():  # reference, A round 1
    g = given(2, stacks={"B": ["B05", "B01", "B02", "B03", "B04"]}).table(
        phase="reveal", round=4, resolved=False, awaiting=()
    )
    revealed = g.when(RevealTiles())
    assert revealed.events == (
        TilesRevealed(
            stack="B", auction=("B05", "B01"), conquest=("B02", "B03", "B04"), supplies=1
        ),
        PhaseBegan(phase="supply", round=4),
    )
    assert RULESET.rules.system_command(revealed.game) == Supply()


def test_the_supply_can_wait_for_the_rounds_end():  # option supply_timing
    g = given(2, {"supply_timing": "round_end"}, stacks={"B": ["B05", "B01", "B02", "B03", "B04"]})
    g = g.table(phase="reveal", round=4, resolved=False, awaiting=())
    assert g.when(RevealTiles()).events[-1] == PhaseBegan(phase="bidding", round=4)


def test_after_round_eight_comes_the_final_supply():  # reference, End of game
    for options in ({}, {"supply_timing": "round_end"}):
        _, events = play(2, "random", "final-supply", options)
        last_round = max(i for i, e in enumerate(events) if isinstance(e, RoundEnded))
        assert events[last_round].round == 8
        phases = [e.phase for e in events[last_round:] if isinstance(e, PhaseBegan)]
        assert phases[-3:] == ["final_supply", "end_choices", "scoring"]
        supplies = sum(isinstance(e, SupplyHeld) for e in events)
        assert supplies == 3, "the two supply tiles, and the final supply"
