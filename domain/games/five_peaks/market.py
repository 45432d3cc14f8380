"""The hiking card market, Observe, and Camp's panoramas."""

from __future__ import annotations

from domain.games.five_peaks import board as b
from domain.games.five_peaks import flow
from domain.games.five_peaks.commands import BuyPanorama, TakeCard
from domain.games.five_peaks.events import (
    Event,
    MarketCycled,
    MarketRefilled,
    MarketTaken,
    PanoramaBought,
    PanoramaBoxed,
    PileReturned,
    ResourcesMoved,
    RewardDone,
)
from domain.games.five_peaks.state import Game


def take_card(game: Game, command: TakeCard) -> tuple[Event, ...]:
    """Bought (Training, Observe) or free (a reward); the market refills from the deck,
    while it has cards."""
    seat, free = command.seat, bool(game.rewards)
    card = game.market[command.index]
    cost = 0 if free else b.content(game).cards[card].cost
    events: list[Event] = [MarketTaken(seat, command.index, card, cost)]
    if cost:
        events.append(ResourcesMoved(seat, {"endorphin": cost}, {}))
    if game.deck:
        events.append(MarketRefilled(game.deck[:1]))
    events.append(RewardDone(seat) if free else flow.stage(seat, "done"))
    return tuple(events)


def refresh(game: Game, seat: int) -> tuple[Event, ...]:
    size = b.content(game).market
    deck = (*game.deck, *game.market)
    return (
        MarketCycled(seat, game.market),
        MarketRefilled(deck[:size]),
        flow.stage(seat, "buy", game.stage),
    )


def buy_panorama(game: Game, command: BuyPanorama) -> tuple[Event, ...]:
    """Pay, take the reward, reveal the next card. With two seats, once two cards of a rank
    are bought the third of that rank goes to the box (Panoramas)."""
    seat, pack = command.seat, b.content(game)
    spec = pack.panoramas[command.card]
    events: list[Event] = [
        PanoramaBought(seat, command.card),
        *flow.gain(game, seat, dict(spec.reward), dict(spec.cost)),
    ]
    if game.seats == 2:
        bought = sum(
            1 for h in game.hikers for c in h.panoramas if pack.panoramas[c].rank == spec.rank
        )
        third = [c for c in game.columns[str(spec.rank)] if c != command.card]
        if bought + 1 == 2 and third:
            events.append(PanoramaBoxed(third[0]))
    return (*events, PileReturned(seat), flow.stage(seat, "done"))


def rest(game: Game, seat: int) -> tuple[Event, ...]:
    endorphins = b.option_of(game, game.stage).endorphins
    return (
        ResourcesMoved(seat, {}, {"endorphin": endorphins}),
        PileReturned(seat),
        flow.stage(seat, "done"),
    )
