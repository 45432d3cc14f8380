"""The composition root starts each long-running process once (service/composition.py)."""

from __future__ import annotations

import threading

from service.application import Application
from service.composition import Service
from service.store.memory import MemoryStore
from service.sweep import Sweeper


def _sweeps() -> int:
    return sum(1 for t in threading.enumerate() if t.name == "cairn-sweep" and t.is_alive())


def test_starting_a_service_runs_one_sweep_and_closing_stops_it() -> None:
    store = MemoryStore()
    cairn = Application(store)
    before = _sweeps()
    service = Service(cairn, sweeper=Sweeper(store, cairn.reactions, 60.0, chores=[]))
    service.start()
    service.start()  # a second start is no second sweep
    try:
        assert _sweeps() == before + 1
    finally:
        service.close()
    assert _sweeps() == before
