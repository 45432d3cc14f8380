"""Five Peaks' content pack: terrain and peak tiles, hiking and campfire cards, panoramas.

A pack is a folder of JSON files beside this module, read and hashed as every ruleset's
are (domain/core/packs.py); ``build`` validates one from parsed JSON (tests use it to try
bad data). Every value here is original (docs/rules/five-peaks.md, Content).
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, cast

from domain.core.packs import Shelf, content_hash
from domain.games.five_peaks.content.model import (
    BASICS,
    CONTAINERS,
    ENDORPHIN,
    RESOURCES,
    TERRAINS,
    Content,
    ContentError,
    Terrain,
)
from domain.games.five_peaks.content.parse import (
    Reader,
    parse_campfire,
    parse_cards,
    parse_panoramas,
    parse_peaks,
    parse_stones,
    parse_tiles,
)

PACKS: tuple[str, ...] = ("standard",)
FILES = ("tiles.json", "peaks.json", "cards.json", "campfire.json", "panoramas.json", "table.json")

__all__ = [
    "BASICS",
    "CONTAINERS",
    "ENDORPHIN",
    "FILES",
    "PACKS",
    "RESOURCES",
    "TERRAINS",
    "Content",
    "ContentError",
    "build",
    "content_hash",
    "load",
    "pack_of",
    "packs",
    "read_pack",
]


def load(pack: str = "standard") -> Content:
    return SHELF.load(pack)


def packs() -> tuple[Content, ...]:
    return SHELF.packs()


def pack_of(game: Any) -> Content:
    """The pack a game plays with, for ever: the one its ``content_hash`` names."""
    # asked thousands of times a rollout; a hash names one pack for ever, so it is kept
    found = _BY_HASH.get(game.content_hash)
    if found is None:
        found = _BY_HASH[game.content_hash] = SHELF.by_hash(game.content_hash)
    return found


_BY_HASH: dict[str, Content] = {}


def read_pack(pack: str) -> dict[str, Any]:
    return SHELF.read(pack)


def build(pack: str, files: Mapping[str, Any]) -> Content:
    """Validate parsed JSON files into a Content value."""
    for name in FILES:
        Reader(name).check(name in files, "$", "file missing from the pack")
    start, tiles = parse_tiles(files["tiles.json"])
    cards = parse_cards(files["cards.json"])
    read = Reader("table.json")
    table = read.obj(
        files["table.json"],
        "$",
        (
            "supply",
            "backpack",
            "market",
            "campfire_draw",
            "starting_endorphins",
            "badges",
            "terrain_order",
            "stones",
            "end_conditions",
        ),
    )
    supply = read.amounts(table["supply"], "$.supply", RESOURCES)
    read.check(set(supply) == set(RESOURCES), "$.supply", "every resource needs a supply")
    badges = read.amounts(table["badges"], "$.badges", TERRAINS)
    read.check(set(badges) == set(TERRAINS), "$.badges", "a badge value per terrain")
    order = [
        read.text(t, "$.terrain_order", TERRAINS)
        for t in read.items(table["terrain_order"], "$.terrain_order")
    ]
    read.check(sorted(order) == sorted(TERRAINS), "$.terrain_order", "each terrain once")
    starting = [
        read.int_(n, "$.starting_endorphins", 0, 9)
        for n in read.items(table["starting_endorphins"], "$.starting_endorphins")
    ]
    read.check(len(starting) == 5, "$.starting_endorphins", "one value per seat, 5 seats")
    return Content(
        pack=pack,
        start=start,
        tiles=types.MappingProxyType(tiles),
        peaks=types.MappingProxyType(parse_peaks(files["peaks.json"])),
        cards=types.MappingProxyType(cards),
        campfire=types.MappingProxyType(parse_campfire(files["campfire.json"], tuple(cards))),
        panoramas=types.MappingProxyType(parse_panoramas(files["panoramas.json"])),
        stones=parse_stones(read, table["stones"]),
        supply=types.MappingProxyType(supply),
        backpack=read.int_(table["backpack"], "$.backpack", 1, 30),
        market=read.int_(table["market"], "$.market", 1, 9),
        campfire_draw=read.int_(table["campfire_draw"], "$.campfire_draw", 1, 9),
        starting_endorphins=tuple(starting),
        badges=types.MappingProxyType(badges),
        terrain_order=cast(tuple[Terrain, ...], tuple(order)),
        end_conditions=read.int_(table["end_conditions"], "$.end_conditions", 1, 3),
        content_hash=content_hash(pack, files),
    )


SHELF: Shelf[Content] = Shelf(__name__, PACKS, FILES, build, ContentError)
