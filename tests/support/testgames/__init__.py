"""Test-only rulesets, one package each, exposing ``RULESETS`` and ``install()``.

``found`` lists them for the conformance suite without registering them (so suites that
list the registered rulesets do not meet them); ``install_all`` registers them for tests
that need the registry. Adding a test ruleset touches nothing outside its own folder
(docs/ruleset-contract.md walks through Lanterns).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any


def _packages() -> list[ModuleType]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)
    return [importlib.import_module(f"{__name__}.{name}") for name in names]


def found() -> tuple[Any, ...]:
    """Every version of every test ruleset here, unregistered."""
    return tuple(r for package in _packages() for r in package.RULESETS)


def install_all() -> tuple[str, ...]:
    """Register every test ruleset here; their ids, sorted."""
    for package in _packages():
        package.install()
    return tuple(sorted({r.id for r in found()}))
