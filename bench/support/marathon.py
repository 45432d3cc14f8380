"""A bench-only ruleset whose games last as long as asked: for cost-against-length runs.

Seats take turns stepping forward 1 to 3 squares on a ring of 16; every tenth step a die
is rolled (a stored draw, like a real game's) and added to the roller's score. The game
ends after ``length`` steps. State stays a fixed size however long the game runs, so the
benchmark measures the platform's cost of a long history, not a growing state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, assert_never

from domain.core import (
    PUBLIC,
    GameType,
    Luck,
    Option,
    Players,
    Presentation,
    Result,
    Rules,
    Ruleset,
    RuleViolation,
    Score,
    Table,
    ranks_for,
    registry,
    uniform_bot,
)

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


@dataclass(frozen=True)
class NoContent:
    content_hash: str = "none"


Command = Step
Event = Stepped | DieRolled


@dataclass(frozen=True)
class State(Table):
    length: int = 0
    steps: int = 0
    turn: int = 0
    positions: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    visits: tuple[int, ...] = (0,) * RING
    over: bool = False


OPTIONS = (Option("length", 5000, "how many steps the game lasts"),)


def begin(state: State, setup: Mapping[str, Any] | None) -> tuple[Event, ...]:
    if setup is not None:
        raise RuleViolation("invalid_setup", "marathon takes no explicit setup")
    return ()


def decide(state: State, command: Command) -> tuple[Event, ...]:
    match command:
        case Step(seat=seat, squares=squares):
            if seat != state.turn:
                raise RuleViolation("not_your_turn", f"it is seat {state.turn}'s turn")
            if squares not in (1, 2, 3):
                raise RuleViolation("illegal_action", "you may step 1, 2 or 3 squares")
            square = (_positions(state)[seat] + squares) % RING
            events: tuple[Event, ...] = (Stepped(seat=seat, squares=squares, square=square),)
            if (state.steps + 1) % ROLL_EVERY == 0:
                value, luck = state.luck.draw_below(6)
                events += (DieRolled(seat=seat, value=value + 1, draws=luck.counter),)
            return events
        case _:
            assert_never(command)


def _positions(state: State) -> tuple[int, ...]:
    return state.positions or (0,) * state.seats


def evolve(state: State, event: Event) -> State:
    match event:
        case Stepped(seat=seat, square=square):
            steps = state.steps + 1
            length = state.length or int(state.options["length"])
            return replace(
                state,
                length=length,
                steps=steps,
                turn=(seat + 1) % state.seats,
                positions=_set(_positions(state), seat, square),
                scores=state.scores or (0,) * state.seats,
                visits=_set(state.visits, square, state.visits[square] + 1),
                over=steps >= length,
            )
        case DieRolled(seat=seat, value=value, draws=draws):
            return replace(
                state,
                scores=_set(state.scores, seat, state.scores[seat] + value),
                luck=Luck(state.luck.seed, draws),
            )
        case _:
            assert_never(event)


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
        "positions": list(_positions(state)),
        "scores": list(state.scores),
    }


def scores(state: State) -> tuple[Score, ...]:
    return tuple(Score.of({"dice": s}) for s in state.scores or (0,) * state.seats)


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
    game_type=GameType(dynamics="sequential", information="perfect", min_seats=1, max_seats=4),
    options=OPTIONS,
    packs=(NoContent(),),
    rules=Rules(
        initial_state=State(),
        command_types=(Step,),
        event_types=(Stepped, DieRolled),
        begin=begin,
        decide=decide,
        evolve=evolve,
        reshuffle=lambda state, keep: (),
        is_terminal=lambda s: s.over,
    ),
    presentation=Presentation(
        view=view,
        visibility=lambda e: PUBLIC,
        phase=lambda s: "over" if s.over else "stepping",
        scores=scores,
        result=result,
        describe=lambda e: type(e).NAME,
        render=lambda s, v: f"step {s.steps}/{s.length}",
        content=lambda pack: {},
    ),
    players=Players(
        to_act=lambda s: frozenset() if s.over or not s.is_set_up else frozenset({s.turn}),
        legal_commands=legal_commands,
        moves_this_round=lambda s, seat: 0,
        bots={"random": uniform_bot(legal_commands), "greedy": uniform_bot(legal_commands)},
    ),
)


def install() -> None:
    """Register the marathon ruleset unless it already is (idempotent)."""
    if "marathon" not in {r.id for r in registry.all_rulesets()}:
        registry.register(MARATHON)
