"""The application layer both front ends call: create, act, view, events, fork, bots."""

from service.application.app import Application
from service.application.errors import (
    ApplicationError,
    BadRequest,
    ForkRefused,
    IdempotencyKeyReused,
    MalformedCommand,
    NoSuchEvent,
    NoSuchSeat,
    NotASeat,
    NotYourTurn,
    RulesVersionMismatch,
    SeatTokenNeeded,
    UnknownContent,
)
from service.application.loading import Loaded
from service.application.outcomes import Outcome, new_seed

__all__ = [
    "Application",
    "ApplicationError",
    "BadRequest",
    "ForkRefused",
    "IdempotencyKeyReused",
    "Loaded",
    "MalformedCommand",
    "NoSuchEvent",
    "NoSuchSeat",
    "NotASeat",
    "NotYourTurn",
    "Outcome",
    "RulesVersionMismatch",
    "SeatTokenNeeded",
    "UnknownContent",
    "new_seed",
]
