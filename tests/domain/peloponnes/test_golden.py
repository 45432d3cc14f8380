"""Golden games (replays/peloponnes/): each recorded decision, decided again by the domain
alone, gives exactly the recorded events. (tests/service/test_golden_replays.py audits,
imports and re-exports the same files through the store.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.peloponnes import RULESET
from tests.domain.peloponnes.golden import GAMES, files, lines
from tests.support.golden import decide_again


@pytest.mark.parametrize("path", files(), ids=lambda p: p.stem)
def test_a_golden_game_decides_again_to_the_same_events(path: Path) -> None:
    header, *events = lines(path)
    assert header["ruleset"] == "peloponnes" and header["rules_version"] == RULESET.rules_version
    state, decisions = decide_again(RULESET, path, events)
    assert RULESET.is_terminal(state), "a golden game is a complete game"
    result = RULESET.result(state)
    assert result is not None and list(result.scores) == header["result"]["scores"]
    assert decisions > 50


def test_the_golden_games_cover_six_seats_with_sea_tiles_and_the_stockade():  # issue
    assert {p.stem for p in files()} == set(GAMES)
    six = lines(next(p for p in files() if p.stem == "six-seats-sea-greedy"))
    assert six[0]["seats"] == 6 and six[0]["options"]["sea_tiles"] is True
    stockade = lines(next(p for p in files() if p.stem == "three-seats-expansion-stockade"))
    assert any(e.get("type") == "peloponnes.end_bonus_chosen" for e in stockade[1:])
