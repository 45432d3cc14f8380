"""A tiny two-to-four-seat counting game, for platform tests only. Not a product feature.

Setup shuffles a deck of cards 1..9 (server-only), or deals the order an explicit setup
gives as ``{"deck": [...]}`` (each of 1..9 once). Seats take turns; on its turn a seat
either adds 1 or 2 to the shared count (1, 2 or 3 from rules version 2 on), or draws the top
card into its hidden hand. The game ends when the count reaches the target; each seat scores
the sum of its hand.

It ships two rules versions that differ in one rule, and one event whose schema changed
(``counting.added``: ``amount`` became ``by`` in schema version 2, with an upcaster), so
the platform's versioning is tested on a game small enough to read
(tests/service/test_rules_versions.py, with a stored sample of the old schema).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal, TypedDict, assert_never

from domain.core import (
    PLATFORM_OPTIONS,
    PUBLIC,
    SEAT,
    SERVER,
    GameType,
    Hidden,
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
    seat_visibility,
    uniform_bot,
)


@dataclass(frozen=True)
class Add:
    NAME: ClassVar[str] = "add"
    seat: int
    amount: Literal[1, 2, 3]


@dataclass(frozen=True)
class Draw:
    NAME: ClassVar[str] = "draw"
    seat: int


@dataclass(frozen=True)
class DeckShuffled:
    NAME: ClassVar[str] = "counting.deck_shuffled"
    VERSION: ClassVar[int] = 1
    order: tuple[int, ...]
    counter: int


@dataclass(frozen=True)
class HandsDealtAgain:
    """A fork's fresh luck: every hand but the kept seat's, re-dealt (server-only)."""

    NAME: ClassVar[str] = "counting.hands_dealt_again"
    VERSION: ClassVar[int] = 1
    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Added:
    NAME: ClassVar[str] = "counting.added"
    VERSION: ClassVar[int] = 2
    seat: int
    by: int


def _added_from_v1(payload: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 called the amount ``amount``."""
    return {"seat": payload["seat"], "by": payload["amount"]}


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


@dataclass(frozen=True)
class CountingContent:
    """The counting game has no printed components; its one pack is this marker."""

    content_hash: str = "none"


PACK = CountingContent()

Command = Add | Draw
Event = DeckShuffled | Added | CardDrawn | CardTaken | HandsDealtAgain


@dataclass(frozen=True)
class State(Table):
    target: int = 0
    count: int = 0
    turn: int = 0
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    over: bool = False
    moves: int = 0


OPTIONS = (
    Option("target", 10, "the count that ends the game", (5, 10, 20)),
    *PLATFORM_OPTIONS,
)


def begin(state: State, setup: Mapping[str, Any] | None) -> tuple[Event, ...]:
    order = _explicit_deck(setup)
    if order is not None:
        return (DeckShuffled(order=order, counter=state.luck.counter),)
    order, luck = state.luck.shuffled(tuple(range(1, 10)))
    return (DeckShuffled(order=order, counter=luck.counter),)


def reshuffle(state: State, keep: int | None) -> tuple[Event, ...]:
    """The deck, and every hand but ``keep``'s, drawn again from the new seed."""
    others = [seat for seat in range(len(state.hands)) if seat != keep]
    pool, luck = state.luck.shuffled((*state.deck, *(c for s in others for c in state.hands[s])))
    hands = list(state.hands)
    for seat in others:
        size = len(state.hands[seat])
        hands[seat], pool = pool[:size], pool[size:]
    shuffled = DeckShuffled(order=pool, counter=luck.counter)
    if not any(state.hands[s] for s in others):
        return (shuffled,)  # nothing in any hand to deal again (a fork at the opening)
    return (shuffled, HandsDealtAgain(hands=tuple(hands)))


def forget(state: State, keep: int | None) -> State:
    """Everything hidden from ``keep`` (the deck, and every other seat's hand) in one
    canonical order: the pooled cards sorted, each other hand taking the lowest, in seat
    order, as many as it holds. A rollout's reshuffle then depends only on what ``keep``
    knows (analysis; docs/ruleset-contract.md)."""
    others = [seat for seat in range(len(state.hands)) if seat != keep]
    pool = sorted([*state.deck, *(card for seat in others for card in state.hands[seat])])
    hands = list(state.hands)
    for seat in others:
        hands[seat], pool = tuple(pool[: len(hands[seat])]), pool[len(hands[seat]) :]
    return replace(state, deck=tuple(pool), hands=tuple(hands))


def decide(state: State, command: Command) -> tuple[Event, ...]:
    match command:
        case Add(seat=seat, amount=amount):
            _require_turn(state, seat)
            allowed = amounts(state)
            if amount not in allowed:
                words = " or ".join(map(str, allowed))
                raise RuleViolation("illegal_action", f"you may add {words}")
            return (Added(seat=seat, by=amount),)
        case Draw(seat=seat):
            _require_turn(state, seat)
            if not state.deck:
                raise RuleViolation("illegal_action", "the deck is empty")
            return (CardTaken(seat=seat), CardDrawn(seat=seat, card=state.deck[0]))
        case _:
            assert_never(command)


def _explicit_deck(setup: Mapping[str, Any] | None) -> tuple[int, ...] | None:
    if not setup:
        return None
    deck = setup.get("deck")
    cards = deck if isinstance(deck, list) and all(type(c) is int for c in deck) else None
    if set(setup) != {"deck"} or cards is None or sorted(cards) != list(range(1, 10)):
        raise RuleViolation("invalid_setup", "an explicit setup is a deck of the cards 1 to 9")
    return tuple(cards)


def amounts(state: State) -> tuple[int, ...]:
    """The one rule the two versions disagree on: rules version 2 also allows 3."""
    return (1, 2) if state.rules_version == "1" else (1, 2, 3)


def _require_turn(state: State, seat: int) -> None:
    if seat != state.turn:
        raise RuleViolation("not_your_turn", f"it is seat {state.turn}'s turn")


def evolve(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(order=order, counter=counter):
            target = state.target or state.options["target"]
            return replace(
                state,
                deck=order,
                target=target,
                hands=state.hands or ((),) * state.seats,
                luck=Luck(state.luck.seed, counter),
            )
        case Added(by=by):
            count = state.count + by
            return replace(
                state,
                count=count,
                over=count >= state.target,
                turn=(state.turn + 1) % state.seats,
                moves=state.moves + 1,
            )
        case HandsDealtAgain(hands=hands):
            return replace(state, hands=hands)
        case CardTaken():
            return state
        case CardDrawn(seat=seat, card=card):
            hands = tuple((*h, card) if i == seat else h for i, h in enumerate(state.hands))
            return replace(
                state,
                deck=state.deck[1:],
                hands=hands,
                turn=(state.turn + 1) % state.seats,
                moves=state.moves + 1,
            )
        case _:
            assert_never(event)


def legal_commands(state: State, seat: int) -> tuple[Command, ...]:
    if state.over or seat != state.turn:
        return ()
    draw: tuple[Command, ...] = (Draw(seat=seat),) if state.deck else ()
    return (*(Add(seat=seat, amount=n) for n in amounts(state)), *draw)


class CountingView(TypedDict):
    count: int
    target: int
    turn: int
    deck_size: int
    hand_sizes: list[int]
    hand: list[int] | None


def view(state: State, viewer: int | None) -> CountingView:
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
        case DeckShuffled() | HandsDealtAgain():
            return SERVER
        case CardDrawn(seat=seat):
            return seat_visibility(seat)
        case _:
            return PUBLIC


def scores(state: State) -> tuple[Score, ...]:
    """Everyone sees the running scores, so a hand counts only once the game is over."""
    return tuple(Score.of({"hand": sum(h) if state.over else 0}) for h in state.hands)


def result(state: State) -> Result | None:
    if not state.over:
        return None
    totals = tuple(s.total for s in scores(state))
    return Result(
        scores=totals, ranks=ranks_for(totals), breakdown=tuple(s.breakdown for s in scores(state))
    )


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.over or not state.is_set_up else frozenset({state.turn})


RULES: Rules[State, Command, Event] = Rules(
    initial_state=State(),
    command_types=(Add, Draw),
    event_types=(DeckShuffled, Added, CardDrawn, CardTaken, HandsDealtAgain),
    begin=begin,
    decide=decide,
    evolve=evolve,
    reshuffle=reshuffle,
    is_terminal=lambda s: s.over,
    forget=forget,
)

COUNTING: Ruleset[State, Command, Event] = Ruleset(
    id="counting",
    title="Counting (test only)",
    rules_version="1",
    game_type=GameType(dynamics="sequential", information="imperfect", min_seats=2, max_seats=4),
    options=OPTIONS,
    packs=(PACK,),
    rules=RULES,
    presentation=Presentation(
        view=view,
        visibility=visibility,
        phase=lambda s: "over" if s.over else "counting",
        scores=scores,
        result=result,
        describe=lambda e: f"{type(e).NAME}",
        render=lambda s, v: f"count {s.count}/{s.target}",
        content=lambda pack: {"content_hash": pack.content_hash},
        view_type=CountingView,
        hidden=(Hidden(("deck",), pool="cards"), Hidden(("hands", SEAT), pool="cards")),
    ),
    players=Players(
        to_act=to_act,
        legal_commands=legal_commands,
        moves_this_round=lambda s, seat: 0,
        bots={"random": uniform_bot(legal_commands), "greedy": uniform_bot(legal_commands)},
    ),
    upcasters={("counting.added", 1): _added_from_v1},
)

COUNTING_V2: Ruleset[State, Command, Event] = replace(COUNTING, rules_version="2")


def install() -> None:
    registry.register(COUNTING)
    registry.register(COUNTING_V2)


def _tripping_decide(state: State, command: Command) -> tuple[Event, ...]:
    if isinstance(command, Draw):
        raise KeyError("a bug in the ruleset, with a secret in its message: " + state.luck.seed)
    return decide(state, command)


BUGGY: Ruleset[State, Command, Event] = replace(
    COUNTING, id="buggy", rules=replace(RULES, decide=_tripping_decide)
)
"""Never shipped: a ruleset whose ``draw`` trips over a bug. Only a RuleViolation is a 422;
this must be a 500 that appends nothing and says nothing of the bug."""


@contextmanager
def buggy_installed() -> Iterator[None]:
    """``BUGGY`` registered for the block only: suites that list every registered ruleset
    must not meet it."""
    registry.register(BUGGY)
    try:
        yield
    finally:
        registry._RULESETS.pop(BUGGY.id, None)
