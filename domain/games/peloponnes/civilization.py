"""What a seat's row of tiles does: placement, income, protection, prestige.

An unpaid building (marked with a coin) gives no income, protection, ability or prestige
until it is paid, unless the ``unpaid_buildings`` option makes it active (docs/rules,
Placement: our reading; the reference says only that it is paid later or lost).
"""

from __future__ import annotations

from domain.games.peloponnes.content import Disaster, Tile
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.options import frees_placement, protects
from domain.games.peloponnes.state import Game, Realm


def is_active(game: Game, realm: Realm, tile_id: str) -> bool:
    return tile_id not in realm.unpaid or game.options.get("unpaid_buildings") == "active"


def active_tiles(game: Game, realm: Realm) -> tuple[Tile, ...]:
    content = game.content
    if game.options.get("unpaid_buildings") == "active" or not realm.unpaid:
        return tuple(content.tile(t) for t in realm.tiles)
    return tuple(content.tile(t) for t in realm.tiles if t not in realm.unpaid)


def is_immune(game: Game, realm: Realm, disaster: Disaster) -> bool:
    """Reference, Disasters: "A building that protects against a disaster makes its owner
    immune." """
    return any(protects(game.options, t) == disaster for t in active_tiles(game, realm))


def places_freely(game: Game, realm: Realm) -> bool:
    return any(frees_placement(game.options, t) for t in active_tiles(game, realm))


def can_place(game: Game, realm: Realm, tile: Tile) -> bool:
    """Reference, Placement: "A new land tile must share at least one produced resource type
    with the rightmost land already placed. The first land is free of this rule." Buildings
    go to the left and are never refused; an ability may lift the rule (Stockade)."""
    if tile.kind == "building" or not realm.lands or places_freely(game, realm):
        return True
    rightmost = game.content.tile(realm.lands[-1])
    return bool(tile.produces & rightmost.produces)


def fixed_income(game: Game, realm: Realm) -> Goods:
    """The civilization's and every active tile's printed income, and the population
    table's coins and luxury goods for the inhabitants at the start of the income phase."""
    content = game.content
    total = content.civilizations[realm.civilization].income
    for tile in active_tiles(game, realm):
        total = total + tile.income
    row = content.population_income_for(realm.holding.inhabitants)
    return total + Goods(coins=row.coins, luxury=row.luxury)


def choice_units(game: Game, realm: Realm) -> int:
    return sum(t.choice_income for t in active_tiles(game, realm))


def tile_prestige(game: Game, realm: Realm) -> int:
    """Prestige printed on the active tiles and the sea tiles, plus end-of-game bonuses."""
    content = game.content
    pp = sum(t.pp for t in active_tiles(game, realm))
    return pp + sum(content.sea_tiles[s].pp for s in realm.sea) + realm.bonus_pp


def end_choice_tiles(game: Game, realm: Realm) -> tuple[str, ...]:
    """Active tiles with an end-of-game choice not yet made (Stockade)."""
    return tuple(
        t.id for t in active_tiles(game, realm) if t.end_choice and t.id not in realm.end_chosen
    )
