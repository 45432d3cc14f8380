"""Where rulesets are registered and found by id, and where their wire names resolve."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from domain.core.codec import CodecError, decode_fields, encode
from domain.core.errors import RuleViolation
from domain.core.ruleset import MAX_SEATS, Ruleset

_RULESETS: dict[str, dict[str, Ruleset[Any, Any, Any]]] = {}
"""ruleset id -> rules version -> ruleset: older versions stay beside the newest."""


def wire_name(message_type: type) -> str:
    """The stable name a command or event type is stored and sent under."""
    name: str = getattr(message_type, "NAME")  # noqa: B009 - a ClassVar every type declares
    return name


def schema_version(event_type: type) -> int:
    version: int = getattr(event_type, "VERSION")  # noqa: B009
    return version


class UnknownRuleset(LookupError):
    def __init__(self, ruleset_id: str, rules_version: str | None = None) -> None:
        what = repr(ruleset_id) if rules_version is None else f"{ruleset_id!r} {rules_version}"
        super().__init__(f"no ruleset is registered as {what}")
        self.ruleset_id = ruleset_id
        self.rules_version = rules_version

    def __reduce__(self) -> tuple[type[UnknownRuleset], tuple[str, str | None]]:
        # rebuilt from its own arguments when a pool worker sends it (RuleViolation says why)
        return type(self), (self.ruleset_id, self.rules_version)


def register(ruleset: Ruleset[Any, Any, Any]) -> Ruleset[Any, Any, Any]:
    """Register one version of a ruleset, checking its names, versions and upcasters.

    Everything that would otherwise fail later, in some load, fails here at start-up.
    """
    _check_names(ruleset)
    _check_upcasters(ruleset)
    if not ruleset.rules_version.isdigit() or int(ruleset.rules_version) < 1:
        raise ValueError(f"{ruleset.id}: rules_version must be a positive integer")
    if not ruleset.packs:
        raise ValueError(f"{ruleset.id}: a ruleset needs at least one content pack")
    if not 1 <= ruleset.min_seats <= ruleset.max_seats <= MAX_SEATS:
        raise ValueError(f"{ruleset.id}: seats must be within 1 to {MAX_SEATS}, the platform's")
    _RULESETS.setdefault(ruleset.id, {})[ruleset.rules_version] = ruleset
    return ruleset


def _check_names(ruleset: Ruleset[Any, Any, Any]) -> None:
    names = [wire_name(t) for t in ruleset.event_types]
    if len(names) != len(set(names)):
        raise ValueError(f"{ruleset.id}: duplicate event names")
    if any(not isinstance(getattr(t, "VERSION", None), int) for t in ruleset.event_types):
        raise ValueError(f"{ruleset.id}: every event type needs an integer VERSION")
    commands = [wire_name(t) for t in ruleset.stored_command_types]
    if len(commands) != len(set(commands)):
        raise ValueError(f"{ruleset.id}: duplicate command names")


def _check_upcasters(ruleset: Ruleset[Any, Any, Any]) -> None:
    """Every event type at schema version N > 1 has an upcaster from each of 1 .. N-1."""
    by_name = {wire_name(t): schema_version(t) for t in ruleset.event_types}
    for name, version in sorted(by_name.items()):
        missing = [v for v in range(1, version) if (name, v) not in ruleset.upcasters]
        if missing:
            raise ValueError(f"{ruleset.id}: {name} has no upcaster from version(s) {missing}")
    for name, version in ruleset.upcasters:
        if name not in by_name or version >= by_name[name]:
            raise ValueError(f"{ruleset.id}: an upcaster for {name} {version} upcasts nothing")


def get(ruleset_id: str, rules_version: str | None = None) -> Ruleset[Any, Any, Any]:
    """A registered ruleset: the given rules version, or the newest."""
    versions = _RULESETS.get(ruleset_id)
    if not versions:
        raise UnknownRuleset(ruleset_id)
    if rules_version is None:
        return versions[max(versions, key=int)]
    try:
        return versions[rules_version]
    except KeyError:
        raise UnknownRuleset(ruleset_id, rules_version) from None


def versions(ruleset_id: str) -> tuple[str, ...]:
    """The registered rules versions of a ruleset, oldest first."""
    return tuple(sorted(_RULESETS.get(ruleset_id, {}), key=int))


def all_rulesets() -> tuple[Ruleset[Any, Any, Any], ...]:
    """The newest version of every registered ruleset, by id."""
    return tuple(get(k) for k in sorted(_RULESETS))


def every_version() -> tuple[Ruleset[Any, Any, Any], ...]:
    """Every registered version of every ruleset (the conformance suite runs them all)."""
    return tuple(_RULESETS[k][v] for k in sorted(_RULESETS) for v in versions(k))


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


def command_from_json(
    ruleset: Ruleset[Any, Any, Any],
    data: Any,
    seat: int | None = None,
    types: tuple[type, ...] | None = None,
) -> Any:
    """Parse a command a seat sent (or, with ``types``, one of those types, as a stored
    decision's command). ``seat``, when given, is the acting seat and overrides the body."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RuleViolation("invalid_command", "a command must be an object with a 'type'")
    by_name = _by_name(types if types is not None else ruleset.command_types)
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
