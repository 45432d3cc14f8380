"""A tiny two-to-four-seat counting game, for platform tests only. Not a product feature.

Setup shuffles a deck of cards 1..9 (server-only), or deals the order an explicit setup
gives as ``{"deck": [...]}`` (each of 1..9 once). Seats take turns; on its turn a seat
either adds 1 or 2 to the shared count, or draws the top card into its hidden hand. The game
ends when the count reaches the target; each seat scores the sum of its hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

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
    seat_visibility,
    uniform_bot,
)
from domain.core.lifecycle import created, reseeded, revealed


@dataclass(frozen=True)
class Add:
    NAME: ClassVar[str] = "add"
    seat: int
    amount: Literal[1, 2]


@dataclass(frozen=True)
class Draw:
    NAME: ClassVar[str] = "draw"
    seat: int


@dataclass(frozen=True)
class DeckShuffled:
    NAME: ClassVar[str] = "counting.deck_shuffled"
    VERSION: ClassVar[int] = 1
    order: tuple[int, ...]


@dataclass(frozen=True)
class Added:
    NAME: ClassVar[str] = "counting.added"
    VERSION: ClassVar[int] = 1
    seat: int
    amount: int


@dataclass(frozen=True)
class CardDrawn:
    NAME: ClassVar[str] = "counting.card_drawn"
    VERSION: ClassVar[int] = 1
    seat: int
    card: int


@dataclass(frozen=True)
class CardTaken:
    """The public half of a draw: everyone sees that a seat drew, not what."""

    NAME: ClassVar[str] = "counting.card_taken"
    VERSION: ClassVar[int] = 1
    seat: int


Command = SetUp | Reseed | Add | Draw
Event = (
    GameCreated
    | SeedSealed
    | Reseeded
    | SeedRevealed
    | DeckShuffled
    | Added
    | CardDrawn
    | CardTaken
)


@dataclass(frozen=True)
class State:
    seats: int = 0
    target: int = 0
    count: int = 0
    turn: int = 0
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    luck: Luck = field(default_factory=Luck)
    over: bool = False
    started: bool = False


OPTIONS = (Option("target", 10, "the count that ends the game", (5, 10, 20)),)


def decide(state: State, command: Command) -> tuple[Event, ...]:
    match command:
        case SetUp():
            if state.started:
                raise RuleViolation("wrong_phase", "the game is already set up")
            if not 2 <= command.seats <= 4:
                raise RuleViolation("invalid_command", "counting needs 2 to 4 seats")
            options = resolve_options(OPTIONS, command.options)
            opening = created(
                command, ruleset="counting", rules_version="1", content_hash="none", options=options
            )
            order = _explicit_deck(command.setup)
            if order is None:
                order, _ = Luck(command.seed).shuffled(tuple(range(1, 10)))
            return (*opening, DeckShuffled(order=order))
        case Reseed():
            opening = reseeded(command)
            order, _ = Luck(command.seed).shuffled(state.deck)
            return (*opening, DeckShuffled(order=order))
        case Add(seat=seat, amount=amount):
            _require_turn(state, seat)
            if amount not in (1, 2):
                raise RuleViolation("illegal_action", "you may add 1 or 2")
            events: tuple[Event, ...] = (Added(seat=seat, amount=amount),)
            if state.count + amount >= state.target:
                events += (revealed(state.luck),)
            return events
        case Draw(seat=seat):
            _require_turn(state, seat)
            if not state.deck:
                raise RuleViolation("illegal_action", "the deck is empty")
            return (CardTaken(seat=seat), CardDrawn(seat=seat, card=state.deck[0]))
        case _:
            raise RuleViolation("invalid_command", "unknown command")


def _explicit_deck(setup: Mapping[str, Any] | None) -> tuple[int, ...] | None:
    if not setup:
        return None
    deck = setup.get("deck")
    cards = deck if isinstance(deck, list) and all(type(c) is int for c in deck) else None
    if set(setup) != {"deck"} or cards is None or sorted(cards) != list(range(1, 10)):
        raise RuleViolation("invalid_command", "an explicit setup is a deck of the cards 1 to 9")
    return tuple(cards)


def _require_turn(state: State, seat: int) -> None:
    if state.over:
        raise RuleViolation("game_over", "the game is over")
    if seat != state.turn:
        raise RuleViolation("not_your_turn", f"it is seat {state.turn}'s turn")


def evolve(state: State, event: Event) -> State:
    match event:
        case GameCreated(seats=seats, options=options):
            return replace(
                state, seats=seats, target=options["target"], started=True, hands=((),) * seats
            )
        case SeedSealed(seed=seed):
            return replace(state, luck=Luck(seed))
        case Reseeded() | SeedRevealed():
            return state
        case DeckShuffled(order=order):
            return replace(state, deck=order)
        case Added(amount=amount):
            count = state.count + amount
            return replace(
                state, count=count, over=count >= state.target, turn=(state.turn + 1) % state.seats
            )
        case CardTaken():
            return state
        case CardDrawn(seat=seat, card=card):
            hands = tuple((*h, card) if i == seat else h for i, h in enumerate(state.hands))
            return replace(
                state, deck=state.deck[1:], hands=hands, turn=(state.turn + 1) % state.seats
            )
    raise ValueError(f"unknown event {event!r}")


def legal_commands(state: State, seat: int) -> tuple[Command, ...]:
    if state.over or seat != state.turn:
        return ()
    draw: tuple[Command, ...] = (Draw(seat=seat),) if state.deck else ()
    return (Add(seat=seat, amount=1), Add(seat=seat, amount=2), *draw)


def view(state: State, viewer: int | None) -> Mapping[str, Any]:
    return {
        "count": state.count,
        "target": state.target,
        "turn": state.turn,
        "deck_size": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "hand": list(state.hands[viewer]) if viewer is not None else None,
    }


def visibility(event: Event) -> str:
    match event:
        case SeedSealed() | DeckShuffled():
            return SERVER
        case CardDrawn(seat=seat):
            return seat_visibility(seat)
        case _:
            return PUBLIC


def secrets(state: State, viewer: int | None) -> tuple[Any, ...]:
    hidden: list[Any] = [state.luck.seed]
    if len(state.deck) > 1:
        hidden.append(list(state.deck))
    return tuple(hidden)


def result(state: State) -> Result | None:
    if not state.over:
        return None
    scores = tuple(sum(h) for h in state.hands)
    return Result(
        scores=scores, ranks=ranks_for(scores), breakdown=tuple({"hand": s} for s in scores)
    )


COUNTING: Ruleset[State, Command, Event] = Ruleset(
    id="counting",
    title="Counting (test only)",
    rules_version="1",
    content_hash="none",
    min_seats=2,
    max_seats=4,
    options=OPTIONS,
    command_types=(Add, Draw),
    event_types=(
        GameCreated,
        SeedSealed,
        Reseeded,
        SeedRevealed,
        DeckShuffled,
        Added,
        CardDrawn,
        CardTaken,
    ),
    initial_state=State(),
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    view=view,
    to_act=lambda s: frozenset() if s.over or not s.started else frozenset({s.turn}),
    is_terminal=lambda s: s.over,
    result=result,
    visibility=visibility,
    secrets=secrets,
    describe=lambda e: f"{type(e).NAME}",
    render=lambda s, v: f"count {s.count}/{s.target}",
    bots={"random": uniform_bot(legal_commands), "greedy": uniform_bot(legal_commands)},
)


def install() -> None:
    registry.register(COUNTING)
