# cairn compile leaves this module interpreted: ClassVar in dataclasses; Table is every Game's base
# (service/compiled.py).
"""The lifecycle every game shares, as a decider of its own composed with each game's.

Its commands are issued by the application (actor ``system``), never by a seat:

* ``SetUp`` starts a game: ``GameCreated`` (public, with the sha256 commitment to the seed)
  and ``SeedSealed`` (server-only: the seed itself), then the game's own opening facts.
* ``Reseed`` is how a fork with fresh luck starts: ``Reseeded`` publishes the new commitment,
  ``SeedSealed`` stores the new seed, and the game re-draws everything still hidden.
* ``RevealSeed`` follows the game's end: ``SeedRevealed`` lets anyone audit the game.

Its state is ``Table``, the part of every game's state the lifecycle owns: each game's
state class extends it, so the lifecycle's facts are applied here and nowhere else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, assert_never

from domain.core import getters
from domain.core.errors import RuleViolation
from domain.core.live import Live
from domain.core.luck import Luck, commitment, is_seed

T = TypeVar("T", bound="Table")


def _no_options() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Table:
    """What the lifecycle knows of any game: seats, options, rules version, content and luck.

    ``rules_version`` lets a package that ships several versions ask which one a game was
    created under (docs/rules-versions.md); ``content_hash`` names its content pack.

    ``luck`` is the sealed seed and the count of words drawn from it; a game's own events
    that draw carry the new count, and its ``evolve`` moves ``luck`` on. ``seed_revealed``
    turns true with ``SeedRevealed``: a game is over only once anyone can audit it.
    ``live`` is live play's part (clocks, resignations, takebacks: ``domain/core/live.py``).
    """

    seats: int = 0
    options: Mapping[str, Any] = field(default_factory=_no_options)
    rules_version: str = ""
    content_hash: str = ""
    luck: Luck = field(default_factory=Luck)
    seed_revealed: bool = False
    live: Live = field(default_factory=Live)

    if TYPE_CHECKING:  # what the type checker reads; the getter below is the same function

        @property
        def is_set_up(self) -> bool: ...

    else:
        # the game has its seats (``getters.is_set_up``, compiled): read without a Python frame
        is_set_up = property(getters.is_set_up)


@dataclass(frozen=True)
class SetUp:
    """Start a game for ``seats`` seats with these options and an optional explicit setup.

    ``content`` is the hash of the content pack to play with; None takes the ruleset's
    newest (the application always names it, so a stored command never depends on which
    pack was newest when it is decided again).
    """

    NAME: ClassVar[str] = "set_up"
    seats: int
    seed: str
    options: Mapping[str, Any]
    setup: Mapping[str, Any] | None = None
    content: str | None = None


@dataclass(frozen=True)
class Reseed:
    """Re-draw everything still hidden from a new seed (a fork's fresh luck).

    ``keep`` is the seat whose knowledge carries over into the fork (its own hand, say):
    the game re-draws everything hidden from that seat, or from everyone when None.
    """

    NAME: ClassVar[str] = "reseed"
    seed: str
    keep: int | None = None


@dataclass(frozen=True)
class RevealSeed:
    """Publish the seed once the game is over: the system's last decision in every game."""

    NAME: ClassVar[str] = "reveal_seed"


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


LifecycleCommand = SetUp | Reseed | RevealSeed
LifecycleEvent = GameCreated | SeedSealed | Reseeded | SeedRevealed
LIFECYCLE_COMMANDS: tuple[type, ...] = (SetUp, Reseed, RevealSeed)
LIFECYCLE_EVENTS: tuple[type, ...] = (GameCreated, SeedSealed, Reseeded, SeedRevealed)


def require_seed(seed: str) -> None:
    if not is_seed(seed):
        raise RuleViolation("invalid_command", "a seed must be 64 lowercase hex characters")


def opening(
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
            options=MappingProxyType(dict(options)),
            commitment=commitment(command.seed),
        ),
        SeedSealed(seed=command.seed),
    )


def reseeded(command: Reseed) -> tuple[Reseeded, SeedSealed]:
    require_seed(command.seed)
    return Reseeded(commitment=commitment(command.seed)), SeedSealed(seed=command.seed)


def evolve_table(state: T, event: LifecycleEvent) -> T:
    """Apply a lifecycle fact to any game's state (its ``Table`` part only)."""
    match event:
        case GameCreated():
            return dataclasses.replace(
                state,
                seats=event.seats,
                options=event.options,
                rules_version=event.rules_version,
                content_hash=event.content_hash,
            )
        case SeedSealed():
            return dataclasses.replace(state, luck=Luck(event.seed), seed_revealed=False)
        case Reseeded():
            return state
        case SeedRevealed():
            return dataclasses.replace(state, seed_revealed=True)
        case _:
            assert_never(event)


def describe_lifecycle(event: LifecycleEvent) -> str:
    match event:
        case GameCreated():
            return f"A game of {event.seats} seat(s) is set up; the seed's sha256 is published"
        case SeedSealed():
            return "The seed is sealed (server-only until the game is over)"
        case Reseeded():
            return "Fresh luck: everything still hidden is drawn again from a new seed"
        case SeedRevealed():
            return "The seed is revealed: anyone can now audit every draw"
        case _:
            assert_never(event)
