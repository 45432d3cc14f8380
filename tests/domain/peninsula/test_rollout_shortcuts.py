"""The rollout speed shortcuts of branch ``pen-fast`` give what their plain forms give.

``python -m bench.rollout_fingerprint --ruleset peninsula`` holds whole greedy rollouts to
the code before; these hold each shortcut to its plain form (written out here as it was)
at the positions of seeded games, so a failure names the one that drifted.
"""

from __future__ import annotations

import dataclasses
import heapq
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

from domain.games.peninsula import RULESET
from domain.games.peninsula.adjacency import around
from domain.games.peninsula.bonuses import harbor_sites
from domain.games.peninsula.commands import DrawHarbor
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.movement import led_to, ring2, tunnels
from domain.games.peninsula.planning import (
    WEIGHT,
    grid_of,
    open_missions,
    progress,
    usable_hexes,
)
from domain.games.peninsula.routes import TICKET_KINDS, _tickets_left, cheapest_route
from domain.games.peninsula.rules import bonus_actions, legal_commands
from domain.games.peninsula.state import Game, Sheet
from tests.domain.peninsula.test_greedy_shortcuts import plain_best_partial
from tests.support.play import play

EVERY = 3
"""Every 3rd position of each game."""


@cache
def positions() -> tuple[Game, ...]:
    """Positions of seeded greedy and random games of 2 and 3 seats, set-up left out."""
    return tuple(
        step.state
        for seats in (2, 3)
        for bot in ("greedy", "random")
        for step in list(play(RULESET, seats, label=f"pen-fast-{seats}-{bot}", bot=bot))[1::EVERY]
        if step.state.sheets
    )


def sheets() -> Iterator[tuple[Game, int, Sheet]]:
    for game in positions():
        for seat, sheet in enumerate(game.sheets):
            yield game, seat, sheet


# -- the route to a landmark ------------------------------------------------------------------


def plain_steps(spec: Any, sheet: Sheet, here: Hex) -> Iterator[tuple[str, Hex]]:
    yield from led_to(sheet.arrows, here)
    if sheet.icons.get(here) == "tunnel":
        for to in tunnels(sheet):
            if to != here:
                yield "tunnel", to
    for to in around(here):
        if to in spec.land:
            yield "boot", to
    for to in ring2(spec, here):
        yield "balloon", to
    if here in sheet.harbor_lands:
        for to in sorted(sheet.harbor_lands - {here}):
            yield "harbor", to


def plain_cheapest_route(spec: Any, sheet: Sheet, budget: int) -> Any:
    """The search as it was: every step built, the ones out of tickets or budget dropped."""
    goals = {where for n, where in spec.landmarks.items() if n not in sheet.landmarks}
    left = _tickets_left(spec, sheet)
    if not goals:
        return None
    queue: list[Any] = [(0, 0, 0, (sheet.location, 0, 0, 0), None)]
    seen: set[Any] = set()
    order = 0
    while queue:
        cost, hops, _, state, first = heapq.heappop(queue)
        here = state[0]
        if here in goals and first is not None:
            return cost, first
        if state in seen:
            continue
        seen.add(state)
        for kind, to in plain_steps(spec, sheet, here):
            used = list(state[1:])
            paid = False
            if kind in TICKET_KINDS:
                index = TICKET_KINDS.index(kind)
                used[index] += 1
                paid = kind != "harbor" or used[index] > sheet.bonus_harbor_tickets
                if used[index] > left[kind] or (paid and cost + 1 > budget):
                    continue
            order += 1
            nxt = (to, used[0], used[1], used[2])
            heapq.heappush(queue, (cost + paid, hops + 1, order, nxt, first or (kind, to)))
    return None


def test_the_route_search_is_the_plain_search():
    """Every seat's sheet at the positions, at every budget the bot uses and more, as it
    stands, on a Harbor Tickets trip (bonus harbor tickets), on a harbor hex and next to
    one."""
    found = 0
    for game, _, sheet in sheets():
        spec = game.map
        variants = [sheet, replace(sheet, bonus_harbor_tickets=2)]
        # next to a harbor and on one, with bonus harbor tickets: free moves after paid ones
        for harbor in sorted(sheet.harbor_lands)[:2]:
            variants.append(replace(sheet, location=harbor, bonus_harbor_tickets=1))
            for near in around(harbor)[:2]:
                if near in spec.land:
                    variants.append(replace(sheet, location=near, bonus_harbor_tickets=2))
        for variant in variants:
            for budget in (0, 1, 2, 3, 5, 8):
                route = cheapest_route(spec, variant, budget)
                assert route == plain_cheapest_route(spec, variant, budget)
                found += route is not None
    assert found > 500


# -- the mission plan -------------------------------------------------------------------------


def plain_progress(missions: Any, holds: frozenset[Hex], land: frozenset[Hex]) -> dict[Hex, float]:
    values: dict[Hex, float] = {}
    for mission in missions:
        have, missing, _ = plain_best_partial(mission, holds, land)
        if have == 0:
            continue
        worth = WEIGHT * mission.vp * (have + 1) / len(mission.ticked)
        for h in missing:
            values[h] = max(values.get(h, 0.0), worth)
    return values


def test_the_plan_of_missing_hexes_is_the_plain_max_over_missions():
    """Each icon type's hexes and usable hexes at the positions, with the open missions and
    with all of the game's missions (more matches overlap): the same hexes, the same
    floats."""
    shared = 0
    for game, _, sheet in sheets():
        grid = grid_of(game.map.land)
        for missions in (open_missions(game, sheet), game.missions):
            layouts = tuple(map(grid.layout, missions))
            for held, open_hexes in dict(usable_hexes(game, sheet)).values():
                holds, land = grid.hexes_of(held), grid.hexes_of(held | open_hexes)
                found = progress(grid, layouts, held, held | open_hexes)
                assert dict(found) == plain_progress(missions, holds, land)
                matched = [plain_best_partial(m, holds, land) for m in missions]
                missing = [found[1] for found in matched if found[0]]
                # hexes two matches lack, where the most worth must win
                shared += sum(1 for a in missing for b in missing if a is not b and a & b)
    assert shared > 100


# -- the legal commands -----------------------------------------------------------------------


def test_extra_harbor_sites_kept_by_the_parts_they_read_are_those_found_afresh():
    """The sites ``bonus_actions`` offers with Extra Harbor held, position after position
    (so kept answers are met again), with cliffs drawn on the first site's land (so a sheet
    with the same drawn harbors but other cliffs asks again) and a harbor drawn there."""
    held = frozenset({"extra_harbor"})
    changed = 0
    for game, seat, sheet in sheets():
        spec = game.map
        sites = harbor_sites(spec, sheet)
        sea, land = sites[0]
        variants = [
            sheet,
            replace(sheet, cliffs={**sheet.cliffs, land: 1}),
            replace(sheet, drawn_harbors=(*sheet.drawn_harbors, (sea, land))),
            sheet,
        ]
        for variant in variants:
            offered = [
                (c.sea, c.land)
                for c in bonus_actions(game, variant, seat, held)
                if isinstance(c, DrawHarbor)
            ]
            assert offered == list(harbor_sites(spec, variant))
        changed += len(harbor_sites(spec, variants[1])) < len(sites)
    assert changed > 100


def test_legal_commands_built_without_init_are_those_init_builds():
    """Every legal command of every seat at the positions has exactly its class's fields,
    in order, and equals (and hashes and prints as) the command ``__init__`` builds."""
    kinds = set()
    for game, seat, _ in sheets():
        for command in legal_commands(game, seat):
            names = [f.name for f in dataclasses.fields(command)]
            assert list(vars(command)) == names
            plain = type(command)(**{name: getattr(command, name) for name in names})
            assert command == plain and hash(command) == hash(plain)
            assert repr(command) == repr(plain)
            kinds.add(type(command).__name__)
    assert {"FillIcon", "ClaimMission", "DraftCard", "EndActions", "DrawIcon"} <= kinds
