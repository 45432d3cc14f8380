"""The one place the shared suites take their rulesets from: every shipped ruleset
(``domain.games.SHIPPED``) and every test ruleset listed here, each registered only in
tests. A suite that runs "over every ruleset" parametrizes with ``newest()`` or
``every_version()``, so a new ruleset gets every shared suite without an edit to any."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from domain.core import Ruleset, registry
from domain.games import SHIPPED, load_all
from tests.support import counting, sealed, testgames

TEST_RULESETS: dict[str, Callable[[], None]] = {
    "counting": counting.install,
    "sealed": sealed.install,
    **testgames.installers(),
}
"""Test rulesets by id, with what registers each: the two in tests/support, and every
package under tests/support/testgames (found there, so adding one edits nothing here)."""


def installed() -> list[Ruleset[Any, Any, Any]]:
    """The newest version of every shared ruleset, registered, by id."""
    load_all()
    for install in TEST_RULESETS.values():
        install()
    return [registry.get(ruleset_id) for ruleset_id in sorted({*SHIPPED, *TEST_RULESETS})]


def seats_for(ruleset: Ruleset[Any, Any, Any], wanted: int = 2) -> int:
    """``wanted`` seats, or the nearest count the ruleset allows."""
    return min(max(ruleset.min_seats, wanted), ruleset.max_seats)


def newest(*, seats: int | None = None) -> list[Any]:
    """pytest parameters: the newest version of every shared ruleset (that takes ``seats``)."""
    return [
        pytest.param(r, id=r.id)
        for r in installed()
        if seats is None or r.min_seats <= seats <= r.max_seats
    ]


def versions() -> list[Ruleset[Any, Any, Any]]:
    """Every registered version of every shared ruleset, by id, oldest version first."""
    return [registry.get(r.id, v) for r in installed() for v in registry.versions(r.id)]


def every_version() -> list[Any]:
    """pytest parameters: every registered version of every shared ruleset."""
    return [pytest.param(r, id=f"{r.id}@{r.rules_version}") for r in versions()]
