"""Golden games (replays/five-peaks/): each recorded decision, decided again by the domain
alone, gives exactly the recorded events; tests/service/test_golden_replays.py audits,
imports and re-exports the same files through the store.

They were recorded with ``cairn simulate five-peaks --games 1 --seats 2 --bot greedy --seed
golden-2`` (and ``--seats 4 --bot random --seed golden-4``) and ``cairn export``; record
them again the same way after an intended rule or content change. The bots have changed
since (the greedy bot's panorama plan), so those commands now play other games: the files
stay as recorded, since they test the rules, which re-decide each recorded command. Both
were recorded under rules version 1 and are decided again under it, for ever
(docs/rules-versions.md); they are never regenerated under a later version.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.core import registry
from domain.games.five_peaks import FIRST
from tests.support.golden import decide_again

FOLDER = Path(__file__).resolve().parents[3] / "replays" / "five-peaks"


def files() -> list[Path]:
    return sorted(FOLDER.glob("*.ndjson"))


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_there_are_two_complete_golden_games_for_both_bots():
    assert {p.stem for p in files()} == {"two-seats-greedy", "four-seats-random"}


@pytest.mark.parametrize("path", files(), ids=lambda p: p.stem)
def test_a_golden_game_decides_again_to_the_same_events(path: Path) -> None:
    header, *events = lines(path)
    assert header["ruleset"] == "five-peaks" and header["rules_version"] == FIRST.rules_version
    ruleset = registry.get("five-peaks", header["rules_version"])
    state, decisions = decide_again(ruleset, path, events)
    assert ruleset.is_terminal(state), "a golden game is a complete game"
    result = ruleset.result(state)
    assert result is not None and list(result.scores) == header["result"]["scores"]
    assert decisions > 100
