"""The memory store's analysis jobs under a clock that stands still: every change still
moves a job's ``updated_at`` on, so a take-over of a job read before the latest change is
refused (service/store/memory_analyses.py). On PostgreSQL each change is a transaction of
its own, stamped with its start (``now()``, service/store/analyses.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from service.store import memory_analyses
from service.store.memory import MemoryStore
from tests.support.appending import new_game

FROZEN = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


class _StandingStill(datetime):
    @classmethod
    def now(cls, tz: object = None) -> datetime:  # type: ignore[override]
        return FROZEN


def test_changes_in_the_same_instant_are_still_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory_analyses, "datetime", _StandingStill)
    store = MemoryStore()
    game_id = new_game(store)
    job, _ = store.analyses.claim(game_id, "k", {"viewer": "public"}, 4)
    store.analyses.failed(job, "the analysis failed: ValueError")
    failed = store.analyses.get(game_id, job.analysis_id)
    assert failed is not None and failed.updated_at > job.updated_at >= FROZEN
    assert not store.analyses.restart(job, 4), "read before it failed: not unchanged"
    assert store.analyses.restart(failed, 4)
    assert not store.analyses.restart(failed, 4), "taken over once"
