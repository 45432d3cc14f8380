"""The validated content of a Peloponnes pack: tiles, civilizations, sea tiles, the table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from domain.games.peloponnes.goods import GOODS, Good, Goods

Kind = Literal["land", "building"]
Disaster = Literal["plague", "drought", "decline", "earthquake", "tempest"]
DISASTERS: tuple[Disaster, ...] = ("plague", "drought", "decline", "earthquake", "tempest")
BLANK = "blank"
SETS = ("base", "six-player")
ADOPTABLE = ("abilities", "protects")
MAX_SEATS = 6
CHITS_PER_ROUND = 2
"""Reference, A round 6: "Draw 2 chits." """
CHITS_TO_STRIKE = 3
"""Reference: "a disaster strikes when its tile gets its third chit." """
"""The tile fields a pack may mark as an adopted reading; each such field is an option."""


class ContentError(ValueError):
    """Bad content data; the message starts with the file and the JSON path."""

    def __init__(self, file: str, path: str, message: str) -> None:
        super().__init__(f"{file}: {path}: {message}")
        self.file = file
        self.path = path


@dataclass(frozen=True)
class EndChoice:
    """One side of an end-of-game choice: prestige points or inhabitants."""

    pp: int = 0
    inhabitants: int = 0


@dataclass(frozen=True)
class Tile:
    """A land or building tile as printed, in the effect vocabulary the rules interpret.

    * ``free_placement``: its owner's lands are free of the placement rule.
    * ``taking_loses``: what its taker loses at once; a seat that lacks it cannot take it.
    * ``end_choice``: at the end of the game its owner picks one of these.
    """

    id: str
    name: str
    set: str
    kind: Kind
    bid: int
    pp: int
    cost: Goods
    once: Goods
    income: Goods
    choice_income: int
    protects: Disaster | None
    supply: bool
    free_placement: bool
    taking_loses: Goods
    end_choice: tuple[EndChoice, ...]
    adopted: frozenset[str]
    note: str

    @property
    def stack(self) -> str:
        """The letter on the tile's back: the first character of its printed id."""
        return self.id[0]

    @property
    def produces(self) -> frozenset[Good]:
        return frozenset(g for g in GOODS if self.income.get(g) > 0)

    @property
    def label(self) -> str:
        return f"{self.id} {self.name}" if self.name else self.id


@dataclass(frozen=True)
class Civilization:
    name: str
    order: int
    set: str
    start: Goods
    income: Goods


@dataclass(frozen=True)
class SeaTile:
    id: int
    cost: Goods
    pp: int
    once: Goods


@dataclass(frozen=True)
class IncomeRow:
    low: int
    high: int
    coins: int
    luxury: int


@dataclass(frozen=True)
class Content:
    pack: str
    tiles: Mapping[str, Tile]
    civilizations: Mapping[str, Civilization]
    sea_tiles: Mapping[int, SeaTile]
    population_income: tuple[IncomeRow, ...]
    rounds: tuple[str, ...]
    tiles_per_round: Mapping[str, int]
    chits: Mapping[str, int]
    content_hash: str

    def tile(self, tile_id: str) -> Tile:
        return self.tiles[tile_id]

    def stack_tiles(self, letter: str, sets: frozenset[str]) -> tuple[str, ...]:
        """The tiles of one letter's stack for the chosen tile sets, in printed order."""
        return tuple(t.id for t in self.tiles.values() if t.stack == letter and t.set in sets)

    def population_income_for(self, inhabitants: int) -> IncomeRow:
        """The table's row; beyond the last row the last row holds (20 means "20 or more")."""
        for row in self.population_income:
            if row.low <= inhabitants <= row.high:
                return row
        return self.population_income[-1]

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.rounds))
