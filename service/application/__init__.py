"""The application layer both front ends call: create, act, view, events, fork, bots."""

from service.application.app import Application, Outcome, new_seed
from service.application.errors import (
    ApplicationError,
    BadRequest,
    ForkRefused,
    IdempotencyKeyReused,
    NotASeat,
    NotYourTurn,
    RulesVersionMismatch,
    SeatTokenNeeded,
)
from service.application.loading import Loaded

__all__ = [
    "Application",
    "ApplicationError",
    "BadRequest",
    "ForkRefused",
    "IdempotencyKeyReused",
    "Loaded",
    "NotASeat",
    "NotYourTurn",
    "Outcome",
    "RulesVersionMismatch",
    "SeatTokenNeeded",
    "new_seed",
]
