"""The play path on the in-memory store, for every registered ruleset: no PostgreSQL.

These tests are not marked ``storage``: ``pytest -m "not storage" tests/service/on_memory``
runs them in seconds. The same behaviour on PostgreSQL is covered by the storage-marked
suites (tests/service/test_application.py, tests/service/api/, tests/cli/), and the two
stores are held to one contract (tests/service/store_contract/).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest

from service.api.config import ServeConfig
from service.application import Application
from service.composition import Service, assemble
from service.store.memory import MemoryStore
from tests.service.api.conftest import Server, serving
from tests.support.rulesets import installed

RULESETS = [r.id for r in installed()]
"""Every shared ruleset: the shipped ones and the test ones (tests/support/rulesets.py)."""


@pytest.fixture
def memory_app() -> Application:
    return Application(MemoryStore())


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Server, httpx.Client]]:
    """A served Cairn over a memory store, as tests/service/api/conftest.py serves one over
    PostgreSQL: uvicorn in a thread (Litestar's test client holds a streamed answer until
    it ends, and a live stream does not)."""
    service = assemble(MemoryStore(), sweep_every=None)
    with serving(service, ServeConfig(keepalive_seconds=0.5)) as server, server.client() as client:
        yield server, client


@pytest.fixture
def cli_store(monkeypatch: pytest.MonkeyPatch) -> MemoryStore:
    """A memory store every ``cairn`` command of this test opens, in place of
    ``cli.database.open_service``'s PostgreSQL pool."""
    memory = MemoryStore()

    @contextmanager
    def open_service(migrate: bool = True, bots: bool = False) -> Iterator[Service]:
        service = assemble(memory, bots=bots, sweep_every=None)
        try:
            yield service
        finally:
            service.close()

    monkeypatch.setattr("cli.common.open_service", open_service)
    return memory
