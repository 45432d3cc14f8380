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

from domain.core import SYSTEM, RuleViolation
from service.application.errors import IdempotencyKeyReused, NotASeat, NotYourTurn
from service.application.outcomes import Outcome
from service.application.staleness import StaleVersion
from service.store import Store, VersionConflict

REFUSALS_KEPT = 24 * 3600.0
REFUSED = "refused"

Refusal = RuleViolation | NotASeat | VersionConflict


def refusal_json(refused: Refusal) -> dict[str, Any]:
    """A refusal as the idempotency row keeps it."""
    if isinstance(refused, RuleViolation):
        return {REFUSED: "rule_violation", "code": refused.code, "message": refused.message}
    if isinstance(refused, NotASeat):
        return {REFUSED: "not_a_seat", "code": refused.code, "message": refused.message}
    kept = {REFUSED: "version_conflict", "expected": refused.expected, "actual": refused.actual}
    if isinstance(refused, StaleVersion):
        kept["changed"] = refused.changed
    return kept


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
    expected, actual = int(response["expected"]), int(response["actual"])
    if "changed" in response:
        return StaleVersion(game_id, expected, actual, list(response["changed"]))
    return VersionConflict(game_id, expected, actual)


class Keys:
    """The outcomes idempotency keys remember, in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.refusals = store.refusals

    def applied(self, game_id: UUID, key: str | None, request_hash: str) -> dict[str, Any] | None:
        """The key's applied outcome (``{"version", "from", "to", "to_act"}``), None if it has none
        yet; its refusal, if that came first, is raised again."""
        if key is None:
            return None
        prior = self.store.idempotent_response(game_id, key)
        return None if prior is None else _first(game_id, prior, request_hash)

    def refused(
        self, game_id: UUID, key: str | None, request_hash: str, refused: Refusal
    ) -> dict[str, Any]:
        """Raise ``refused``, which the current state decided; with a key it becomes the
        key's outcome, unless a copy of the command got another outcome first, which is
        returned (applied) or raised (refused) instead."""
        if key is None:
            raise refused
        prior = self.refusals.remember(game_id, key, request_hash, refusal_json(refused))
        return _first(game_id, prior, request_hash)

    def outcome(self, game_id: UUID, first: dict[str, Any]) -> Outcome:
        """The outcome of an applied keyed command again, from its ``first`` answer."""
        # The first answer also carried the system's decisions taken right after it (a few).
        span = first["to"] - first["from"] + 1 + 64
        stored = self.store.read(game_id, after=first["from"] - 1, limit=span)
        end = next(
            (e.seq - 1 for e in stored if e.seq > first["to"] and e.actor != SYSTEM),
            stored[-1].seq,
        )
        terminal = end == stored[-1].seq and self.store.game(game_id).is_finished
        kept = first.get("to_act")  # absent from records kept before answers named seats
        to_act = None if kept is None else tuple(kept)
        events = [e for e in stored if e.seq <= end]
        return Outcome(game_id, end, events, terminal, replayed=True, to_act=to_act)

    def forget_expired(self) -> int:
        """Delete refusals kept longer than REFUSALS_KEPT (a chore of the sweep)."""
        return self.refusals.forget_older_than(REFUSALS_KEPT)


def _first(game_id: UUID, prior: tuple[str, dict[str, Any]], request_hash: str) -> dict[str, Any]:
    if prior[0] != request_hash:
        raise IdempotencyKeyReused("this idempotency key was already used for a different command")
    if is_refusal(prior[1]):
        raise refusal_from(game_id, prior[1])
    return prior[1]
