"""The shipped rulesets (domain/games), as opposed to the test rulesets suites register."""

from __future__ import annotations

from domain.core import registry
from domain.games import load_all


def shipped_rulesets() -> list[str]:
    load_all()
    return sorted(
        {
            r.id
            for r in registry.all_rulesets()
            if r.rules.decide.__module__.startswith("domain.games.")
        }
    )
