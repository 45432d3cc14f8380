"""Disasters (reference, A round 6): two chits a round, a strike on the third chit, each
disaster's effect, what the seat saves, and protection."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.games.peloponnes import RULESET
from domain.games.peloponnes.commands import DrawChits, SaveTiles, Strike
from domain.games.peloponnes.events import (
    ChitsDrawn,
    DisasterStruck,
    Suffered,
    TilesLost,
    TilesSaved,
)
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.rules import legal_commands
from tests.domain.peloponnes.play import play
from tests.domain.peloponnes.scenario import Given, given


def striking(disaster: str, options=None) -> Given:
    """Two seats, round 1, the disaster about to strike (nobody owns anything yet)."""
    return given(2, options).table(
        phase="disasters", resolved=True, strikes=(disaster,), awaiting=()
    )


def test_two_chits_are_drawn_and_the_third_on_a_tile_strikes():  # reference, A round 6
    g = given(2, chits=["plague", "drought", "plague", "plague"]).table(
        phase="disasters", resolved=False, awaiting=()
    )
    first = g.when(DrawChits()).then(ChitsDrawn(chits=("plague", "drought"), strikes=()))
    assert first.game.chits_on["plague"] == 1
    second = Given(first.game).table(phase="disasters", resolved=False).when(DrawChits())
    second.then_includes(ChitsDrawn(chits=("plague", "plague"), strikes=("plague",)))
    assert RULESET.rules.system_command(second.game) == Strike()


def test_every_disaster_strikes_exactly_once_a_game():  # reference: "exactly once per game"
    for seats in (1, 3):
        _, events = play(seats, "random", f"strikes-{seats}")
        struck = Counter(e.disaster for e in events if isinstance(e, DisasterStruck))
        assert struck == Counter(
            {"plague": 1, "drought": 1, "decline": 1, "earthquake": 1, "tempest": 1}
        )
        drawn = [c for e in events if isinstance(e, ChitsDrawn) for c in e.chits]
        assert len(drawn) == 16


def test_plague_takes_a_third_of_the_inhabitants_rounded_up():  # reference (uncertain)
    g = striking("plague").realm(0, inhabitants=10).realm(1, inhabitants=2)
    g.when(Strike()).then(
        DisasterStruck(disaster="plague", immune=(), awaiting=()),
        Suffered(seat=0, disaster="plague", change=Goods(inhabitants=-4)),
        Suffered(seat=1, disaster="plague", change=Goods(inhabitants=-1)),
    )


def test_the_thirds_can_round_down():  # option thirds
    g = (
        striking("plague", {"thirds": "round_down"})
        .realm(0, inhabitants=10)
        .realm(1, inhabitants=2)
    )
    g.when(Strike()).then(
        DisasterStruck(disaster="plague", immune=(), awaiting=()),
        Suffered(seat=0, disaster="plague", change=Goods(inhabitants=-3)),
    )


@pytest.mark.parametrize(
    ("tile", "options"), [("B01", {}), ("B14", {}), ("A17", {"six_player_tiles": "yes"})]
)
def test_a_protecting_building_makes_its_owner_immune_to_plague(tile, options):
    g = (
        striking("plague", options)
        .realm(0, inhabitants=9, buildings=(tile,))
        .realm(1, inhabitants=3)
    )
    g.when(Strike()).then(
        DisasterStruck(disaster="plague", immune=(0,), awaiting=()),
        Suffered(seat=1, disaster="plague", change=Goods(inhabitants=-1)),
    )


def test_an_unpaid_building_does_not_protect():  # our reading: unpaid is inactive
    g = striking("plague").realm(0, inhabitants=9, buildings=("B01",), unpaid=("B01",))
    g.when(Strike()).then_includes(
        Suffered(seat=0, disaster="plague", change=Goods(inhabitants=-3))
    )


def test_the_adopted_protections_are_options():  # reference: Treasury plague, Acrocorinth tempest
    six = {"six_player_tiles": "yes"}
    g = striking("plague", {**six, "protects_A17": "drought"}).realm(
        0, inhabitants=9, buildings=("A17",)
    )
    g.when(Strike()).then_includes(
        Suffered(seat=0, disaster="plague", change=Goods(inhabitants=-3))
    )
    lands = {"lands": ("A05",), "buildings": ("B17",), "food": 0, "coins": 0}
    g = striking("tempest", six).realm(0, **lands)
    g.when(Strike()).then(DisasterStruck(disaster="tempest", immune=(0,), awaiting=()))
    g = striking("tempest", {**six, "protects_B17": "none"}).realm(0, **lands)
    g.when(Strike()).then(
        DisasterStruck(disaster="tempest", immune=(), awaiting=()),
        TilesLost(seat=0, tiles=("A05",), reason="tempest"),
    )


def test_drought_takes_a_third_of_the_food():
    g = striking("drought").realm(0, food=7, luxury=5)
    g.when(Strike()).then(
        DisasterStruck(disaster="drought", immune=(), awaiting=()),
        Suffered(seat=0, disaster="drought", change=Goods(food=-3)),
    )
    striking("drought").realm(0, food=7, buildings=("B15",)).when(Strike()).then(
        DisasterStruck(disaster="drought", immune=(0,), awaiting=())
    )


def test_decline_takes_ten_luxury_goods():
    g = striking("decline").realm(0, luxury=12).realm(1, luxury=4)
    g.when(Strike()).then(
        DisasterStruck(disaster="decline", immune=(), awaiting=()),
        Suffered(seat=0, disaster="decline", change=Goods(luxury=-10)),
        Suffered(seat=1, disaster="decline", change=Goods(luxury=-4)),
    )
    striking("decline").realm(0, luxury=12, buildings=("A15",)).when(Strike()).then_includes(
        DisasterStruck(disaster="decline", immune=(0,), awaiting=())
    )


def test_an_earthquake_takes_each_building_not_paid_for_and_the_seat_chooses():
    g = striking("earthquake").realm(0, buildings=("A12", "A14", "B12"), stone=2, wood=1, luxury=2)
    struck = g.when(Strike())
    struck.then(DisasterStruck(disaster="earthquake", immune=(), awaiting=(0,)))
    after = Given(struck.game)
    assert RULESET.to_act(after.game) == {0}
    options = set(legal_commands(after.game, 0))
    assert SaveTiles(seat=0, tiles=frozenset({"A12", "B12"})) in options  # 2 stone, 1 wood + 2 lux
    assert SaveTiles(seat=0, tiles=frozenset()) in options
    assert SaveTiles(seat=0, tiles=frozenset({"A12", "A14", "B12"})) not in options
    after.when(SaveTiles(seat=0, tiles=frozenset({"A12", "A14", "B12"}))).rejected("cannot_afford")
    saved = after.when(SaveTiles(seat=0, tiles=frozenset({"A12", "B12"}))).then(
        TilesSaved(
            seat=0,
            disaster="earthquake",
            tiles=("A12", "B12"),
            lost=("A14",),
            change=Goods(stone=-2, wood=-1, luxury=-2),
        )
    )
    assert saved.game.realm(0).buildings == ("A12", "B12")


def test_an_earthquake_takes_everything_from_a_seat_that_cannot_pay():
    g = striking("earthquake").realm(0, buildings=("A12", "A14"))
    g.when(Strike()).then(
        DisasterStruck(disaster="earthquake", immune=(), awaiting=()),
        TilesLost(seat=0, tiles=("A12", "A14"), reason="earthquake"),
    )


def test_cyclopean_masonry_protects_from_the_earthquake():
    g = striking("earthquake").realm(0, buildings=("A12", "C01"))
    g.when(Strike()).then(DisasterStruck(disaster="earthquake", immune=(0,), awaiting=()))


def test_a_tempest_takes_each_land_not_paid_one_food_and_one_coin():
    g = striking("tempest").realm(0, lands=("A05", "A06"), food=1, coins=5)
    struck = Given(g.when(Strike()).game)
    assert struck.game.awaiting == (0,)
    assert SaveTiles(seat=0, tiles=frozenset({"A05", "A06"})) not in legal_commands(struck.game, 0)
    struck.when(SaveTiles(seat=0, tiles=frozenset({"A06"}))).then(
        TilesSaved(
            seat=0,
            disaster="tempest",
            tiles=("A06",),
            lost=("A05",),
            change=Goods(food=-1, coins=-1),
        )
    )
    striking("tempest").realm(0, lands=("A05",), buildings=("C06",)).when(Strike()).then(
        DisasterStruck(disaster="tempest", immune=(0,), awaiting=())
    )


def test_the_stockades_inhabitants_do_not_return_when_it_is_destroyed():  # appendix
    g = striking("earthquake", {"six_player_tiles": "yes"}).realm(
        0, buildings=("A16",), inhabitants=1
    )
    lost = g.when(Strike()).game
    assert lost.realm(0).buildings == () and lost.realm(0).holding.inhabitants == 1
