"""The shipped rulesets are listed once, each id beside the package that registers it: no
id is derived from a package's name."""

from __future__ import annotations

import pytest

import domain.games
from domain.core import registry
from domain.games import SHIPPED, load_all


def test_each_shipped_package_registers_the_id_it_is_listed_under() -> None:
    load_all()
    for ruleset_id, package in SHIPPED.items():
        newest = registry.get(ruleset_id)
        assert newest.id == ruleset_id
        assert newest.rules.evolve.__module__.startswith(f"{package}."), package


def test_a_package_listed_under_an_id_it_does_not_register_fails_at_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(domain.games, "SHIPPED", {"five_peaks": "domain.games.five_peaks"})
    with pytest.raises(LookupError, match="five_peaks registers no ruleset"):
        load_all()
