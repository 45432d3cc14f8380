"""Where rulesets are registered and found by id, and where their wire names resolve."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from domain.core.codec import CodecError, decode_fields, encode
from domain.core.errors import RuleViolation
from domain.core.ruleset import Ruleset

_RULESETS: dict[str, Ruleset[Any, Any, Any]] = {}


def wire_name(message_type: type) -> str:
    """The stable name a command or event type is stored and sent under."""
    name: str = getattr(message_type, "NAME")  # noqa: B009 - a ClassVar every type declares
    return name


def schema_version(event_type: type) -> int:
    version: int = getattr(event_type, "VERSION")  # noqa: B009
    return version


class UnknownRuleset(LookupError):
    def __init__(self, ruleset_id: str) -> None:
        super().__init__(f"no ruleset is registered as {ruleset_id!r}")
        self.ruleset_id = ruleset_id


def register(ruleset: Ruleset[Any, Any, Any]) -> Ruleset[Any, Any, Any]:
    """Register a ruleset, checking that its wire names are unique and versioned."""
    _check_names(ruleset)
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def _check_names(ruleset: Ruleset[Any, Any, Any]) -> None:
    names = [wire_name(t) for t in ruleset.event_types]
    if len(names) != len(set(names)):
        raise ValueError(f"{ruleset.id}: duplicate event names")
    if any(not isinstance(getattr(t, "VERSION", None), int) for t in ruleset.event_types):
        raise ValueError(f"{ruleset.id}: every event type needs an integer VERSION")
    commands = [wire_name(t) for t in ruleset.command_types]
    if len(commands) != len(set(commands)):
        raise ValueError(f"{ruleset.id}: duplicate command names")


def get(ruleset_id: str) -> Ruleset[Any, Any, Any]:
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        raise UnknownRuleset(ruleset_id) from None


def all_rulesets() -> tuple[Ruleset[Any, Any, Any], ...]:
    return tuple(_RULESETS[k] for k in sorted(_RULESETS))


def event_to_record(event: Any) -> tuple[str, int, dict[str, Any]]:
    """The stored form of an event: its stable name, schema version and payload."""
    payload: dict[str, Any] = encode(event)
    return wire_name(type(event)), schema_version(type(event)), payload


def event_from_record(
    ruleset: Ruleset[Any, Any, Any], name: str, version: int, payload: Mapping[str, Any]
) -> Any:
    """Rebuild an event, upcasting older schema versions step by step."""
    event_type = _by_name(ruleset.event_types).get(name)
    if event_type is None:
        raise ValueError(f"{ruleset.id}: unknown event type {name!r}")
    current = schema_version(event_type)
    if version == current:
        return decode_fields(event_type, payload)
    data = dict(payload)
    while version < current:
        data = ruleset.upcasters[(name, version)](data)
        version += 1
    if version != current:
        raise ValueError(f"{name}: schema version {version} is newer than this engine")
    return decode_fields(event_type, data)


@functools.cache
def _by_name(types: tuple[type, ...]) -> dict[str, type]:
    return {wire_name(t): t for t in types}


def command_to_json(command: Any) -> dict[str, Any]:
    """A command as ``{"type": name, ...fields}``."""
    return {"type": wire_name(type(command)), **encode(command)}


def command_from_json(ruleset: Ruleset[Any, Any, Any], data: Any, seat: int | None = None) -> Any:
    """Parse a command. ``seat``, when given, is the acting seat and overrides the body."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RuleViolation("invalid_command", "a command must be an object with a 'type'")
    by_name = _by_name(ruleset.command_types)
    command_type = by_name.get(data["type"])
    if command_type is None:
        known = ", ".join(sorted(by_name))
        raise RuleViolation("invalid_command", f"unknown command {data['type']!r}; known: {known}")
    body = {k: v for k, v in data.items() if k != "type"}
    given = {}
    if seat is not None and "seat" in {f.name for f in dataclasses.fields(command_type)}:
        body.pop("seat", None)
        given["seat"] = seat
    try:
        return decode_fields(command_type, body, "command", **given)
    except CodecError as exc:
        raise RuleViolation("invalid_command", f"bad command: {exc}") from None
