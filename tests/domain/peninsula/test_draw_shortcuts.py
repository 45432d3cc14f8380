"""The shortcuts of the greedy bot's draw values held to their plain forms (issue #26,
branch pen-draw): a partial match search answered from the last search of the same held
hexes, and the mission gains of a draw kept by the type's hexes rather than by the sheet."""

from __future__ import annotations

from domain.games.peninsula import planning
from domain.games.peninsula.bots import TARGET_WEIGHT
from domain.games.peninsula.cards import ICONS
from domain.games.peninsula.commands import DrawIcon
from domain.games.peninsula.content import load
from domain.games.peninsula.gains import mission_gain
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.masks import (
    Grid,
    _touching,
    _touching_bytes,
    best_partial,
    grid_of,
    ones,
    still_best,
)
from domain.games.peninsula.outlook import Outlook, completions
from domain.games.peninsula.planning import partial, usable_hexes
from tests.domain.peninsula.test_greedy_shortcuts import positions, variants

TAKEN = 6
"""Hexes taken out of a type's usable hexes, one at a time, each search after the last."""


def test_a_search_after_one_on_more_usable_hexes_is_the_plain_search():
    """Each type's usable hexes lose one hex at a time (first the hexes the best placements
    lack, which may change the answer, then other open ones, which mostly do not), each
    search asked right after the one before, as a draw of another type takes a hex; then
    the whole usable hexes again (more than the last search's: never answered from it)."""
    searches = reused = changed = 0
    for game in positions():
        grid = grid_of(game.map.land)
        for sheet in game.sheets:
            for _, (held, open_hexes) in usable_hexes(game, sheet):
                for mission in game.missions:
                    layout = grid.layout(mission)
                    usable = held | open_hexes
                    first = best_partial(layout, held, usable)
                    lacking = ones(first[1])
                    rest = [i for i in ones(open_hexes) if i not in lacking]
                    planning._LAST.clear()
                    partial.cache_clear()
                    assert partial(layout, held, usable) == first
                    for i in [*lacking, *rest][:TAKEN]:
                        before, found, _ = planning._LAST[(layout, held)]
                        usable &= ~(1 << i)
                        plain = best_partial(layout, held, usable)
                        assert partial(layout, held, usable) == plain
                        reused += still_best(layout, found, before, usable)
                        changed += plain != first
                        searches += 1
                    # two hexes at once (the lacking ones first), and then the whole usable
                    # hexes, each not kept by the cache, so that the last search answers
                    two = [*lacking, *rest][TAKEN : TAKEN + 2]
                    if len(two) == 2:
                        usable &= ~(1 << two[0] | 1 << two[1])
                        partial.cache_clear()
                        assert partial(layout, held, usable) == best_partial(layout, held, usable)
                        searches += 1
                    partial.cache_clear()
                    assert partial(layout, held, held | open_hexes) == first
    assert searches > 20_000 and reused > 10_000 and changed > 2_000


def test_still_best_needs_a_subset_of_the_usable_hexes():
    game = positions()[-1]
    grid = grid_of(game.map.land)
    _, (held, open_hexes) = usable_hexes(game, game.sheets[0])[0]
    layout = grid.layout(game.missions[0])
    usable = held | open_hexes
    _, found = layout.best(held, usable)
    assert still_best(layout, found, usable, usable)
    assert not still_best(layout, found, usable & ~(open_hexes & -open_hexes), usable)


def test_the_mission_gains_by_the_types_hexes_are_the_plain_mission_gain_at_every_hex():
    """Every land hex, every icon type, each seat's sheet and the copies of it that share
    all its parts but one (``variants``), with one outlook a position: the gains are kept
    by the type's hexes and the open missions, so sheets of other parts find them too."""
    compared = gaining = 0
    for game in positions()[::3]:
        look = Outlook(game, TARGET_WEIGHT)
        land = sorted(game.map.land)
        for seat in range(game.seats):
            for sheet in variants(game, seat):
                for icon in ICONS:
                    gains = look.mission_gains(sheet, icon)
                    for at in land:
                        fields = {"seat": seat, "icon": icon, "at": at, "arrow": None}
                        command = DrawIcon(**fields, bonus=None)
                        plain = mission_gain(game, sheet, command)
                        assert gains.get(at, 0.0) == plain
                        compared += 1
                        gaining += plain > 0
    assert compared > 40_000 and gaining > 500


def test_completions_leave_out_the_missions_already_matched():
    game = positions()[-1]
    grid = grid_of(game.map.land)
    layouts = tuple(grid.layout(m) for m in game.missions)
    for sheet in game.sheets:
        for icon, (held, _) in usable_hexes(game, sheet):
            gains = completions(grid, layouts, held)
            assert all(h in game.map.land and h not in sheet.holds(icon) for h in gains)


def test_the_placements_touching_hexes_are_each_hexs_placements_ored():
    """On both maps (six bytes of hexes: the written-out look-ups) and on a grid of 20 hexes
    (three bytes: the loop), for every mission of the pack: each hex alone, runs of hexes,
    the held hexes of seeded positions, and the complements of all these (a search asks
    for the placements touching what is not usable)."""
    pack = load()
    small = Grid(frozenset(Hex(q, r) for q in range(5) for r in range(4)))
    grids = [grid_of(spec.land) for spec in pack.maps.values()]
    held = [grid_of(game.map.land).mask(s.icons) for game in positions() for s in game.sheets]
    compared = 0
    for grid in (*grids, small):
        cells = len(grid.hexes)
        probes = [1 << i for i in range(cells)] + [
            ((1 << k) - 1) << i for i in range(cells) for k in (3, 11)
        ]
        probes += [m & grid.land for m in held]
        for mission in pack.missions:
            layout = grid.layout(mission)
            for probe in probes:
                for hexes in (probe, ~probe):
                    plain = 0
                    for i in ones(hexes & grid.land):
                        plain |= layout.by_cell[i]
                    assert _touching(layout._ticking, hexes) == plain
                    assert _touching_bytes(layout._ticking, hexes) == plain
                    compared += 1
    assert {len(g.layout(pack.missions[0])._ticking) for g in (*grids, small)} == {6, 3}
    assert compared > 40_000
