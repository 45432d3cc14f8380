"""A tiny simultaneous-phase ruleset, for platform tests only. Not a product feature.

Every round, each seat seals a word; nobody sees another seat's word until all have sealed
(every seat is "to act" at once). When the last seat seals, the round resolves publicly and
the seats whose word sorts highest score a point. The game ends after the chosen rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from domain.core import (
    PUBLIC,
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
    seat_visibility,
    uniform_bot,
)
from domain.core.lifecycle import created, reseeded, revealed
from domain.core.ruleset import SERVER


@dataclass(frozen=True)
class Seal:
    """Seal a word for this round (1 to 32 characters)."""

    NAME: ClassVar[str] = "seal"
    seat: int
    word: str


@dataclass(frozen=True)
class WordSealed:
    NAME: ClassVar[str] = "sealed.word_sealed"
    VERSION: ClassVar[int] = 1
    seat: int
    word: str


@dataclass(frozen=True)
class SeatSealed:
    """The public half: everyone sees that a seat sealed, not what."""

    NAME: ClassVar[str] = "sealed.seat_sealed"
    VERSION: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True)
class RoundResolved:
    NAME: ClassVar[str] = "sealed.round_resolved"
    VERSION: ClassVar[int] = 1
    words: tuple[str, ...]
    winners: tuple[int, ...]


Command = SetUp | Reseed | Seal
Event = GameCreated | SeedSealed | Reseeded | SeedRevealed | WordSealed | SeatSealed | RoundResolved


@dataclass(frozen=True)
class State:
    seats: int = 0
    rounds: int = 0
    round: int = 0
    sealed: tuple[str | None, ...] = ()
    history: tuple[tuple[str, ...], ...] = ()
    scores: tuple[int, ...] = ()
    luck: Luck = field(default_factory=Luck)
    started: bool = False

    @property
    def over(self) -> bool:
        return self.started and self.round >= self.rounds


OPTIONS = (Option("rounds", 2, "how many rounds are played", (1, 2, 3)),)


def decide(state: State, command: Command) -> tuple[Event, ...]:
    match command:
        case SetUp():
            if state.started:
                raise RuleViolation("wrong_phase", "the game is already set up")
            if not 2 <= command.seats <= 8:
                raise RuleViolation("invalid_command", "sealed needs 2 to 8 seats")
            options = resolve_options(OPTIONS, command.options)
            return created(
                command, ruleset="sealed", rules_version="1", content_hash="none", options=options
            )
        case Reseed():
            return reseeded(command)
        case Seal(seat=seat, word=word):
            return _seal(state, seat, word)
        case _:
            raise RuleViolation("invalid_command", "unknown command")


def _seal(state: State, seat: int, word: str) -> tuple[Event, ...]:
    if state.over:
        raise RuleViolation("game_over", "the game is over")
    if not 0 <= seat < state.seats or state.sealed[seat] is not None:
        raise RuleViolation("not_your_turn", "you have already sealed a word this round")
    if not 1 <= len(word) <= 32:
        raise RuleViolation("illegal_action", "a word has 1 to 32 characters")
    events: tuple[Event, ...] = (SeatSealed(seat=seat), WordSealed(seat=seat, word=word))
    words = tuple(word if i == seat else w for i, w in enumerate(state.sealed))
    if all(w is not None for w in words):
        final = tuple(w or "" for w in words)
        best = max(final)
        winners = tuple(i for i, w in enumerate(final) if w == best)
        events += (RoundResolved(words=final, winners=winners),)
        if state.round + 1 >= state.rounds:
            events += (revealed(state.luck),)
    return events


def evolve(state: State, event: Event) -> State:
    match event:
        case GameCreated(seats=seats, options=options):
            return replace(
                state,
                seats=seats,
                rounds=options["rounds"],
                sealed=(None,) * seats,
                scores=(0,) * seats,
                started=True,
            )
        case SeedSealed(seed=seed):
            return replace(state, luck=Luck(seed))
        case Reseeded() | SeedRevealed() | SeatSealed():
            return state
        case WordSealed(seat=seat, word=word):
            sealed = tuple(word if i == seat else w for i, w in enumerate(state.sealed))
            return replace(state, sealed=sealed)
        case RoundResolved(words=words, winners=winners):
            scores = tuple(s + (i in winners) for i, s in enumerate(state.scores))
            return replace(
                state,
                round=state.round + 1,
                sealed=(None,) * state.seats,
                history=(*state.history, words),
                scores=scores,
            )
    raise ValueError(f"unknown event {event!r}")


def to_act(state: State) -> frozenset[int]:
    if not state.started or state.over:
        return frozenset()
    return frozenset(i for i, w in enumerate(state.sealed) if w is None)


def legal_commands(state: State, seat: int) -> tuple[Command, ...]:
    if seat not in to_act(state):
        return ()
    return tuple(Seal(seat=seat, word=f"s{seat}r{state.round}w{i}") for i in range(3))


def view(state: State, viewer: int | None) -> Mapping[str, Any]:
    mine = state.sealed[viewer] if viewer is not None and state.started else None
    return {
        "phase": "over" if state.over else "sealing",
        "round": state.round,
        "rounds": state.rounds,
        "has_sealed": [w is not None for w in state.sealed],
        "my_word": mine,
        "history": [list(words) for words in state.history],
        "scores": list(state.scores),
    }


def visibility(event: Event) -> str:
    match event:
        case SeedSealed():
            return SERVER
        case WordSealed(seat=seat):
            return seat_visibility(seat)
        case _:
            return PUBLIC


def secrets(state: State, viewer: int | None) -> tuple[Any, ...]:
    others = tuple(w for i, w in enumerate(state.sealed) if w is not None and i != viewer)
    return (state.luck.seed, *others)


def result(state: State) -> Result | None:
    if not state.over:
        return None
    return Result(
        scores=state.scores,
        ranks=ranks_for(state.scores),
        breakdown=tuple({"rounds_won": s} for s in state.scores),
    )


SEALED: Ruleset[State, Command, Event] = Ruleset(
    id="sealed",
    title="Sealed words (test only)",
    rules_version="1",
    content_hash="none",
    min_seats=2,
    max_seats=8,
    options=OPTIONS,
    command_types=(Seal,),
    event_types=(
        GameCreated,
        SeedSealed,
        Reseeded,
        SeedRevealed,
        WordSealed,
        SeatSealed,
        RoundResolved,
    ),
    initial_state=State(),
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    view=view,
    to_act=to_act,
    is_terminal=lambda s: s.over,
    result=result,
    visibility=visibility,
    secrets=secrets,
    describe=lambda e: f"{type(e).NAME}",
    render=lambda s, v: f"round {s.round}/{s.rounds}",
    bots={"random": uniform_bot(legal_commands), "greedy": uniform_bot(legal_commands)},
)


def install() -> None:
    if "sealed" not in {r.id for r in registry.all_rulesets()}:
        registry.register(SEALED)
