"""The landmark bonuses that are commands of their own (rulebook: Landmark Bonuses)."""

from __future__ import annotations

from domain.games.peninsula.actions import spend_bonus
from domain.games.peninsula.bonuses import (
    bridge_sites,
    harbor_sites,
    landmark_at,
    lighthouse_sites,
    steep_sites,
)
from domain.games.peninsula.checks import acting_sheet, illegal, require_icon
from domain.games.peninsula.commands import (
    BuildBridge,
    DrawHarbor,
    LightLandmark,
    SteepenCoast,
    UseHarborTickets,
    UseRainbow,
)
from domain.games.peninsula.events import (
    BridgeBuilt,
    CoastSteepened,
    Event,
    HarborDrawn,
    HarborTicketsGained,
    IconChanged,
    LandmarkUnlocked,
)
from domain.games.peninsula.frozen import built
from domain.games.peninsula.state import Game

HARBOR_TICKETS = 2


def use_rainbow(game: Game, command: UseRainbow) -> tuple[Event, ...]:
    """rulebook: Rainbow, "When drawing an icon, you may draw any icon instead." The icon in
    hand changes; drawing it is the seat's next decision."""
    seat = command.seat
    acting_sheet(game, seat)
    require_icon(game.allowances[seat], command.icon)
    if command.into == command.icon:
        raise illegal("the rainbow must change your icon into another one")
    used = spend_bonus(game, seat, "rainbow")
    return used, IconChanged(seat=seat, icon=command.icon, into=command.into)


def use_harbor_tickets(game: Game, command: UseHarborTickets) -> tuple[Event, ...]:
    """rulebook: Harbor Tickets, "Gain 2 harbor tickets for this turn." """
    seat = command.seat
    acting_sheet(game, seat)
    used = spend_bonus(game, seat, "harbor_tickets")
    return used, HarborTicketsGained(seat=seat, count=HARBOR_TICKETS)


def draw_harbor(game: Game, command: DrawHarbor) -> tuple[Event, ...]:
    seat = command.seat
    sheet = acting_sheet(game, seat)
    used = spend_bonus(game, seat, "extra_harbor")
    if (command.sea, command.land) not in harbor_sites(game.map, sheet):
        raise illegal(
            "a new harbor goes on a free sea hex, linked to an adjacent land hex without cliffs"
        )
    return used, HarborDrawn(seat=seat, sea=command.sea, land=command.land)


def steepen_coast(game: Game, command: SteepenCoast) -> tuple[Event, ...]:
    seat, at = command.seat, command.at
    sheet = acting_sheet(game, seat)
    used = spend_bonus(game, seat, "steep_coast")
    if at not in steep_sites(sheet):
        raise illegal(f"there are no cliffs at {at} next to your architect")
    return used, CoastSteepened(seat=seat, at=at, segments=2 * sheet.cliffs[at])


def build_bridge(game: Game, command: BuildBridge) -> tuple[Event, ...]:
    seat = command.seat
    acting_sheet(game, seat)
    used = spend_bonus(game, seat, "bridge")
    a, b = sorted((command.a, command.b))
    if (a, b) not in bridge_sites(game.map):
        raise illegal(
            f"a bridge joins two land hexes that are not adjacent but touch the same water hex,"
            f" unlike {a} and {b}"
        )
    return used, BridgeBuilt(seat=seat, a=a, b=b)


def light_landmark(game: Game, command: LightLandmark) -> tuple[Event, ...]:
    seat, at = command.seat, command.at
    sheet = acting_sheet(game, seat)
    used = spend_bonus(game, seat, "lighthouse")
    landmark = landmark_at(game.map, at)
    if landmark is None or at not in lighthouse_sites(game.map, sheet):
        raise illegal(f"there is no locked landmark at {at} next to your architect")
    return used, built(LandmarkUnlocked, {"seat": seat, "landmark": landmark})
