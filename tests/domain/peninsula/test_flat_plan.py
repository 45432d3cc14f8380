"""The mission plan on flat ints (``flat_plan``, issue #26, branch pen-flat) held to
``planning``: at every decision of seeded greedy games of 2 and 3 seats, each seat's sheet
asks both forms for its targets (also with its missions in the reverse order) and for the
plan of every icon type it has not spent, and the answers must be the same, float for
float. The partial search is also asked on random
held and usable hexes for every mission on every map the games were played on."""

from __future__ import annotations

import functools
import random

from domain.games.peninsula import RULESET
from domain.games.peninsula.bots import TARGET_WEIGHT
from domain.games.peninsula.cards import ICONS
from domain.games.peninsula.flat_plan import (
    Table,
    Usable,
    best_partial,
    mission_targets,
    plan_values,
    table_of,
)
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.masks import Grid, Layout, grid_of
from domain.games.peninsula.masks import best_partial as masks_partial
from domain.games.peninsula.planning import (
    Target,
    cached_targets,
    open_layouts,
    planned,
    usable_hexes,
)
from domain.games.peninsula.state import Game
from tests.support.play import play

GAMES = (("flat-2a", 2), ("flat-2b", 2), ("flat-3a", 3))


@functools.cache
def _decisions() -> tuple[Game, ...]:
    """The state before every decision of the seeded greedy games, in the order played."""
    return tuple(
        step.state
        for label, seats in GAMES
        for step in play(RULESET, seats, label=label, bot="greedy")
        if step.state.sheets
    )


def _table(grid: Grid, layout: Layout) -> Table:
    mission = layout.mission
    cells = len(grid.hexes)
    return table_of(mission.vp, mission.letter, layout.size, layout.ticked, layout.crossed, cells)


def _flat_usable(usable: tuple[tuple[str, tuple[int, int]], ...]) -> Usable:
    return tuple((ICONS.index(icon), holds, open_hexes) for icon, (holds, open_hexes) in usable)  # type: ignore[arg-type]


def _as_targets(
    grid: Grid, layouts: tuple[Layout, ...], usable: Usable, aims: list[tuple[int, int, int, int]]
) -> dict[str, Target]:
    found: dict[str, Target] = {}
    for (code, _, _), (t, have, missing, crossed) in zip(usable, aims, strict=True):
        if t >= 0:
            mission = layouts[t].mission
            found[ICONS[code]] = (mission, have, grid.hexes_of(missing), grid.hexes_of(crossed))
    return found


def _as_plan(grid: Grid, values: list[float]) -> dict[Hex, float]:
    return {grid.hexes[i]: v for i, v in enumerate(values) if v != 0.0}


def test_the_flat_plan_and_targets_are_planning_s_at_every_decision() -> None:
    asked = plans = aimed = 0
    for game in _decisions():
        grid = grid_of(game.map.land)
        for sheet in game.sheets:
            usable = usable_hexes(game, sheet)
            layouts = open_layouts(grid, game, sheet)
            tables = tuple(_table(grid, layout) for layout in layouts)
            flat = _flat_usable(usable)
            aims = mission_targets(tables, flat)
            targets = dict(cached_targets(grid, layouts, usable))
            assert _as_targets(grid, layouts, flat, aims) == targets
            aimed += len(targets)
            # the missions the other way round: VP ties are then broken by the letter, not
            # by the order the sheet's missions come in (always the letters' in a game)
            backwards = mission_targets(tables[::-1], flat)
            again = _as_targets(grid, layouts[::-1], flat, backwards)
            assert again == dict(cached_targets(grid, layouts[::-1], usable))
            for k, (code, _, _) in enumerate(flat):
                values = plan_values(tables, flat, code, aims[k], TARGET_WEIGHT, len(grid.hexes))
                plain = planned(grid, usable, layouts, ICONS[code], TARGET_WEIGHT)
                assert _as_plan(grid, values) == plain, (ICONS[code], sheet)
                plans += bool(plain)
            asked += 1
    # enough sheets, and plans and targets that are not empty, were compared
    assert asked > 1_000 and plans > 3_000 and aimed > 1_000, (asked, plans, aimed)


def test_the_flat_partial_search_is_the_masks_one_on_random_hexes() -> None:
    rng = random.Random(26)
    grids = {id(g.map.land): (grid_of(g.map.land), g.missions) for g in _decisions()}
    compared = 0
    for grid, missions in grids.values():
        cells = len(grid.hexes)
        for mission in missions:
            layout = grid.layout(mission)
            table = _table(grid, layout)
            for _ in range(600):
                holds = sum(1 << i for i in rng.sample(range(cells), rng.randint(0, 9)))
                free = sum(1 << i for i in range(cells) if rng.random() < 0.7)
                usable = holds | free & ~holds
                assert best_partial(table, holds, usable) == masks_partial(layout, holds, usable)
                compared += 1
    assert compared > 3_000
