"""Golden games (tests/domain/peninsula/golden/): the same decisions give the same events,
under the rules version each was recorded with."""

from __future__ import annotations

import json

import pytest

from domain.games.peninsula import RULESET
from tests.domain.peninsula.golden import FROZEN, GAMES, file_name, files, load, replay


@pytest.mark.parametrize("file", files())
def test_a_golden_game_replays_to_the_same_events(file):
    lines = load(file)
    produced = replay(lines)
    assert len(produced) == len(lines)
    for index, (line, events) in enumerate(zip(lines, produced, strict=True)):
        assert json.loads(json.dumps(events)) == line["events"], f"{file}: decision {index}"


def test_golden_games_are_complete_games():
    for file in files():
        last = load(file)[-1]["events"]
        assert last[-1][0] == "game.seed_revealed"


def test_every_game_is_recorded_under_version_1_and_the_newest():
    expected = {file_name(n, "1") for n in FROZEN} | {
        file_name(n, RULESET.rules_version) for n in GAMES
    }
    assert set(files()) == expected
