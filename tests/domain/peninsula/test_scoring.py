"""Scoring (rulebook: Scoring, Declaring a Winner, Solo Modes for the Final Verdict)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.games.peninsula import RULESET
from domain.games.peninsula.scoring import DIFFICULTY, breakdown, difficulty_met
from tests.domain.peninsula.play import play
from tests.domain.peninsula.scenario import drafted, given

LAND_M1 = 48


def points(**changes):
    g = drafted().sheet(0, **{"lifesavers": 0, **changes})
    return breakdown(g.game, g.game.sheets[0])


def test_seven_cliff_segments_score_three():  # rulebook: Scoring, "7 segments / 2 = 3 VP"
    assert points(cliffs={"A5": 4, "B3": 3})["cliffs"] == 3


def test_mountains_three_plus_two_plus_zero():  # rulebook: Scoring, "3 + 2 + 0 = 5 VP"
    icons = {
        "E5": "mountain",
        "F5": "forest",
        "E4": "forest",
        "D4": "village",
        "C7": "mountain",
        "D7": "boat",
        "C6": "boat",
        "G8": "mountain",
        "H8": "mountain",
        "G7": "tunnel",
    }
    filled = ["F5", "E4", "D4", "D7", "C6"]
    assert points(icons=icons, filled=filled, cliffs={"H7": 2})["mountains"] == 5


def test_filled_icons_score_two_and_unfilled_nothing():  # rulebook: Icon Scoring
    icons = {"E4": "village", "E3": "boat", "D4": "tunnel", "C4": "forest", "C5": "forest"}
    got = points(icons=icons, filled=["E4", "E3", "D4", "C4"])
    assert (got["villages"], got["boats"], got["tunnels"], got["forests"]) == (2, 2, 2, 2)


def test_map_scoring():  # rulebook: Map Scoring
    got = points(lifesavers=2, landmarks={1, 4}, icons={"E4": "forest"}, cliffs={"A5": 4})
    assert (got["lifesavers"], got["landmarks"], got["empty"]) == (2, 4, LAND_M1 - 2)


def test_arrows_alone_leave_a_hex_empty():  # rulebook: "hexes with arrows ... count as empty"
    assert points(arrows=[("E4", "E5", "street")])["empty"] == LAND_M1


def test_missions_score_their_vp():  # rulebook: Mission Scoring
    assert points(missions={"A": "forest", "F": "boat"})["missions"] == 2 + 4


def test_ties_share_the_victory():  # rulebook: Declaring a Winner
    game = replace(given(seats=3).game, phase="over", seed_revealed=True)
    result = RULESET.result(game)
    assert result is not None and result.ranks == (1, 1, 1)
    assert result.breakdown[0]["empty"] == LAND_M1


def test_no_result_before_the_end():
    assert RULESET.result(given().game) is None


@pytest.mark.parametrize(
    ("level", "mission_vp", "total_vp"),
    [(1, 0, 50), (2, 5, 60), (3, 10, 70), (4, 15, 80), (5, 20, 90)],
)
def test_the_solo_difficulty_table(level, mission_vp, total_vp):  # rulebook: Final Verdict
    assert DIFFICULTY[level] == (mission_vp, total_vp)
    assert difficulty_met(mission_vp, total_vp) == level
    assert difficulty_met(mission_vp, total_vp - 1) == level - 1
    assert difficulty_met(max(mission_vp - 1, 0), total_vp) in (level - 1, level)


def test_a_solo_verdict_by_difficulty():  # rulebook: Modes for the Final Verdict
    game, _ = play(1, "greedy", "verdict", {"solo_verdict": "difficulty", "solo_level": 1})
    result = RULESET.result(game)
    assert result is not None
    verdict = result.verdict
    assert verdict["mode"] == "difficulty" and verdict["level"] == 1
    assert verdict["won"] == (verdict["level_reached"] >= 1)


def test_a_solo_verdict_by_high_score():  # rulebook: "Beat your own High Score"
    game, _ = play(1, "greedy", "high")
    result = RULESET.result(game)
    assert result is not None
    assert result.verdict["mode"] == "high_score"
    assert result.verdict["score"] == result.scores[0]
