"""More of the greedy bot's shortcuts held to their plain forms (see test_greedy_shortcuts):
the partial match search answered from the placements kept for a mission and held hexes,
the arrows' ways compared by coordinates, the bot's look for an unfilled boat, and the
hexes that would complete a mission, and the fills and claims kept by the sheet parts they
read."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.games.peninsula import planning
from domain.games.peninsula.adjacency import around
from domain.games.peninsula.bonuses import harbor_sites
from domain.games.peninsula.bots import _unfilled_boat
from domain.games.peninsula.cards import ICONS
from domain.games.peninsula.commands import ClaimMission, FillIcon
from domain.games.peninsula.filling import fillable, is_pointed_at
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.missions import completions, find_placement
from domain.games.peninsula.planning import _best_partial, usable_hexes
from domain.games.peninsula.rules import claims, fills
from domain.games.peninsula.state import Arrow, Sheet, led_to
from tests.domain.peninsula.test_greedy_shortcuts import (
    every_position,
    plain_best_partial,
    positions,
)

TAKEN = 3
"""Hexes taken out of a type's usable hexes, one at a time, after each search."""


def test_the_partial_search_from_kept_placements_is_the_plain_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each search, after the same with one held hex fewer (as before a draw of the type),
    then with one of the hexes it found missing taken out of the usable ones (as a draw of
    another type takes it), and with a held hex not usable (the search's own contract
    allows it): the kept placements, and those grown by a held hex, must answer as the
    plain search."""
    builds: list[int] = []
    placed = planning._placed
    monkeypatch.setattr(planning, "_placed", lambda *a: builds.append(1) or placed(*a))
    grown, grow = [], planning._grown
    monkeypatch.setattr(planning, "_grown", lambda *a: grown.append(1) or grow(*a))
    planning._PLACED.clear()
    searches = changed = 0
    for game in positions():
        for sheet in game.sheets:
            for _, (holds, open_hexes) in usable_hexes(game, sheet):
                land = holds | open_hexes
                for index, mission in enumerate(game.missions):
                    plain = plain_best_partial(mission, holds, land)
                    # first with a held hex still open, as before the draw that took it; for
                    # every other mission on fewer usable hexes, which the placements kept
                    # for it then lack
                    fewer_held = holds - {max(holds)} if holds else holds
                    was = land - set(sorted(plain[1])[:1]) if index % 2 else land
                    planning._PLACED.clear()  # nothing kept from other positions
                    before = _best_partial(mission, fewer_held, was)
                    assert before == plain_best_partial(mission, fewer_held, was)
                    found = _best_partial(mission, holds, land)
                    assert found == plain
                    lands = [land - {h} for h in sorted(found[1])[:TAKEN]]
                    lands += [land - {min(holds)}] if holds else []
                    built = len(builds)
                    for fewer in lands:
                        after = _best_partial(mission, holds, fewer)
                        assert after == plain_best_partial(mission, holds, fewer)
                        changed += after != found
                    # each of those answered from the placements kept
                    assert len(builds) == built
                    # and on more usable hexes than the kept placements were found on
                    planning._PLACED.clear()
                    for fewer in lands[:1]:
                        _best_partial(mission, holds, fewer)
                    assert _best_partial(mission, holds, land) == plain
                    searches += 3 + len(lands[:1]) + len(lands)
    planning._PLACED.clear()
    # many searches grew the placements kept for one held hex less, and many answers changed
    assert changed > 500
    assert len(grown) > 2000 and searches > 20_000


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
            assert _unfilled_boat(sheet, at) == plain
            boats += plain
    assert boats > 100


def test_the_completing_hexes_are_those_a_search_with_each_hex_added_finds():
    """Every hex of the map (and a few off it) against ``find_placement`` with it added,
    for every mission a type's hexes match nowhere, at positions of seeded games."""
    completing = 0
    for game in positions()[::2]:
        land = game.map
        hexes = sorted(land.land | land.sea)
        for sheet in game.sheets:
            for icon in ICONS:
                holds = sheet.holds(icon)
                for mission in game.missions:
                    if find_placement(mission, holds, land.land) is not None:
                        continue
                    found = completions(mission, holds, land.land)
                    plain = {
                        h
                        for h in hexes
                        if find_placement(mission, holds | {h}, land.land) is not None
                    }
                    assert found == plain
                    completing += len(found)
    assert completing > 200


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
