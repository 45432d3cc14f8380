# cairn compile leaves this module interpreted: MapSpec is copied (service/compiled.py).
"""The shapes of Peninsula's printed components, as the rules engine sees them."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from domain.games.peninsula.hexes import Hex

TicketKind = Literal["boot", "harbor", "balloon"]
TicketUnlock = Literal["start", "missions", "forest3", "forest5"]
Bonus = Literal[
    "harbor_tickets",
    "catapult",
    "extra_harbor",
    "train_tunnel",
    "lightning",
    "steep_coast",
    "rainbow",
    "builder",
    "bridge",
    "swimmer",
    "lighthouse",
    "ferry",
]
TICKET_KINDS: tuple[TicketKind, ...] = ("boot", "harbor", "balloon")
TICKET_UNLOCKS: tuple[TicketUnlock, ...] = ("start", "missions", "forest3", "forest5")
BONUSES: tuple[Bonus, ...] = (
    "harbor_tickets",
    "catapult",
    "extra_harbor",
    "train_tunnel",
    "lightning",
    "steep_coast",
    "rainbow",
    "builder",
    "bridge",
    "swimmer",
    "lighthouse",
    "ferry",
)
ICONS: tuple[str, ...] = ("village", "boat", "tunnel", "forest", "cliffs", "mountain")
FILLABLE_ICONS: tuple[str, ...] = ("village", "boat", "tunnel", "forest")
MISSION_ROW = 6


class ContentError(ValueError):
    """Bad content data: names the file and the JSON path, e.g. ``maps.json: $.maps[0].start``."""

    def __init__(self, file: str, path: str, message: str) -> None:
        super().__init__(f"{file}: {path}: {message}")
        self.file = file
        self.path = path
        self.reason = message


@dataclass(frozen=True)
class Harbor:
    """A harbor links a sea hex to a coastal land hex, the harbor hex."""

    sea: Hex
    land: Hex


@dataclass(frozen=True)
class TicketSlot:
    id: str
    kind: TicketKind
    unlock: TicketUnlock
    between: tuple[int, int] | None


@dataclass(frozen=True)
class MapSpec:
    id: str
    name: str
    land: frozenset[Hex]
    sea: frozenset[Hex]
    lake: frozenset[Hex]
    start: Hex
    harbors: tuple[Harbor, ...]
    landmarks: Mapping[int, Hex]
    tickets: tuple[TicketSlot, ...]
    lifesavers: int

    def __hash__(self) -> int:
        # Explicit because the landmarks mapping proxy is unhashable; lets callers cache
        # per-map geometry (e.g. functools.cache) keyed on the MapSpec itself.
        landmarks = tuple(sorted(self.landmarks.items()))
        return hash((self.id, self.land, self.sea, self.lake, self.start, landmarks))

    def is_land(self, h: Hex) -> bool:
        return h in self.land

    def is_water(self, h: Hex) -> bool:
        """Sea, lake, or off the map: rulebook map terms, "(Virtual) Water hex"."""
        return h not in self.land

    def water_edges(self, h: Hex) -> int:
        """Edges of land hex ``h`` touching water: its cliff segments (0 for a non-land hex)."""
        return _water_edges(self.land, h)

    def is_coastal(self, h: Hex) -> bool:
        return self.water_edges(h) > 0

    def harbor_hexes(self) -> frozenset[Hex]:
        return frozenset(harbor.land for harbor in self.harbors)

    def hexes(self) -> frozenset[Hex]:
        """Every printed hex (land, sea and lake); anything else is off the map."""
        return self.land | self.sea | self.lake


@functools.lru_cache(maxsize=1 << 12)
def _water_edges(land: frozenset[Hex], h: Hex) -> int:
    # geometry of the land alone, cached on it: legal draws of cliffs ask for every reach hex
    if h not in land:
        return 0
    return sum(1 for n in h.neighbours() if n not in land)


@dataclass(frozen=True)
class MissionSpec:
    letter: str
    name: str
    vp: int
    ticked: frozenset[Hex]
    crossed: frozenset[Hex]


@dataclass(frozen=True)
class BonusCard:
    id: str
    bonus: Bonus
    name: str


@dataclass(frozen=True)
class Challenge:
    id: str
    name: str
    description: str
    seats: tuple[int, int]
    setup: Mapping[str, Any]
    rules: Mapping[str, Any]
    win: Mapping[str, Any]


@dataclass(frozen=True)
class Content:
    pack: str
    maps: Mapping[str, MapSpec]
    missions: tuple[MissionSpec, ...]
    bonus_cards: tuple[BonusCard, ...]
    lifesaver_chart: Mapping[int, int]
    challenges: tuple[Challenge, ...]
    content_hash: str

    def mission(self, letter: str) -> MissionSpec:
        for mission in self.missions:
            if mission.letter == letter:
                return mission
        raise KeyError(f"no mission {letter!r} in content pack {self.pack}")

    def bonus_card(self, card_id: str) -> BonusCard:
        for card in self.bonus_cards:
            if card.id == card_id:
                return card
        raise KeyError(f"no landmark bonus card {card_id!r} in content pack {self.pack}")
