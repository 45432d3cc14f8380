"""The Decider contract, the fold, deterministic draws and the ruleset registry."""

from domain.core.errors import RuleViolation
from domain.core.lifecycle import (
    GameCreated,
    LifecycleEvent,
    Reseed,
    Reseeded,
    SeedRevealed,
    SeedSealed,
    SetUp,
)
from domain.core.luck import Luck, commitment
from domain.core.ruleset import (
    PUBLIC,
    SERVER,
    Bot,
    Option,
    Result,
    Ruleset,
    Seat,
    Viewer,
    can_see,
    ranks_for,
    resolve_options,
    seat_visibility,
    uniform_bot,
)

__all__ = [
    "PUBLIC",
    "SERVER",
    "Bot",
    "GameCreated",
    "LifecycleEvent",
    "Luck",
    "Option",
    "Reseed",
    "Reseeded",
    "Result",
    "RuleViolation",
    "Ruleset",
    "Seat",
    "SeedRevealed",
    "SeedSealed",
    "SetUp",
    "Viewer",
    "can_see",
    "commitment",
    "ranks_for",
    "resolve_options",
    "seat_visibility",
    "uniform_bot",
]
