"""A game option as a ruleset declares it (``Ruleset.options``, ``PLATFORM_OPTIONS``)."""

from __future__ import annotations

from dataclasses import dataclass

from domain.core.contract import JSONValue
from domain.core.errors import RuleViolation


@dataclass(frozen=True)
class Option:
    """A game option: its default and, for enumerations, the allowed values; for integers,
    optionally the inclusive ``bounds``."""

    name: str
    default: JSONValue
    description: str
    choices: tuple[JSONValue, ...] = ()
    bounds: tuple[int, int] | None = None


def valid_value(option: Option, value: JSONValue) -> JSONValue:
    """``value`` for ``option``, refused (``invalid_option``) off its menu, of another type
    than its default, or out of its bounds."""
    if option.choices and not any(
        type(value) is type(choice) and value == choice for choice in option.choices
    ):
        allowed = ", ".join(map(str, option.choices))
        raise RuleViolation("invalid_option", f"option {option.name} must be one of: {allowed}")
    if option.default is not None and type(value) is not type(option.default):
        kind = type(option.default).__name__
        raise RuleViolation("invalid_option", f"option {option.name} must be a {kind}")
    if option.bounds is not None and not option.bounds[0] <= value <= option.bounds[1]:
        low, high = option.bounds
        raise RuleViolation(
            "invalid_option", f"option {option.name} must be between {low} and {high}"
        )
    return value
