"""Starting cards and Hiking Card Descriptions: Training, Camp, Discovery's foraging,
Small and Large harvest, the container cards, Observe; Game Preparation."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from domain.core import RuleViolation
from domain.games.five_peaks.commands import (
    BoxCard,
    Forage,
    Harvest,
    Pack,
    Pass,
    PlayCard,
    Refresh,
    Rest,
    TakeCard,
)
from domain.games.five_peaks.events import MarketCycled, ResourceLeft
from domain.games.five_peaks.geometry import Cell
from tests.domain.five_peaks.scenario import act, content, fresh, hiker, legal

STARTING = ("camp", "discovery", "march", "training", "walk")


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_gives_each_seat_its_pieces(seats):
    """Game Preparation: 5 starting cards, 5 stones, endorphins 1, 2, 2, 3, 3; a market of 5."""
    game = fresh(seats)
    assert [h.endorphins for h in game.hikers] == [1, 2, 2, 3, 3][:seats]
    assert all(h.hand == STARTING and len(h.stones) == 5 and h.load == 0 for h in game.hikers)
    assert len(game.market) == 5 and len(game.deck) == 39 - 5
    assert len(set(game.pawns)) == 1 and len(game.fire_deck) == 18
    assert all(len(pile) == 5 for pile in game.peak_piles.values())


def with_card(card, seats=2):
    game = fresh(seats)
    return hiker(game, 0, hand=tuple(sorted((*game.hiker(0).hand, card))))


def test_a_turn_is_one_card_then_play_passes_left():
    """Sequence of Play: the played card goes to its owner's public played pile."""
    _, game = act(fresh(3), PlayCard(0, "camp"))
    _, game = act(game, Rest(0))
    assert game.turn == 1 and game.hiker(0).endorphins == 3


def test_camp_returns_the_whole_played_pile_including_camp():
    """Camp: buy a panorama or take 2 endorphins, then take every played card back."""
    game = hiker(fresh(2), 0, hand=("camp", "training"), played=("walk", "march", "discovery"))
    _, game = act(game, PlayCard(0, "camp"))
    with pytest.raises(RuleViolation):
        act(game, Pass(0))  # a choice is due
    _, game = act(game, Rest(0))
    assert game.hiker(0).hand == STARTING and game.hiker(0).played == ()


def test_training_buys_a_market_card_and_refills():
    game = hiker(fresh(2), 0, endorphins=9)
    card, cost = game.market[0], content(game).cards[game.market[0]].cost
    top = game.deck[0]
    _, game = act(game, PlayCard(0, "training", 0))
    _, game = act(game, TakeCard(0, 0))
    assert card in game.hiker(0).hand and game.hiker(0).endorphins == 9 - cost
    assert game.market[-1] == top and len(game.market) == 5


def test_training_cannot_buy_what_the_seat_cannot_pay():
    game = hiker(fresh(2), 0, endorphins=0)
    _, game = act(game, PlayCard(0, "training", 0))
    assert not any(isinstance(c, TakeCard) for c in legal(game))


def test_training_boxes_hiking_cards_for_2_endorphins_but_never_starting_cards():
    game = with_card("run")
    _, game = act(game, PlayCard(0, "training", 1))
    with pytest.raises(RuleViolation):
        act(game, BoxCard(0, "walk"))
    _, game = act(game, BoxCard(0, "run"))
    assert "run" not in game.hiker(0).hand and game.hiker(0).endorphins == 3


def test_discovery_forages_mushrooms_berries_and_herbs_for_endorphins():
    game = hiker(fresh(2), 0, backpack={"mushroom": 1, "herb": 1, "pouch": 1})
    _, game = act(game, PlayCard(0, "discovery", 1))
    _, game = act(game, Forage(0, "mushroom"))
    _, game = act(game, Forage(0, "herb"))
    assert game.turn == 1  # no basic resource left: the turn ends by itself
    assert game.hiker(0).endorphins == 3 and dict(game.hiker(0).backpack) == {"pouch": 1}


def test_small_harvest_also_leaves_one_on_the_pawns_space():
    game = with_card("small-harvest")
    _, game = act(game, PlayCard(0, "small-harvest"))
    events, game = act(game, Harvest(0, "berry"))
    assert ResourceLeft(game.pawns[0], "berry") in events
    assert game.hiker(0).held("berry") == 1 and dict(game.left[game.pawns[0]]) == {"berry": 1}


def test_harvest_leaves_nothing_when_the_bank_had_only_one():
    """Note after Observe: with 1 left in the bank, it goes to the backpack only."""
    game = with_card("small-harvest")
    game = replace(game, bank=MappingProxyType({**game.bank, "herb": 1}))
    _, game = act(game, PlayCard(0, "small-harvest"))
    events, game = act(game, Harvest(0, "herb"))
    assert not any(isinstance(e, ResourceLeft) for e in events) and not game.left


def test_large_harvest_is_two_harvests_of_any_kinds():
    game = with_card("large-harvest")
    _, game = act(game, PlayCard(0, "large-harvest"))
    _, game = act(game, Harvest(0, "berry"))
    _, game = act(game, Harvest(0, "herb"))
    assert game.hiker(0).held("berry") == 1 and game.hiker(0).held("herb") == 1
    assert game.turn == 1


def test_mushroom_basket_trades_repeatedly():
    game = hiker(with_card("mushroom-basket"), 0, backpack={"mushroom": 5})
    _, game = act(game, PlayCard(0, "mushroom-basket"))
    _, game = act(game, Pack(0))
    _, game = act(game, Pack(0))
    assert game.hiker(0).held("basket") == 2 and game.hiker(0).held("mushroom") == 1
    assert dict(game.left[game.pawns[0]]) == {"basket": 2}
    with pytest.raises(RuleViolation):
        act(game, Pack(0))


def test_observe_cycles_the_market_then_allows_one_purchase():
    game = hiker(with_card("observe"), 0, endorphins=9)
    before, top = game.market, game.deck[:5]
    _, game = act(game, PlayCard(0, "observe"))
    with pytest.raises(RuleViolation):
        act(game, TakeCard(0, 0))  # only after refreshing
    events, game = act(game, Refresh(0))
    assert MarketCycled(0, before) in events
    assert game.market == top and game.deck[-5:] == before
    _, game = act(game, TakeCard(0, 0))
    assert top[0] in game.hiker(0).hand


def test_the_hand_has_no_limit():
    game = hiker(fresh(2), 0, endorphins=99, hand=("camp", *["run"] * 12))
    assert len(game.hiker(0).hand) == 13
    assert PlayCard(0, "run") in legal(game)


def test_not_your_turn():
    with pytest.raises(RuleViolation) as caught:
        act(fresh(2), PlayCard(1, "walk"))
    assert caught.value.code == "not_your_turn"


def test_pawns_start_on_the_parking_space():
    game = fresh(4)
    assert set(game.pawns) == {Cell(0, 0)}
