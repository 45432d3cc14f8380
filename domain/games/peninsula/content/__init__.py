"""Peninsula's content packs: maps, missions, landmark bonus cards, lifesaver chart, challenges.

A pack is a folder of JSON files beside this module. ``load`` reads, validates and caches
one; ``build`` does the same from already-parsed JSON (tests use it to try bad data). The
content hash is sha256 over the canonical JSON (sorted keys, no spaces, UTF-8) of
``{"pack": name, "files": {file name: parsed JSON}}``, so reformatting a file keeps it while
any change of value changes it.

A pack folder may hold a ``pack.json`` with ``{"extends": other}``: every file it lacks is
the other pack's. The hash covers the files as resolved, so a pack is what it plays with,
however it is stored. Packs are never changed once shipped; a change is a new pack
(docs/rules-versions.md), and ``PACKS`` lists them oldest first.
"""

from __future__ import annotations

import functools
import hashlib
import json
import types
from collections.abc import Mapping
from importlib import resources
from typing import Any

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
PACK_FILE = "pack.json"
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


@functools.cache
def load(pack: str = "cairn-original") -> Content:
    """The validated pack; raises ContentError (a ValueError) naming file and path."""
    return build(pack, read_pack(pack))


@functools.cache
def packs() -> tuple[Content, ...]:
    """Every shipped pack, oldest first, each validated once (at import of the ruleset)."""
    return tuple(load(name) for name in PACKS)


@functools.cache
def _by_hash() -> Mapping[str, Content]:
    return types.MappingProxyType({pack.content_hash: pack for pack in packs()})


def pack_of(game: Any) -> Content:
    """The pack a game plays with, for ever: the one its ``content_hash`` names."""
    return _by_hash()[game.content_hash]


def read_pack(pack: str) -> dict[str, Any]:
    """The parsed JSON of every file of ``pack``, by file name (inherited ones included)."""
    if pack not in PACKS:
        raise ValueError(f"unknown content pack {pack!r}; known: {', '.join(PACKS)}")
    folder = resources.files(__name__).joinpath(pack)
    manifest = folder.joinpath(PACK_FILE)
    base: dict[str, Any] = {}
    if manifest.is_file():
        extends = _parse(manifest.read_text(encoding="utf-8"), PACK_FILE).get("extends")
        Reader(PACK_FILE).check(extends in PACKS and extends != pack, "$.extends", "not a pack")
        base = read_pack(str(extends))
    files: dict[str, Any] = {}
    for name in FILES:
        own = folder.joinpath(name)
        if own.is_file():
            files[name] = _parse(own.read_text(encoding="utf-8"), name)
        elif name in base:
            files[name] = base[name]
    return files


def _parse(text: str, name: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(name, "$", f"not valid JSON: {exc}") from None


def content_hash(pack: str, files: Mapping[str, Any]) -> str:
    canonical = json.dumps(
        {"pack": pack, "files": files}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


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
