"""The shipped rulesets. ``load_all`` imports each package, which registers its ruleset."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from domain.core import registry

SHIPPED: Mapping[str, str] = {
    "peninsula": "domain.games.peninsula",
    "peloponnes": "domain.games.peloponnes",
    "five-peaks": "domain.games.five_peaks",
}
"""Each shipped ruleset's id and the package that registers it under that id: the one
place both are named, so nothing derives one from the other."""


def load_all() -> None:
    """Import each shipped package so that it registers its ruleset (idempotent); a package
    that registered no ruleset under its listed id fails here, at start-up."""
    for ruleset_id, package in SHIPPED.items():
        importlib.import_module(package)
        if not registry.versions(ruleset_id):
            raise LookupError(f"{package} registers no ruleset {ruleset_id!r}")


__all__ = ["SHIPPED", "load_all", "registry"]
