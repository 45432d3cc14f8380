"""Leagues on both stores: ``any_store`` is the in-memory store and the PostgreSQL one.

The PostgreSQL variant is marked ``storage``; ``pytest -m "not storage" tests/service/leagues``
runs every league test that needs no SQL of its own on the memory store, in seconds. The
tests that read the projection's tables or the outbox with SQL, and the Citus ones, stay on
PostgreSQL (``store``)."""

from __future__ import annotations

import pytest

from service.store import Store
from service.store.memory import MemoryStore


@pytest.fixture(params=["memory", pytest.param("postgres", marks=pytest.mark.storage)])
def any_store(request: pytest.FixtureRequest) -> Store:
    if request.param == "memory":
        return MemoryStore()
    store: Store = request.getfixturevalue("store")
    return store
