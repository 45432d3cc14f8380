"""legal_commands(state, seat): what a seat may do now, by the predicates decide uses."""

from __future__ import annotations

from domain.games.peloponnes import bidding
from domain.games.peloponnes.civilization import end_choice_tiles
from domain.games.peloponnes.commands import (
    Bid,
    BuySeaTile,
    ChooseEndBonus,
    ChooseIncome,
    MarkWithCoin,
    MoveBid,
    PayNow,
    PayUnpaid,
    SaveTiles,
    SeatCommand,
    Withdraw,
)
from domain.games.peloponnes.disasters import save_options
from domain.games.peloponnes.flow import to_act
from domain.games.peloponnes.goods import can_pay
from domain.games.peloponnes.income import choices
from domain.games.peloponnes.settle import building_options
from domain.games.peloponnes.state import SUPPLY_PHASES, Game
from domain.games.peloponnes.supply import unpaid_options


def legal_commands(game: Game, seat: int) -> tuple[SeatCommand, ...]:
    if seat not in to_act(game):
        return ()
    phase = game.phase
    if phase == "bidding":
        return bidding_commands(game, seat)
    if phase == "settle":
        return _building_commands(game, seat)
    if phase == "income":
        return tuple(ChooseIncome(seat=seat, goods=goods) for goods in choices(game, seat))
    if phase == "disasters":
        return tuple(SaveTiles(seat=seat, tiles=kept) for kept in save_options(game, seat))
    if phase in SUPPLY_PHASES:
        return tuple(PayUnpaid(seat=seat, tiles=paid) for paid in unpaid_options(game, seat))
    if phase == "end_choices":
        return tuple(
            ChooseEndBonus(seat=seat, tile=tile, pick=pick)
            for tile in end_choice_tiles(game, game.realm(seat))
            for pick in range(len(game.content.tile(tile).end_choice))
        )
    return ()


def bidding_commands(game: Game, seat: int) -> tuple[SeatCommand, ...]:
    rows = (*game.auction, *game.conquest)
    found: list[SeatCommand] = []
    if game.displaced is not None:
        amount = game.displaced.amount
        found += [
            MoveBid(seat=seat, tile=t) for t in rows if bidding.can_move_to(game, seat, t, amount)
        ]
        return (*found, Withdraw(seat=seat))
    if bidding.may_buy_sea_tile(game, seat):
        holding = game.realm(seat).holding
        found += [
            BuySeaTile(seat=seat, tile=t)
            for t in game.sea_display
            if can_pay(holding, game.content.sea_tiles[t].cost)
        ]
    for tile in rows:
        found += [
            Bid(seat=seat, tile=tile, amount=a)
            for a in bidding.amounts(game, seat, tile)
            if bidding.can_take(game, seat, tile, a)
        ]
    return (*found, Withdraw(seat=seat))


def _building_commands(game: Game, seat: int) -> tuple[SeatCommand, ...]:
    tile = next(b.tile for b in game.won if b.seat == seat)
    can_pay_now, can_mark = building_options(game, seat, tile, game.realm(seat).holding)
    found: list[SeatCommand] = []
    if can_pay_now:
        found.append(PayNow(seat=seat))
    if can_mark:
        found.append(MarkWithCoin(seat=seat))
    return tuple(found)
