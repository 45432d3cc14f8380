"""A tiny simultaneous-phase ruleset, for platform tests only. Not a product feature.

Every round, each seat seals a word; nobody sees another seat's word until all have sealed
(every seat is "to act" at once). Once the last seat has sealed, the system resolves the
round publicly and the seats whose word sorts highest score a point. The game ends after
the chosen rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypedDict, assert_never

from domain.core import (
    PUBLIC,
    SEAT,
    GameType,
    Hidden,
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
    seat_visibility,
    uniform_bot,
)


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


@dataclass(frozen=True)
class Resolve:
    """The system reveals the round once every seat has sealed."""

    NAME: ClassVar[str] = "resolve"


@dataclass(frozen=True)
class NoContent:
    content_hash: str = "none"


Command = Seal | Resolve
Event = WordSealed | SeatSealed | RoundResolved


@dataclass(frozen=True)
class State(Table):
    round: int = 0
    sealed: tuple[str | None, ...] = ()
    history: tuple[tuple[str, ...], ...] = ()
    scores: tuple[int, ...] = ()
    moves: int = 0

    @property
    def rounds(self) -> int:
        return int(self.options.get("rounds", 0))

    @property
    def over(self) -> bool:
        return self.is_set_up and self.round >= self.rounds


OPTIONS = (Option("rounds", 2, "how many rounds are played", (1, 2, 3)),)


def begin(state: State, setup: Mapping[str, Any] | None) -> tuple[Event, ...]:
    if setup is not None:
        raise RuleViolation("invalid_setup", "sealed takes no explicit setup")
    return ()


def decide(state: State, command: Command) -> tuple[Event, ...]:
    match command:
        case Seal(seat=seat, word=word):
            return _seal(state, seat, word)
        case Resolve():
            if system_command(state) is None:
                raise RuleViolation("wrong_phase", "a seat has not sealed its word yet")
            final = tuple(w or "" for w in _sealed(state))
            best = max(final)
            winners = tuple(i for i, w in enumerate(final) if w == best)
            return (RoundResolved(words=final, winners=winners),)
        case _:
            assert_never(command)


def _sealed(state: State) -> tuple[str | None, ...]:
    return state.sealed or (None,) * state.seats


def _seal(state: State, seat: int, word: str) -> tuple[Event, ...]:
    if not 0 <= seat < state.seats or _sealed(state)[seat] is not None:
        raise RuleViolation("not_your_turn", "you have already sealed a word this round")
    if not 1 <= len(word) <= 32:
        raise RuleViolation("illegal_action", "a word has 1 to 32 characters")
    return (SeatSealed(seat=seat), WordSealed(seat=seat, word=word))


def system_command(state: State) -> Resolve | None:
    if state.over or any(w is None for w in _sealed(state)):
        return None
    return Resolve()


def evolve(state: State, event: Event) -> State:
    match event:
        case SeatSealed():
            return state
        case WordSealed(seat=seat, word=word):
            sealed = tuple(word if i == seat else w for i, w in enumerate(_sealed(state)))
            return replace(state, sealed=sealed, moves=state.moves + 1)
        case RoundResolved(words=words, winners=winners):
            scores = tuple(s + (i in winners) for i, s in enumerate(_scores(state)))
            return replace(
                state,
                round=state.round + 1,
                sealed=(None,) * state.seats,
                history=(*state.history, words),
                scores=scores,
            )
        case _:
            assert_never(event)


def _scores(state: State) -> tuple[int, ...]:
    return state.scores or (0,) * state.seats


def to_act(state: State) -> frozenset[int]:
    if not state.is_set_up or state.over:
        return frozenset()
    return frozenset(i for i, w in enumerate(_sealed(state)) if w is None)


def legal_commands(state: State, seat: int) -> tuple[Command, ...]:
    if seat not in to_act(state):
        return ()
    return tuple(Seal(seat=seat, word=f"s{seat}r{state.round}w{i}") for i in range(3))


class SealedView(TypedDict):
    phase: str
    round: int
    rounds: int
    has_sealed: list[bool]
    my_word: str | None
    history: list[list[str]]
    scores: list[int]


def view(state: State, viewer: int | None) -> SealedView:
    sealed = _sealed(state)
    mine = sealed[viewer] if viewer is not None and state.is_set_up else None
    return {
        "phase": "over" if state.over else "sealing",
        "round": state.round,
        "rounds": state.rounds,
        "has_sealed": [w is not None for w in sealed],
        "my_word": mine,
        "history": [list(words) for words in state.history],
        "scores": list(_scores(state)),
    }


def visibility(event: Event) -> str:
    match event:
        case WordSealed(seat=seat):
            return seat_visibility(seat)
        case _:
            return PUBLIC


def secrets(state: State, viewer: int | None) -> tuple[Any, ...]:
    others = tuple(w for i, w in enumerate(_sealed(state)) if w is not None and i != viewer)
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
    game_type=GameType(
        dynamics="simultaneous", information="imperfect", min_seats=2, max_seats=8, chance="none"
    ),
    options=OPTIONS,
    packs=(NoContent(),),
    rules=Rules(
        initial_state=State(),
        command_types=(Seal,),
        event_types=(WordSealed, SeatSealed, RoundResolved),
        begin=begin,
        decide=decide,
        evolve=evolve,
        reshuffle=lambda state, keep: (),
        is_terminal=lambda s: s.over,
        system_command=system_command,
        system_command_types=(Resolve,),
    ),
    presentation=Presentation(
        view=view,
        visibility=visibility,
        phase=lambda s: "over" if s.over else "sealing",
        scores=lambda s: tuple(Score.of({"rounds_won": n}) for n in _scores(s)),
        result=result,
        describe=lambda e: f"{type(e).NAME}",
        render=lambda s, v: f"round {s.round}/{s.rounds}",
        content=lambda pack: {},
        secrets=secrets,
        hidden=(Hidden(("sealed", SEAT)),),
        view_type=SealedView,
    ),
    players=Players(
        to_act=to_act,
        legal_commands=legal_commands,
        moves_this_round=lambda s, seat: 0,
        bots={"random": uniform_bot(legal_commands), "greedy": uniform_bot(legal_commands)},
    ),
)


def install() -> None:
    if "sealed" not in {r.id for r in registry.all_rulesets()}:
        registry.register(SEALED)


@dataclass(frozen=True)
class BonusDrawn:
    """Only in ``STEERABLE``: a draw from the one shared stream as each seat seals."""

    NAME: ClassVar[str] = "sealed.bonus_drawn"
    VERSION: ClassVar[int] = 1
    seat: int
    bonus: int
    counter: int


def _steerable_decide(state: State, command: Command) -> tuple[Any, ...]:
    events = decide(state, command)
    if isinstance(command, Seal):
        bonus, luck = state.luck.draw_below(100)
        return (*events, BonusDrawn(seat=command.seat, bonus=bonus, counter=luck.counter))
    return events


def _steerable_evolve(state: State, event: Any) -> State:
    if isinstance(event, BonusDrawn):
        return replace(state, luck=replace(state.luck, counter=event.counter))
    return evolve(state, event)


STEERABLE: Ruleset[State, Any, Any] = replace(
    SEALED,
    id="sealed-steerable",
    rules=replace(
        SEALED.rules,
        decide=_steerable_decide,
        evolve=_steerable_evolve,
        event_types=(*SEALED.rules.event_types, BonusDrawn),
    ),
)
"""A broken variant, never registered: whoever seals first gets the first draw, so a seat
could steer another's luck by timing its command. The conformance suite must catch it."""
