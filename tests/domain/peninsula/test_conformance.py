"""Seeded bot games finish, replay to the same state, and leak nothing hidden."""

from __future__ import annotations

import json

import pytest

from domain.core import registry
from domain.games.peninsula import RULESET
from domain.games.peninsula.events import GameEnded
from tests.domain.peninsula.play import play

GAMES = [
    (1, "random", {}),
    (1, "greedy", {}),
    (2, "random", {}),
    (2, "greedy", {}),
    (4, "random", {}),
    (4, "greedy", {}),
    (6, "random", {"fast": True}),
    (6, "greedy", {"fast": True}),
    (20, "random", {"fast": True}),
    (20, "greedy", {"fast": True}),
    (3, "random", {"map": "M2", "face_up_stack": True, "used_cards_face_up": True}),
    (2, "greedy", {"map": "M2", "bonuses": "none", "missions": "none"}),
    (1, "greedy", {"solo_verdict": "difficulty", "solo_level": 3}),
]


@pytest.mark.parametrize(("seats", "bot", "options"), GAMES)
def test_a_seeded_bot_game_finishes(seats, bot, options):
    game, events = play(seats, bot, f"conformance-{seats}-{bot}", options)
    result = RULESET.result(game)
    assert RULESET.is_terminal(game) and result is not None
    ended = next(e for e in events if isinstance(e, GameEnded))
    assert result.scores == ended.scores and len(result.ranks) == seats
    assert RULESET.fold(events) == game


def test_mixed_bots_play_together():
    game, _ = play(3, {0: "random", 1: "greedy", 2: "greedy"}, "mixed")
    assert RULESET.is_terminal(game)


def test_every_event_round_trips_and_reads_in_words():
    _, events = play(2, "random", "codec", {"face_up_stack": True})
    _, solo = play(1, "greedy", "codec-solo")
    for event in (*events, *solo):
        name, version, payload = registry.event_to_record(event)
        json.dumps(payload)
        assert registry.event_from_record(RULESET, name, version, payload) == event
        assert RULESET.describe(event)


def test_every_legal_command_is_accepted():  # legal_commands and decide share predicates
    _, events = play(2, "greedy", "legal")
    game = RULESET.initial_state
    for index, event in enumerate(events):
        game = RULESET.evolve(game, event)
        if index % 23 or RULESET.is_terminal(game):
            continue
        for seat in RULESET.to_act(game):
            for command in RULESET.legal_commands(game, seat):
                assert RULESET.decide(game, command)
                encoded = registry.command_to_json(command)
                assert (
                    registry.command_from_json(RULESET, json.loads(json.dumps(encoded))) == command
                )


def test_views_hold_no_secret():
    _, events = play(3, "random", "secrets", {"face_up_stack": True})
    game = RULESET.initial_state
    for index, event in enumerate(events):
        game = RULESET.evolve(game, event)
        if index % 17 or RULESET.is_terminal(game):
            continue
        for viewer in (None, 0, 1, 2):
            shown = json.dumps(RULESET.view(game, viewer))
            for secret in RULESET.secrets(game, viewer):
                assert json.dumps(secret) not in shown


def test_render_draws_every_seat_map():
    game, _ = play(2, "greedy", "render")
    picture = RULESET.render(game, 0)
    assert "seat 0" in picture and "@" in picture and "score" in picture
    assert "seat 1" in RULESET.render(game, None)
