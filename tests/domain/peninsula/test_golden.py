"""Golden games (tests/domain/peninsula/golden/): the same decisions give the same events."""

from __future__ import annotations

import json

import pytest

from tests.domain.peninsula.golden import GAMES, load, replay


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_golden_game_replays_to_the_same_events(name):
    lines = load(name)
    produced = replay(lines)
    assert len(produced) == len(lines)
    for index, (line, events) in enumerate(zip(lines, produced, strict=True)):
        assert json.loads(json.dumps(events)) == line["events"], f"{name}: decision {index}"


def test_golden_games_are_complete_games():
    for name in GAMES:
        last = load(name)[-1]["events"]
        assert last[-1][0] == "game.seed_revealed"
