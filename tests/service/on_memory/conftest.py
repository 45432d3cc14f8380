"""The play path on the in-memory store, for every registered ruleset: no PostgreSQL.

These tests are not marked ``storage``: ``pytest -m "not storage" tests/service/on_memory``
runs them in seconds. The same behaviour on PostgreSQL is covered by the storage-marked
suites (tests/service/test_application.py, tests/service/api/, tests/cli/), and the two
stores are held to one contract (tests/service/store_contract/).
"""

from __future__ import annotations

import pytest

from domain.core import registry
from service.application import Application
from service.store.memory import MemoryStore

RULESETS = sorted(r.id for r in registry.all_rulesets())
"""Every ruleset registered when the suite is collected (the shipped ones and counting)."""


@pytest.fixture
def memory_app() -> Application:
    return Application(MemoryStore())
