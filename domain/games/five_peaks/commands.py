# cairn compile leaves this module interpreted: ClassVar in dataclasses (service/compiled.py).
"""What a seat may ask for, one decision at a time within its turn (docs/rules/five-peaks.md,
Turn structure). Each names the seat; places are board cells."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from domain.games.five_peaks.geometry import Cell


@dataclass(frozen=True)
class PlayCard:
    """Play a hiking card from hand; ``option`` picks one of its ways to play (0 first)."""

    NAME: ClassVar[str] = "play_card"
    seat: int
    card: str
    option: int = 0


@dataclass(frozen=True)
class Move:
    """Move the pawn to a space the card being resolved reaches."""

    NAME: ClassVar[str] = "move"
    seat: int
    to: Cell


@dataclass(frozen=True)
class PlaceTile:
    """Place the revealed terrain tile at an open corner half of the pawn's tile."""

    NAME: ClassVar[str] = "place_tile"
    seat: int
    corner: Cell
    rotation: int


@dataclass(frozen=True)
class TakeLeft:
    """Take every resource left on the pawn's space, before resolving it."""

    NAME: ClassVar[str] = "take_left"
    seat: int


@dataclass(frozen=True)
class Collect:
    """Take the resources a resource or bike space shows."""

    NAME: ClassVar[str] = "collect"
    seat: int


@dataclass(frozen=True)
class Exchange:
    """Pay a resource exchange space's price once for its gain (repeatable)."""

    NAME: ClassVar[str] = "exchange"
    seat: int


@dataclass(frozen=True)
class Convert:
    """Swap one container for another on a container exchange space (repeatable)."""

    NAME: ClassVar[str] = "convert"
    seat: int
    give: str
    take: str


@dataclass(frozen=True)
class PlaceStone:
    NAME: ClassVar[str] = "place_stone"
    seat: int
    stone: str


@dataclass(frozen=True)
class Forage:
    """Discovery's second action: one mushroom, berry or herb for endorphins."""

    NAME: ClassVar[str] = "forage"
    seat: int
    resource: str


@dataclass(frozen=True)
class Harvest:
    NAME: ClassVar[str] = "harvest"
    seat: int
    resource: str


@dataclass(frozen=True)
class Pack:
    """One trade of a container card (two of a resource for its container)."""

    NAME: ClassVar[str] = "pack"
    seat: int


@dataclass(frozen=True)
class TakeCard:
    """Take the market card at ``index``: bought, or free as a reward."""

    NAME: ClassVar[str] = "take_card"
    seat: int
    index: int


@dataclass(frozen=True)
class BoxCard:
    NAME: ClassVar[str] = "box_card"
    seat: int
    card: str


@dataclass(frozen=True)
class Refresh:
    """Observe: put the whole market under the deck and refill it."""

    NAME: ClassVar[str] = "refresh"
    seat: int


@dataclass(frozen=True)
class BuyPanorama:
    NAME: ClassVar[str] = "buy_panorama"
    seat: int
    card: str


@dataclass(frozen=True)
class Rest:
    """Camp's other choice: take its endorphins."""

    NAME: ClassVar[str] = "rest"
    seat: int


@dataclass(frozen=True)
class DrawCampfire:
    NAME: ClassVar[str] = "draw_campfire"
    seat: int


@dataclass(frozen=True)
class KeepCampfire:
    """Keep one drawn campfire card; the rest go under the deck in ``returned`` order."""

    NAME: ClassVar[str] = "keep_campfire"
    seat: int
    card: str
    returned: tuple[str, ...]


@dataclass(frozen=True)
class PlacePeak:
    """Place the top peak tile of ``terrain``'s pile in a free gap beside the pawn's tile."""

    NAME: ClassVar[str] = "place_peak"
    seat: int
    at: Cell
    terrain: str


@dataclass(frozen=True)
class Discard:
    """Put one resource back when the backpack is over its limit."""

    NAME: ClassVar[str] = "discard"
    seat: int
    resource: str


@dataclass(frozen=True)
class BuyContainer:
    """A campfire card's trade of endorphins for a container, any time in the seat's turn."""

    NAME: ClassVar[str] = "buy_container"
    seat: int
    resource: str


@dataclass(frozen=True)
class Pass:
    """Finish what is under way: forgo the next reward, or end the step or the turn."""

    NAME: ClassVar[str] = "pass"
    seat: int


Command = (
    PlayCard | Move | PlaceTile | TakeLeft | Collect | Exchange | Convert | PlaceStone | Forage
    | Harvest | Pack | TakeCard | BoxCard | Refresh | BuyPanorama | Rest | DrawCampfire
    | KeepCampfire | PlacePeak | Discard | BuyContainer | Pass
)  # fmt: skip
COMMAND_TYPES: tuple[type, ...] = (
    PlayCard, Move, PlaceTile, TakeLeft, Collect, Exchange, Convert, PlaceStone, Forage,
    Harvest, Pack, TakeCard, BoxCard, Refresh, BuyPanorama, Rest, DrawCampfire, KeepCampfire,
    PlacePeak, Discard, BuyContainer, Pass,
)  # fmt: skip
