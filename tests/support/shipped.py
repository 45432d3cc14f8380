"""The shipped rulesets (domain/games), as opposed to the test rulesets suites register."""

from __future__ import annotations

from domain.games import SHIPPED, load_all


def shipped_rulesets() -> list[str]:
    load_all()
    return sorted(SHIPPED)
