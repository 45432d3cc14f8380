"""Both stores for the service's tests: ``any_store`` and ``private_store`` are the in-memory
store and the PostgreSQL one, for tests/service/store_contract/, tests/service/leagues/ and
the other modules that run on both (tests/service/test_owner_webhooks.py).

The PostgreSQL variant is marked ``storage`` (it starts the suite's database); the memory
variant needs none, so ``pytest -m "not storage"`` runs those tests in seconds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.store import Store
from service.store.memory import MemoryStore
from tests.support.databases import private_event_store
from tests.support.receiver import Receiver


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
    with private_event_store(request.getfixturevalue("database_url")) as store:
        yield store


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    """A webhook receiver on 127.0.0.1 that answers every POST (a test module may give its
    own, as test_webhooks.py does with failures)."""
    made = Receiver().start()
    yield made
    made.stop()
