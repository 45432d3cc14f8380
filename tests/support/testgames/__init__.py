"""Test-only rulesets, one package each, exposing ``RULESETS`` and ``install()``.

``found`` lists them without registering them (the planted-fault tests break them one
promise at a time); ``installers`` names what registers each, by id, and
``tests/support/rulesets.py`` takes every one into the shared suites from there, so adding
a test ruleset touches nothing outside its own folder (docs/ruleset-contract.md walks
through Lanterns).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from types import ModuleType
from typing import Any


def _packages() -> list[ModuleType]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)
    return [importlib.import_module(f"{__name__}.{name}") for name in names]


def found() -> tuple[Any, ...]:
    """Every version of every test ruleset here, unregistered."""
    return tuple(r for package in _packages() for r in package.RULESETS)


def installers() -> dict[str, Callable[[], None]]:
    """What registers each test ruleset here, by its id."""
    return {r.id: package.install for package in _packages() for r in package.RULESETS}


def install_all() -> tuple[str, ...]:
    """Register every test ruleset here; their ids, sorted."""
    for package in _packages():
        package.install()
    return tuple(sorted({r.id for r in found()}))
