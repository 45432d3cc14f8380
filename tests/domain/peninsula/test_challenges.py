"""Challenges: a data-defined setup, rule changes and win conditions (rulebook: Variants,
Challenges)."""

from __future__ import annotations

import pytest

from domain.core import RuleViolation
from domain.games.peninsula import RULESET
from domain.games.peninsula.content import load
from domain.games.peninsula.events import GameSetUp
from tests.domain.peninsula.play import play, start

CHALLENGES = [c.id for c in load().challenges]


@pytest.mark.parametrize("challenge", CHALLENGES)
def test_every_challenge_plays_to_a_verdict(challenge):
    spec = next(c for c in load().challenges if c.id == challenge)
    game, _ = play(spec.seats[0], "greedy", f"challenge-{challenge}", {"challenge": challenge})
    result = RULESET.result(game)
    assert result is not None
    verdict = result.verdict["challenge"]
    assert verdict["id"] == challenge and set(verdict["winners"]) <= set(range(spec.seats[0]))


def test_a_challenge_fixes_its_setup_and_rules():
    _, events = start(1, "castaway", {"challenge": "castaway"})
    set_up = next(e for e in events if isinstance(e, GameSetUp))
    assert set_up.map == "M2" and set_up.missions == ("C", "G", "K", "M", "R", "V")
    assert len(set_up.removed) == 8 and set_up.lifesavers == 0 and set_up.challenge == "castaway"


def test_a_challenge_refuses_a_seat_count_it_does_not_support():
    with pytest.raises(RuleViolation) as error:
        start(2, "castaway", {"challenge": "castaway"})
    assert error.value.code == "invalid_command"


def test_a_face_up_deck_challenge_shows_the_next_card():
    game, _ = start(2, "tour", {"challenge": "grand-tour"})
    assert RULESET.view(game, 0)["next_card"] is not None


def test_winners_meet_every_condition():
    game, _ = play(1, "greedy", "first", {"challenge": "first-steps"})
    result = RULESET.result(game)
    assert result is not None
    won = result.scores[0] >= 50
    assert result.verdict["challenge"]["winners"] == ([0] if won else [])
