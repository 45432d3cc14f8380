"""Game End: the trigger, the final turns, scoring by category, shared victory."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.games.five_peaks.commands import PlaceStone, PlayCard, Rest
from domain.games.five_peaks.events import EndTriggered, GameEnded
from domain.games.five_peaks.geometry import Cell
from domain.games.five_peaks.scoring import breakdown, result
from tests.domain.five_peaks.scenario import act, board, fresh, hiker, pawns, peaks, stage

STONE = ((0, "x1"),)


def agnes():
    """Agnes's final position: 4 badges, panoramas I to IV, the 1-VP-per-endorphin campfire
    card with 9 endorphins, stones x1 on a 1, x3 on a 3 and x2 on an 8 VP peak."""
    game = fresh(2)
    game = peaks(
        game,
        ("forest-peak-1", Cell(3, 5), ((0, "x1"),)),
        ("alpine-peak-1", Cell(5, 3), ((0, "x3-small"),)),
        ("rocky-peak-2", Cell(-1, 3), ((0, "x2-large"),)),
    )
    return hiker(
        game,
        0,
        badges=("forest", "forest", "alpine", "rocky"),
        panoramas=("A1", "A2", "A3", "A4"),
        campfire=("cheerful-hiker-1",),
        endorphins=9,
        stones=("x2-small", "x3-large"),
    )


def test_agnes_scores_85():
    """Game End example: badges 24, panoramas 26, campfire 9, stones 1x1 + 3x3 + 2x8 = 26."""
    assert breakdown(agnes(), 0) == {"badges": 24, "panoramas": 26, "campfire": 9, "stones": 26}
    assert sum(breakdown(agnes(), 0).values()) == 85


def test_great_tower_scores_one_x3_stone_as_x5():
    """Campfire: score 1 of your placed x3 stones as a x5 stone (the best one)."""
    game = hiker(agnes(), 0, campfire=("great-tower-1",))
    assert breakdown(game, 0)["stones"] == 1 + 5 * 3 + 16
    assert breakdown(game, 0)["campfire"] == 0


def test_storyteller_and_basket_weaver():
    """Campfire: 5 VP per campfire card (this one included); 5 VP per basket held."""
    game = hiker(
        fresh(2),
        0,
        campfire=("storyteller-1", "big-backpack-1", "basket-weaver-1"),
        backpack={"basket": 2},
    )
    assert breakdown(game, 0)["campfire"] == 15 + 10


def end_ready():
    """Seat 0 completed its 6-panel panorama; seat 1 has one stone left, on a peak."""
    game = board(fresh(2), ("forest-1", 2, 2, 0))
    game = peaks(game, ("forest-peak-1", Cell(3, 5), ()))
    game = hiker(game, 0, panoramas=("A1", "A2", "A3", "A4", "A5", "A6"))
    game = hiker(game, 1, stones=("x1",))
    game = pawns(game, Cell(0, 0), Cell(3, 5))
    return stage(game, "space", seat=1, at=Cell(3, 5))


def test_marios_last_stone_triggers_the_end_and_every_seat_takes_a_final_turn():
    """Game End example: Mario places his last stone after Agnes's panorama is complete;
    he finishes his turn, then every seat (Mario too) takes one final turn."""
    events, game = act(end_ready(), PlaceStone(1, "x1"))
    assert EndTriggered(1, ("all_stones", "panorama_complete")) in events
    # the peak's reward is endorphins and nothing else is left: Mario's turn ends by itself
    assert game.turn == 0 and game.phase == "play"
    _, game = act(game, PlayCard(0, "camp"))
    _, game = act(game, Rest(0))
    assert game.turn == 1 and game.phase == "play"
    _, game = act(game, PlayCard(1, "camp"))
    events, game = act(game, Rest(1))
    assert any(isinstance(e, GameEnded) for e in events)
    assert game.phase == "over" and result(game) is not None


def test_one_condition_does_not_end_the_game():
    game = hiker(end_ready(), 0, panoramas=())
    events, _ = act(game, PlaceStone(1, "x1"))
    assert not any(isinstance(e, EndTriggered) for e in events)


def test_ties_share_the_victory():
    game = replace(fresh(3), phase="over")
    final = result(game)
    assert final is not None and final.ranks == (1, 1, 1)
    assert set(final.breakdown[0]) == {"badges", "panoramas", "campfire", "stones"}


def test_a_game_that_cannot_end_by_its_conditions_ends_after_100_turns_per_seat():
    """Adopted (docs/rules/five-peaks.md, End): the platform's limit, not the rulebook's."""
    game = replace(fresh(2), turns_taken=199)
    _, game = act(game, PlayCard(0, "camp"))
    events, game = act(game, Rest(0))
    assert any(isinstance(e, GameEnded) for e in events) and game.phase == "over"


def final_round(game):
    """Play the final turns after Mario's last stone; the turn each seat's final turn ended
    on, and the game at the end."""
    events, game = act(game, PlaceStone(1, "x1"))
    assert any(isinstance(e, EndTriggered) for e in events) and game.turn == 0
    finals = []
    while game.phase == "play":
        seat = game.turn
        _, game = act(game, PlayCard(seat, "camp"))
        _, game = act(game, Rest(seat))
        finals.append(seat)
    return finals, game


@pytest.mark.parametrize("before", [197, 198, 199])
def test_the_turn_limit_never_cuts_the_final_round_short(before: int):
    """Game End: "Then all players (including that player who triggered the end) take a
    final turn", even when the end is triggered at or near the platform's limit (200 turns
    with 2 seats): the limit only ends games that never trigger their end."""
    finals, game = final_round(replace(end_ready(), turns_taken=before))
    assert finals == [0, 1] and game.phase == "over"
    assert game.turns_taken == before + 3


def test_under_rules_version_1_the_limit_cut_the_final_round():
    """Version 1 games replay as recorded (docs/rules-versions.md)."""
    game = replace(end_ready(), turns_taken=198, rules_version="1")
    finals, game = final_round(game)
    assert finals == [0] and game.phase == "over"


def test_the_turn_limit_leaves_shorter_games_alone():
    game = replace(fresh(2), turns_taken=197)
    _, game = act(game, PlayCard(0, "camp"))
    _, game = act(game, Rest(0))
    assert game.phase == "play"
