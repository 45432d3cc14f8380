"""Peloponnes content packs: the printed tiles, civilizations, sea tiles and the table.

A pack is a folder of JSON files beside this module, read and hashed as every ruleset's
are (domain/core/packs.py). ``build`` validates one from already-parsed JSON (tests use it
to try bad data). ``by_hash`` finds a game's pack in memory by ``state.content_hash``.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

from domain.core.packs import Shelf, content_hash
from domain.games.peloponnes.content.model import (
    BLANK,
    CHITS_PER_ROUND,
    CHITS_TO_STRIKE,
    DISASTERS,
    MAX_SEATS,
    SETS,
    Civilization,
    Content,
    ContentError,
    Disaster,
    EndChoice,
    IncomeRow,
    Kind,
    SeaTile,
    Tile,
)
from domain.games.peloponnes.content.parse import (
    CIVILIZATIONS_FILE,
    SEA_TILES_FILE,
    TABLE_FILE,
    TILES_FILE,
    parse_civilizations,
    parse_sea_tiles,
    parse_table,
    parse_tiles,
)
from domain.games.peloponnes.content.reader import Reader

PACK_NAMES: tuple[str, ...] = ("standard",)
FILES: tuple[str, ...] = (TILES_FILE, CIVILIZATIONS_FILE, SEA_TILES_FILE, TABLE_FILE)

__all__ = [
    "BLANK",
    "DISASTERS",
    "FILES",
    "PACK_NAMES",
    "SETS",
    "Civilization",
    "Content",
    "ContentError",
    "Disaster",
    "EndChoice",
    "IncomeRow",
    "Kind",
    "SeaTile",
    "Tile",
    "build",
    "by_hash",
    "content_hash",
    "load",
    "read_pack",
]


def load(pack: str = "standard") -> Content:
    """The validated pack; raises ContentError (a ValueError) naming file and path."""
    return SHELF.load(pack)


def read_pack(pack: str) -> dict[str, Any]:
    """The parsed JSON of every file of ``pack``, by file name."""
    return SHELF.read(pack)


def build(pack: str, files: Mapping[str, Any]) -> Content:
    """Validate parsed JSON files into a Content value."""
    for name in FILES:
        Reader(name).check(name in files, "$", "file missing from the pack")
    tiles = parse_tiles(files[TILES_FILE])
    civilizations = parse_civilizations(files[CIVILIZATIONS_FILE])
    sea_tiles = parse_sea_tiles(files[SEA_TILES_FILE])
    income, rounds, per_round, chits = parse_table(files[TABLE_FILE])
    content = Content(
        pack=pack,
        tiles=types.MappingProxyType(tiles),
        civilizations=types.MappingProxyType(civilizations),
        sea_tiles=types.MappingProxyType(sea_tiles),
        population_income=income,
        rounds=rounds,
        tiles_per_round=types.MappingProxyType(per_round),
        chits=types.MappingProxyType(chits),
        content_hash=content_hash(pack, files),
    )
    _check_counts(content)
    return content


def _check_counts(content: Content) -> None:
    """Every count the rules rely on: each stack feeds exactly its rounds (15 A, 15 B and
    10 C base tiles at 5 a round; 18, 18 and 12 with the six-player tiles at 6), every chit
    is drawn by the end and every disaster strikes once, and there are enough
    civilizations and sea tiles for six seats."""
    tiles = Reader(TILES_FILE)
    for letter in sorted({t.stack for t in content.tiles.values()}):
        tiles.check(letter in content.rounds, "$.tiles", f"no round uses stack {letter}")
    sets: frozenset[str] = frozenset()
    for tile_set in SETS:
        sets |= {tile_set}
        for letter in content.letters:
            have = len(content.stack_tiles(letter, sets))
            need = content.rounds.count(letter) * content.tiles_per_round[tile_set]
            tiles.check(
                have == need,
                "$.tiles",
                f"stack {letter} with {'+'.join(sorted(sets))} tiles "
                f"has {have} tiles; its rounds draw {need}",
            )
    table = Reader(TABLE_FILE)
    drawn = CHITS_PER_ROUND * len(content.rounds)
    table.check(sum(content.chits.values()) == drawn, "$.chits", f"there must be {drawn} chits")
    for disaster in DISASTERS:
        table.check(
            content.chits[disaster] == CHITS_TO_STRIKE,
            f"$.chits.{disaster}",
            f"each disaster needs exactly {CHITS_TO_STRIKE} chits",
        )
    table.check(content.chits[BLANK] >= 0, "$.chits.blank", "cannot be negative")
    Reader(CIVILIZATIONS_FILE).check(
        len(content.civilizations) >= MAX_SEATS, "$.civilizations", f"need {MAX_SEATS}"
    )
    Reader(SEA_TILES_FILE).check(
        len(content.sea_tiles) >= MAX_SEATS, "$.sea_tiles", f"need {MAX_SEATS}"
    )


def packs() -> tuple[Content, ...]:
    """Every shipped pack, oldest first."""
    return SHELF.packs()


def by_hash(content_hash: str) -> Content:
    """The pack a game plays with, found in memory by its hash."""
    # asked thousands of times a rollout (``Game.content``); a hash names one pack for ever
    found = _BY_HASH.get(content_hash)
    if found is None:
        found = _BY_HASH[content_hash] = SHELF.by_hash(content_hash)
    return found


_BY_HASH: dict[str, Content] = {}


SHELF: Shelf[Content] = Shelf(__name__, PACK_NAMES, FILES, build, ContentError)
