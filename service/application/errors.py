"""Errors the application layer raises besides RuleViolation and the store's own."""

from __future__ import annotations


class ApplicationError(Exception):
    """Base class: each subclass has a stable ``code`` for problem+json."""

    code = "application_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotASeat(ApplicationError):
    """The caller is not a seat of this game, or not one that may act now."""

    code = "not_a_seat"


class NotYourTurn(NotASeat):
    """A seat that is not among the seats to act tried to act."""

    code = "not_your_turn"


class IdempotencyKeyReused(ApplicationError):
    """The same idempotency key was sent with a different request."""

    code = "idempotency_key_reused"


class ForkRefused(ApplicationError):
    code = "fork_refused"


class SeatTokenNeeded(ApplicationError):
    """The request needs a seat token of the game, and none (or a wrong one) was given."""

    code = "unauthorized"


class RulesVersionMismatch(ApplicationError):
    """The game was recorded under rules this engine cannot replay exactly."""

    code = "rules_version_mismatch"


class BadRequest(ApplicationError):
    code = "bad_request"
