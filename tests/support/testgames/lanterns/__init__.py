"""Lanterns: a two-to-four-seat card game with hidden hands and a shuffled deck, registered
for tests only (``install``); the conformance suite finds it through
``tests.support.testgames.found``."""

from domain.core import registry
from tests.support.testgames.lanterns.game import LANTERNS_RULESET

RULESETS = (LANTERNS_RULESET,)


def install() -> None:
    for ruleset in RULESETS:
        registry.register(ruleset)


__all__ = ["LANTERNS_RULESET", "RULESETS", "install"]
