"""A seat's command as the application receives it: a JSON body or a domain command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import RuleViolation
from domain.core.registry import command_from_json, command_to_json
from service.application.errors import MalformedCommand, NotASeat


def as_json(command: Any) -> Any:
    return command if isinstance(command, Mapping) else command_to_json(command)


def parse_command(ruleset: Any, command: Mapping[str, Any] | Any, seat: int) -> Any:
    """A seat's command: one of the types a seat may send, for that seat only; a body that
    is no such command is ``MalformedCommand``."""
    if isinstance(command, Mapping):
        try:
            return command_from_json(ruleset, dict(command), seat=seat)
        except RuleViolation as exc:
            raise MalformedCommand(exc.message) from None
    if type(command) not in (*ruleset.command_types, *ruleset.live_command_types):
        raise NotASeat(f"a seat cannot send {type(command).__name__}")
    if getattr(command, "seat", seat) != seat:
        raise NotASeat(f"seat {seat} cannot act for seat {command.seat}")
    return command
