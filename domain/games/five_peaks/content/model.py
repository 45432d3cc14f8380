"""The shapes of Five Peaks' printed components, as the rules engine sees them.

Cards, campfire cards and spaces are described in a small effect vocabulary (``effect``,
``kind``) that the rules interpret; no rule names a particular card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

Resource = Literal["mushroom", "berry", "herb", "basket", "jar", "pouch"]
RESOURCES: tuple[Resource, ...] = ("mushroom", "berry", "herb", "basket", "jar", "pouch")
BASICS: tuple[Resource, ...] = ("mushroom", "berry", "herb")
CONTAINERS: tuple[Resource, ...] = ("basket", "jar", "pouch")
ENDORPHIN = "endorphin"
REWARDS = ("market", "campfire", "peak")
"""Reward words in a gain: a free market card, a campfire card, a peak tile."""
GAIN_KEYS: tuple[str, ...] = (*RESOURCES, ENDORPHIN, *REWARDS)
Terrain = Literal["start", "forest", "alpine", "rocky"]
TERRAINS: tuple[Terrain, ...] = ("forest", "alpine", "rocky")
SpaceKind = Literal["parking", "resource", "half", "bike", "exchange", "container"]
SPACE_KINDS: tuple[SpaceKind, ...] = (
    "parking",
    "resource",
    "half",
    "bike",
    "exchange",
    "container",
)
Edge = Literal["N", "E", "S", "W"]
EDGES: tuple[Edge, ...] = ("N", "E", "S", "W")
CardEffect = Literal[
    "move",
    "place_tile",
    "forage",
    "buy",
    "box",
    "camp",
    "shortcut",
    "bike",
    "paraglide",
    "harvest",
    "pack",
    "observe",
]
CARD_EFFECTS: tuple[CardEffect, ...] = (
    "move",
    "place_tile",
    "forage",
    "buy",
    "box",
    "camp",
    "shortcut",
    "bike",
    "paraglide",
    "harvest",
    "pack",
    "observe",
)
FireEffect = Literal[
    "bonus_resource",
    "bonus_peak",
    "twice",
    "backpack",
    "buy_container",
    "stone_bonus",
    "score_per_campfire",
    "score_per_resource",
    "score_per_endorphin",
]
FIRE_EFFECTS: tuple[FireEffect, ...] = (
    "bonus_resource",
    "bonus_peak",
    "twice",
    "backpack",
    "buy_container",
    "stone_bonus",
    "score_per_campfire",
    "score_per_resource",
    "score_per_endorphin",
)

Amounts = Mapping[str, int]


class ContentError(ValueError):
    """Invalid content: names the file and the JSON path of the fault."""

    def __init__(self, file: str, path: str, message: str) -> None:
        super().__init__(f"{file} {path}: {message}")


@dataclass(frozen=True)
class SpaceSpec:
    """One printed space; ``cell`` is (column, row) within its tile, row 0 at the south.

    ``gives`` for resource, half and bike spaces; ``pay`` and ``gain`` for exchanges. A
    ``half`` is a corner triangle: alone a space of its own, with a neighbour's half one
    square space that gives both.
    """

    cell: tuple[int, int]
    kind: SpaceKind
    gives: Amounts
    pay: Amounts
    gain: Amounts


@dataclass(frozen=True)
class TileSpec:
    """A terrain tile (``size`` x ``size`` cells): its spaces, its paths (a path of three
    cells branches: each pair of them is connected) and the edges a path leaves by."""

    id: str
    terrain: Terrain
    size: int
    spaces: tuple[SpaceSpec, ...]
    paths: tuple[tuple[tuple[int, int], ...], ...]
    edges: frozenset[Edge]

    def space_at(self, cell: tuple[int, int]) -> SpaceSpec | None:
        return next((s for s in self.spaces if s.cell == cell), None)


@dataclass(frozen=True)
class PeakSpec:
    id: str
    terrain: Terrain
    vp: int
    reward: Amounts


@dataclass(frozen=True)
class CardOption:
    """One way to play a hiking card: an effect word and its parameters."""

    effect: CardEffect
    steps: tuple[int, ...] = ()
    endorphins: int = 0
    times: int = 0
    give: str = ""
    count: int = 0
    take: str = ""
    glide: Mapping[str, tuple[str, ...]] | None = None


@dataclass(frozen=True)
class CardSpec:
    id: str
    title: str
    starting: bool
    copies: int
    cost: int
    options: tuple[CardOption, ...]


@dataclass(frozen=True)
class FireSpec:
    """A campfire card's effect: its word and parameters (``card`` for ``twice``)."""

    id: str
    title: str
    copies: int
    effect: FireEffect
    resource: str = ""
    card: str = ""
    amount: int = 0
    containers: tuple[str, ...] = ()
    upgrade: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class PanoramaSpec:
    id: str
    column: str
    rank: int
    vp: int
    seats: int
    """The player-count mark: the card is in play from this many seats on."""
    cost: Amounts
    reward: Amounts


@dataclass(frozen=True)
class StoneSpec:
    id: str
    multiplier: int
    size: int


@dataclass(frozen=True, eq=False)
class Content:
    """A validated pack; compared and hashed by identity (packs are loaded once)."""

    pack: str
    start: TileSpec
    tiles: Mapping[str, TileSpec]
    peaks: Mapping[str, PeakSpec]
    cards: Mapping[str, CardSpec]
    campfire: Mapping[str, FireSpec]
    panoramas: Mapping[str, PanoramaSpec]
    stones: tuple[StoneSpec, ...]
    supply: Amounts
    backpack: int
    market: int
    campfire_draw: int
    starting_endorphins: tuple[int, ...]
    badges: Mapping[str, int]
    terrain_order: tuple[Terrain, ...]
    end_conditions: int
    content_hash: str

    def tile(self, tile_id: str) -> TileSpec:
        return self.start if tile_id == self.start.id else self.tiles[tile_id]

    def stone(self, stone_id: str) -> StoneSpec:
        return next(s for s in self.stones if s.id == stone_id)

    def fire_cards(self) -> tuple[str, ...]:
        """The campfire deck: each effect's copies, named ``<effect id>-<n>``."""
        return tuple(f"{f.id}-{n}" for f in self.campfire.values() for n in range(1, f.copies + 1))

    def fire(self, card: str) -> FireSpec:
        return self.campfire[card.rsplit("-", 1)[0]]
