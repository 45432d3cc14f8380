"""The sweep logs a game's fault with its traceback once, not on every pass: a game recorded
under rules this engine no longer plays fails the same way every 30 s, and a traceback per
such game per pass buried everything else in the log (seen in ``python -m bench``, where a
benchmark's games of a ruleset it registered only for itself stay in the database)."""

from __future__ import annotations

from typing import Any

import pytest

from service import sweep
from service.store import GameRecord
from service.store.memory import MemoryStore
from tests.support.appending import new_game


class Recorded:
    def __init__(self) -> None:
        self.lines: list[tuple[str, str, dict[str, Any]]] = []

    def warning(self, event: str, **fields: Any) -> None:
        self.lines.append(("warning", event, fields))

    def debug(self, event: str, **fields: Any) -> None:
        self.lines.append(("debug", event, fields))

    def events(self, level: str) -> list[str]:
        return [event for said, event, _ in self.lines if said == level]


class Failing:
    def __init__(self) -> None:
        self.fault: Exception | None = ValueError("recorded under rules 1; this engine plays 2")

    def swept(self, game: GameRecord) -> None:
        if self.fault is not None:
            raise self.fault


@pytest.fixture
def log(monkeypatch: pytest.MonkeyPatch) -> Recorded:
    recorded = Recorded()
    monkeypatch.setattr(sweep, "logger", lambda: recorded)
    return recorded


def test_the_same_fault_is_logged_with_its_traceback_once_then_at_debug(log: Recorded) -> None:
    store = MemoryStore()
    new_game(store)
    reaction = Failing()
    sweeper = sweep.Sweeper(store, [reaction], chores=[])
    for _ in range(3):
        assert sweeper.sweep() == 1
    assert log.events("warning") == ["sweep.game_failed"]
    assert log.lines[0][2]["exc_info"] is reaction.fault
    assert log.events("debug") == ["sweep.game_failed_again"] * 2


def test_a_new_fault_or_the_old_one_after_a_clean_pass_is_logged_again(log: Recorded) -> None:
    store = MemoryStore()
    new_game(store)
    reaction = Failing()
    sweeper = sweep.Sweeper(store, [reaction], chores=[])
    sweeper.sweep()
    reaction.fault = KeyError("another")
    sweeper.sweep()
    reaction.fault = None
    sweeper.sweep()
    reaction.fault = KeyError("another")
    sweeper.sweep()
    assert log.events("warning") == ["sweep.game_failed"] * 3
    assert log.events("debug") == []


def test_each_games_fault_is_its_own(log: Recorded) -> None:
    store = MemoryStore()
    new_game(store), new_game(store)
    sweeper = sweep.Sweeper(store, [Failing()], chores=[])
    sweeper.sweep()
    sweeper.sweep()
    assert log.events("warning") == ["sweep.game_failed"] * 2
    assert len({fields["game_id"] for _, _, fields in log.lines[:2]}) == 2
    assert log.events("debug") == ["sweep.game_failed_again"] * 2


def test_a_fault_is_forgotten_once_its_game_is_no_longer_active(log: Recorded) -> None:
    store = MemoryStore()
    ended, failing = new_game(store), new_game(store)
    sweeper = sweep.Sweeper(store, [Failing()], chores=[])
    sweeper.sweep()
    assert {game for game, _ in sweeper._faults} == {ended, failing}
    store.finish(ended, {"scores": [1, 0], "ranks": [1, 2]})
    assert sweeper.sweep() == 1
    # the memory of faults lives as long as the failing game is swept, no longer
    assert {game for game, _ in sweeper._faults} == {failing}
