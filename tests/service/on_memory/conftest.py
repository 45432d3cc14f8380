"""The play path on the in-memory store, for every registered ruleset: no PostgreSQL.

These tests are not marked ``storage``: ``pytest -m "not storage" tests/service/on_memory``
runs them in seconds. The same behaviour on PostgreSQL is covered by the storage-marked
suites (tests/service/test_application.py, tests/service/api/, tests/cli/), and the two
stores are held to one contract (tests/service/store_contract/).
"""

from __future__ import annotations

import pytest

from service.application import Application
from service.store.memory import MemoryStore
from tests.support.rulesets import installed

RULESETS = [r.id for r in installed()]
"""Every shared ruleset: the shipped ones and the test ones (tests/support/rulesets.py)."""


@pytest.fixture
def memory_app() -> Application:
    return Application(MemoryStore())
