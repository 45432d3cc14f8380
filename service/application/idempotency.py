"""What an idempotency key remembers: its command's first outcome, refusal included.

An applied command's outcome is the range of events it appended; a refusal's is the error,
kept as data and raised again, word for word, for every retry with the key. Nothing is
appended for a retried refusal, even once the command has become legal: a retry arriving a
round later must not act in the wrong round.

Refusals append no events, so a refusal is kept for ``REFUSALS_KEPT`` (24 hours) and then
deleted by the sweep; a retry after that is decided afresh. Refusals that say nothing about
the command (the database unavailable, a bug) are never kept: the client should retry.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.core import RuleViolation
from service.application.errors import NotASeat, NotYourTurn
from service.store import VersionConflict

REFUSALS_KEPT = 24 * 3600.0
REFUSED = "refused"

Refusal = RuleViolation | NotASeat | VersionConflict


def refusal_json(refused: Refusal) -> dict[str, Any]:
    """A refusal as the idempotency row keeps it."""
    if isinstance(refused, RuleViolation):
        return {REFUSED: "rule_violation", "code": refused.code, "message": refused.message}
    if isinstance(refused, NotASeat):
        return {REFUSED: "not_a_seat", "code": refused.code, "message": refused.message}
    return {REFUSED: "version_conflict", "expected": refused.expected, "actual": refused.actual}


def is_refusal(response: dict[str, Any]) -> bool:
    return REFUSED in response


def refusal_from(game_id: UUID, response: dict[str, Any]) -> Refusal:
    """The error a kept refusal raises again."""
    kind = response[REFUSED]
    if kind == "rule_violation":
        return RuleViolation(str(response["code"]), str(response["message"]))
    if kind == "not_a_seat":
        error = NotYourTurn if response["code"] == NotYourTurn.code else NotASeat
        return error(str(response["message"]))
    return VersionConflict(game_id, int(response["expected"]), int(response["actual"]))
