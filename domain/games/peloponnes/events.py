# cairn compile leaves this module interpreted: ClassVar in dataclasses (service/compiled.py).
"""What happened: past-tense facts, each with a stable NAME and a schema VERSION.

Every change of a seat's goods is stored as its ``change`` (a ``Goods`` delta, storage caps
and the luxury wildcard already applied by ``decide``), so ``evolve`` only adds it up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from domain.games.peloponnes.content import Disaster
from domain.games.peloponnes.goods import Goods
from domain.games.peloponnes.state import Phase, Stake

LossReason = Literal["plague", "drought", "decline", "earthquake", "tempest", "unpaid"]


@dataclass(frozen=True)
class GameBegan:
    """Civilizations dealt (seat by seat), round 1's turn order and the face-up sea tiles."""

    NAME: ClassVar[str] = "peloponnes.game_began"
    VERSION: ClassVar[int] = 1
    civilizations: tuple[str, ...]
    order: tuple[int, ...]
    tile_sets: frozenset[str]
    sea_display: tuple[int, ...]
    counter: int


@dataclass(frozen=True)
class StacksShuffled:
    """Server-only: the undrawn order of every letter's stack and of the disaster chits."""

    NAME: ClassVar[str] = "peloponnes.stacks_shuffled"
    VERSION: ClassVar[int] = 1
    stacks: Mapping[str, tuple[str, ...]]
    chits: tuple[str, ...]
    counter: int


@dataclass(frozen=True)
class PhaseBegan:
    NAME: ClassVar[str] = "peloponnes.phase_began"
    VERSION: ClassVar[int] = 1
    phase: Phase
    round: int
    awaiting: tuple[int, ...] = ()


@dataclass(frozen=True)
class TilesRevealed:
    """The round's tiles, drawn from the top of its stack; ``supplies`` of them carry the
    supply symbol."""

    NAME: ClassVar[str] = "peloponnes.tiles_revealed"
    VERSION: ClassVar[int] = 1
    stack: str
    auction: tuple[str, ...]
    conquest: tuple[str, ...]
    supplies: int


@dataclass(frozen=True)
class SeaTileBought:
    NAME: ClassVar[str] = "peloponnes.sea_tile_bought"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: int
    change: Goods


@dataclass(frozen=True)
class BidPlaced:
    """A bid; ``outbid`` is the seat whose bid on that tile it beat, now to move or withdraw."""

    NAME: ClassVar[str] = "peloponnes.bid_placed"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: str
    amount: int
    outbid: int | None = None


@dataclass(frozen=True)
class BidMoved:
    NAME: ClassVar[str] = "peloponnes.bid_moved"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: str
    amount: int


@dataclass(frozen=True)
class Withdrew:
    NAME: ClassVar[str] = "peloponnes.withdrew"
    VERSION: ClassVar[int] = 1
    seat: int
    outbid: bool


@dataclass(frozen=True)
class BidsSettled:
    """The bidding is over: ``won`` are the standing bids, ``discarded`` the unbid tiles."""

    NAME: ClassVar[str] = "peloponnes.bids_settled"
    VERSION: ClassVar[int] = 1
    won: tuple[Stake, ...]
    discarded: tuple[str, ...]
    awaiting: tuple[int, ...]


@dataclass(frozen=True)
class TileTaken:
    """A seat pays its bid and places the tile; its one-time effects are in ``change``."""

    NAME: ClassVar[str] = "peloponnes.tile_taken"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: str
    change: Goods


@dataclass(frozen=True)
class Compensated:
    NAME: ClassVar[str] = "peloponnes.compensated"
    VERSION: ClassVar[int] = 1
    seat: int
    change: Goods


@dataclass(frozen=True)
class BuildingPaid:
    """A building's construction cost paid (with, for an unpaid one, its coin back)."""

    NAME: ClassVar[str] = "peloponnes.building_paid"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: str
    change: Goods


@dataclass(frozen=True)
class BuildingMarked:
    """A building marked with one of its owner's coins, to be paid at the next supply."""

    NAME: ClassVar[str] = "peloponnes.building_marked"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: str
    change: Goods


@dataclass(frozen=True)
class IncomeCollected:
    """Every seat's fixed income (``changes`` by seat); ``awaiting`` seats choose the rest."""

    NAME: ClassVar[str] = "peloponnes.income_collected"
    VERSION: ClassVar[int] = 1
    changes: tuple[Goods, ...]
    awaiting: tuple[int, ...]


@dataclass(frozen=True)
class IncomeChosen:
    NAME: ClassVar[str] = "peloponnes.income_chosen"
    VERSION: ClassVar[int] = 1
    seat: int
    goods: tuple[str, ...]
    change: Goods


@dataclass(frozen=True)
class ChitsDrawn:
    """Chits from the top of the face-down pile; ``strikes`` are the disasters they complete."""

    NAME: ClassVar[str] = "peloponnes.chits_drawn"
    VERSION: ClassVar[int] = 1
    chits: tuple[str, ...]
    strikes: tuple[Disaster, ...]


@dataclass(frozen=True)
class DisasterStruck:
    NAME: ClassVar[str] = "peloponnes.disaster_struck"
    VERSION: ClassVar[int] = 1
    disaster: Disaster
    immune: tuple[int, ...]
    awaiting: tuple[int, ...]


@dataclass(frozen=True)
class Suffered:
    """What a disaster took from a seat's mat (plague, drought, decline)."""

    NAME: ClassVar[str] = "peloponnes.suffered"
    VERSION: ClassVar[int] = 1
    seat: int
    disaster: Disaster
    change: Goods


@dataclass(frozen=True)
class TilesSaved:
    """A seat's choice in an earthquake or tempest: ``tiles`` paid for, ``lost`` gone."""

    NAME: ClassVar[str] = "peloponnes.tiles_saved"
    VERSION: ClassVar[int] = 1
    seat: int
    disaster: Disaster
    tiles: tuple[str, ...]
    lost: tuple[str, ...]
    change: Goods


@dataclass(frozen=True)
class TilesLost:
    NAME: ClassVar[str] = "peloponnes.tiles_lost"
    VERSION: ClassVar[int] = 1
    seat: int
    tiles: tuple[str, ...]
    reason: LossReason


@dataclass(frozen=True)
class Fed:
    """A supply: the food (and luxury goods) a seat's inhabitants ate, and how many starved."""

    NAME: ClassVar[str] = "peloponnes.fed"
    VERSION: ClassVar[int] = 1
    seat: int
    change: Goods
    starved: int


@dataclass(frozen=True)
class SupplyHeld:
    """The feeding of a supply is done; ``awaiting`` seats decide about unpaid buildings."""

    NAME: ClassVar[str] = "peloponnes.supply_held"
    VERSION: ClassVar[int] = 1
    awaiting: tuple[int, ...]


@dataclass(frozen=True)
class UnpaidSettled:
    """A seat's choice at a supply: ``paid`` buildings (their coins back), ``lost`` gone."""

    NAME: ClassVar[str] = "peloponnes.unpaid_settled"
    VERSION: ClassVar[int] = 1
    seat: int
    paid: tuple[str, ...]
    lost: tuple[str, ...]
    change: Goods


@dataclass(frozen=True)
class RoundEnded:
    NAME: ClassVar[str] = "peloponnes.round_ended"
    VERSION: ClassVar[int] = 1
    round: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class EndBonusChosen:
    NAME: ClassVar[str] = "peloponnes.end_bonus_chosen"
    VERSION: ClassVar[int] = 1
    seat: int
    tile: str
    pick: int
    pp: int
    change: Goods


@dataclass(frozen=True)
class GameEnded:
    NAME: ClassVar[str] = "peloponnes.game_ended"
    VERSION: ClassVar[int] = 1
    scores: tuple[int, ...]
    ranks: tuple[int, ...]


Event = (
    GameBegan
    | StacksShuffled
    | PhaseBegan
    | TilesRevealed
    | SeaTileBought
    | BidPlaced
    | BidMoved
    | Withdrew
    | BidsSettled
    | TileTaken
    | Compensated
    | BuildingPaid
    | BuildingMarked
    | IncomeCollected
    | IncomeChosen
    | ChitsDrawn
    | DisasterStruck
    | Suffered
    | TilesSaved
    | TilesLost
    | Fed
    | SupplyHeld
    | UnpaidSettled
    | RoundEnded
    | EndBonusChosen
    | GameEnded
)
EVENT_TYPES: tuple[type, ...] = (
    GameBegan,
    StacksShuffled,
    PhaseBegan,
    TilesRevealed,
    SeaTileBought,
    BidPlaced,
    BidMoved,
    Withdrew,
    BidsSettled,
    TileTaken,
    Compensated,
    BuildingPaid,
    BuildingMarked,
    IncomeCollected,
    IncomeChosen,
    ChitsDrawn,
    DisasterStruck,
    Suffered,
    TilesSaved,
    TilesLost,
    Fed,
    SupplyHeld,
    UnpaidSettled,
    RoundEnded,
    EndBonusChosen,
    GameEnded,
)
