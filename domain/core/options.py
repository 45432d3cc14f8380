"""A game option as a ruleset declares it (``Ruleset.options``, ``PLATFORM_OPTIONS``)."""

from __future__ import annotations

from dataclasses import dataclass

from domain.core.contract import JSONValue


@dataclass(frozen=True)
class Option:
    """A game option: its default and, for enumerations, the allowed values; for integers,
    optionally the inclusive ``bounds``."""

    name: str
    default: JSONValue
    description: str
    choices: tuple[JSONValue, ...] = ()
    bounds: tuple[int, int] | None = None
