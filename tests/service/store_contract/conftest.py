"""Both stores, one contract: every test here runs on ``MemoryStore`` and on ``EventStore``.

The PostgreSQL variant is marked ``storage`` (it starts the suite's database); the memory
variant needs no database, so ``pytest -m "not storage" tests/service/store_contract`` runs
in seconds. What only PostgreSQL does (concurrent writers, the feed's horizon across open
transactions, the append-only triggers, faults) stays in tests/service/test_store.py,
tests/service/test_feed.py and tests/reliability/.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.store import Store
from service.store.memory import MemoryStore


@pytest.fixture(params=["memory", pytest.param("postgres", marks=pytest.mark.storage)])
def any_store(request: pytest.FixtureRequest) -> Store:
    if request.param == "memory":
        return MemoryStore()
    store: Store = request.getfixturevalue("store")
    return store


@pytest.fixture(params=["memory", pytest.param("postgres", marks=pytest.mark.storage)])
def private_store(request: pytest.FixtureRequest) -> Iterator[Store]:
    """A store no other test writes to: the outbox, the feeds, the tracked cursors and the
    league projection are shared by everything in a database, and a served test's
    deliverer would claim this test's notices."""
    if request.param == "memory":
        yield MemoryStore()
        return
    from psycopg_pool import ConnectionPool

    from service.store import EventStore
    from service.store.migrate import upgrade
    from tests.support.databases import scratch_database

    with scratch_database(request.getfixturevalue("database_url")) as url:
        upgrade(url)
        with ConnectionPool(url, min_size=1, max_size=4, open=True) as pool:
            yield EventStore(pool)
