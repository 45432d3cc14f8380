# cairn compile leaves this module interpreted: generic dataclass (service/compiled.py).
"""The parts a ruleset is made of: its rules, how it is shown, who plays it, and its type.

A game's author fills in these four records (docs/ruleset-contract.md); ``Ruleset`` composes
them with the lifecycle decider (``domain/core/lifecycle.py``) into what the platform hosts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from domain.core.luck import Luck
from domain.core.secrecy import Hidden

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")

Seat = int
Viewer = int | None  # a seat, or None for a spectator
JSONValue = Any

PUBLIC = "public"
SERVER = "server"
SYSTEM = "system"
"""The actor of every decision no seat asked for: set-up, reseeding, the end of a game, a
phase the rules resolve by themselves, later a timeout."""


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


@dataclass(frozen=True)
class Score:
    """A seat's running score: points by category, and their total."""

    total: int
    breakdown: Mapping[str, int]

    @classmethod
    def of(cls, breakdown: Mapping[str, int]) -> Score:
        return cls(sum(breakdown.values()), dict(breakdown))


def ranks_for(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Competition ranks: ties share the better rank ("ties share the victory")."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


Bot = Callable[[Any, Seat, Luck], Any]
"""A bot picks a command for a seat; ``Luck`` is its own entropy, never the game's seed."""

Companion = Callable[[Any, tuple[Any, ...], Any], None]
"""A bot's rollout companion: told each step of one rollout, ``(the state before, the
events, the state after)``, so that what the bot works out from a state can be kept up to
date fact by fact instead of rebuilt at every decision. It changes no answer of the bot's,
only how fast it finds it (``Players.companions``)."""


def uniform_bot(legal_commands: Callable[[Any, Seat], tuple[Any, ...]]) -> Bot:
    """A bot that picks uniformly among a seat's legal commands."""

    def choose(state: Any, seat: Seat, luck: Luck) -> Any:
        options = legal_commands(state, seat)
        if not options:
            raise ValueError(f"seat {seat} has nothing to do now")
        index, _ = luck.draw_below(len(options))
        return options[index]

    return choose


def no_system_command(state: Any) -> None:
    """For games whose rules never resolve anything by themselves."""
    return None


def no_secrets(state: Any, viewer: Viewer) -> tuple[JSONValue, ...]:
    return ()


def nothing_to_forget(state: S, keep: Seat | None) -> S:
    """For games with nothing hidden, or whose hidden orders need no canonical form."""
    return state


@dataclass(frozen=True)
class Rules(Generic[S, C, E]):
    """The game's own decider; the lifecycle is composed around it by ``Ruleset``.

    * ``initial_state`` is the explicit state before anything happened; its class extends
      ``domain.core.lifecycle.Table``.
    * ``begin(state, setup)`` returns the game's opening facts. ``state`` already holds the
      seats, the validated options, the content hash and the sealed luck; ``setup`` is the
      optional explicit setup, which ``begin`` validates (``RuleViolation`` if it is bad).
    * ``decide(state, command)`` holds every rule check of a game command, seat's or
      system's; ``evolve(state, event)`` only applies the game's own facts.
    * ``reshuffle(state, keep)`` re-draws, from ``state.luck`` (a fresh seed), everything
      hidden from seat ``keep`` (from everyone when None): undrawn orders and other seats'
      hidden holdings. It is how a fork gets fresh luck.
    * ``system_command(state)`` is a command the rules resolve by themselves now (the end of
      the game, an automatic phase), decided under the ``system`` actor; None if none is due.
    * ``command_types`` are what a seat may send; ``system_command_types`` what only the
      system decides. Together they are the commands the game's part of the composed
      decide owns (``domain/core/compose.py``): any other is refused before ``decide``.
    * ``step(state, command)`` (optional) is ``decide`` together with the state its events
      reach: exactly ``(decide(state, command), state folded with them)``, raising exactly
      what ``decide`` raises. Give it only when ``decide`` already folds its own events (to
      find what follows them), so the platform need not fold them again
      (``Ruleset.step``); the conformance suite holds it to ``decide`` and ``evolve``.
    * ``forget(state, keep)`` (optional) puts everything hidden from ``keep`` (from everyone
      when None) in one canonical order (sorted; a pool's parts sorted together), so that a
      ``reshuffle`` after it depends only on what ``keep`` knows, never on how the hidden
      things lay. Analysis rollouts
      call it before reshuffling a live position (docs/analysis.md); forks do not need it.
    """

    initial_state: S
    command_types: tuple[type, ...]
    event_types: tuple[type, ...]
    begin: Callable[[S, Mapping[str, Any] | None], tuple[E, ...]]
    decide: Callable[[S, C], tuple[E, ...]]
    evolve: Callable[[S, E], S]
    reshuffle: Callable[[S, Seat | None], tuple[E, ...]]
    is_terminal: Callable[[S], bool]
    system_command: Callable[[S], C | None] = no_system_command
    system_command_types: tuple[type, ...] = ()
    forget: Callable[[S, Seat | None], S] = nothing_to_forget
    step: Callable[[S, C], tuple[tuple[E, ...], S]] | None = None


@dataclass(frozen=True)
class Presentation(Generic[S, E]):
    """How a game is shown, and what of it each viewer may see.

    * ``view(state, viewer)``: a JSON-ready mapping with nothing that viewer may not see.
    * ``visibility(event)``: ``PUBLIC``, ``SERVER`` or ``seat_visibility(n)``.
    * ``phase(state)``: the phase in the game's own words ("draft", "actions" ...).
    * ``scores(state)``: each seat's running score, by category, with a total.
    * ``result(state)``: the final result once the game is over, else None.
    * ``describe(event)`` says an event in words; ``render(state, viewer)`` draws the
      position for a terminal.
    * ``content(pack)``: the JSON a client needs to draw a content pack (maps, tiles ...).
    * ``hidden``: what of the state is not public, declared once (``domain/core/secrecy.py``):
      each part the server's only (an undrawn order) or one seat's only (a hand). The
      conformance suite derives its hidden-information checks from it; undeclared parts
      are public.
    * ``secrets(state, viewer)`` may list values that must never reach that viewer, beyond
      what the conformance suite derives by itself from the events it may not see.
    * ``view_type`` (optional) is the view's shape, a ``TypedDict``: the OpenAPI document
      publishes it as this ruleset's view, and conformance checks every view against it.
      Without it, the document says only "an object".
    * ``legend`` (optional) explains the symbols ``render`` draws. ``render`` draws only
      the position; the platform prints the legend under it, once, labelled "legend:"
      (``cairn show``, ``cairn replay --step``).
    * ``reveals`` (optional) says whether a public fact shows something that was hidden (a
      card turned from a face-down pile): it closes the takeback window, as every fact
      some viewer may not see and every draw from the seed already does
      (docs/live-play.md). Without it, only those close it.
    * ``drawing`` (optional) names the browser drawing, ``"package.module:NAME"`` for a
      ``domain.core.drawing.board.Painter``: a module beside the rules that they never
      import; the viewer imports it when it first draws this ruleset. Without one, the
      viewer draws the view as text.
    """

    view: Callable[[S, Viewer], Mapping[str, JSONValue]]
    visibility: Callable[[E], str]
    phase: Callable[[S], str]
    scores: Callable[[S], tuple[Score, ...]]
    result: Callable[[S], Result | None]
    describe: Callable[[E], str]
    render: Callable[[S, Viewer], str]
    content: Callable[[Any], JSONValue]
    secrets: Callable[[S, Viewer], tuple[JSONValue, ...]] = no_secrets
    hidden: tuple[Hidden, ...] = ()
    view_type: type | None = None
    legend: str = ""
    reveals: Callable[[E], bool] | None = None
    drawing: str | None = None


@dataclass(frozen=True)
class Players(Generic[S, C]):
    """Who acts, what they may do, and the bots that can play a seat.

    * ``to_act(state)``: the seats that must act now (several in a simultaneous phase).
    * ``legal_commands(state, seat)``: what ``seat`` may do now, by the predicates
      ``decide`` uses; empty for a seat not in ``to_act``.
    * ``moves_this_round(state, seat)``: how many of its own facts the seat has caused this
      round (or turn); the platform refuses commands past the ``max_commands_per_round``
      option, so no client can bloat a game's log.
    * ``bots``: the ruleset's bots by name; the API and CLI accept exactly these.
    * ``companions`` (optional): for some bots, by the bot's name, what makes that bot's
      ``Companion`` for one rollout from its starting state, or None when it would not
      pay. Analysis rollouts make one per rollout and tell it every step
      (``domain/analysis/rollouts.py``); the bot plays exactly as it does without one, as
      it must wherever else it plays (the API's seats, simulations).
    """

    to_act: Callable[[S], frozenset[Seat]]
    legal_commands: Callable[[S, Seat], tuple[C, ...]]
    moves_this_round: Callable[[S, Seat], int]
    bots: Mapping[str, Bot]
    companions: Mapping[str, Callable[[S], Companion | None]] = field(default_factory=dict)


Dynamics = Literal["sequential", "simultaneous", "mixed"]
Information = Literal["perfect", "imperfect"]
Chance = Literal["none", "seeded"]


@dataclass(frozen=True)
class GameType:
    """What kind of game it is, in the spirit of OpenSpiel's GameType.

    * ``dynamics``: "sequential" (one seat acts at a time), "simultaneous" (several seats
      may act at once throughout) or "mixed" (both happen).
    * ``information``: "imperfect" if something is private to a seat (a part of
      ``Presentation.hidden`` one seat sees and others do not), "perfect" otherwise: an
      undrawn order hidden from every seat alike is chance, not private information. The
      conformance suite checks it against the declaration and against real play.
    * ``chance``: "seeded" if the rules draw from the game's seed (shuffles, dice), "none"
      if they never do; conformance checks it against the luck counter in real play.
    * ``min_seats`` to ``max_seats``: how many seats a game may have.
    * ``longest`` (OpenSpiel's max game length): the most decisions one line of play can
      take, the set-up and the seed's reveal included (takebacks, which undo and redo,
      aside), derived from the rules and content; where only ``max_commands_per_round``
      bounds a round, with that option's upper limit. None when nothing bounds it.
      Conformance checks every seeded game against it.

    Plain data: the API, ``cairn rulesets`` and the table in docs/ruleset-contract.md read
    it, and a test checks that table against it.
    """

    dynamics: Dynamics
    information: Information
    min_seats: int
    max_seats: int
    chance: Chance = "seeded"
    longest: int | None = None
