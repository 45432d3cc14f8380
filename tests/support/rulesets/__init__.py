"""Test-only rulesets, one package each: a package here that has an ``install()`` is
registered by ``install_all``, which the conformance suite calls, so adding a test ruleset
touches nothing outside its own folder (docs/ruleset-contract.md walks through Lanterns)."""

from __future__ import annotations

import importlib
import pkgutil


def install_all() -> tuple[str, ...]:
    """Register every test ruleset package found here; their module names, sorted."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)
    for name in names:
        importlib.import_module(f"{__name__}.{name}").install()
    return tuple(names)
