"""Bidding: sea tiles first, then one bid per seat in turn order, with displacement.

Reference, A round 3: "In turn order, each player puts a marker and coins on one tile. The
bid is at least the printed minimum. A bid may outbid someone else's bid on an auction-row
tile by offering more. The outbid player takes back marker and coins and at once moves the
same amount to a free tile whose minimum that amount meets; if they cannot or will not,
they withdraw. A conquest-row tile costs its minimum plus 3 and cannot be outbid."
Solo: every revealed tile is offered at its printed price (``is_solo``).
"""

from __future__ import annotations

from domain.core import RuleViolation
from domain.games.peloponnes.checks import require_phase, require_seat
from domain.games.peloponnes.civilization import can_place
from domain.games.peloponnes.commands import Bid, BuySeaTile, MoveBid, Withdraw
from domain.games.peloponnes.events import BidMoved, BidPlaced, Event, SeaTileBought, Withdrew
from domain.games.peloponnes.goods import Goods, can_pay, gain, payment
from domain.games.peloponnes.options import is_capped
from domain.games.peloponnes.state import Game

CONQUEST_SURCHARGE = 3


def price(game: Game, tile_id: str) -> int:
    """The least a bid on this tile, while free, may be."""
    printed = game.content.tile(tile_id).bid
    return printed + CONQUEST_SURCHARGE if tile_id in game.conquest else printed


def taking_change(game: Game, seat: int, tile_id: str, amount: int) -> Goods:
    """Paying ``amount`` for the tile and its one-time effects at once (reference,
    Placement: "One-time effects on the tile apply immediately"; Stockade: "he loses two
    of his inhabitants immediately when taking the tile")."""
    tile = game.content.tile(tile_id)
    holding = game.realm(seat).holding - Goods(coins=amount)
    return (
        gain(holding, tile.once, is_capped(game.options)) - tile.taking_loses - Goods(coins=amount)
    )


def can_take(game: Game, seat: int, tile_id: str, amount: int) -> bool:
    """Whether the seat could take this tile for ``amount``: it has the coins, the tile can
    be placed, it has the inhabitants the tile takes, and a building won can be paid now or
    marked with a coin."""
    realm = game.realm(seat)
    tile = game.content.tile(tile_id)
    if amount > realm.holding.coins or not can_place(game, realm, tile):
        return False
    after = realm.holding + taking_change(game, seat, tile_id, amount)
    if after.inhabitants < 0:
        return False
    return tile.kind == "land" or after.coins >= 1 or can_pay(after, tile.cost)


def amounts(game: Game, seat: int, tile_id: str) -> range:
    """The amounts a fresh bid on this tile may be, before the seat's own limits."""
    coins = game.realm(seat).holding.coins
    standing = game.bid_on(tile_id)
    if is_fixed_price(game, tile_id):
        least = price(game, tile_id)
        return range(least, least + 1) if standing is None else range(0)
    least = price(game, tile_id) if standing is None else standing.amount + 1
    return range(least, coins + 1)


def is_free(game: Game, tile_id: str) -> bool:
    return game.bid_on(tile_id) is None


def can_move_to(game: Game, seat: int, tile_id: str, amount: int) -> bool:
    if not is_free(game, tile_id) or amount < price(game, tile_id):
        return False
    return can_take(game, seat, tile_id, amount)


def _require_bidder(game: Game, seat: int) -> None:
    require_phase(game, "bidding")
    require_seat(game, seat)
    if game.bidder != seat:
        raise RuleViolation("not_your_turn", f"it is seat {game.bidder}'s turn to bid")


def _require_tile(game: Game, tile_id: str) -> None:
    if tile_id not in game.auction and tile_id not in game.conquest:
        raise RuleViolation("illegal_action", f"{tile_id} is not in a row this round")


def _refuse_take(game: Game, seat: int, tile_id: str, amount: int) -> None:
    realm = game.realm(seat)
    tile = game.content.tile(tile_id)
    if amount > realm.holding.coins:
        raise RuleViolation("cannot_afford", f"you have only {realm.holding.coins} coins")
    if not can_place(game, realm, tile):
        raise RuleViolation(
            "illegal_placement",
            f"{tile.label} shares no resource with your rightmost land",
        )
    if not can_take(game, seat, tile_id, amount):
        raise RuleViolation(
            "cannot_afford",
            f"you could not take {tile.label}: it needs more inhabitants, or a coin or the "
            "goods to pay for it",
        )


def is_fixed_price(game: Game, tile_id: str) -> bool:
    return game.is_solo or tile_id in game.conquest


def bid(game: Game, command: Bid) -> tuple[Event, ...]:
    seat, tile_id, amount = command.seat, command.tile, command.amount
    _require_bidder(game, seat)
    if game.displaced is not None:
        raise RuleViolation("illegal_action", "you were outbid: move your bid or withdraw")
    _require_tile(game, tile_id)
    standing = game.bid_on(tile_id)
    if is_fixed_price(game, tile_id):
        if standing is not None:
            raise RuleViolation("illegal_action", f"{tile_id} is taken and cannot be outbid")
        if amount != price(game, tile_id):
            raise RuleViolation(
                "illegal_action", f"{tile_id} costs exactly {price(game, tile_id)} coins"
            )
    else:
        least = price(game, tile_id) if standing is None else standing.amount + 1
        if amount < least:
            raise RuleViolation("illegal_action", f"a bid on {tile_id} must be at least {least}")
    _refuse_take(game, seat, tile_id, amount)
    outbid = standing.seat if standing is not None else None
    return (BidPlaced(seat=seat, tile=tile_id, amount=amount, outbid=outbid),)


def move_bid(game: Game, command: MoveBid) -> tuple[Event, ...]:
    seat, tile_id = command.seat, command.tile
    _require_bidder(game, seat)
    displaced = game.displaced
    if displaced is None:
        raise RuleViolation("illegal_action", "only an outbid seat moves its bid")
    _require_tile(game, tile_id)
    if not is_free(game, tile_id):
        raise RuleViolation("illegal_action", f"{tile_id} already has a bid on it")
    least = price(game, tile_id)
    if displaced.amount < least:
        raise RuleViolation(
            "illegal_action", f"your {displaced.amount} coins do not meet {tile_id}'s {least}"
        )
    _refuse_take(game, seat, tile_id, displaced.amount)
    return (BidMoved(seat=seat, tile=tile_id, amount=displaced.amount),)


def withdraw(game: Game, command: Withdraw) -> tuple[Event, ...]:
    _require_bidder(game, command.seat)
    return (Withdrew(seat=command.seat, outbid=game.displaced is not None),)


def may_buy_sea_tile(game: Game, seat: int) -> bool:
    """Expansion: "each player may purchase one Sea Tile before he makes his bid"; one a
    round, on the seat's first bidding turn."""
    return (
        bool(game.options.get("sea_tiles"))
        and game.displaced is None
        and bool(game.waiting)
        and game.waiting[0] == seat
        and seat not in game.sea_bought
    )


def buy_sea_tile(game: Game, command: BuySeaTile) -> tuple[Event, ...]:
    seat, tile_id = command.seat, command.tile
    _require_bidder(game, seat)
    if not game.options.get("sea_tiles"):
        raise RuleViolation("illegal_action", "this game is played without the sea tiles")
    if not may_buy_sea_tile(game, seat):
        raise RuleViolation("illegal_action", "a sea tile is bought once a round, before your bid")
    if tile_id not in game.sea_display:
        raise RuleViolation("illegal_action", f"sea tile {tile_id} is not on display")
    tile = game.content.sea_tiles[tile_id]
    holding = game.realm(seat).holding
    paid = payment(holding, tile.cost)
    if paid is None:
        # expansion: "he may not take one and place a coin on it to pay for it later"
        raise RuleViolation("cannot_afford", f"you cannot pay for sea tile {tile_id}")
    change = paid + gain(holding + paid, tile.once, is_capped(game.options))
    return (SeaTileBought(seat=seat, tile=tile_id, change=change),)
