"""Lanterns, a small card game for platform tests only (docs/ruleset-contract.md walks
through it). Not a product feature.

A deck of the cards 1 to 20 is shuffled (the server's only) and each of 2 to 4 seats is
dealt three cards (each seat sees its own hand only). Seats take turns; on its turn a seat
either lights a lantern, playing a card from its hand face up, or draws the top card (when
it holds fewer than five). The game ends once every seat has lit three lanterns; a seat
scores the sum of the cards it lit, so the running score counts only what is face up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypedDict, assert_never

from domain.core import (
    PLATFORM_OPTIONS,
    PUBLIC,
    SEAT,
    SERVER,
    GameType,
    Hidden,
    Luck,
    Players,
    Presentation,
    Result,
    Rules,
    Ruleset,
    RuleViolation,
    Score,
    Table,
    ranks_for,
    seat_visibility,
    uniform_bot,
)

CARDS = tuple(range(1, 21))
DEALT = 3
LANTERNS = 3
MAX_HAND = 5


# -- commands: what a seat may ask for -------------------------------------------------------


@dataclass(frozen=True)
class Light:
    """Play a card from your hand face up."""

    NAME: ClassVar[str] = "light"
    seat: int
    card: int


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the deck into your hand."""

    NAME: ClassVar[str] = "draw"
    seat: int


# -- events: what happened -------------------------------------------------------------------


@dataclass(frozen=True)
class DeckShuffled:
    """The deck's order (server-only); a fork's fresh luck also re-deals other seats' hands."""

    NAME: ClassVar[str] = "lanterns.deck_shuffled"
    VERSION: ClassVar[int] = 1
    order: tuple[int, ...]
    counter: int
    hands: tuple[tuple[int, ...], ...] | None = None


@dataclass(frozen=True)
class HandDealt:
    """A seat's opening hand, seen by that seat only."""

    NAME: ClassVar[str] = "lanterns.hand_dealt"
    VERSION: ClassVar[int] = 1
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class CardTaken:
    """The public half of a draw: everyone sees that a seat drew, not what."""

    NAME: ClassVar[str] = "lanterns.card_taken"
    VERSION: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True)
class CardDrawn:
    NAME: ClassVar[str] = "lanterns.card_drawn"
    VERSION: ClassVar[int] = 1
    seat: int
    card: int


@dataclass(frozen=True)
class LanternLit:
    NAME: ClassVar[str] = "lanterns.lantern_lit"
    VERSION: ClassVar[int] = 1
    seat: int
    card: int


Command = Light | Draw
Event = DeckShuffled | HandDealt | CardTaken | CardDrawn | LanternLit


@dataclass(frozen=True)
class NoContent:
    content_hash: str = "none"


# -- the state -------------------------------------------------------------------------------


@dataclass(frozen=True)
class State(Table):
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    lit: tuple[tuple[int, ...], ...] = ()
    turn: int = 0

    @property
    def over(self) -> bool:
        return bool(self.lit) and all(len(cards) >= LANTERNS for cards in self.lit)


HIDDEN = (Hidden(("deck",), pool="cards"), Hidden(("hands", SEAT), pool="cards"))
"""What is not public: the deck's order (nobody's) and each hand (its seat's only). Both
hold cards of one deck, so a fork's fresh luck may move cards between them."""


# -- the decider -----------------------------------------------------------------------------


def begin(state: State, setup: Mapping[str, Any] | None) -> tuple[Event, ...]:
    if setup is not None:
        raise RuleViolation("invalid_setup", "Lanterns takes no explicit setup")
    order, luck = state.luck.shuffled(CARDS)
    hands = tuple(
        HandDealt(seat=s, cards=tuple(sorted(order[s * DEALT : (s + 1) * DEALT])))
        for s in range(state.seats)
    )
    return (DeckShuffled(order=order, counter=luck.counter), *hands)


def reshuffle(state: State, keep: int | None) -> tuple[Event, ...]:
    """The deck and every hand but ``keep``'s drawn again, each hand keeping its size."""
    others = [s for s in range(state.seats) if s != keep]
    pool, luck = state.luck.shuffled((*state.deck, *(c for s in others for c in state.hands[s])))
    hands = list(state.hands)
    for seat in others:
        size = len(state.hands[seat])
        hands[seat], pool = pool[:size], pool[size:]
    return (DeckShuffled(order=pool, counter=luck.counter, hands=tuple(hands)),)


def forget(state: State, keep: int | None) -> State:
    """The deck and other seats' hands in one canonical order (``Rules.forget``): they are
    one pool to ``keep``, so all their cards are sorted together and dealt back, hand by
    hand at each hand's size, the rest the deck. Sorting each apart would still tell which
    cards lay in a hand and which in the deck."""
    others = [s for s in range(len(state.hands)) if s != keep]
    pool = sorted((*state.deck, *(c for s in others for c in state.hands[s])))
    hands = list(state.hands)
    for seat in others:
        size = len(hands[seat])
        hands[seat], pool = tuple(pool[:size]), pool[size:]
    return replace(state, deck=tuple(pool), hands=tuple(hands))


def decide(state: State, command: Command) -> tuple[Event, ...]:
    match command:
        case Light(seat=seat, card=card):
            _require_turn(state, seat)
            if card not in state.hands[seat]:
                raise RuleViolation("illegal_action", f"you hold no {card}")
            return (LanternLit(seat=seat, card=card),)
        case Draw(seat=seat):
            _require_turn(state, seat)
            if not state.deck:
                raise RuleViolation("illegal_action", "the deck is empty")
            if len(state.hands[seat]) >= MAX_HAND:
                raise RuleViolation("illegal_action", f"you may hold at most {MAX_HAND} cards")
            return (CardTaken(seat=seat), CardDrawn(seat=seat, card=state.deck[0]))
        case _:
            assert_never(command)


def _require_turn(state: State, seat: int) -> None:
    if seat != state.turn:
        raise RuleViolation("not_your_turn", f"it is seat {state.turn}'s turn")


def evolve(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(order=order, counter=counter, hands=hands):
            return replace(
                state,
                deck=order,
                hands=hands or state.hands or ((),) * state.seats,
                lit=state.lit or ((),) * state.seats,
                luck=Luck(state.luck.seed, counter),
            )
        case HandDealt(seat=seat, cards=cards):
            return replace(
                state, deck=state.deck[len(cards) :], hands=_with(state.hands, seat, cards)
            )
        case CardTaken():
            return state
        case CardDrawn(seat=seat, card=card):
            hand = (*state.hands[seat], card)
            hands = _with(state.hands, seat, hand)
            return replace(state, deck=state.deck[1:], hands=hands, turn=_next(state.lit, seat))
        case LanternLit(seat=seat, card=card):
            hand = tuple(c for c in state.hands[seat] if c != card)
            lit = _with(state.lit, seat, (*state.lit[seat], card))
            hands = _with(state.hands, seat, hand)
            return replace(state, hands=hands, lit=lit, turn=_next(lit, seat))
        case _:
            assert_never(event)


def _with(
    rows: tuple[tuple[int, ...], ...], seat: int, row: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return tuple(row if i == seat else r for i, r in enumerate(rows))


def _next(lit: tuple[tuple[int, ...], ...], seat: int) -> int:
    """The next seat with lanterns still to light (a seat that has lit them all is done)."""
    seats = len(lit)
    following = [(seat + step) % seats for step in range(1, seats + 1)]
    return next((s for s in following if len(lit[s]) < LANTERNS), seat)


# -- who acts, and what it may do ------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    return frozenset() if not state.is_set_up or state.over else frozenset({state.turn})


def legal_commands(state: State, seat: int) -> tuple[Command, ...]:
    if seat not in to_act(state):
        return ()
    hand = state.hands[seat]
    draw: tuple[Command, ...] = (Draw(seat=seat),) if state.deck and len(hand) < MAX_HAND else ()
    return (*(Light(seat=seat, card=c) for c in sorted(hand)), *draw)


def greedy(state: State, seat: int, luck: Luck) -> Command:
    """Light the highest card in hand (the bot reads its own hand only)."""
    return Light(seat=seat, card=max(state.hands[seat]))


# -- what is shown, and to whom --------------------------------------------------------------


class LanternsView(TypedDict):
    turn: int
    deck_size: int
    hand_sizes: list[int]
    lit: list[list[int]]
    hand: list[int] | None


def view(state: State, viewer: int | None) -> LanternsView:
    return {
        "turn": state.turn,
        "deck_size": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        # highest first: a hand is dealt lowest first, so a hand lit whole never reads as
        # the dealt hand (the suite would take it for the secret it was)
        "lit": [sorted(cards, reverse=True) for cards in state.lit],
        "hand": list(state.hands[viewer]) if viewer is not None and state.hands else None,
    }


def visibility(event: Event) -> str:
    match event:
        case DeckShuffled():
            return SERVER
        case HandDealt(seat=seat) | CardDrawn(seat=seat):
            return seat_visibility(seat)
        case CardTaken() | LanternLit():
            return PUBLIC
        case _:
            assert_never(event)


def scores(state: State) -> tuple[Score, ...]:
    return tuple(Score.of({"lanterns": sum(cards)}) for cards in state.lit)


def result(state: State) -> Result | None:
    if not state.over:
        return None
    totals = tuple(s.total for s in scores(state))
    breakdown = tuple(s.breakdown for s in scores(state))
    return Result(scores=totals, ranks=ranks_for(totals), breakdown=breakdown)


def render(state: State, viewer: int | None) -> str:
    rows = [
        f"seat {s}: lit {' '.join(map(str, cards)) or '-'}" for s, cards in enumerate(state.lit)
    ]
    if viewer is not None and state.hands:
        rows.append(f"your hand: {' '.join(map(str, state.hands[viewer])) or '-'}")
    return "\n".join([f"deck {len(state.deck)}, seat {state.turn} to act", *rows])


def describe(event: Event) -> str:
    match event:
        case DeckShuffled():
            return "The deck is shuffled"
        case HandDealt(seat=seat, cards=cards):
            return f"Seat {seat} is dealt {len(cards)} cards"
        case CardTaken(seat=seat):
            return f"Seat {seat} draws a card"
        case CardDrawn(seat=seat, card=card):
            return f"Seat {seat} draws the {card}"
        case LanternLit(seat=seat, card=card):
            return f"Seat {seat} lights a lantern with the {card}"
        case _:
            assert_never(event)


LANTERNS_RULESET: Ruleset[State, Command, Event] = Ruleset(
    id="lanterns",
    title="Lanterns (test only)",
    rules_version="1",
    # every turn lights or draws one of the 20 cards, between the set-up and the reveal
    game_type=GameType(
        dynamics="sequential",
        information="imperfect",
        min_seats=2,
        max_seats=4,
        longest=len(CARDS) + 2,
    ),
    options=PLATFORM_OPTIONS,
    packs=(NoContent(),),
    rules=Rules(
        initial_state=State(),
        command_types=(Light, Draw),
        event_types=(DeckShuffled, HandDealt, CardTaken, CardDrawn, LanternLit),
        begin=begin,
        decide=decide,
        evolve=evolve,
        reshuffle=reshuffle,
        is_terminal=lambda state: state.over,
        forget=forget,
    ),
    presentation=Presentation(
        view=view,
        visibility=visibility,
        phase=lambda state: "over" if state.over else "lighting",
        scores=scores,
        result=result,
        describe=describe,
        render=render,
        content=lambda pack: {"content_hash": pack.content_hash},
        hidden=HIDDEN,
        view_type=LanternsView,
    ),
    players=Players(
        to_act=to_act,
        legal_commands=legal_commands,
        moves_this_round=lambda state, seat: 0,
        bots={"random": uniform_bot(legal_commands), "greedy": greedy},
    ),
)
