"""The greedy bot's chain, each kind of command built only when the chain reaches it, makes
the decisions the chain over every option (``bot_options``) made.

The plain forms below are the chain as it read before: every option listed first, each
step picking its command out of the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from types import MappingProxyType
from typing import Any

import pytest

from domain.core import Luck
from domain.games.peninsula import RULESET, bots
from domain.games.peninsula.bonuses import held_bonuses
from domain.games.peninsula.commands import (
    BuildBridge,
    ClaimMission,
    DrawHarbor,
    EndActions,
    FillIcon,
    LightLandmark,
    MoveArchitect,
    SeatCommand,
    SteepenCoast,
)
from domain.games.peninsula.content.model import BONUSES
from domain.games.peninsula.filling import fillable
from domain.games.peninsula.movement import destinations, land_neighbours, ticket_kinds
from domain.games.peninsula.outlook import outlook_for
from domain.games.peninsula.routes import cheapest_route
from domain.games.peninsula.rules import INFRASTRUCTURE, bot_options, fillable_hexes, move_kinds
from domain.games.peninsula.state import Game, Sheet, changed, put
from domain.games.peninsula.steps import landmark_move, one_shot
from tests.domain.peninsula.test_rollout_shortcuts import plain_cheapest_route
from tests.support.play import play, seed_for


def plain_greedy(game: Game, seat: int) -> SeatCommand:
    options = bot_options(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    look = outlook_for(game, bots.TARGET_WEIGHT)
    if game.phase == "draft":
        return bots._choose(game, seat, options, look)
    return (
        plain_claim(game, seat, options)
        or next((c for c in options if isinstance(c, FillIcon) and c.bonus is None), None)
        or plain_one_shot(game.sheets[seat], options)
        or plain_landmark_move(game, seat, options)
        or bots._use_icon(game, seat, options, look)
        or bots._towards_landmark(game, seat)
        or EndActions(seat=seat)
    )


def plain_claim(game: Game, seat: int, options: Sequence[SeatCommand]) -> SeatCommand | None:
    claims = [c for c in options if isinstance(c, ClaimMission)]
    if not claims:
        return None
    vp = {m.letter: m.vp for m in game.missions}
    aims = outlook_for(game, bots.TARGET_WEIGHT).aims(game.sheets[seat])

    def aimed_elsewhere(claim: ClaimMission) -> int:
        target = aims.get(claim.icon)
        return 0 if target is None or target[0].letter == claim.mission else target[0].vp

    def holds_back(claim: ClaimMission) -> bool:
        target = aims.get(claim.icon)
        if game.phase == "final" or target is None or target[0].vp <= vp[claim.mission]:
            return False
        return target[1] >= len(target[0].ticked) - bots.HOLD_BACK

    ready = [c for c in claims if not holds_back(c)]
    if not ready:
        return None
    return max(ready, key=lambda c: (vp[c.mission], -aimed_elsewhere(c)))


def plain_one_shot(sheet: Sheet, options: Sequence[SeatCommand]) -> SeatCommand | None:
    def unfilled_boat(at: Any) -> bool:
        return any(h == at and i == "boat" for h, i in sheet.icons.items()) and (
            at not in sheet.filled
        )

    for command in options:
        match command:
            case FillIcon(bonus="builder") | SteepenCoast() | LightLandmark():
                return command
            case DrawHarbor(land=land) if unfilled_boat(land):
                return command
            case BuildBridge(a=a, b=b) if unfilled_boat(a) or unfilled_boat(b):
                return command
    return None


def plain_landmark_move(
    game: Game, seat: int, options: Sequence[SeatCommand]
) -> SeatCommand | None:
    sheet, spec = game.sheets[seat], game.map
    unvisited = bots.unvisited_landmarks(spec, sheet)
    for command in options:
        if isinstance(command, MoveArchitect) and command.by != "harbor":
            path = destinations(spec, sheet, command.by).get(command.to, ())
            if any(h in unvisited for h in path):
                return command
    return None


@cache
def positions() -> tuple[Game, ...]:
    """Every position of seeded greedy and random games of 2 to 4 seats."""
    return tuple(
        step.state
        for bot in ("greedy", "random")
        for seats in (2, 3, 4)
        for step in play(RULESET, seats, label=f"chain-{seats}-{bot}", bot=bot)
        if step.state.sheets
    )


def variants(step: int, game: Game) -> Any:
    """The position; in the action phase also under other bonus cards (each landmark a
    seat reached then holds one of every bonus in turn), under rules version 1 (the engine
    picks a passage's path) and as if the final window had come."""
    yield game
    if game.phase != "actions":
        return
    for turn in (step, step + len(BONUSES) // 2):
        bonuses = {n: BONUSES[(n + turn) % len(BONUSES)] for n in game.map.landmarks}
        held = changed(game, bonuses=MappingProxyType(bonuses))
        yield held
        yield changed(held, rules_version="1")
        yield changed(held, phase="final")
    yield changed(game, phase="final")


def greedy(game: Game, seat: int) -> SeatCommand:
    return bots.greedy_bot(game, seat, Luck(seed_for("chain")))


def decision(bot: Any, game: Game, seat: int) -> Any:
    try:
        return bot(game, seat)
    except ValueError as error:
        return str(error)


def test_the_greedy_chain_makes_the_decisions_of_the_chain_over_every_option():
    made: dict[str, int] = {}
    for step, position in enumerate(positions()):
        for game in variants(step, position):
            for seat in range(-1, game.seats + 1):
                chosen = decision(greedy, game, seat)
                assert chosen == decision(plain_greedy, game, seat), (step, seat)
                kind = type(chosen).__name__ + (" via" if getattr(chosen, "via", None) else "")
                made[kind] = made.get(kind, 0) + 1
    # every kind the chain may end with, and refusals, many times each
    kinds = (
        *("ClaimMission", "FillIcon", "SteepenCoast", "LightLandmark", "DrawHarbor"),
        *("BuildBridge", "MoveArchitect", "MoveArchitect via", "DrawIcon", "TradeIcon"),
        *("UseHarborTickets", "EndActions", "DraftCard", "str"),
    )
    for kind in kinds:
        assert made.get(kind, 0) >= 5, made


@pytest.mark.parametrize("phase", ["setup", "over"])
def test_a_seat_with_nothing_to_do_is_refused(phase: str):
    game = changed(positions()[0], phase=phase)
    with pytest.raises(ValueError, match="nothing to do"):
        bots.greedy_bot(game, 0, Luck(seed_for("chain")))


def test_a_landmark_move_is_the_first_listed_move_entering_a_landmark_not_reached():
    """With the landmarks put elsewhere (every 7th land hex, in turn) and the moving
    bonuses held, so that moves of every kind (and passages with several paths) enter
    one."""
    moving = MappingProxyType(dict.fromkeys(range(1, 40), "train_tunnel"))
    found = 0
    for step, position in enumerate(positions()[::4]):
        if position.phase != "actions":
            continue
        land = sorted(position.map.land)
        spots = {n + 1: h for n, h in enumerate(land[step % 7 :: 7])}
        spec = changed(position.map, landmarks=MappingProxyType(spots))
        for bonus in ("train_tunnel", "swimmer"):
            bonuses = MappingProxyType({n: bonus for n in moving})
            for version in ("1", "2"):
                game = changed(position, spec=spec, bonuses=bonuses, rules_version=version)
                for seat in range(game.seats):
                    if game.allowances[seat].done:
                        continue  # the chain is not asked
                    sheet = changed(game.sheets[seat], landmarks=frozenset({1}))
                    game = game.with_sheet(seat, sheet)
                    held = held_bonuses(game, sheet)
                    move = landmark_move(game, seat, held)
                    assert move == plain_landmark_move(game, seat, bot_options(game, seat))
                    found += move is not None
    assert found > 200


def test_a_one_shot_bonus_is_the_first_listed_with_the_one_shot_bonuses_held():
    """Each seat with every landmark but one reached, the one-shot bonuses and Harbor
    Tickets on them in turn (Builder, listed first, only every other time), so that several
    apply at once and their order shows; every other time next to the one not reached."""
    taken: dict[str, int] = {}
    for step, position in enumerate(positions()[::2]):
        if position.phase != "actions":
            continue
        shots = SHOTS if step % 2 else SHOTS[:-1]
        numbers = sorted(position.map.landmarks)
        bonuses = {n: shots[(i + step) % len(shots)] for i, n in enumerate(numbers)}
        game = changed(position, bonuses=MappingProxyType(bonuses))
        last = position.map.landmarks[numbers[-1]]
        for seat in range(game.seats):
            if game.allowances[seat].done:
                continue
            sheet = changed(game.sheets[seat], landmarks=frozenset(numbers[:-1]))
            sheet = changed(sheet, used_landmarks=frozenset())
            if step % 4 < 2:
                sheet = changed(sheet, location=land_neighbours(game.map, last)[0])
            game = game.with_sheet(seat, sheet)
            shot = one_shot(game, seat, held_bonuses(game, sheet))
            assert shot == plain_one_shot(sheet, bot_options(game, seat))
            taken[type(shot).__name__] = taken.get(type(shot).__name__, 0) + 1
    kinds = ("FillIcon", "DrawHarbor", "SteepenCoast", "BuildBridge", "LightLandmark", "NoneType")
    assert all(taken.get(kind, 0) > 10 for kind in kinds), str(taken)


SHOTS = ("extra_harbor", "steep_coast", "bridge", "lighthouse", "harbor_tickets", "builder")


def test_routes_kept_by_the_parts_they_read_are_the_plain_search():
    """Every 3rd position of the games in order, each seat's sheet as it stands and as
    copies sharing all its parts but one (each read by the search), so a route kept for
    one must not be found for another."""
    found = 0
    for game in positions()[::3]:
        spec = game.map
        for sheet in game.sheets:
            tunnel = next((h for h in sorted(spec.land) if h not in sheet.icons), sheet.location)
            variants = (
                sheet,
                changed(sheet, landmarks=frozenset()),
                changed(sheet, used_tickets=frozenset()),
                changed(sheet, used_tickets=sheet.tickets),
                changed(sheet, tickets=frozenset()),
                changed(sheet, arrows=()),
                changed(sheet, harbor_lands=frozenset()),
                changed(sheet, icons=put(sheet.icons, tunnel, "tunnel")),
                changed(sheet, icons=put(sheet.icons, sheet.location, "tunnel")),
                changed(sheet, bonus_harbor_tickets=2),
            )
            for variant in variants:
                for budget in (0, 3, 5):
                    route = cheapest_route(spec, variant, budget)
                    assert route == plain_cheapest_route(spec, variant, budget)
                    found += route is not None
    assert found > 300


def plain_move_kinds(spec: Any, sheet: Sheet, held: frozenset[str]) -> list[str]:
    """``rules.move_kinds`` before its memos."""
    tickets = ticket_kinds(spec, sheet)
    here = sheet.location
    touching = {a.kind for a in sheet.arrows if here in (a.start, a.end)}
    under = sheet.icons.get(here) == "tunnel"
    return [
        *(k for k in ("boot", "harbor", "balloon") if k in tickets),
        *(k for k in INFRASTRUCTURE if k in touching or (k == "tunnel" and under)),
        *(k for k in ("train_tunnel", "swimmer") if k in held),
    ]


def test_move_kinds_kept_by_the_parts_they_read_are_the_plain_kinds():
    """The games' positions in order, each sheet as it stands, moved to each end of its
    arrows and onto its tunnels, and as copies sharing all its parts but one."""
    every = frozenset({"train_tunnel", "swimmer"})
    kinds = 0
    for game in positions()[::2]:
        spec = game.map
        every_ticket = frozenset(slot.id for slot in spec.tickets)
        harbors = frozenset(slot.id for slot in spec.tickets if slot.kind == "harbor")
        for sheet in game.sheets:
            ends = [h for a in sheet.arrows[-3:] for h in (a.start, a.end)]
            tunnels = [h for h, icon in sheet.icons.items() if icon == "tunnel"][:2]
            variants = [changed(sheet, location=h) for h in (*ends, *tunnels)]
            variants += [
                sheet,
                changed(sheet, used_tickets=frozenset()),
                changed(sheet, used_tickets=sheet.tickets),
                changed(sheet, tickets=frozenset()),
                changed(sheet, bonus_harbor_tickets=1),
                # every printed ticket but the harbor ones, and a bonus harbor ticket
                changed(sheet, tickets=every_ticket, used_tickets=harbors, bonus_harbor_tickets=1),
                changed(sheet, arrows=()),
                changed(sheet, icons=put(sheet.icons, sheet.location, "tunnel")),
            ]
            for variant in variants:
                for held in (frozenset(), every):
                    found = move_kinds(spec, variant, held)
                    assert found == plain_move_kinds(spec, variant, held)
                    kinds += len(found)
    assert kinds > 5_000


def test_fills_kept_with_their_filled_hexes_are_the_plain_fillable_hexes():
    """The games' positions in order (fills one after another), each sheet also asked with
    fewer filled hexes than a kept answer was worked out for, and with more."""
    found = 0
    for game in positions():
        for sheet in game.sheets:
            some = frozenset(sorted(sheet.filled)[::2])
            unfilled = frozenset(h for h in sheet.icons if h not in sheet.filled)
            for filled in (sheet.filled, some, frozenset(), sheet.filled | unfilled):
                variant = changed(sheet, filled=filled)
                for end in (False, True):
                    plain = fillable(variant, end)
                    assert fillable_hexes(variant, end) == plain
                    found += len(plain)
    assert found > 20_000
