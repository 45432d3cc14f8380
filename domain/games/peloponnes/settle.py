"""After the bidding: winners pay and place their tiles, the rest are removed, seats without
a tile are compensated, and each building won is paid now or marked with a coin.

Reference, A round 3-4: "Each player gets at most one tile per round. Tiles nobody bids on
are removed from the game. A player who ends the round without a tile gets a small
compensation (adopted: 1 coin). Winning bids are paid to the bank." "A building is paid for
at once with its construction cost, or marked with one of the owner's coins and paid at the
next supply."
"""

from __future__ import annotations

from domain.core import RuleViolation
from domain.games.peloponnes.bidding import taking_change
from domain.games.peloponnes.checks import require_awaited, require_phase, require_system_step
from domain.games.peloponnes.commands import MarkWithCoin, PayNow
from domain.games.peloponnes.events import (
    BidsSettled,
    BuildingMarked,
    BuildingPaid,
    Compensated,
    Event,
    TilesLost,
    TileTaken,
)
from domain.games.peloponnes.goods import Goods, payment
from domain.games.peloponnes.state import Game, Stake

MARKER = Goods(coins=-1)


def building_options(game: Game, seat: int, tile_id: str, holding: Goods) -> tuple[bool, bool]:
    """(can pay now, can mark with a coin) for a building just taken."""
    cost = game.content.tile(tile_id).cost
    return payment(holding, cost) is not None, holding.coins >= 1


def settle_bids(game: Game) -> tuple[Event, ...]:
    require_phase(game, "settle")
    require_system_step(game, not game.resolved)
    won = tuple(b for s in game.order for b in game.bids if b.seat == s)
    offered = (*game.auction, *game.conquest)
    discarded = tuple(t for t in offered if game.bid_on(t) is None)
    events: list[Event] = []
    awaiting: list[int] = []
    for stake in won:
        events += _take(game, stake, awaiting)
    winners = {b.seat for b in won}
    coins = int(game.options.get("compensation", 1))
    if coins:
        events += [
            Compensated(seat=s, change=Goods(coins=coins)) for s in game.order if s not in winners
        ]
    settled = BidsSettled(won=won, discarded=discarded, awaiting=tuple(awaiting))
    return (settled, *events)


def _take(game: Game, stake: Stake, awaiting: list[int]) -> list[Event]:
    change = taking_change(game, stake.seat, stake.tile, stake.amount)
    events: list[Event] = [TileTaken(seat=stake.seat, tile=stake.tile, change=change)]
    if game.content.tile(stake.tile).kind == "land":
        return events
    holding = game.realm(stake.seat).holding + change
    can_pay_now, can_mark = building_options(game, stake.seat, stake.tile, holding)
    if can_pay_now and can_mark:
        awaiting.append(stake.seat)
    elif can_pay_now:
        events.append(_paid(game, stake.seat, stake.tile, holding))
    elif can_mark:
        events.append(BuildingMarked(seat=stake.seat, tile=stake.tile, change=MARKER))
    else:
        # cannot happen: a bid is refused unless the building could be paid or marked
        events.append(TilesLost(seat=stake.seat, tiles=(stake.tile,), reason="unpaid"))
    return events


def _paid(game: Game, seat: int, tile_id: str, holding: Goods) -> BuildingPaid:
    paid = payment(holding, game.content.tile(tile_id).cost)
    assert paid is not None
    return BuildingPaid(seat=seat, tile=tile_id, change=paid)


def _won_building(game: Game, seat: int) -> str:
    tile = next(b.tile for b in game.won if b.seat == seat)
    return tile


def pay_now(game: Game, command: PayNow) -> tuple[Event, ...]:
    require_phase(game, "settle")
    require_awaited(game, command.seat)
    tile = _won_building(game, command.seat)
    holding = game.realm(command.seat).holding
    if payment(holding, game.content.tile(tile).cost) is None:
        raise RuleViolation("cannot_afford", f"you lack the goods to pay for {tile} now")
    return (_paid(game, command.seat, tile, holding),)


def mark_with_coin(game: Game, command: MarkWithCoin) -> tuple[Event, ...]:
    require_phase(game, "settle")
    require_awaited(game, command.seat)
    tile = _won_building(game, command.seat)
    if game.realm(command.seat).holding.coins < 1:
        raise RuleViolation("cannot_afford", "you have no coin to mark the building with")
    return (BuildingMarked(seat=command.seat, tile=tile, change=MARKER),)
