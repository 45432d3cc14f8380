# cairn compile leaves this module interpreted: ClassVar in dataclasses; built through __dict__
# (service/compiled.py).
"""What a seat may ask for. Every decision is its own command, so a replay shows each one.

Landmark bonuses are named by what they do, never by landmark number: the engine spends the
lowest-numbered unlocked, unused landmark carrying that bonus (a seat gains nothing by
choosing between two identical bonuses).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from domain.games.peninsula.cards import Icon
from domain.games.peninsula.frozen import built as built
from domain.games.peninsula.hexes import Hex

Side = Literal["left", "right"]
TicketMove = Literal["boot", "harbor", "balloon"]
InfrastructureMove = Literal["street", "canal", "bridge", "tunnel"]
BonusMove = Literal["train_tunnel", "swimmer"]
MoveKind = Literal[
    "boot", "harbor", "balloon", "street", "canal", "bridge", "tunnel", "train_tunnel", "swimmer"
]
TradeKind = Literal["boot", "harbor", "lightning"]
DrawBonus = Literal["catapult", "ferry"]


@dataclass(frozen=True)
class DraftCard:
    """The active seat takes face-up card ``card`` (0 or 1) and keeps icon ``keep``."""

    NAME: ClassVar[str] = "draft_card"
    seat: int
    card: int
    keep: Icon


@dataclass(frozen=True)
class ChooseIcons:
    """Solo: take the ``first`` card's icon on one side and the ``second`` card's on one side.

    Both on the same side is choosing a side of the river; different sides costs a lifesaver.
    """

    NAME: ClassVar[str] = "choose_icons"
    seat: int
    first: Side
    second: Side


@dataclass(frozen=True)
class UseLifesaver:
    """A passive seat crosses off a lifesaver to draw the active seat's icon instead."""

    NAME: ClassVar[str] = "use_lifesaver"
    seat: int


@dataclass(frozen=True)
class DrawIcon:
    """Draw ``icon`` at ``at``; villages and boats also draw an arrow to ``arrow``."""

    NAME: ClassVar[str] = "draw_icon"
    seat: int
    icon: Icon
    at: Hex
    arrow: Hex | None = None
    bonus: DrawBonus | None = None


@dataclass(frozen=True)
class TradeIcon:
    """Give up ``icon`` to move at once: a boot or harbor move, or anywhere with Lightning."""

    NAME: ClassVar[str] = "trade_icon"
    seat: int
    icon: Icon
    to: Hex
    by: TradeKind


@dataclass(frozen=True)
class MoveArchitect:
    """Move to ``to``. A Train Tunnel or Swimmer move names in ``via`` the hexes it passes
    through before ``to`` (rules version 2 on; needed only where several paths lead there)."""

    NAME: ClassVar[str] = "move_architect"
    seat: int
    to: Hex
    by: MoveKind
    via: tuple[Hex, ...] | None = None


@dataclass(frozen=True)
class FillIcon:
    """Fill the icon at ``at``; with the Builder bonus a village fills unconditionally."""

    NAME: ClassVar[str] = "fill_icon"
    seat: int
    at: Hex
    bonus: Literal["builder"] | None = None


@dataclass(frozen=True)
class ClaimMission:
    """Claim ``mission`` with ``icon``; ``placement`` (the ticked hexes) is found if omitted."""

    NAME: ClassVar[str] = "claim_mission"
    seat: int
    mission: str
    icon: Icon
    placement: tuple[Hex, ...] | None = None


@dataclass(frozen=True)
class UseRainbow:
    """Rainbow: the icon ``icon`` in hand becomes ``into``."""

    NAME: ClassVar[str] = "use_rainbow"
    seat: int
    icon: Icon
    into: Icon


@dataclass(frozen=True)
class UseHarborTickets:
    NAME: ClassVar[str] = "use_harbor_tickets"
    seat: int


@dataclass(frozen=True)
class DrawHarbor:
    """Extra Harbor: a harbor in sea hex ``sea`` linked to the coastal land hex ``land``."""

    NAME: ClassVar[str] = "draw_harbor"
    seat: int
    sea: Hex
    land: Hex


@dataclass(frozen=True)
class SteepenCoast:
    NAME: ClassVar[str] = "steepen_coast"
    seat: int
    at: Hex


@dataclass(frozen=True)
class BuildBridge:
    NAME: ClassVar[str] = "build_bridge"
    seat: int
    a: Hex
    b: Hex


@dataclass(frozen=True)
class LightLandmark:
    """Lighthouse: unlock the landmark in the adjacent hex ``at``."""

    NAME: ClassVar[str] = "light_landmark"
    seat: int
    at: Hex


@dataclass(frozen=True)
class EndActions:
    """The seat is done for this action phase (or, after the last round, with its map)."""

    NAME: ClassVar[str] = "end_actions"
    seat: int


@dataclass(frozen=True)
class EndRound:
    """The system runs the administration phase once every seat has ended its actions."""

    NAME: ClassVar[str] = "end_round"


@dataclass(frozen=True)
class EndGame:
    """The system scores every sheet once every seat is done after the last round."""

    NAME: ClassVar[str] = "end_game"


SystemCommand = EndRound | EndGame
SYSTEM_COMMAND_TYPES: tuple[type, ...] = (EndRound, EndGame)

SeatCommand = (
    DraftCard
    | ChooseIcons
    | UseLifesaver
    | DrawIcon
    | TradeIcon
    | MoveArchitect
    | FillIcon
    | ClaimMission
    | UseRainbow
    | UseHarborTickets
    | DrawHarbor
    | SteepenCoast
    | BuildBridge
    | LightLandmark
    | EndActions
)
Command = SeatCommand | SystemCommand

COMMAND_TYPES: tuple[type, ...] = (
    DraftCard,
    ChooseIcons,
    UseLifesaver,
    DrawIcon,
    TradeIcon,
    MoveArchitect,
    FillIcon,
    ClaimMission,
    UseRainbow,
    UseHarborTickets,
    DrawHarbor,
    SteepenCoast,
    BuildBridge,
    LightLandmark,
    EndActions,
)
