"""More of the greedy bot's shortcuts held to their plain forms (see test_greedy_shortcuts):
the mission searches on masks (the partial match, the completing hexes, the targets and
plans), the arrows' ways compared by coordinates, the bot's look for an unfilled boat, and
the fills and claims kept by the sheet parts they read."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from domain.games.peninsula import RULESET
from domain.games.peninsula.actions import placement_for
from domain.games.peninsula.adjacency import around
from domain.games.peninsula.bonuses import harbor_sites
from domain.games.peninsula.bots import TARGET_WEIGHT
from domain.games.peninsula.cards import ICONS, Icon
from domain.games.peninsula.commands import ClaimMission, FillIcon
from domain.games.peninsula.content import load
from domain.games.peninsula.filling import fillable, is_pointed_at
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.masks import Grid, completing, first_placement, grid_of
from domain.games.peninsula.missions import find_placement
from domain.games.peninsula.movement import led_to
from domain.games.peninsula.planning import WEIGHT, aims_of, mission_plan, partial
from domain.games.peninsula.rules import claims, fills
from domain.games.peninsula.state import Arrow, Game, Sheet
from domain.games.peninsula.steps import unfilled_boat
from tests.domain.peninsula.test_greedy_shortcuts import every_position, plain_best_partial
from tests.support.play import play

TAKEN = 3
"""Hexes taken out of a type's usable hexes, one at a time, after each search."""
EVERY = 25
"""Every 25th position of each game: the sheets from empty to full, on both maps."""
MISSIONS = load().missions
"""Every mission of the pack, not only the six a game plays with."""


@cache
def map_positions() -> tuple[Game, ...]:
    """Positions of seeded greedy and random games of 2 and 3 seats on every map."""
    games = tuple(
        step.state
        for spec in sorted(load().maps)
        for seats in (2, 3)
        for bot in ("greedy", "random")
        for step in list(
            play(RULESET, seats, label=f"bits-{spec}-{seats}-{bot}", bot=bot, options={"map": spec})
        )[1::EVERY]
        if step.state.sheets
    )
    assert {game.map.id for game in games} == set(load().maps)
    return games


def every_holding(game: Game) -> Iterator[tuple[Sheet, Icon, frozenset[Hex], frozenset[Hex]]]:
    """Each sheet's hexes of every icon type (spent or not) and the hexes usable for it:
    those and the empty land, or for cliffs the coast without harbors or cliffs."""
    spec = game.map
    coast = frozenset(h for h in spec.land if spec.water_edges(h))
    for sheet in game.sheets:
        free = spec.land - frozenset(sheet.icons)
        for icon in ICONS:
            holds = sheet.holds(icon)
            if icon == "cliffs":
                yield sheet, icon, holds, holds | (coast - sheet.harbor_lands - holds)
            else:
                yield sheet, icon, holds, holds | free


def hexes(grid: Grid, found: tuple[int, int, int]) -> tuple[int, frozenset[Hex], frozenset[Hex]]:
    return found[0], grid.hexes_of(found[1]), grid.hexes_of(found[2])


def on_land(spec: Any, plain: Any) -> Any:
    """A plain search's answer with its crossed hexes on land only: a hex off the land
    never holds an icon and takes no draw, so the masks leave it out."""
    return plain[0], plain[1], plain[2] & spec.land


def test_the_mask_partial_search_is_the_plain_search():
    """Every mission of the pack, every icon type of every sheet, at positions of seeded
    games on every map: on the usable hexes, then with one of the hexes found missing taken
    out (as a draw of another type takes it), and with a held hex not usable."""
    searches = changed = best = 0
    for game in map_positions():
        spec, grid = game.map, grid_of(game.map.land)
        for _, _, holds, usable in every_holding(game):
            held = grid.mask(holds)
            for mission in MISSIONS:
                layout = grid.layout(mission)
                plain = plain_best_partial(mission, holds, usable)
                assert hexes(grid, partial(layout, held, grid.mask(usable))) == on_land(spec, plain)
                fewer = [usable - {h} for h in sorted(plain[1])[:TAKEN]]
                fewer += [usable - {min(holds)}] if holds else []
                for land in fewer:
                    found = hexes(grid, partial(layout, held, grid.mask(land)))
                    assert found == on_land(spec, plain_best_partial(mission, holds, land))
                    changed += found[0] != plain[0]
                searches += 1 + len(fewer)
                best = max(best, plain[0])
    assert searches > 50_000 and changed > 5_000 and best == 5


def test_the_completing_hexes_and_the_matches_are_what_find_placement_finds():
    """Every mission of the pack and icon type at positions on every map: ``placement_for``
    and ``first_placement`` (the masks' smallest placement) are ``find_placement``'s; for a
    mission matched nowhere, the completing hexes are those ``find_placement`` finds a
    placement with when added (each hex of the map, land and sea; ``placement_for`` finds
    the same); for a matched one, ``placement_for`` with each sea hex added too."""
    completing_hexes = matches = blocked = 0
    for game in map_positions()[::3]:
        land, grid = game.map.land, grid_of(game.map.land)
        every, sea = sorted(land | game.map.sea), sorted(game.map.sea)[::2]
        for _, _, holds, _ in every_holding(game):
            held = grid.mask(holds)
            for mission in MISSIONS:
                layout = grid.layout(mission)
                placement = find_placement(mission, holds, land)
                assert placement_for.__wrapped__(mission, holds, land) == placement
                assert first_placement(layout, held) == placement
                matches += placement is not None
                if placement is not None:
                    # a sea hex held too may be a crossed hex of the placement (the plain
                    # search then finds another, or none)
                    for h in sea:
                        found = find_placement(mission, holds | {h}, land)
                        assert placement_for.__wrapped__(mission, holds | {h}, land) == found
                        blocked += found != placement
                    continue
                plain = set()
                for h in every:
                    found = find_placement(mission, holds | {h}, land)
                    # (with a sea hex held too, the plain search: the masks hold land only)
                    assert placement_for.__wrapped__(mission, holds | {h}, land) == found
                    if found is not None:
                        plain.add(h)
                assert grid.hexes_of(completing(layout, held)) == plain
                completing_hexes += len(plain)
    assert completing_hexes > 2_000 and matches > 100 and blocked > 10


def test_a_grid_gives_each_land_hex_its_own_bit_in_order_and_back():
    for spec in load().maps.values():
        grid = grid_of(spec.land)
        bits = [1 << i for i in range(len(spec.land))]
        assert [grid.mask({h}) for h in sorted(spec.land)] == bits
        assert grid.hexes_of(grid.land) == spec.land and grid.mask(spec.sea) == 0
        coast = frozenset(h for h in spec.land if spec.water_edges(h))
        assert grid.hexes_of(grid.coast) == coast
        for start in range(0, len(spec.land), 5):
            some = frozenset(sorted(spec.land)[start::7]) | {min(spec.sea)}
            assert grid.hexes_of(grid.mask(some)) == some & spec.land


def test_a_mission_ticking_more_hexes_than_a_count_holds_is_refused():
    """The counts of held hexes are three bit planes: 8 ticked hexes would read as 0."""
    grid = grid_of(load().maps["M1"].land)
    long = replace(MISSIONS[0], ticked=frozenset(Hex(q, 0) for q in range(8)))
    with pytest.raises(ValueError, match="ticks more hexes"):
        grid.layout(long)
    assert grid.layout(replace(long, ticked=frozenset(Hex(q, 0) for q in range(7)))).size == 7


def plain_targets(
    game: Game, sheet: Sheet
) -> dict[Icon, tuple[Any, int, frozenset[Hex], frozenset[Hex]]]:
    """``planning.targets`` as it read before the masks, on the plain search."""
    spec = game.map
    spent = set(sheet.missions.values())
    lands = [(i, h, u) for s, i, h, u in every_holding(game) if s is sheet and i not in spent]
    chosen: dict[Icon, Any] = {}
    missions = [m for m in game.missions if m.letter not in sheet.missions]
    for mission in sorted(missions, key=lambda m: (-m.vp, m.letter)):
        size = len(mission.ticked)
        best: Any = (0.0, None, None)
        for icon, holds, usable in lands:
            if icon in chosen:
                continue
            found = on_land(spec, plain_best_partial(mission, holds, usable))
            if found[0] and found[0] / size > best[0]:
                best = (found[0] / size, icon, found)
        if best[1] is not None:
            chosen[best[1]] = (mission, *best[2])
    return chosen


def plain_plan(game: Game, sheet: Sheet, icon: Icon, weight: float) -> dict[Hex, float]:
    """``mission_plan`` written out: each hex the most any open mission's best match lacking
    it is worth, then the target's missing hexes raised and its crossed ones lowered."""
    if icon in sheet.missions.values():
        return {}
    holds, usable = next((h, u) for s, i, h, u in every_holding(game) if s is sheet and i == icon)
    values: dict[Hex, float] = {}
    for mission in game.missions:
        if mission.letter in sheet.missions:
            continue
        have, missing, _ = plain_best_partial(mission, holds, usable)
        if have:
            worth = WEIGHT * mission.vp * (have + 1) / len(mission.ticked)
            for h in missing:
                values[h] = max(values.get(h, 0.0), worth)
    target = plain_targets(game, sheet).get(icon)
    if target is not None:
        mission, have, missing, crossed = target
        worth = weight * mission.vp * (have + 1) / len(mission.ticked)
        for h in missing:
            values[h] = max(values.get(h, 0.0), worth)
        for h in crossed - missing:
            values[h] = min(values.get(h, 0.0), -worth)
    return values


def test_the_targets_and_plans_are_the_plain_ones():
    """Each seat's targets (the tie-breaks: VP then letter, the first type in order on an
    equal share) and each icon type's plan, at positions on every map: the same hexes and
    the same floats."""
    aimed = planned_hexes = 0
    for game in map_positions():
        for sheet in game.sheets:
            aims = aims_of(game, sheet)
            assert dict(aims) == plain_targets(game, sheet)
            aimed += len(aims)
            for icon in ICONS:
                plan = mission_plan(game, sheet, icon, TARGET_WEIGHT)
                assert plan == plain_plan(game, sheet, icon, TARGET_WEIGHT)
                planned_hexes += len(plan)
    assert aimed > 500 and planned_hexes > 5_000


def plain_led_to(arrows: tuple[Arrow, ...], here: Hex) -> list[Any]:
    return [
        (arrow.kind, to)
        for arrow in arrows
        for to in (arrow.start, arrow.end)
        if to != here and arrow.leads(here, to)
    ]


def sheets_with_arrows() -> list[tuple[Any, Sheet]]:
    found = [
        (game.map, sheet)
        for bot in ("greedy", "random")
        for game in every_position(bot)[::5]
        for sheet in game.sheets
        if sheet.arrows
    ]
    assert len(found) > 100
    return found


def test_the_ways_along_arrows_and_the_boats_pointed_at_are_the_plain_comparisons():
    led = pointed = 0
    for spec, sheet in sheets_with_arrows():
        # every end of an arrow, and the land besides: canals and arrows both ways
        ends = {h for a in sheet.arrows for h in (a.start, a.end)}
        for here in sorted(ends | spec.land):
            ways = list(led_to(sheet.arrows, here))
            assert ways == plain_led_to(sheet.arrows, here)
            led += len(ways)
            plain = here in sheet.harbor_lands or any(a.points_at(here) for a in sheet.arrows)
            assert is_pointed_at(sheet, here) == plain
            pointed += plain
    assert led > 500 and pointed > 500


def test_the_loop_an_arrow_from_a_hex_to_itself_leads_nowhere():
    here = Hex(2, 3)
    for kind in ("street", "canal", "bridge"):
        arrows = (Arrow(here, here, kind), Arrow(here, Hex(3, 3), kind))  # type: ignore[arg-type]
        assert list(led_to(arrows, here)) == plain_led_to(arrows, here)
        assert list(led_to(arrows, Hex(3, 3))) == plain_led_to(arrows, Hex(3, 3))


def test_an_unfilled_boat_is_found_as_a_pass_over_the_icons_finds_it():
    boats = 0
    for spec, sheet in sheets_with_arrows():
        for at in sorted(spec.land):
            plain = any(
                h == at and i == "boat" and h not in sheet.filled for h, i in sheet.icons.items()
            )
            assert unfilled_boat(sheet, at) == plain
            boats += plain
    assert boats > 100


def plain_harbor_sites(spec: Any, sheet: Sheet) -> tuple[tuple[Hex, Hex], ...]:
    taken = {h.sea for h in spec.harbors} | {sea for sea, _ in sheet.drawn_harbors}
    return tuple(
        (sea, land)
        for sea in sorted(spec.sea - taken)
        for land in around(sea)
        if land in spec.land and land not in sheet.cliffs
    )


def test_extra_harbor_sites_are_the_plain_pass_over_the_sea():
    """At positions of seeded games, and with harbors drawn in the first, middle and last
    sea hexes the sites name (Extra Harbor is rarely held)."""
    cliffed = 0
    for spec, sheet in sheets_with_arrows()[::3]:
        sites = plain_harbor_sites(spec, sheet)
        seas = [sites[0], sites[len(sites) // 2], sites[-1]]
        for drawn in ((), tuple(seas[:1]), tuple(seas)):
            moved = replace(sheet, drawn_harbors=drawn)
            assert harbor_sites(spec, moved) == plain_harbor_sites(spec, moved)
        cliffed += bool(sheet.cliffs)
    assert cliffed > 20


def plain_claims(game: Any, sheet: Sheet, seat: int) -> list[ClaimMission]:
    used = set(sheet.missions.values())
    return [
        ClaimMission(seat=seat, mission=m.letter, icon=icon, placement=placement)
        for m in game.missions
        if m.letter not in sheet.missions
        for icon in ICONS
        if icon not in used
        for placement in [find_placement(m, sheet.holds(icon), game.map.land)]
        if placement is not None
    ]


def test_fills_and_claims_kept_by_the_sheet_parts_are_those_worked_out_afresh():
    """Every position of seeded games in order, so the kept answers of earlier steps (and
    of the other seat's sheet) are there to be found again; the fills also with the final
    window's rule for tunnels."""
    claimable = fillable_found = 0
    for bot, other_bot in (("greedy", "random"), ("random", "greedy")):
        elsewhere = every_position(other_bot)[-1]
        for game in every_position(bot):
            for seat, sheet in enumerate(game.sheets):
                # the same icons with fewer arrows or harbors (a bridge or a drawn harbor
                # changes those alone)
                fewer = [replace(sheet, arrows=()), replace(sheet, harbor_lands=frozenset())]
                for final, seen in ((False, sheet), (True, sheet), *((False, f) for f in fewer)):
                    phase = replace(game, phase="final") if final else game
                    end = phase.phase == "final"
                    plain = [FillIcon(seat=seat, at=at) for at in fillable(seen, end)]
                    assert list(fills(phase, seen, seat)) == plain
                    fillable_found += len(plain)
                # the same sheet in a game with other missions (the seeded games share a map)
                for other in (game, replace(game, missions=elsewhere.missions)):
                    found = list(claims(other, sheet, seat))
                    assert found == plain_claims(other, sheet, seat)
                    claimable += len(found)
    assert claimable > 50 and fillable_found > 500
