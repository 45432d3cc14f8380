"""Every store, one contract: every test here runs on ``MemoryStore`` and on ``EventStore``
over one PostgreSQL, and, with ``CAIRN_CITUS_URL`` naming a cluster's coordinator, on
``EventStore`` over a database placed by ``cairn db distribute``'s plan (docs/scaling.md,
section 4). Citus refuses statements one PostgreSQL runs (a volatile function in an UPDATE
of a distributed table, say: no analysis job could advance there until 2026-12-07, and
only this contract run on Citus showed it), so the contract is held there too.

The database variants are marked ``storage`` (they start the suite's database); the memory
variant needs no database, so ``pytest -m "not storage" tests/service/store_contract`` runs
in seconds. What only PostgreSQL does (concurrent writers, the feed's horizon across open
transactions, the append-only triggers, faults) stays in tests/service/test_store.py,
tests/service/test_feed.py and tests/reliability/.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from psycopg_pool import ConnectionPool

from service.store import EventStore, Store
from service.store.memory import MemoryStore
from tests.support.citus import citus_scratch
from tests.support.databases import private_event_store

STORES = [
    "memory",
    pytest.param("postgres", marks=pytest.mark.storage),
    *(
        [pytest.param("citus", marks=pytest.mark.storage)]
        if os.environ.get("CAIRN_CITUS_URL", "").strip()
        else []
    ),
]
"""The stores the contract runs on: Citus only where a cluster is named, so that a run
without one lists no skipped variant for every test."""


def _on_citus() -> Iterator[Store]:
    with (
        citus_scratch(os.environ["CAIRN_CITUS_URL"].strip()) as url,
        ConnectionPool(url, min_size=1, max_size=4, open=True) as pool,
    ):
        yield EventStore(pool)


@pytest.fixture(scope="session")
def citus_store() -> Iterator[Store]:
    """One distributed database for the contract's tests that share a store."""
    yield from _on_citus()


@pytest.fixture(params=STORES)
def any_store(request: pytest.FixtureRequest) -> Store:
    if request.param == "memory":
        return MemoryStore()
    store: Store = request.getfixturevalue("citus_store" if request.param == "citus" else "store")
    return store


@pytest.fixture(params=STORES)
def private_store(request: pytest.FixtureRequest) -> Iterator[Store]:
    """A store no other test writes to (tests/service/conftest.py says why); on Citus a
    distributed database of its own."""
    if request.param == "memory":
        yield MemoryStore()
    elif request.param == "citus":
        yield from _on_citus()
    else:
        with private_event_store(request.getfixturevalue("database_url")) as store:
            yield store
