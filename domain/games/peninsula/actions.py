"""The action phase: drawing, trading, moving, filling and claiming (rulebook: Action Phase)."""

from __future__ import annotations

import functools

from domain.core import RuleViolation
from domain.games.peninsula.bonuses import bonus_landmark
from domain.games.peninsula.cards import Icon
from domain.games.peninsula.checks import acting_sheet, illegal, require_icon
from domain.games.peninsula.commands import (
    ClaimMission,
    DrawIcon,
    FillIcon,
    MoveArchitect,
    TradeIcon,
    UseLifesaver,
)
from domain.games.peninsula.content import MapSpec, MissionSpec
from domain.games.peninsula.events import (
    ArchitectMoved,
    Event,
    IconDrawn,
    IconFilled,
    IconTraded,
    LandmarkBonusUsed,
    LandmarkUnlocked,
    LifesaverUsed,
    MissionClaimed,
    MovedBy,
    TicketUnlocked,
)
from domain.games.peninsula.filling import fill_problem, forest_reward, mission_rewards
from domain.games.peninsula.frozen import built
from domain.games.peninsula.getters import holds as holds_of
from domain.games.peninsula.getters import mission as mission_of
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.masks import first_placement, grid_of
from domain.games.peninsula.missions import find_placement, placements
from domain.games.peninsula.movement import (
    destinations,
    landmarks_on,
    passages,
    ticket_for,
)
from domain.games.peninsula.placement import arrow_problem, icon_problem, reach
from domain.games.peninsula.state import Game, Sheet

TICKET_MOVES = frozenset({"boot", "harbor", "balloon"})
BONUS_MOVES = frozenset({"train_tunnel", "swimmer"})


def spend_bonus(game: Game, seat: int, bonus: str) -> LandmarkBonusUsed:
    landmark = bonus_landmark(game, game.sheets[seat], bonus)
    if landmark is None:
        raise illegal(f"you hold no unused {bonus.replace('_', ' ')} landmark bonus")
    return LandmarkBonusUsed(seat=seat, landmark=landmark, bonus=bonus)


def use_lifesaver(game: Game, command: UseLifesaver) -> tuple[Event, ...]:
    """rulebook: Using a Lifesaver, "As a passive player ... cross off a lifesaver"."""
    seat = command.seat
    sheet = acting_sheet(game, seat)
    if game.mode != "standard":
        raise illegal("lifesavers are used when choosing icons in this mode")
    if seat == game.active or game.kept is None:
        raise illegal("only a passive seat may use a lifesaver")
    if sheet.lifesavers == 0:
        raise illegal("you have no lifesaver left")
    allowance = game.allowances[seat]
    if allowance.uses == 0 or allowance.must_draw:
        raise illegal("you have already used your icon this round")
    return (LifesaverUsed(seat=seat, icon=game.kept),)


def draw_icon(game: Game, command: DrawIcon) -> tuple[Event, ...]:
    seat, icon, at = command.seat, command.icon, command.at
    sheet = acting_sheet(game, seat)
    require_icon(game.allowances[seat], icon)
    spec = game.map
    events: list[Event] = []
    if command.bonus is not None:
        events.append(spend_bonus(game, seat, command.bonus))
    if at not in reach(spec, sheet, command.bonus):
        raise illegal(_reach_message(command, sheet))
    problem = icon_problem(spec, sheet, icon, at) or arrow_problem(spec, icon, at, command.arrow)
    if problem:
        raise illegal(problem)
    segments = spec.water_edges(at) if icon == "cliffs" else 0
    events.append(
        built(
            IconDrawn,
            {"seat": seat, "icon": icon, "at": at, "arrow": command.arrow, "segments": segments},
        )
    )
    return tuple(events)


def _reach_message(command: DrawIcon, sheet: Sheet) -> str:
    at, here = command.at, sheet.location
    if at == here:
        return "you may never draw directly under your architect"
    match command.bonus:
        case "catapult":
            return f"with the catapult, draw on a land hex exactly 2 away from {here}"
        case "ferry":
            return "with the ferry, stand on a harbor hex and draw in another harbor hex"
        case None:
            return f"draw on a land hex next to your architect at {here}, not at {at}"


def trade_icon(game: Game, command: TradeIcon) -> tuple[Event, ...]:
    """rulebook: Trade, "move your architect immediately. Either move to an adjacent land hex
    or, if you are on a harbor hex, move to any other harbor hex"; Lightning: "Forfeit drawing
    an icon to move to any hex" (any land hex)."""
    seat, to = command.seat, command.to
    sheet = acting_sheet(game, seat)
    require_icon(game.allowances[seat], command.icon)
    if game.allowances[seat].must_draw:
        raise illegal("an icon taken with a lifesaver must be drawn")
    spec = game.map
    events: list[Event] = []
    if command.by == "lightning":
        events.append(spend_bonus(game, seat, "lightning"))
        if to not in spec.land or to == sheet.location:
            raise illegal(f"lightning moves you to another land hex, not {to}")
        path: tuple[Hex, ...] = (to,)
    else:
        paths = destinations(spec, sheet, command.by)
        if to not in paths:
            raise illegal(_move_message(command.by, sheet, to))
        path = paths[to]
    events.append(IconTraded(seat=seat, icon=command.icon))
    return (*events, *_moved(spec, sheet, seat, path, command.by, None))


def move_architect(game: Game, command: MoveArchitect) -> tuple[Event, ...]:
    """rulebook: Movement, tickets are single-use and infrastructure unlimited."""
    seat, to, by = command.seat, command.to, command.by
    sheet = acting_sheet(game, seat)
    spec = game.map
    events: list[Event] = []
    ticket = None
    if by in TICKET_MOVES:
        ticket = ticket_for(spec, sheet, by)
        if ticket is None:
            raise illegal(f"you have no {by} ticket left")
    elif by in BONUS_MOVES:
        events.append(spend_bonus(game, seat, by))
    if by in BONUS_MOVES and names_passage(game):
        path = _passage(spec, sheet, command)
    elif command.via is not None:
        raise RuleViolation(
            "invalid_command", "only a Train Tunnel or Swimmer move names the hexes it passes"
        )
    else:
        paths = destinations(spec, sheet, by)
        if to not in paths:
            raise illegal(_move_message(by, sheet, to))
        path = paths[to]
    return (*events, *_moved(spec, sheet, seat, path, by, ticket))


def names_passage(game: Game) -> bool:
    """From rules version 2 on a seat names the path of a Train Tunnel or Swimmer move."""
    return game.rules_version != "1"


def _passage(spec: MapSpec, sheet: Sheet, command: MoveArchitect) -> tuple[Hex, ...]:
    paths = passages(spec, sheet, command.by).get(command.to, ())
    if not paths:
        raise illegal(_move_message(command.by, sheet, command.to))
    if command.via is None:
        if len(paths) == 1:
            return paths[0]
        ways = "; ".join(" ".join(map(str, p[:-1])) for p in paths)
        raise RuleViolation(
            "illegal_action",
            f"several paths lead to {command.to}: name the hexes you pass through (via: {ways})",
        )
    path = (*command.via, command.to)
    if path not in paths:
        raise illegal(
            f"that {command.by} move cannot pass through {' '.join(map(str, command.via))}"
        )
    return path


def _moved(
    spec: MapSpec, sheet: Sheet, seat: int, path: tuple[Hex, ...], by: MovedBy, ticket: str | None
) -> tuple[Event, ...]:
    unlocked = landmarks_on(spec, sheet, path)
    moved = built(ArchitectMoved, {"seat": seat, "path": path, "by": by, "ticket": ticket})
    return (moved, *(built(LandmarkUnlocked, {"seat": seat, "landmark": n}) for n in unlocked))


def _move_message(by: str, sheet: Sheet, to: Hex) -> str:
    here = sheet.location
    messages = {
        "boot": f"a boot move goes to a land hex next to {here}",
        "harbor": "a harbor move goes from a harbor hex to another harbor hex",
        "balloon": f"a balloon goes to a land hex exactly 2 away from {here}",
        "street": f"no street connects {here} and {to}",
        "canal": f"no canal leads from a boat at {here} to {to}",
        "bridge": f"no bridge connects {here} and {to}",
        "tunnel": "a tunnel move goes from a tunnel to another tunnel",
        "train_tunnel": "the train tunnel goes onto an adjacent tunnel and 1 hex further",
        "swimmer": "the swimmer moves up to 2 land hexes along your coastline",
    }
    return f"you cannot move to {to}: {messages[by]}"


def fill_icon(game: Game, command: FillIcon) -> tuple[Event, ...]:
    seat, at = command.seat, command.at
    sheet = acting_sheet(game, seat, final_ok=True)
    events: list[Event] = []
    if command.bonus == "builder":
        # rulebook: Builder, "Fill in any 1 village": no condition to meet
        events.append(spend_bonus(game, seat, "builder"))
        if sheet.icons.get(at) != "village" or at in sheet.filled:
            raise illegal(f"there is no unfilled village at {at}")
    else:
        problem = fill_problem(sheet, at, game.phase == "final")
        if problem:
            raise illegal(problem)
    icon = sheet.icons[at]
    events.append(built(IconFilled, {"seat": seat, "at": at, "icon": icon}))
    for ticket, kind, reason in forest_reward(game.map, sheet, at):
        events.append(TicketUnlocked(seat=seat, ticket=ticket, kind=kind, reason=reason))
    return tuple(events)


@functools.lru_cache(maxsize=1 << 16)
def placement_for(
    mission: MissionSpec, holds: frozenset[Hex], land: frozenset[Hex]
) -> tuple[Hex, ...] | None:
    """``find_placement``, on the map's masks (``masks.first_placement``)."""
    grid = grid_of(land)
    held = grid.mask(holds)
    if held.bit_count() < len(holds):
        # a held hex off the land (never on a sheet) may be a crossed hex, which the masks
        # leave out: the plain search
        return find_placement(mission, holds, land)
    return first_placement(grid.layout(mission), held)


@functools.lru_cache(maxsize=1 << 12)
def _all_placements(
    mission: MissionSpec, holds: frozenset[Hex], land: frozenset[Hex]
) -> frozenset[frozenset[Hex]]:
    return frozenset(frozenset(p) for p in placements(mission, holds, land))


def claim_problem(game: Game, sheet: Sheet, letter: str, icon: Icon) -> str | None:
    """rulebook: Missions, "You may only claim a mission that you have not yet claimed" and
    "Choose an icon type that you have not yet used to claim a mission"."""
    if mission_of(game, letter) is None:
        return f"mission {letter} is not in this game"
    if letter in sheet.missions:
        return f"you have already claimed mission {letter}"
    if icon in sheet.missions.values():
        return f"you have already claimed a mission with the {icon}"
    return None


def claim_mission(game: Game, command: ClaimMission) -> tuple[Event, ...]:
    seat, letter, icon = command.seat, command.mission, command.icon
    sheet = acting_sheet(game, seat, final_ok=True)
    problem = claim_problem(game, sheet, letter, icon)
    mission = mission_of(game, letter)
    if problem or mission is None:
        raise illegal(problem or f"mission {letter} is not in this game")
    holds = holds_of(sheet, icon)
    placement: tuple[Hex, ...] | None
    if command.placement is None:
        placement = placement_for(mission, holds, game.map.land)
    else:
        found = _all_placements(mission, holds, game.map.land)
        placement = command.placement if frozenset(command.placement) in found else None
    if placement is None:
        raise illegal(f"your {icon} icons do not match mission {letter}'s pattern")
    events: list[Event] = [
        MissionClaimed(seat=seat, mission=letter, icon=icon, placement=placement, vp=mission.vp)
    ]
    row = tuple(m.letter for m in game.missions)
    for ticket, kind in mission_rewards(game.map, sheet, row, letter):
        events.append(TicketUnlocked(seat=seat, ticket=ticket, kind=kind, reason="missions"))
    return tuple(events)
