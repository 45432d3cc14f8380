"""Rewards (campfire cards), Campfire Card Descriptions, Panoramas."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.core import RuleViolation
from domain.games.five_peaks import RULESET
from domain.games.five_peaks.commands import (
    BuyContainer,
    BuyPanorama,
    Collect,
    DrawCampfire,
    Exchange,
    KeepCampfire,
    Move,
    Pass,
    PlacePeak,
    PlayCard,
)
from domain.games.five_peaks.events import CampfireDrawn, CampfireReturned, PanoramaBoxed
from domain.games.five_peaks.geometry import Cell
from domain.games.five_peaks.state import Reward
from tests.domain.five_peaks.scenario import act, board, fresh, hiker, legal, pawns, stage


def campfire_due(seats=2, count=1):
    game = stage(fresh(seats), "done")
    return replace(game, rewards=tuple(Reward("campfire") for _ in range(count)))


def test_a_campfire_draw_is_seen_by_its_seat_only_and_the_rest_go_under_in_its_order():
    """Rewards: take the top 5, keep 1 face up, the rest under the deck in any order."""
    game = campfire_due()
    top = game.fire_deck[:5]
    events, game = act(game, DrawCampfire(0))
    drawn = next(e for e in events if isinstance(e, CampfireDrawn))
    assert drawn.cards == top and RULESET.visibility(drawn) == "seat:0"
    assert RULESET.view(game, 0)["hikers"][0]["drawn"] == list(top)
    assert "drawn" not in RULESET.view(game, 1)["hikers"][0]
    assert "drawn" not in RULESET.view(game, None)["hikers"][0]
    order = (top[4], top[2], top[3], top[1])
    events, game = act(game, KeepCampfire(0, top[0], order))
    returned = next(e for e in events if isinstance(e, CampfireReturned))
    assert RULESET.visibility(returned) == "seat:0"
    assert game.hiker(0).campfire == (top[0],) and game.fire_deck[-4:] == order


def test_the_kept_card_must_be_drawn_and_every_other_returned():
    game = campfire_due()
    top = game.fire_deck[:5]
    _, game = act(game, DrawCampfire(0))
    with pytest.raises(RuleViolation):
        act(game, KeepCampfire(0, top[0], top[1:4]))
    with pytest.raises(RuleViolation):
        act(game, Pass(0))  # a drawn hand must be resolved
    assert len([c for c in legal(game) if isinstance(c, KeepCampfire)]) == 5 * 24


def test_several_campfire_cards_resolve_one_after_another():
    game = campfire_due(count=2)
    _, game = act(game, DrawCampfire(0))
    with pytest.raises(RuleViolation):
        act(game, DrawCampfire(0))
    first = game.hiker(0).drawn
    _, game = act(game, KeepCampfire(0, first[0], first[1:]))
    _, game = act(game, DrawCampfire(0))
    assert len(game.hiker(0).drawn) == 5


def test_double_walk_moves_resolves_and_moves_again():
    """Campfire: instead of its normal effect, Walk may be done twice, resolving each stop."""
    game = board(fresh(2), ("forest-1", 2, 2, 0))
    game = pawns(game, Cell(0, 0), Cell(-2, -2))
    game = hiker(game, 0, campfire=("double-walk-1",))
    assert PlayCard(0, "walk", 1) in legal(game)
    _, game = act(game, PlayCard(0, "walk", 1))
    _, game = act(game, Move(0, Cell(1, 1)))
    _, game = act(game, Collect(0))  # the start's mushroom; the stop is then done
    assert game.stage.kind == "move" and game.turn == 0
    _, game = act(game, Move(0, Cell(2, 2)))
    _, game = act(game, Collect(0))
    assert game.turn == 1 and game.hiker(0).held("mushroom") == 2


def walking_twice(start: Cell, other: Cell):
    game = board(fresh(2), ("forest-1", 2, 2, 0))
    game = hiker(pawns(game, start, other), 0, campfire=("double-walk-1",))
    _, game = act(game, PlayCard(0, "walk", 1))
    return game


def second_moves(game) -> set[Cell]:
    return {c.to for c in legal(game) if isinstance(c, Move)}


def test_walking_twice_never_ends_where_the_turn_began():
    """Starting Cards, Walk: "You cannot reenter a space you occupied earlier in the same
    turn"; the "twice" card moves "by the usual Walk rules" (Campfire Card Descriptions)."""
    game = walking_twice(Cell(1, 1), Cell(-2, -2))
    _, game = act(game, Move(0, Cell(2, 2)))
    _, game = act(game, Pass(0))  # the stop is done: the second one-space move
    assert game.stage.kind == "move" and second_moves(game) == {Cell(2, 3), Cell(3, 2)}
    with pytest.raises(RuleViolation) as refused:
        act(game, Move(0, Cell(1, 1)))
    assert refused.value.code == "illegal_action"


def test_walking_twice_never_passes_again_through_a_pawn_it_passed():
    """Walk: a space with another pawn is entered and left; it is not entered again in the
    turn, so (3, 2), reached from (2, 3) only through that pawn's space, is out of reach."""
    game = walking_twice(Cell(1, 1), Cell(2, 2))
    _, game = act(game, Move(0, Cell(2, 3)))  # through seat 1's pawn at (2, 2)
    _, game = act(game, Pass(0))
    assert second_moves(game) == {Cell(2, 4), Cell(3, 3)}


def test_rules_version_1_games_keep_their_forgetful_second_move():
    """Recorded under version 1, a game keeps its rules (docs/rules-versions.md)."""
    game = replace(walking_twice(Cell(1, 1), Cell(2, 2)), rules_version="1")
    _, game = act(game, Move(0, Cell(2, 3)))
    _, game = act(game, Pass(0))
    assert second_moves(game) == {Cell(1, 1), Cell(3, 2), Cell(2, 4), Cell(3, 3)}
    _, game = act(game, Move(0, Cell(1, 1)))
    assert game.pawns[0] == Cell(1, 1)


def test_without_the_campfire_card_walk_has_one_way():
    assert PlayCard(0, "walk", 1) not in legal(fresh(2))


def test_big_backpack_holds_14():
    game = hiker(fresh(2), 0, backpack={"mushroom": 12})
    assert legal(game) and all(type(c).__name__ == "Discard" for c in legal(game))
    game = hiker(game, 0, campfire=("big-backpack-1",))
    assert not any(type(c).__name__ == "Discard" for c in legal(game))


def test_happy_packer_buys_containers_with_6_endorphins_any_time_in_the_turn():
    game = hiker(fresh(2), 0, endorphins=13, campfire=("happy-packer-1",))
    _, game = act(game, BuyContainer(0, "jar"))
    _, game = act(game, BuyContainer(0, "basket"))
    assert game.hiker(0).endorphins == 1 and game.hiker(0).load == 2
    with pytest.raises(RuleViolation):
        act(game, BuyContainer(0, "pouch"))
    with pytest.raises(RuleViolation):
        act(hiker(fresh(2), 0, endorphins=13), BuyContainer(0, "jar"))


def test_mushroom_lover_doubles_mushrooms_put_in_the_backpack():
    game = board(fresh(2), ("forest-1", 2, 2, 0))
    game = pawns(game, Cell(3, 2), Cell(-2, -2))
    game = stage(hiker(game, 0, campfire=("mushroom-lover-1",)), "space", at=Cell(3, 2))
    _, game = act(game, Collect(0))
    assert game.hiker(0).held("mushroom") == 2


def test_summit_seeker_places_a_bonus_peak_of_the_same_type():
    """Campfire: whenever you place peaks, one bonus peak of that type, free, with a badge."""
    game = board(fresh(2), ("forest-1", 2, 2, 0))
    game = pawns(game, Cell(3, 3), Cell(-2, -2))
    game = hiker(game, 0, backpack={"mushroom": 1, "herb": 2}, campfire=("summit-seeker-1",))
    game = stage(game, "space", at=Cell(3, 3))
    _, game = act(game, Exchange(0))
    _, game = act(game, PlacePeak(0, Cell(3, 5), "forest"))
    # nothing more to pay with: the stop is done, and the bonus peak is due
    assert game.rewards == (Reward("peak", "forest", True),)
    _, game = act(game, PlacePeak(0, Cell(5, 3), "forest"))
    assert game.hiker(0).badges == ("forest", "forest") and game.turn == 1


def camp(seats=2):
    game = stage(fresh(seats), "camp", card="camp")
    return hiker(game, 0, backpack={"mushroom": 3, "berry": 3, "herb": 3})


def test_the_first_panorama_is_rank_one_and_each_next_one_rank_higher():
    """Panoramas: rank I first, then exactly one rank higher than the previous one."""
    game = camp()
    assert {c.card for c in legal(game) if isinstance(c, BuyPanorama)} == {"A1", "B1", "C1"}
    with pytest.raises(RuleViolation):
        act(game, BuyPanorama(0, "A2"))
    _, game = act(game, BuyPanorama(0, "A1"))
    assert game.hiker(0).panoramas == ("A1",) and game.hiker(0).endorphins == 3
    game = stage(game, "camp", seat=0, card="camp")
    assert {c.card for c in legal(game) if isinstance(c, BuyPanorama)} <= {"A2", "B2", "C2"}


def test_player_count_marks_decide_the_cards_in_play():
    assert len(camp(2).columns["1"]) == 3 and len(camp(4).columns["1"]) == 4
    assert len(camp(5).columns["6"]) == 5


def test_two_seats_box_the_third_card_once_two_of_a_rank_are_bought():
    """Panoramas example: Erica has rank I; Agnes buys hers; the third rank I goes."""
    game = hiker(camp(2), 1, panoramas=("B1",))
    game = replace(game, columns={**game.columns, "1": ("A1", "C1")})
    events, game = act(game, BuyPanorama(0, "A1"))
    assert PanoramaBoxed("C1") in events and game.columns["1"] == ()


def test_three_seats_keep_the_third_card():
    game = hiker(camp(3), 1, panoramas=("B1",))
    game = replace(game, columns={**game.columns, "1": ("A1", "C1")})
    events, game = act(game, BuyPanorama(0, "A1"))
    assert not any(isinstance(e, PanoramaBoxed) for e in events)
