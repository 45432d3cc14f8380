"""Lanterns: a two-to-four-seat card game with hidden hands and a shuffled deck, registered
for tests only (``install``), by ``tests.support.rulesets.install_all``."""

from domain.core import registry
from tests.support.rulesets.lanterns.game import LANTERNS_RULESET


def install() -> None:
    registry.register(LANTERNS_RULESET)


__all__ = ["LANTERNS_RULESET", "install"]
