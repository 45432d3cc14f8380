"""A content pack as a client needs it to draw the game: every tile's spaces, paths, edges
and corner halves, peaks, cards, campfire cards, panoramas and stones.

Tile cells are (column, row) within the tile, row 0 at the south; a placed tile's cell
on the board is its south-west cell plus the cell turned ``rotation`` quarter turns
clockwise (geometry.py), the same ``{"x", "y"}`` cells views and commands use.
"""

from __future__ import annotations

from typing import Any

from domain.games.five_peaks.content.model import CardOption, Content, TileSpec


def _tile(tile: TileSpec) -> dict[str, Any]:
    return {
        "id": tile.id,
        "terrain": tile.terrain,
        "size": tile.size,
        "spaces": [
            {
                "cell": list(s.cell),
                "kind": s.kind,
                "triangle_half": s.kind == "half",
                "gives": dict(s.gives),
                "pay": dict(s.pay),
                "gain": dict(s.gain),
            }
            for s in tile.spaces
        ],
        "paths": [[list(c) for c in p] for p in tile.paths],
        "edges": sorted(tile.edges),
    }


def _option(option: CardOption) -> dict[str, Any]:
    out: dict[str, Any] = {"effect": option.effect}
    for key in ("steps", "endorphins", "times", "give", "count", "take"):
        value = getattr(option, key)
        if value:
            out[key] = list(value) if isinstance(value, tuple) else value
    if option.glide:
        out["from"] = {k: list(v) for k, v in option.glide.items()}
    return out


def content_view(pack: Content) -> dict[str, Any]:
    return {
        "pack": pack.pack,
        "content_hash": pack.content_hash,
        "coordinates": "board cells {x, y}, y to the north; a tile's cell (c, r) turned"
        " clockwise `rotation` times from its south-west cell (x, y)",
        "start": _tile(pack.start),
        "start_at": {"x": -2, "y": -2},
        "tiles": [_tile(t) for t in pack.tiles.values()],
        "peaks": [
            {"id": p.id, "terrain": p.terrain, "vp": p.vp, "reward": dict(p.reward)}
            for p in pack.peaks.values()
        ],
        "cards": [
            {
                "id": c.id,
                "title": c.title,
                "starting": c.starting,
                "copies": c.copies,
                "cost": c.cost,
                "options": [_option(o) for o in c.options],
            }
            for c in pack.cards.values()
        ],
        "campfire": [
            {"id": f.id, "title": f.title, "copies": f.copies, "effect": f.effect}
            for f in pack.campfire.values()
        ],
        "panoramas": [
            {
                "id": p.id,
                "column": p.column,
                "rank": p.rank,
                "vp": p.vp,
                "seats": p.seats,
                "cost": dict(p.cost),
                "reward": dict(p.reward),
            }
            for p in pack.panoramas.values()
        ],
        "stones": [{"id": s.id, "multiplier": s.multiplier, "size": s.size} for s in pack.stones],
        "badges": dict(pack.badges),
        "supply": dict(pack.supply),
        "backpack": pack.backpack,
    }
