"""The Decider contract every ruleset fulfils, the fold, and what a result looks like."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from domain.core.errors import RuleViolation
from domain.core.luck import Luck

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")

Seat = int
Viewer = int | None  # a seat, or None for a spectator
JSONValue = Any

PUBLIC = "public"
SERVER = "server"


def seat_visibility(seat: Seat) -> str:
    """The visibility of an event only ``seat`` (and, after the end, everyone) may see."""
    return f"seat:{seat}"


def can_see(visibility: str, viewer: Viewer) -> bool:
    """Whether ``viewer`` may see an event of this visibility while the game is live."""
    return visibility == PUBLIC or (viewer is not None and visibility == seat_visibility(viewer))


@dataclass(frozen=True)
class Result:
    """Final scores per seat, ranks (1 is best; tied seats share a rank) and a breakdown.

    ``breakdown[seat]`` maps a scoring category to its points. ``verdict`` holds extra
    outcomes such as a solo difficulty level reached; it may be empty.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    verdict: Mapping[str, JSONValue] = field(default_factory=dict)


def ranks_for(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Competition ranks: ties share the better rank ("ties share the victory")."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


@dataclass(frozen=True)
class Option:
    """A game option: its default and, for enumerations, the allowed values."""

    name: str
    default: JSONValue
    description: str
    choices: tuple[JSONValue, ...] = ()


Bot = Callable[[Any, Seat, Luck], Any]
"""A bot picks a command for a seat; ``Luck`` is its own entropy, never the game's seed."""


def uniform_bot(legal_commands: Callable[[Any, Seat], tuple[Any, ...]]) -> Bot:
    """A bot that picks uniformly among a seat's legal commands."""

    def choose(state: Any, seat: Seat, luck: Luck) -> Any:
        options = legal_commands(state, seat)
        if not options:
            raise ValueError(f"seat {seat} has nothing to do now")
        index, _ = luck.draw_below(len(options))
        return options[index]

    return choose


@dataclass(frozen=True)
class Ruleset(Generic[S, C, E]):
    """One game's Decider plus what the platform needs to host it.

    * ``initial_state`` is the explicit state before ``SetUp``.
    * ``decide(state, command)`` returns events or raises ``RuleViolation``; it holds every
      rule check. ``evolve(state, event)`` only applies facts.
    * ``legal_commands(state, seat)`` uses the same predicates as ``decide``.
    * ``view(state, viewer)`` is a JSON-ready mapping with nothing that viewer may not see.
    * ``visibility(event)`` is ``PUBLIC``, ``SERVER`` or ``seat_visibility(n)``.
    * ``secrets(state, viewer)`` lists JSON values that must never appear in that viewer's
      view or feed (used by the conformance suite to look for leaks).
    * ``describe(event)`` says an event in words, for replays; ``render(state, viewer)`` draws
      the position for a terminal.
    """

    id: str
    title: str
    rules_version: str
    content_hash: str
    min_seats: int
    max_seats: int
    options: tuple[Option, ...]
    command_types: tuple[type, ...]
    event_types: tuple[type, ...]
    initial_state: S
    decide: Callable[[S, C], tuple[E, ...]]
    evolve: Callable[[S, E], S]
    legal_commands: Callable[[S, Seat], tuple[C, ...]]
    view: Callable[[S, Viewer], Mapping[str, JSONValue]]
    to_act: Callable[[S], frozenset[Seat]]
    is_terminal: Callable[[S], bool]
    result: Callable[[S], Result | None]
    visibility: Callable[[E], str]
    secrets: Callable[[S, Viewer], tuple[JSONValue, ...]]
    describe: Callable[[E], str]
    render: Callable[[S, Viewer], str]
    bots: Mapping[str, Bot]
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = field(
        default_factory=dict
    )

    def fold(self, events: Iterable[E], state: S | None = None) -> S:
        """Rebuild a state by applying ``events`` in order, from ``state`` or the start."""
        current = self.initial_state if state is None else state
        evolve = self.evolve
        for event in events:
            current = evolve(current, event)
        return current


def resolve_options(
    options: tuple[Option, ...], given: Mapping[str, JSONValue]
) -> dict[str, JSONValue]:
    """Complete ``given`` with defaults, refusing unknown names and values off the menu."""
    known = {o.name: o for o in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise RuleViolation("invalid_command", f"unknown option(s): {', '.join(unknown)}")
    resolved = {}
    for option in options:
        value = given.get(option.name, option.default)
        if option.choices and value not in option.choices:
            allowed = ", ".join(map(str, option.choices))
            raise RuleViolation(
                "invalid_command", f"option {option.name} must be one of: {allowed}"
            )
        if type(value) is not type(option.default) and option.default is not None:
            raise RuleViolation(
                "invalid_command",
                f"option {option.name} must be a {type(option.default).__name__}",
            )
        resolved[option.name] = value
    return resolved
