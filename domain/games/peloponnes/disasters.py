"""Disasters: two chits a round; a disaster strikes when its tile gets its third chit.

Reference, A round 6: "Draw 2 chits. Each goes onto its disaster's tile, and a disaster
strikes when its tile gets its third chit. Every disaster therefore strikes exactly once
per game." Plague takes a third of the inhabitants, drought a third of the food (the thirds
round up: uncertain, the ``thirds`` option), decline 10 luxury goods; an earthquake takes
each building its owner does not pay 1 stone and 1 wood for, a tempest each land not paid
1 food and 1 coin for. "The tile's owner chooses what to save." A protecting building makes
its owner immune. Sea tiles are never lost (expansion: "Sea Tiles are not counted as
Building or Land tiles when assessing damage done by the disasters").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations

from domain.core import RuleViolation
from domain.games.peloponnes.checks import require_awaited, require_phase, require_system_step
from domain.games.peloponnes.civilization import is_immune
from domain.games.peloponnes.commands import SaveTiles
from domain.games.peloponnes.content import BLANK, DISASTERS, Disaster
from domain.games.peloponnes.content.model import CHITS_PER_ROUND, CHITS_TO_STRIKE
from domain.games.peloponnes.events import (
    ChitsDrawn,
    DisasterStruck,
    Event,
    Suffered,
    TilesLost,
    TilesSaved,
)
from domain.games.peloponnes.goods import Goods, payment
from domain.games.peloponnes.state import Game, Realm

DECLINE_LUXURY = 10
SAVE_COST: Mapping[Disaster, Goods] = {
    "earthquake": Goods(stone=1, wood=1),
    "tempest": Goods(food=1, coins=1),
}


def draw_chits(game: Game) -> tuple[Event, ...]:
    require_phase(game, "disasters")
    require_system_step(game, not game.resolved)
    chits = game.chit_pile[:CHITS_PER_ROUND]
    counts = dict(game.chits_on)
    strikes: list[Disaster] = []
    for chit in chits:
        disaster = next((d for d in DISASTERS if d == chit), None)
        if chit == BLANK or disaster is None:
            continue
        counts[disaster] = counts.get(disaster, 0) + 1
        if counts[disaster] == CHITS_TO_STRIKE:
            strikes.append(disaster)
    return (ChitsDrawn(chits=chits, strikes=tuple(strikes)),)


def third(game: Game, amount: int) -> int:
    if game.options.get("thirds") == "round_down":
        return amount // 3
    return -(-amount // 3)


def at_risk(realm: Realm, disaster: Disaster) -> tuple[str, ...]:
    if disaster == "earthquake":
        return realm.buildings
    if disaster == "tempest":
        return realm.lands
    return ()


def most_savable(realm: Realm, disaster: Disaster) -> int:
    tiles = at_risk(realm, disaster)
    cost = SAVE_COST[disaster]
    return max(
        (k for k in range(len(tiles) + 1) if payment(realm.holding, cost.times(k)) is not None),
        default=0,
    )


def strike(game: Game) -> tuple[Event, ...]:
    require_phase(game, "disasters")
    require_system_step(game, game.resolved and bool(game.strikes))
    disaster = game.strikes[0]
    immune = tuple(s for s in game.order if is_immune(game, game.realm(s), disaster))
    awaiting: list[int] = []
    events: list[Event] = []
    for seat in game.order:
        if seat in immune:
            continue
        realm = game.realm(seat)
        if disaster in SAVE_COST:
            tiles = at_risk(realm, disaster)
            if tiles and most_savable(realm, disaster) == 0:
                events.append(TilesLost(seat=seat, tiles=tiles, reason=disaster))
            elif tiles:
                awaiting.append(seat)
            continue
        loss = _loss(game, realm, disaster)
        if not loss.is_empty:
            events.append(Suffered(seat=seat, disaster=disaster, change=loss))
    struck = DisasterStruck(disaster=disaster, immune=immune, awaiting=tuple(awaiting))
    return (struck, *events)


def _loss(game: Game, realm: Realm, disaster: Disaster) -> Goods:
    holding = realm.holding
    if disaster == "plague":
        return Goods(inhabitants=-third(game, holding.inhabitants))
    if disaster == "drought":
        return Goods(food=-third(game, holding.food))
    return Goods(luxury=-min(DECLINE_LUXURY, holding.luxury))


def save_options(game: Game, seat: int) -> Iterator[frozenset[str]]:
    """Every set of tiles the seat can pay to keep, largest first."""
    if game.saving is None or game.saving not in SAVE_COST:
        return
    realm = game.realm(seat)
    tiles = at_risk(realm, game.saving)
    for k in range(most_savable(realm, game.saving), -1, -1):
        for kept in combinations(tiles, k):
            yield frozenset(kept)


def save_tiles(game: Game, command: SaveTiles) -> tuple[Event, ...]:
    require_phase(game, "disasters")
    require_awaited(game, command.seat)
    disaster = game.saving
    assert disaster is not None and disaster in SAVE_COST
    realm = game.realm(command.seat)
    tiles = at_risk(realm, disaster)
    unknown = sorted(command.tiles - set(tiles))
    if unknown:
        raise RuleViolation("illegal_action", f"{', '.join(unknown)} is not at risk")
    paid = payment(realm.holding, SAVE_COST[disaster].times(len(command.tiles)))
    if paid is None:
        raise RuleViolation("cannot_afford", f"you cannot pay to save {len(command.tiles)} tiles")
    saved = tuple(t for t in tiles if t in command.tiles)
    lost = tuple(t for t in tiles if t not in command.tiles)
    return (TilesSaved(seat=command.seat, disaster=disaster, tiles=saved, lost=lost, change=paid),)
