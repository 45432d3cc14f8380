# cairn compile leaves this module interpreted: ClassVar in dataclasses (service/compiled.py).
"""What happened. Every consequence is its own event, decided once and never recomputed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from domain.core import SeedRevealed
from domain.games.peninsula.cards import Card, Icon
from domain.games.peninsula.hexes import Hex

Mode = Literal["standard", "fast", "solo"]
MovedBy = Literal[
    "boot",
    "harbor",
    "balloon",
    "street",
    "canal",
    "bridge",
    "tunnel",
    "train_tunnel",
    "swimmer",
    "lightning",
]
UnlockReason = Literal["missions", "forest3", "forest5"]


@dataclass(frozen=True)
class GameSetUp:
    """The public setup: every card, mission and bonus drawn, except the hidden pile order."""

    NAME: ClassVar[str] = "peninsula.game_set_up"
    VERSION: ClassVar[int] = 1
    mode: Mode
    map: str
    missions: tuple[str, ...]
    bonuses: tuple[str, ...]
    removed: tuple[Card, ...]
    face_up: tuple[Card, ...]
    start_seat: int
    lifesavers: int
    challenge: str


@dataclass(frozen=True)
class PileShuffled:
    """Server-only: the undrawn pile, top first, and the draw counter after shuffling it."""

    NAME: ClassVar[str] = "peninsula.pile_shuffled"
    VERSION: ClassVar[int] = 1
    order: tuple[Card, ...]
    counter: int


@dataclass(frozen=True)
class StackTopShown:
    """Face-up stack variant: the next card of the pile is public."""

    NAME: ClassVar[str] = "peninsula.stack_top_shown"
    VERSION: ClassVar[int] = 1
    card: Card


@dataclass(frozen=True)
class CardDrafted:
    NAME: ClassVar[str] = "peninsula.card_drafted"
    VERSION: ClassVar[int] = 1
    seat: int
    index: int
    kept: Icon
    left: Icon


@dataclass(frozen=True)
class IconsChosen:
    """Solo: the two icons of this round; ``lifesaver`` when taken across the river."""

    NAME: ClassVar[str] = "peninsula.icons_chosen"
    VERSION: ClassVar[int] = 1
    seat: int
    icons: tuple[Icon, Icon]
    lifesaver: bool


@dataclass(frozen=True)
class LifesaverUsed:
    NAME: ClassVar[str] = "peninsula.lifesaver_used"
    VERSION: ClassVar[int] = 1
    seat: int
    icon: Icon


@dataclass(frozen=True)
class LandmarkBonusUsed:
    NAME: ClassVar[str] = "peninsula.landmark_bonus_used"
    VERSION: ClassVar[int] = 1
    seat: int
    landmark: int
    bonus: str


@dataclass(frozen=True)
class IconDrawn:
    """``segments`` is the number of cliff segments drawn (0 for other icons)."""

    NAME: ClassVar[str] = "peninsula.icon_drawn"
    VERSION: ClassVar[int] = 1
    seat: int
    icon: Icon
    at: Hex
    arrow: Hex | None
    segments: int


@dataclass(frozen=True)
class IconTraded:
    NAME: ClassVar[str] = "peninsula.icon_traded"
    VERSION: ClassVar[int] = 1
    seat: int
    icon: Icon


@dataclass(frozen=True)
class IconChanged:
    """Rainbow: an icon in hand became another."""

    NAME: ClassVar[str] = "peninsula.icon_changed"
    VERSION: ClassVar[int] = 1
    seat: int
    icon: Icon
    into: Icon


@dataclass(frozen=True)
class ArchitectMoved:
    """``path`` lists every hex entered, the last being the new location."""

    NAME: ClassVar[str] = "peninsula.architect_moved"
    VERSION: ClassVar[int] = 1
    seat: int
    path: tuple[Hex, ...]
    by: MovedBy
    ticket: str | None


@dataclass(frozen=True)
class LandmarkUnlocked:
    NAME: ClassVar[str] = "peninsula.landmark_unlocked"
    VERSION: ClassVar[int] = 1
    seat: int
    landmark: int


@dataclass(frozen=True)
class IconFilled:
    NAME: ClassVar[str] = "peninsula.icon_filled"
    VERSION: ClassVar[int] = 1
    seat: int
    at: Hex
    icon: Icon


@dataclass(frozen=True)
class TicketUnlocked:
    NAME: ClassVar[str] = "peninsula.ticket_unlocked"
    VERSION: ClassVar[int] = 1
    seat: int
    ticket: str
    kind: str
    reason: UnlockReason


@dataclass(frozen=True)
class MissionClaimed:
    NAME: ClassVar[str] = "peninsula.mission_claimed"
    VERSION: ClassVar[int] = 1
    seat: int
    mission: str
    icon: Icon
    placement: tuple[Hex, ...]
    vp: int


@dataclass(frozen=True)
class HarborTicketsGained:
    """Harbor Tickets bonus: usable until the seat ends this action phase."""

    NAME: ClassVar[str] = "peninsula.harbor_tickets_gained"
    VERSION: ClassVar[int] = 1
    seat: int
    count: int


@dataclass(frozen=True)
class HarborDrawn:
    NAME: ClassVar[str] = "peninsula.harbor_drawn"
    VERSION: ClassVar[int] = 1
    seat: int
    sea: Hex
    land: Hex


@dataclass(frozen=True)
class CoastSteepened:
    """Steep coast: the hex's cliff segments become ``segments`` (double what they were)."""

    NAME: ClassVar[str] = "peninsula.coast_steepened"
    VERSION: ClassVar[int] = 1
    seat: int
    at: Hex
    segments: int


@dataclass(frozen=True)
class BridgeBuilt:
    NAME: ClassVar[str] = "peninsula.bridge_built"
    VERSION: ClassVar[int] = 1
    seat: int
    a: Hex
    b: Hex


@dataclass(frozen=True)
class ActionsEnded:
    NAME: ClassVar[str] = "peninsula.actions_ended"
    VERSION: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True)
class RoundEnded:
    NAME: ClassVar[str] = "peninsula.round_ended"
    VERSION: ClassVar[int] = 1
    round: int
    next_active: int


@dataclass(frozen=True)
class CardRevealed:
    """Administration: the top card of the pile is turned face up."""

    NAME: ClassVar[str] = "peninsula.card_revealed"
    VERSION: ClassVar[int] = 1
    card: Card


@dataclass(frozen=True)
class CardsFlipped:
    """Solo option phase: two cards, each (left, right) of the river; the way up is a draw."""

    NAME: ClassVar[str] = "peninsula.cards_flipped"
    VERSION: ClassVar[int] = 1
    cards: tuple[Card, ...]
    counter: int


@dataclass(frozen=True)
class FinalWindowOpened:
    """The pile is empty when a card is needed: the game ends after ``rounds`` rounds, and
    every seat may still fill icons and claim missions."""

    NAME: ClassVar[str] = "peninsula.final_window_opened"
    VERSION: ClassVar[int] = 1
    rounds: int


@dataclass(frozen=True)
class GameEnded:
    NAME: ClassVar[str] = "peninsula.game_ended"
    VERSION: ClassVar[int] = 1
    scores: tuple[int, ...]


Event = (
    GameSetUp
    | PileShuffled
    | StackTopShown
    | CardDrafted
    | IconsChosen
    | LifesaverUsed
    | LandmarkBonusUsed
    | IconDrawn
    | IconTraded
    | IconChanged
    | ArchitectMoved
    | LandmarkUnlocked
    | IconFilled
    | TicketUnlocked
    | MissionClaimed
    | HarborTicketsGained
    | HarborDrawn
    | CoastSteepened
    | BridgeBuilt
    | ActionsEnded
    | RoundEnded
    | CardRevealed
    | CardsFlipped
    | FinalWindowOpened
    | GameEnded
)

Fact = Event | SeedRevealed
"""What a decision may yield: the game's own events, and under rules version 1 the seed's
reveal too (the last seat's end of actions revealed it; now the system does)."""

EVENT_TYPES: tuple[type, ...] = (
    GameSetUp,
    PileShuffled,
    StackTopShown,
    CardDrafted,
    IconsChosen,
    LifesaverUsed,
    LandmarkBonusUsed,
    IconDrawn,
    IconTraded,
    IconChanged,
    ArchitectMoved,
    LandmarkUnlocked,
    IconFilled,
    TicketUnlocked,
    MissionClaimed,
    HarborTicketsGained,
    HarborDrawn,
    CoastSteepened,
    BridgeBuilt,
    ActionsEnded,
    RoundEnded,
    CardRevealed,
    CardsFlipped,
    FinalWindowOpened,
    GameEnded,
)
