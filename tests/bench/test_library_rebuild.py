"""bench/library.py's rebuild: every timed load folds the whole game, from its first event.

The application's loader stores a snapshot when a load crosses event 200, and the next load
starts from it; the benchmark's loader must not, or its "rebuild" would decode a snapshot
instead (its first run did). Needs no ``eventsourcing``: only Cairn's side is tested here.
"""

from __future__ import annotations

import pytest

from bench.library import RebuildingLoader, has_snapshot
from bench.load import play_to
from domain.core import registry
from service.application import Application
from service.application.loading import Loader
from service.store.memory import MemoryStore


@pytest.fixture(autouse=True)
def _registry_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench-only marathon ruleset must not leak into tests that list rulesets."""
    monkeypatch.setattr(registry, "_RULESETS", dict(registry._RULESETS))


def test_the_rebuilding_loader_folds_every_event_and_stores_no_snapshot() -> None:
    store = MemoryStore()
    game_id = play_to(Application(store), 200)
    assert has_snapshot(store, game_id), "playing past event 200 stored one"
    store.delete_snapshots(game_id)

    rebuilt = RebuildingLoader(store).load(game_id)
    again = RebuildingLoader(store).load(game_id)

    assert not has_snapshot(store, game_id)
    assert rebuilt.version == again.version >= 200
    plain = Loader(store).load(game_id)
    assert has_snapshot(store, game_id), "the application's loader stores one: the check bites"
    assert rebuilt.state == again.state == plain.state
