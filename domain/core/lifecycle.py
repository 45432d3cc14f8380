"""Commands and events every ruleset shares: setting a game up, its seed, and reseeding.

These are issued by the application layer, never by a seat. Every ruleset's ``decide`` and
``evolve`` handle them in their exhaustive ``match`` like their own types.

* ``SetUp`` starts a game. Its events begin with ``GameCreated`` (public, with the sha256
  commitment to the seed) and ``SeedSealed`` (server-only: it carries the seed itself).
* ``Reseed`` is how a fork with fresh luck starts: ``Reseeded`` publishes the new commitment,
  ``SeedSealed`` stores the new seed, and the ruleset re-draws every hidden future order.
* When a game ends, its final decision includes ``SeedRevealed``, so anyone can audit it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from domain.core.errors import RuleViolation
from domain.core.luck import Luck, commitment, is_seed


@dataclass(frozen=True)
class SetUp:
    """Start a game for ``seats`` seats with these options and an optional explicit setup."""

    NAME: ClassVar[str] = "set_up"
    seats: int
    seed: str
    options: Mapping[str, Any]
    setup: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Reseed:
    """Replace all hidden future order with draws from a new seed (a fork's fresh luck)."""

    NAME: ClassVar[str] = "reseed"
    seed: str


@dataclass(frozen=True)
class GameCreated:
    NAME: ClassVar[str] = "game.created"
    VERSION: ClassVar[int] = 1
    ruleset: str
    rules_version: str
    content_hash: str
    seats: int
    options: Mapping[str, Any]
    commitment: str


@dataclass(frozen=True)
class SeedSealed:
    """Server-only until the game (and every game it was forked from) has ended."""

    NAME: ClassVar[str] = "game.seed_sealed"
    VERSION: ClassVar[int] = 1
    seed: str


@dataclass(frozen=True)
class Reseeded:
    NAME: ClassVar[str] = "game.reseeded"
    VERSION: ClassVar[int] = 1
    commitment: str


@dataclass(frozen=True)
class SeedRevealed:
    NAME: ClassVar[str] = "game.seed_revealed"
    VERSION: ClassVar[int] = 1
    seed: str


LifecycleEvent = GameCreated | SeedSealed | Reseeded | SeedRevealed


def require_seed(seed: str) -> None:
    if not is_seed(seed):
        raise RuleViolation("invalid_command", "a seed must be 64 lowercase hex characters")


def created(
    command: SetUp,
    *,
    ruleset: str,
    rules_version: str,
    content_hash: str,
    options: Mapping[str, Any],
) -> tuple[GameCreated, SeedSealed]:
    """The two events that open every game; ``options`` are the validated, complete options."""
    require_seed(command.seed)
    return (
        GameCreated(
            ruleset=ruleset,
            rules_version=rules_version,
            content_hash=content_hash,
            seats=command.seats,
            options=options,
            commitment=commitment(command.seed),
        ),
        SeedSealed(seed=command.seed),
    )


def reseeded(command: Reseed) -> tuple[Reseeded, SeedSealed]:
    require_seed(command.seed)
    return Reseeded(commitment=commitment(command.seed)), SeedSealed(seed=command.seed)


def revealed(luck: Luck) -> SeedRevealed:
    return SeedRevealed(seed=luck.seed)
