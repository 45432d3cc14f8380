"""The bots: ``random`` picks uniformly among the legal commands; ``greedy`` looks one
decision ahead and takes the command whose outcome it values most.

The greedy bot values a civilization by a projection to the end of the game: prestige (tiles
plus a third of the coins it will have), and the inhabitants it will still be able to feed,
given its food, luxury goods, food income and the supplies still to come. Its score would be
the lower of prestige and three per inhabitant; a quarter of their sum is added so that it
grows both, plus a little for goods (buildings need them) and for protection against
disasters still to strike. It bids the least it must on the tile it values most, or passes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from domain.core import Luck, uniform_bot
from domain.games.peloponnes.bidding import taking_change
from domain.games.peloponnes.civilization import (
    choice_units,
    end_choice_tiles,
    fixed_income,
    is_immune,
    tile_prestige,
)
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
from domain.games.peloponnes.content import DISASTERS
from domain.games.peloponnes.decider import decide, evolve
from domain.games.peloponnes.disasters import SAVE_COST, at_risk
from domain.games.peloponnes.goods import Goods, gain, payment
from domain.games.peloponnes.income import chosen_goods
from domain.games.peloponnes.options import is_capped
from domain.games.peloponnes.rules import legal_commands
from domain.games.peloponnes.scoring import COINS_PER_PRESTIGE, PRESTIGE_PER_INHABITANT
from domain.games.peloponnes.state import Game, Realm
from domain.games.peloponnes.supply import MARKER_BACK, unpaid_cost

random_bot = uniform_bot(legal_commands)

PROTECTION_VALUE = 2.0
GOODS_VALUE = 0.4
BALANCE = 0.25
SHORTFALL = 0.75
"""Per inhabitant the food (and luxury goods) in store could not feed at a supply now."""
SEA_MARGIN = 0.5
"""A sea tile is bought before the bid only when it gains at least this much."""


@dataclass(frozen=True)
class Outlook:
    """What is left of the game, as every seat can see it."""

    rounds_left: int
    supplies_left: int


def outlook(game: Game) -> Outlook:
    content = game.content
    incomes_done = game.phase not in ("reveal", "supply", "bidding", "settle", "income")
    rounds_left = len(content.rounds) - game.round + (0 if incomes_done else 1)
    unrevealed = sum(1 for rest in game.stacks.values() for t in rest if content.tile(t).supply)
    return Outlook(max(0, rounds_left), unrevealed + game.supplies_due + 1)


def value(game: Game, realm: Realm, seen: Outlook) -> float:
    holding = realm.holding
    income = fixed_income(game, realm)
    flexible = choice_units(game, realm)
    rounds = seen.rounds_left
    coins = holding.coins + rounds * income.coins + len(realm.unpaid)
    prestige = tile_prestige(game, realm) + coins / COINS_PER_PRESTIGE
    prestige += sum(
        max(side.pp for side in game.content.tile(t).end_choice)
        for t in end_choice_tiles(game, realm)
    )
    if _can_pay_unpaid(game, realm, rounds):
        prestige += sum(game.content.tile(t).pp for t in realm.unpaid)
    food = holding.food + holding.luxury / 2 + rounds * (income.food + flexible)
    feedable = food / max(1, seen.supplies_left) + len(realm.sea)
    people = min(holding.inhabitants + rounds * income.inhabitants, feedable + 1)
    population = PRESTIGE_PER_INHABITANT * people
    goods = holding.wood + holding.stone + rounds * (income.wood + income.stone)
    safe = sum(1 for d in DISASTERS if d not in game.struck and is_immune(game, realm, d))
    hungry = max(0, holding.inhabitants - len(realm.sea) - holding.food - holding.luxury // 2)
    return (
        min(prestige, population)
        + BALANCE * (prestige + population)
        + GOODS_VALUE * min(goods, 20)
        + PROTECTION_VALUE * safe
        - SHORTFALL * hungry
    )


def _can_pay_unpaid(game: Game, realm: Realm, rounds: int) -> bool:
    """Whether the goods for the unpaid buildings will be there by the next supply."""
    if not realm.unpaid:
        return True
    income = fixed_income(game, realm) + Goods(stone=choice_units(game, realm))
    expected = realm.holding + income.times(min(rounds, 2))
    return payment(expected, unpaid_cost(game, realm.unpaid)) is not None


def _after_take(game: Game, seat: int, tile_id: str, amount: int) -> Realm:
    """The realm once the tile is taken and, for a building, paid at once if it can be."""
    realm = game.realm(seat).add(taking_change(game, seat, tile_id, amount))
    tile = game.content.tile(tile_id)
    if tile.kind == "land":
        return replace(realm, lands=(*realm.lands, tile_id))
    realm = replace(realm, buildings=(*realm.buildings, tile_id))
    paid = payment(realm.holding, tile.cost)
    if paid is not None:
        return realm.add(paid)
    return replace(realm.add(Goods(coins=-1)), unpaid=(*realm.unpaid, tile_id))


def _outcome(game: Game, seat: int, command: SeatCommand) -> Realm:
    """The seat's realm after ``command`` as the bot foresees it."""
    realm = game.realm(seat)
    capped = is_capped(game.options)
    match command:
        case Bid(tile=tile, amount=amount):
            return _after_take(game, seat, tile, amount)
        case MoveBid(tile=tile):
            assert game.displaced is not None
            return _after_take(game, seat, tile, game.displaced.amount)
        case Withdraw():
            return realm.add(Goods(coins=int(game.options.get("compensation", 1))))
        case BuySeaTile(tile=tile):
            sea = game.content.sea_tiles[tile]
            paid = payment(realm.holding, sea.cost) or Goods()
            bought = realm.add(paid)
            bought = bought.add(gain(bought.holding, sea.once, capped))
            return replace(bought, sea=(*realm.sea, tile))
        case ChooseIncome(goods=goods):
            return realm.add(gain(realm.holding, chosen_goods(goods), capped))
        case SaveTiles(tiles=kept):
            return _saved(game, realm, kept)
        case PayUnpaid(tiles=paid_for):
            return _unpaid_settled(game, realm, paid_for)
        case ChooseEndBonus(tile=tile, pick=pick):
            side = game.content.tile(tile).end_choice[pick]
            chosen = realm.add(Goods(inhabitants=side.inhabitants))
            return replace(chosen, bonus_pp=realm.bonus_pp + side.pp)
        case PayNow() | MarkWithCoin():
            return realm
    return realm


def _saved(game: Game, realm: Realm, kept: frozenset[str]) -> Realm:
    assert game.saving is not None
    paid = payment(realm.holding, SAVE_COST[game.saving].times(len(kept))) or Goods()
    lost = tuple(t for t in at_risk(realm, game.saving) if t not in kept)
    return realm.add(paid).without(lost)


def _unpaid_settled(game: Game, realm: Realm, paid_for: frozenset[str]) -> Realm:
    paid = payment(realm.holding, unpaid_cost(game, paid_for)) or Goods()
    lost = tuple(t for t in realm.unpaid if t not in paid_for)
    settled = realm.add(paid + MARKER_BACK.times(len(paid_for))).without(lost)
    return replace(settled, unpaid=tuple(u for u in settled.unpaid if u not in paid_for))


def _final_score(game: Game, realm: Realm) -> float:
    prestige = tile_prestige(game, realm) + realm.holding.coins // COINS_PER_PRESTIGE
    return min(prestige, PRESTIGE_PER_INHABITANT * realm.holding.inhabitants) + prestige / 100


def greedy_bot(game: Game, seat: int, luck: Luck) -> SeatCommand:
    options = legal_commands(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    if isinstance(options[0], PayNow):
        return options[0]
    sea = [c for c in options if isinstance(c, BuySeaTile)]
    rest = tuple(c for c in options if not isinstance(c, BuySeaTile))
    best, worth = _best(game, seat, rest)
    for command in sea:
        # a sea tile is worth buying if the bid after it is still worth more than without
        after = game
        for event in decide(game, command):
            after = evolve(after, event)
        _, then = _best(after, seat, legal_commands(after, seat))
        if then > worth + SEA_MARGIN:
            best, worth = command, then
    return best


def _best(game: Game, seat: int, options: tuple[SeatCommand, ...]) -> tuple[SeatCommand, float]:
    seen = outlook(game)
    final = game.phase == "end_choices"

    def worth(command: SeatCommand) -> float:
        realm = _outcome(game, seat, command)
        return _final_score(game, realm) if final else value(game, realm, seen)

    scored = [(worth(c), i, c) for i, c in enumerate(_cheapest_bids(options))]
    top = max(scored, key=lambda item: (item[0], -item[1]))
    return top[2], top[0]


def _cheapest_bids(options: tuple[SeatCommand, ...]) -> list[SeatCommand]:
    """Of the bids on one tile, only the least: more coins buy nothing the bot can see."""
    least: dict[str, Bid] = {}
    others: list[SeatCommand] = []
    for command in options:
        if isinstance(command, Bid):
            if command.tile not in least or command.amount < least[command.tile].amount:
                least[command.tile] = command
        else:
            others.append(command)
    return [*least.values(), *others]
