# cairn compile leaves this module interpreted: ClassVar in dataclasses (service/compiled.py).
"""What happened: past-tense facts, each applied by ``evolve`` without a rule of its own."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from domain.games.five_peaks.geometry import Cell
from domain.games.five_peaks.state import Reward, Stage


@dataclass(frozen=True)
class GameSetUp:
    """The public setup: the market and the panorama columns in play."""

    NAME: ClassVar[str] = "five_peaks.game_set_up"
    VERSION: ClassVar[int] = 1
    market: tuple[str, ...]
    columns: tuple[str, ...]


@dataclass(frozen=True)
class PilesShuffled:
    """Server-only: every face-down order. ``redrawn`` seats' unkept campfire draws went
    back into the campfire deck first (a fork's fresh luck)."""

    NAME: ClassVar[str] = "five_peaks.piles_shuffled"
    VERSION: ClassVar[int] = 1
    terrain: tuple[str, ...]
    forest: tuple[str, ...]
    alpine: tuple[str, ...]
    rocky: tuple[str, ...]
    deck: tuple[str, ...]
    campfire: tuple[str, ...]
    redrawn: tuple[int, ...]
    counter: int


@dataclass(frozen=True)
class CardPlayed:
    NAME: ClassVar[str] = "five_peaks.card_played"
    VERSION: ClassVar[int] = 1
    seat: int
    card: str
    option: int


@dataclass(frozen=True)
class StageBegan:
    NAME: ClassVar[str] = "five_peaks.stage_began"
    VERSION: ClassVar[int] = 1
    seat: int
    stage: Stage


@dataclass(frozen=True)
class PawnMoved:
    NAME: ClassVar[str] = "five_peaks.pawn_moved"
    VERSION: ClassVar[int] = 1
    seat: int
    to: Cell


@dataclass(frozen=True)
class ResourcesMoved:
    """Between the bank and a seat: ``paid`` to the bank, ``gained`` from it (endorphins
    included, under ``endorphin``)."""

    NAME: ClassVar[str] = "five_peaks.resources_moved"
    VERSION: ClassVar[int] = 1
    seat: int
    paid: Mapping[str, int]
    gained: Mapping[str, int]


@dataclass(frozen=True)
class ResourceLeft:
    NAME: ClassVar[str] = "five_peaks.resource_left"
    VERSION: ClassVar[int] = 1
    at: Cell
    resource: str


@dataclass(frozen=True)
class LeftTaken:
    NAME: ClassVar[str] = "five_peaks.left_taken"
    VERSION: ClassVar[int] = 1
    seat: int
    at: Cell
    resources: Mapping[str, int]


@dataclass(frozen=True)
class TileRevealed:
    NAME: ClassVar[str] = "five_peaks.tile_revealed"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: str


@dataclass(frozen=True)
class TilePlaced:
    NAME: ClassVar[str] = "five_peaks.tile_placed"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: str
    x: int
    y: int
    rotation: int


@dataclass(frozen=True)
class PeakPlaced:
    """A peak tile from its terrain's pile, and that terrain's badge to the seat."""

    NAME: ClassVar[str] = "five_peaks.peak_placed"
    VERSION: ClassVar[int] = 1
    seat: int
    peak: str
    at: Cell
    terrain: str
    bonus: bool = False


@dataclass(frozen=True)
class StonePlaced:
    NAME: ClassVar[str] = "five_peaks.stone_placed"
    VERSION: ClassVar[int] = 1
    seat: int
    stone: str
    at: Cell


@dataclass(frozen=True)
class RewardsDue:
    NAME: ClassVar[str] = "five_peaks.rewards_due"
    VERSION: ClassVar[int] = 1
    seat: int
    rewards: tuple[Reward, ...]


@dataclass(frozen=True)
class RewardDone:
    """The first reward due is resolved or forgone."""

    NAME: ClassVar[str] = "five_peaks.reward_done"
    VERSION: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True)
class MarketTaken:
    NAME: ClassVar[str] = "five_peaks.market_taken"
    VERSION: ClassVar[int] = 1
    seat: int
    index: int
    card: str
    cost: int


@dataclass(frozen=True)
class MarketRefilled:
    NAME: ClassVar[str] = "five_peaks.market_refilled"
    VERSION: ClassVar[int] = 1
    cards: tuple[str, ...]


@dataclass(frozen=True)
class MarketCycled:
    """Observe: the whole market, in its order, went under the deck."""

    NAME: ClassVar[str] = "five_peaks.market_cycled"
    VERSION: ClassVar[int] = 1
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CardBoxed:
    NAME: ClassVar[str] = "five_peaks.card_boxed"
    VERSION: ClassVar[int] = 1
    seat: int
    card: str


@dataclass(frozen=True)
class PanoramaBought:
    NAME: ClassVar[str] = "five_peaks.panorama_bought"
    VERSION: ClassVar[int] = 1
    seat: int
    card: str


@dataclass(frozen=True)
class PanoramaBoxed:
    """Two seats: the third card of a rank goes to the box once two are bought."""

    NAME: ClassVar[str] = "five_peaks.panorama_boxed"
    VERSION: ClassVar[int] = 1
    card: str


@dataclass(frozen=True)
class PileReturned:
    NAME: ClassVar[str] = "five_peaks.pile_returned"
    VERSION: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True)
class CampfireDrawn:
    """Seen by the drawing seat only."""

    NAME: ClassVar[str] = "five_peaks.campfire_drawn"
    VERSION: ClassVar[int] = 1
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CampfireKept:
    NAME: ClassVar[str] = "five_peaks.campfire_kept"
    VERSION: ClassVar[int] = 1
    seat: int
    card: str


@dataclass(frozen=True)
class CampfireReturned:
    """Seen by the returning seat only: the order the rest went under the deck."""

    NAME: ClassVar[str] = "five_peaks.campfire_returned"
    VERSION: ClassVar[int] = 1
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class TurnEnded:
    NAME: ClassVar[str] = "five_peaks.turn_ended"
    VERSION: ClassVar[int] = 1
    seat: int
    next: int


@dataclass(frozen=True)
class EndTriggered:
    NAME: ClassVar[str] = "five_peaks.end_triggered"
    VERSION: ClassVar[int] = 1
    seat: int
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class GameEnded:
    NAME: ClassVar[str] = "five_peaks.game_ended"
    VERSION: ClassVar[int] = 1
    scores: tuple[int, ...]


Event = (
    GameSetUp | PilesShuffled | CardPlayed | StageBegan | PawnMoved | ResourcesMoved
    | ResourceLeft | LeftTaken | TileRevealed | TilePlaced | PeakPlaced | StonePlaced
    | RewardsDue | RewardDone | MarketTaken | MarketRefilled | MarketCycled | CardBoxed
    | PanoramaBought | PanoramaBoxed | PileReturned | CampfireDrawn | CampfireKept
    | CampfireReturned | TurnEnded | EndTriggered | GameEnded
)  # fmt: skip
EVENT_TYPES: tuple[type, ...] = (
    GameSetUp, PilesShuffled, CardPlayed, StageBegan, PawnMoved, ResourcesMoved, ResourceLeft,
    LeftTaken, TileRevealed, TilePlaced, PeakPlaced, StonePlaced, RewardsDue, RewardDone,
    MarketTaken, MarketRefilled, MarketCycled, CardBoxed, PanoramaBought, PanoramaBoxed,
    PileReturned, CampfireDrawn, CampfireKept, CampfireReturned, TurnEnded, EndTriggered,
    GameEnded,
)  # fmt: skip
