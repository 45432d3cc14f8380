"""Peninsula's content packs: maps, missions, landmark bonus cards, lifesaver chart, challenges.

A pack is a folder of JSON files beside this module, read, hashed and inherited
(``pack.json``: ``{"extends": other}``) as every ruleset's are (domain/core/packs.py).
``build`` validates one from already-parsed JSON (tests use it to try bad data). Packs are
never changed once shipped; a change is a new pack (docs/rules-versions.md), and ``PACKS``
lists them oldest first.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

from domain.core.packs import Shelf, content_hash
from domain.games.peninsula.content.cards import (
    BONUS_FILE,
    LIFESAVERS_FILE,
    MISSIONS_FILE,
    parse_bonus_cards,
    parse_lifesaver_chart,
    parse_missions,
)
from domain.games.peninsula.content.challenges import FILE as CHALLENGES_FILE
from domain.games.peninsula.content.challenges import parse_challenges
from domain.games.peninsula.content.maps import FILE as MAPS_FILE
from domain.games.peninsula.content.maps import parse_maps
from domain.games.peninsula.content.model import (
    BONUSES,
    FILLABLE_ICONS,
    ICONS,
    MISSION_ROW,
    Bonus,
    BonusCard,
    Challenge,
    Content,
    ContentError,
    Harbor,
    MapSpec,
    MissionSpec,
    TicketSlot,
)
from domain.games.peninsula.content.reader import Reader

PACKS: tuple[str, ...] = ("cairn-original", "cairn-original-2")
FILES: tuple[str, ...] = (
    MAPS_FILE,
    MISSIONS_FILE,
    BONUS_FILE,
    LIFESAVERS_FILE,
    CHALLENGES_FILE,
)

__all__ = [
    "BONUSES",
    "FILES",
    "FILLABLE_ICONS",
    "ICONS",
    "MISSION_ROW",
    "PACKS",
    "Bonus",
    "BonusCard",
    "Challenge",
    "Content",
    "ContentError",
    "Harbor",
    "MapSpec",
    "MissionSpec",
    "TicketSlot",
    "build",
    "content_hash",
    "load",
    "pack_of",
    "packs",
    "read_pack",
]


def load(pack: str = "cairn-original") -> Content:
    """The validated pack; raises ContentError (a ValueError) naming file and path."""
    return SHELF.load(pack)


def packs() -> tuple[Content, ...]:
    """Every shipped pack, oldest first, each validated once (at import of the ruleset)."""
    return SHELF.packs()


def pack_of(game: Any) -> Content:
    """The pack a game plays with, for ever: the one its ``content_hash`` names."""
    return SHELF.by_hash(game.content_hash)


def read_pack(pack: str) -> dict[str, Any]:
    """The parsed JSON of every file of ``pack``, by file name (inherited ones included)."""
    return SHELF.read(pack)


def build(pack: str, files: Mapping[str, Any]) -> Content:
    """Validate parsed JSON files into a Content value."""
    for name in FILES:
        Reader(name).check(name in files, "$", "file missing from the pack")
    maps = parse_maps(files[MAPS_FILE])
    missions = parse_missions(files[MISSIONS_FILE])
    cards = parse_bonus_cards(files[BONUS_FILE])
    fewest = min(spec.lifesavers for spec in maps.values())
    chart = parse_lifesaver_chart(files[LIFESAVERS_FILE], fewest)
    challenges = parse_challenges(
        files[CHALLENGES_FILE],
        maps=tuple(maps),
        letters=tuple(m.letter for m in missions),
        cards=tuple(c.id for c in cards),
    )
    return Content(
        pack=pack,
        maps=types.MappingProxyType(maps),
        missions=missions,
        bonus_cards=cards,
        lifesaver_chart=chart,
        challenges=challenges,
        content_hash=content_hash(pack, files),
    )


SHELF: Shelf[Content] = Shelf(__name__, PACKS, FILES, build, ContentError)
