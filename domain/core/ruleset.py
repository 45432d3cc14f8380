# cairn compile leaves this module interpreted: generic dataclass (service/compiled.py).
"""A ruleset: a game's parts composed with the lifecycle into the Decider the platform hosts.

``Ruleset.decide`` and ``Ruleset.evolve`` are the composed decider
(``domain.core.compose``): ``compose_decide`` hands each command to the part that owns it
(the lifecycle's, live play's, or the game's ``Rules``), and ``compose`` each fact, keeping
the lifecycle's part of the state out of the game's reach. Lifecycle and live-play commands
are decided here, once for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any, Generic, Protocol, TypeVar, assert_never, cast

from domain.core import endings, liveplay, takebacks, turns
from domain.core.compose import Decide, Part, compose, compose_decide
from domain.core.contract import (
    PUBLIC,
    SERVER,
    Bot,
    Companion,
    GameType,
    JSONValue,
    Players,
    Presentation,
    Result,
    Rules,
    Seat,
    Viewer,
)
from domain.core.errors import RuleViolation
from domain.core.lifecycle import (
    LIFECYCLE_COMMANDS,
    LIFECYCLE_EVENTS,
    LifecycleCommand,
    LifecycleEvent,
    Reseed,
    RevealSeed,
    SeedRevealed,
    SeedSealed,
    SetUp,
    Table,
    describe_lifecycle,
    evolve_table,
    opening,
    reseeded,
)
from domain.core.live import (
    LIVE_COMMANDS,
    LIVE_EVENTS,
    SEAT_LIVE_COMMANDS,
    LiveCommand,
    LiveEvent,
    describe_live,
)
from domain.core.options import Option as Option
from domain.core.options import valid_value
from domain.core.secrecy import LUCK, Hidden
from domain.core.stepping import MAX_COMMANDS_PER_ROUND as MAX_COMMANDS_PER_ROUND
from domain.core.stepping import decide_game, fold
from domain.core.stepping import step as step_of

S = TypeVar("S", bound=Table)
C = TypeVar("C")
E = TypeVar("E")


PLATFORM_OPTIONS: tuple[Option, ...] = (MAX_COMMANDS_PER_ROUND,)
MAX_SEATS = 100
"""The most seats any game may have: the API's limit, and the registry refuses a ruleset
whose ``max_seats`` is higher, so the two always agree."""
"""Options the platform interprets for every ruleset. A ruleset version lists them in its
own options (a version recorded before one existed keeps playing without it)."""


class ContentPack(Protocol):
    """Any loaded, validated content pack: all the platform needs is its hash."""

    @property
    def content_hash(self) -> str: ...


def resolve_options(
    options: tuple[Option, ...], given: Mapping[str, JSONValue]
) -> dict[str, JSONValue]:
    """Complete ``given`` with defaults, refusing unknown names and values off the menu.

    Live play's options (``liveplay.LIVE_OPTIONS``) are accepted by every ruleset and kept
    only when given, so a game created without them opens exactly as it did before them.
    """
    live = {o.name: o for o in liveplay.LIVE_OPTIONS}
    known = {o.name: o for o in options}
    unknown = sorted(set(given) - set(known) - set(live))
    if unknown:
        raise RuleViolation("invalid_option", f"unknown option(s): {', '.join(unknown)}")
    resolved = {o.name: valid_value(o, given.get(o.name, o.default)) for o in options}
    resolved |= {name: valid_value(live[name], given[name]) for name in given if name in live}
    return resolved


@dataclass(frozen=True)
class Ruleset(Generic[S, C, E]):
    """One version of one game, as the platform hosts it.

    ``rules_version`` is a positive integer as text; a game keeps the version (and the
    content pack) it was created with for ever (docs/rules-versions.md). ``packs`` are the
    content packs this version can play, oldest first; new games get the newest.
    """

    id: str
    title: str
    rules_version: str
    game_type: GameType
    options: tuple[Option, ...]
    packs: tuple[Any, ...]
    rules: Rules[S, C, E]
    presentation: Presentation[S, E]
    players: Players[S, C]
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = field(
        default_factory=dict
    )
    game_reveals_seed: bool = False
    """True only for a rules version recorded before the system revealed the seed in a
    decision of its own: that version's last game decision reveals it (under the seat that
    took it), and the conformance suite expects that instead of the system's ``RevealSeed``.
    A new ruleset leaves it False."""

    # -- the composed decider ----------------------------------------------------------------

    @property
    def initial_state(self) -> S:
        return self.rules.initial_state

    def decide(self, state: S, command: Any, at: int | None = None) -> tuple[Any, ...]:
        """The composed decide (``domain/core/compose.py``): lifecycle, live-play and game
        commands each to the part that owns them; a command none owns is refused
        (``invalid_command``).

        ``at`` is when the decision is taken (ms since the epoch), stamped by the
        application: in a game with a time control or takebacks, every decision starts with
        a ``Stamped`` fact holding it and the clocks it leaves (docs/live-play.md).
        """
        return self._decide(state, command, at)

    def step(self, state: S, command: Any, at: int | None = None) -> tuple[tuple[Any, ...], S]:
        """``decide``'s events and the state they reach, exactly ``fold(events, state)``:
        what the application and rollouts go on from. A game whose ``Rules.step`` hands back
        the state its decide already reached saves the second fold (``domain/core/stepping.py``)."""
        return step_of(self, state, command, at)

    @cached_property
    def game_command_types(self) -> frozenset[type]:
        """The commands the game's part of the composed decide owns: the seats' and the
        system's of its ``Rules``."""
        return frozenset((*self.rules.command_types, *self.rules.system_command_types))

    @cached_property
    def _decide(self) -> Decide[S]:
        return compose_decide(
            (
                Part("the lifecycle", frozenset(LIFECYCLE_COMMANDS), self._decide_lifecycle),
                Part("live play", self._live_commands, self._decide_live),
                Part(self.title, self.game_command_types, partial(decide_game, self)),
            )
        )

    def _decide_lifecycle(self, state: S, command: Any, at: int | None) -> tuple[Any, ...]:
        match cast(LifecycleCommand, command):
            case SetUp():
                return self._set_up(state, command, at)
            case Reseed():
                reseeded = self._reseed(state, command)
                return liveplay.stamped(self, state, None, at, reseeded, charge=False)
            case RevealSeed():
                if not liveplay.is_over(self, state):
                    raise RuleViolation("wrong_phase", "the game is not over yet")
                if state.seed_revealed:
                    raise RuleViolation("game_over", "the seed has already been revealed")
                revealed = (SeedRevealed(seed=state.luck.seed),)
                return liveplay.stamped(self, state, None, at, revealed)
            case _ as never:
                assert_never(never)

    def _decide_live(self, state: S, command: Any, at: int | None) -> tuple[Any, ...]:
        return liveplay.decide(self, state, cast(LiveCommand, command), at)

    def _set_up(self, state: S, command: SetUp, at: int | None = None) -> tuple[Any, ...]:
        if state.is_set_up:
            raise RuleViolation("wrong_phase", "the game is already set up")
        low, high = self.game_type.min_seats, self.game_type.max_seats
        if isinstance(command.seats, bool) or not low <= command.seats <= high:
            raise RuleViolation("invalid_command", f"{self.title} takes {low} to {high} seats")
        events = opening(
            command,
            ruleset=self.id,
            rules_version=self.rules_version,
            content_hash=self.pack(command.content).content_hash,
            options=resolve_options(self.options, command.options),
        )
        opened = (*events, *self.rules.begin(self.fold(events, state), command.setup))
        return (*opened, *liveplay.opening_stamp(self, self.fold(opened, state), at))

    def _reseed(self, state: S, command: Reseed) -> tuple[Any, ...]:
        if not state.is_set_up:
            raise RuleViolation("wrong_phase", "the game has not been set up")
        if self.rules.is_terminal(state):
            raise RuleViolation("game_over", "the game is over")
        if command.keep is not None and not 0 <= command.keep < state.seats:
            raise RuleViolation("invalid_command", f"seat {command.keep} is not a seat")
        events = reseeded(command)
        return (*events, *self.rules.reshuffle(self.fold(events, state), command.keep))

    def forget(self, state: S, keep: Seat | None) -> S:
        """``state`` with what ``keep`` cannot see in canonical order (``Rules.forget``)."""
        return self.rules.forget(state, keep)

    @cached_property
    def _lifecycle_events(self) -> frozenset[type]:
        return frozenset(LIFECYCLE_EVENTS)

    @cached_property
    def _live_events(self) -> frozenset[type]:
        return frozenset(LIVE_EVENTS)

    @cached_property
    def _live_commands(self) -> frozenset[type]:
        return frozenset(LIVE_COMMANDS)

    @cached_property
    def evolve(self) -> Callable[[S, Any], S]:
        """The composed evolve (``domain/core/compose.py``): lifecycle facts on the ``Table``,
        live play's on its part, the rest to the game, which cannot change the ``Table``."""

        def react(before: S, after: S, event: Any) -> S:
            return cast(S, takebacks.after_game_event(self, before, after, event))

        return compose(
            self.rules.evolve,
            lambda state, event: evolve_table(state, cast(LifecycleEvent, event)),
            lambda state, event: cast(S, liveplay.evolve(state, cast(LiveEvent, event))),
            self._lifecycle_events,
            self._live_events,
            react,
        )

    def fold(self, events: Iterable[Any], state: S | None = None) -> S:
        """Rebuild a state by applying ``events`` in order, from ``state`` or the start."""
        return cast(S, fold(self, events, state))

    def system_command(self, state: S) -> Any | None:
        """What the system must decide now: the game's own due command, else the seed's
        reveal once the game is over; None while only seats (or nobody) can act
        (``domain.core.turns``, compiled)."""
        return turns.system_command(self, state)

    def deadline(self, state: S) -> int | None:
        """When the first running clock runs out (ms since the epoch); None if none runs.
        The application decides ``TimeOut`` once it has passed."""
        return liveplay.deadline(self, state)

    def is_terminal(self, state: S) -> bool:
        """Over, and audit-ready: the game ended (by its rules, or resigned, timed out or
        abandoned) and its seed is public (``domain.core.turns``)."""
        return turns.is_terminal(self, state)

    # -- what the rest of the platform reads ---------------------------------------------

    @property
    def min_seats(self) -> int:
        return self.game_type.min_seats

    @property
    def max_seats(self) -> int:
        return self.game_type.max_seats

    @property
    def content_hash(self) -> str:
        """The newest content pack's hash: what a new game plays with by default."""
        return str(self.packs[-1].content_hash)

    def pack(self, content_hash: str | None) -> Any:
        """The content pack with this hash (None: the newest); refused if unknown."""
        if content_hash is None:
            return self.packs[-1]
        for pack in self.packs:
            if pack.content_hash == content_hash:
                return pack
        raise RuleViolation(
            "invalid_option", f"{self.title} {self.rules_version} has no content {content_hash}"
        )

    def has_pack(self, content_hash: str) -> bool:
        return any(p.content_hash == content_hash for p in self.packs)

    @property
    def command_types(self) -> tuple[type, ...]:
        """What a seat may send."""
        return self.rules.command_types

    @cached_property
    def stored_command_types(self) -> tuple[type, ...]:
        """Every command a stored decision may carry: the seats', the system's, the lifecycle's."""
        return (
            *LIFECYCLE_COMMANDS,
            *LIVE_COMMANDS,
            *self.rules.system_command_types,
            *self.rules.command_types,
        )

    @property
    def live_command_types(self) -> tuple[type, ...]:
        """The platform's commands a seat may send (resign, take back ...)."""
        return SEAT_LIVE_COMMANDS

    @cached_property
    def event_types(self) -> tuple[type, ...]:
        return (*LIFECYCLE_EVENTS, *LIVE_EVENTS, *self.rules.event_types)

    @property
    def bots(self) -> Mapping[str, Bot]:
        return self.players.bots

    def companion(self, bot: str, state: S) -> Companion | None:
        """Bot ``bot``'s companion for a rollout from ``state`` (``Players.companions``),
        or None if it has none or the ruleset says it would not pay."""
        make = self.players.companions.get(bot)
        return None if make is None else make(state)

    def to_act(self, state: S) -> frozenset[Seat]:
        return turns.to_act(self, state)

    def legal_commands(self, state: S, seat: Seat) -> tuple[Any, ...]:
        if state.live.ending is not None:
            return ()
        return self.players.legal_commands(state, seat)

    def view(self, state: S, viewer: Viewer) -> Mapping[str, JSONValue]:
        return self.presentation.view(state, viewer)

    def visibility(self, event: Any) -> str:
        if event.__class__ in self._lifecycle_events:
            return SERVER if isinstance(event, SeedSealed) else PUBLIC
        if event.__class__ in self._live_events:
            return PUBLIC
        return self.presentation.visibility(event)

    def result(self, state: S) -> Result | None:
        return endings.result(self, state) if self.is_terminal(state) else None

    def describe(self, event: Any) -> str:
        if event.__class__ in self._lifecycle_events:
            return describe_lifecycle(cast(LifecycleEvent, event))
        if event.__class__ in self._live_events:
            return describe_live(cast(LiveEvent, event))
        return self.presentation.describe(event)

    def render(self, state: S, viewer: Viewer) -> str:
        return self.presentation.render(state, viewer)

    @property
    def hidden(self) -> tuple[Hidden, ...]:
        """What of a state is not public: the lifecycle's luck, then the game's own parts."""
        return (LUCK, *self.presentation.hidden)

    def secrets(self, state: S, viewer: Viewer) -> tuple[JSONValue, ...]:
        """What the ruleset itself says ``viewer`` must never see (conformance adds more)."""
        return self.presentation.secrets(state, viewer)
