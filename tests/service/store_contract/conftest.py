"""Both stores, one contract: every test here runs on ``MemoryStore`` and on ``EventStore``.

The PostgreSQL variant is marked ``storage`` (it starts the suite's database); the memory
variant needs no database, so ``pytest -m "not storage" tests/service/store_contract`` runs
in seconds. What only PostgreSQL does (concurrent writers, the feed's horizon across open
transactions, the append-only triggers, faults) stays in tests/service/test_store.py,
tests/service/test_feed.py and tests/reliability/.
"""

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
