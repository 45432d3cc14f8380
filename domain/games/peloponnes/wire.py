"""The JSON a client needs to draw a content pack: every tile's printed data and the table.

Served by ``GET /rulesets/peloponnes`` (the ``content`` hook). Goods are written with the
track names the views use (coins, wood, stone, food, luxury, inhabitants), zeros left out.
"""

from __future__ import annotations

from typing import Any

from domain.games.peloponnes.content import DISASTERS, Content, Tile
from domain.games.peloponnes.content.model import CHITS_PER_ROUND, CHITS_TO_STRIKE
from domain.games.peloponnes.disasters import DECLINE_LUXURY, SAVE_COST


def _tile(tile: Tile) -> dict[str, Any]:
    return {
        "id": tile.id,
        "name": tile.name,
        "set": tile.set,
        "stack": tile.stack,
        "kind": tile.kind,
        "bid": tile.bid,
        "pp": tile.pp,
        "cost": tile.cost.nonzero(),
        "once": tile.once.nonzero(),
        "income": tile.income.nonzero(),
        "choice_income": tile.choice_income,
        "produces": sorted(tile.produces),
        "protects": tile.protects,
        "supply": tile.supply,
        "abilities": {
            "free_placement": tile.free_placement,
            "taking_loses": tile.taking_loses.nonzero(),
            "end_choice": [{"pp": c.pp, "inhabitants": c.inhabitants} for c in tile.end_choice],
        },
        "adopted": sorted(tile.adopted),
        "note": tile.note,
    }


def content_json(pack: Content) -> dict[str, Any]:
    return {
        "pack": pack.pack,
        "content_hash": pack.content_hash,
        "tiles": [_tile(t) for t in pack.tiles.values()],
        "civilizations": [
            {
                "name": c.name,
                "order": c.order,
                "set": c.set,
                "start": c.start.nonzero(),
                "income": c.income.nonzero(),
            }
            for c in pack.civilizations.values()
        ],
        "sea_tiles": [
            {"id": s.id, "cost": s.cost.nonzero(), "pp": s.pp, "once": s.once.nonzero()}
            for s in pack.sea_tiles.values()
        ],
        "population_income": [
            {"from": r.low, "to": r.high, "coins": r.coins, "luxury": r.luxury}
            for r in pack.population_income
        ],
        "rounds": list(pack.rounds),
        "tiles_per_round": dict(pack.tiles_per_round),
        "chits": dict(pack.chits),
        "disasters": {
            "kinds": list(DISASTERS),
            "chits_per_round": CHITS_PER_ROUND,
            "chits_to_strike": CHITS_TO_STRIKE,
            "decline_luxury": DECLINE_LUXURY,
            "save_cost": {d: c.nonzero() for d, c in SAVE_COST.items()},
        },
    }
