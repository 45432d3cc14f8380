# cairn compile leaves this module interpreted: ClassVar in dataclasses (service/compiled.py).
"""What a seat may ask for, and what the rules resolve by themselves (system commands).

Seat commands carry the ``seat`` that sends them; system commands carry nothing: the
system decides them under its own actor when ``system_command`` says they are due.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

Choice = Literal["food", "wood", "stone", "coins"]


@dataclass(frozen=True)
class BuySeaTile:
    """Expansion: buy one face-up sea tile at its printed cost, before the round's bid."""

    NAME: ClassVar[str] = "buy_sea_tile"
    seat: int
    tile: int


@dataclass(frozen=True)
class Bid:
    """Put your marker and ``amount`` coins on a tile of the auction or conquest row."""

    NAME: ClassVar[str] = "bid"
    seat: int
    tile: str
    amount: int


@dataclass(frozen=True)
class MoveBid:
    """Outbid: move the same amount onto a free tile whose price it meets."""

    NAME: ClassVar[str] = "move_bid"
    seat: int
    tile: str


@dataclass(frozen=True)
class Withdraw:
    """Take no tile this round (pass, or give up after being outbid)."""

    NAME: ClassVar[str] = "withdraw"
    seat: int


@dataclass(frozen=True)
class PayNow:
    """Pay the building you won with its construction cost at once."""

    NAME: ClassVar[str] = "pay_now"
    seat: int


@dataclass(frozen=True)
class MarkWithCoin:
    """Mark the building you won with one of your coins: pay it at the next supply."""

    NAME: ClassVar[str] = "mark_with_coin"
    seat: int


@dataclass(frozen=True)
class ChooseIncome:
    """The goods your "one unit of your choice" incomes give this round, one per unit."""

    NAME: ClassVar[str] = "choose_income"
    seat: int
    goods: tuple[Choice, ...]


@dataclass(frozen=True)
class SaveTiles:
    """Earthquake or tempest: the tiles you pay to keep; the others are lost."""

    NAME: ClassVar[str] = "save_tiles"
    seat: int
    tiles: frozenset[str]


@dataclass(frozen=True)
class PayUnpaid:
    """Supply: the unpaid buildings you pay for now; the others are lost."""

    NAME: ClassVar[str] = "pay_unpaid"
    seat: int
    tiles: frozenset[str]


@dataclass(frozen=True)
class ChooseEndBonus:
    """End of the game: take side ``pick`` of a tile's end-of-game choice."""

    NAME: ClassVar[str] = "choose_end_bonus"
    seat: int
    tile: str
    pick: int


@dataclass(frozen=True)
class RevealTiles:
    NAME: ClassVar[str] = "reveal_tiles"


@dataclass(frozen=True)
class Supply:
    NAME: ClassVar[str] = "supply"


@dataclass(frozen=True)
class SettleBids:
    NAME: ClassVar[str] = "settle_bids"


@dataclass(frozen=True)
class CollectIncome:
    NAME: ClassVar[str] = "collect_income"


@dataclass(frozen=True)
class DrawChits:
    NAME: ClassVar[str] = "draw_chits"


@dataclass(frozen=True)
class Strike:
    NAME: ClassVar[str] = "strike"


@dataclass(frozen=True)
class EndRound:
    NAME: ClassVar[str] = "end_round"


@dataclass(frozen=True)
class ScoreGame:
    NAME: ClassVar[str] = "score_game"


SeatCommand = (
    BuySeaTile
    | Bid
    | MoveBid
    | Withdraw
    | PayNow
    | MarkWithCoin
    | ChooseIncome
    | SaveTiles
    | PayUnpaid
    | ChooseEndBonus
)
SystemCommand = (
    RevealTiles | Supply | SettleBids | CollectIncome | DrawChits | Strike | EndRound | ScoreGame
)
Command = SeatCommand | SystemCommand
COMMAND_TYPES: tuple[type, ...] = (
    BuySeaTile,
    Bid,
    MoveBid,
    Withdraw,
    PayNow,
    MarkWithCoin,
    ChooseIncome,
    SaveTiles,
    PayUnpaid,
    ChooseEndBonus,
)
SYSTEM_COMMAND_TYPES: tuple[type, ...] = (
    RevealTiles,
    Supply,
    SettleBids,
    CollectIncome,
    DrawChits,
    Strike,
    EndRound,
    ScoreGame,
)
