"""A bench-only ruleset whose games last as long as asked: for cost-against-length runs.

Seats take turns stepping forward 1 to 3 squares on a ring of 16; every tenth step a die
is rolled (a stored draw, like a real game's) and added to the roller's score. The game
ends after ``length`` steps. State stays a fixed size however long the game runs, so the
benchmark measures the platform's cost of a long history, not a growing state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from domain.core import (
    PUBLIC,
    SERVER,
    GameCreated,
    Luck,
    Option,
    Reseed,
    Reseeded,
    Result,
    Ruleset,
    RuleViolation,
    SeedRevealed,
    SeedSealed,
    SetUp,
    ranks_for,
    registry,
    resolve_options,
    uniform_bot,
)
from domain.core.lifecycle import created, reseeded, revealed

RING = 16
ROLL_EVERY = 10


@dataclass(frozen=True)
class Step:
    NAME: ClassVar[str] = "step"
    seat: int
    squares: int


@dataclass(frozen=True)
class Stepped:
    NAME: ClassVar[str] = "marathon.stepped"
    VERSION: ClassVar[int] = 1
    seat: int
    squares: int
    square: int


@dataclass(frozen=True)
class DieRolled:
    NAME: ClassVar[str] = "marathon.die_rolled"
    VERSION: ClassVar[int] = 1
    seat: int
    value: int
    draws: int


Command = SetUp | Reseed | Step
Event = GameCreated | SeedSealed | Reseeded | SeedRevealed | Stepped | DieRolled


@dataclass(frozen=True)
class State:
    seats: int = 0
    length: int = 0
    steps: int = 0
    turn: int = 0
    positions: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    visits: tuple[int, ...] = (0,) * RING
    luck: Luck = field(default_factory=Luck)
    over: bool = False
    started: bool = False


OPTIONS = (Option("length", 5000, "how many steps the game lasts"),)


def decide(state: State, command: Command) -> tuple[Event, ...]:
    match command:
        case SetUp():
            if state.started:
                raise RuleViolation("wrong_phase", "the game is already set up")
            if not 1 <= command.seats <= 4:
                raise RuleViolation("invalid_command", "marathon takes 1 to 4 seats")
            options = resolve_options(OPTIONS, command.options)
            return created(
                command, ruleset="marathon", rules_version="1", content_hash="none", options=options
            )
        case Reseed():
            return reseeded(command)
        case Step(seat=seat, squares=squares):
            if state.over:
                raise RuleViolation("game_over", "the game is over")
            if seat != state.turn:
                raise RuleViolation("not_your_turn", f"it is seat {state.turn}'s turn")
            if squares not in (1, 2, 3):
                raise RuleViolation("illegal_action", "you may step 1, 2 or 3 squares")
            square = (state.positions[seat] + squares) % RING
            events: tuple[Event, ...] = (Stepped(seat=seat, squares=squares, square=square),)
            if (state.steps + 1) % ROLL_EVERY == 0:
                value, luck = state.luck.draw_below(6)
                events += (DieRolled(seat=seat, value=value + 1, draws=luck.counter),)
            if state.steps + 1 >= state.length:
                events += (revealed(state.luck),)
            return events
        case _:
            raise RuleViolation("invalid_command", "unknown command")


def evolve(state: State, event: Event) -> State:
    match event:
        case GameCreated(seats=seats, options=options):
            return replace(
                state,
                seats=seats,
                length=options["length"],
                started=True,
                positions=(0,) * seats,
                scores=(0,) * seats,
            )
        case SeedSealed(seed=seed):
            return replace(state, luck=Luck(seed))
        case Reseeded() | SeedRevealed():
            return state
        case Stepped(seat=seat, square=square):
            steps = state.steps + 1
            return replace(
                state,
                steps=steps,
                turn=(seat + 1) % state.seats,
                positions=_set(state.positions, seat, square),
                visits=_set(state.visits, square, state.visits[square] + 1),
                over=steps >= state.length,
            )
        case DieRolled(seat=seat, value=value, draws=draws):
            return replace(
                state,
                scores=_set(state.scores, seat, state.scores[seat] + value),
                luck=Luck(state.luck.seed, draws),
            )
    raise ValueError(f"unknown event {event!r}")


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def legal_commands(state: State, seat: int) -> tuple[Command, ...]:
    if state.over or seat != state.turn:
        return ()
    return tuple(Step(seat=seat, squares=n) for n in (1, 2, 3))


def view(state: State, viewer: int | None) -> Mapping[str, Any]:
    return {
        "steps": state.steps,
        "length": state.length,
        "turn": state.turn,
        "positions": list(state.positions),
        "scores": list(state.scores),
    }


def result(state: State) -> Result | None:
    if not state.over:
        return None
    return Result(
        scores=state.scores,
        ranks=ranks_for(state.scores),
        breakdown=tuple({"dice": s} for s in state.scores),
    )


MARATHON: Ruleset[State, Command, Event] = Ruleset(
    id="marathon",
    title="Marathon (bench only)",
    rules_version="1",
    content_hash="none",
    min_seats=1,
    max_seats=4,
    options=OPTIONS,
    command_types=(Step,),
    event_types=(GameCreated, SeedSealed, Reseeded, SeedRevealed, Stepped, DieRolled),
    initial_state=State(),
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    view=view,
    to_act=lambda s: frozenset() if s.over or not s.started else frozenset({s.turn}),
    is_terminal=lambda s: s.over,
    result=result,
    visibility=lambda e: SERVER if isinstance(e, SeedSealed) else PUBLIC,
    secrets=lambda s, v: (s.luck.seed,),
    describe=lambda e: type(e).NAME,
    render=lambda s, v: f"step {s.steps}/{s.length}",
    bots={"random": uniform_bot(legal_commands), "greedy": uniform_bot(legal_commands)},
)


def install() -> None:
    """Register the marathon ruleset unless it already is (idempotent)."""
    if "marathon" not in {r.id for r in registry.all_rulesets()}:
        registry.register(MARATHON)
