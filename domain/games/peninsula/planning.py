"""Mission plans for the greedy bot: which hexes would grow its best partial match.

For every mission not yet claimed, the bot looks at the placements that already hold the
most ticked hexes of one icon type (with no crossed hex holding it, and every missing hex
still open to that icon) and values the hexes still missing from them, more as the match
nears completion. On top of that, each open mission, the highest VP first, gets one icon
type of its own as a target (the free type whose match is furthest along): the large
shapes take many draws of one type, which only a bot that sticks to a plan ever completes.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

from domain.games.peninsula.cards import ICONS, Icon
from domain.games.peninsula.content import MissionSpec
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.masks import (
    Grid,
    Layout,
    grid_of,
    held_masks,
    partial_match,
    still_best,
)
from domain.games.peninsula.state import Game, Sheet

WEIGHT = 0.25


Partial = tuple[int, int, int]
"""The most ticked hexes a placement holds, the hexes those placements lack, their crossed
hexes (on land), as masks of the map's ``Grid``."""


LAST_KEPT = 1 << 14
"""Layouts and held hexes whose last search ``partial`` keeps at most; beyond, it forgets."""
_LAST: dict[tuple[Layout, int], tuple[int, int, Partial]] = {}


@functools.lru_cache(maxsize=1 << 14)
def partial(layout: Layout, holds: int, usable: int) -> Partial:
    """``masks.best_partial``: the placements anchored on a held hex (each holds at least
    one) with every ticked hex ``usable`` (the held and still open ones) and no crossed hex
    held. Every argument hashes in C (a ``Layout`` by its identity).

    A draw of one type takes its hex out of every other type's usable hexes, so each search
    after a draw is new; but about half of them find the placements of the last search of
    the same held hexes again (none of those ticks the hex taken), which ``still_best``
    tells in one look-up: kept in ``_LAST`` by layout and held hexes."""
    key = (layout, holds)
    last = _LAST.get(key)
    if last is not None and _still_best(layout, last[1], last[0], usable):
        found, answer = last[1], last[2]
    else:
        if len(_LAST) >= LAST_KEPT:
            _LAST.clear()
        answer, found = partial_match(layout, holds, usable)
    _LAST[key] = (usable, found, answer)
    return answer


def _still_best(layout: Layout, found: int, before: int, usable: int) -> bool:
    """``masks.still_best``, with the common case in line: a draw took a single hex out
    (the placements ticking it are one look-up, not the byte tables)."""
    gone = before & ~usable
    if usable & ~before:
        return False
    if gone & (gone - 1):
        return still_best(layout, found, before, usable)
    return not gone or not found & layout.by_cell[gone.bit_length() - 1]


@functools.lru_cache(maxsize=1 << 12)
def progress(
    grid: Grid, layouts: tuple[Layout, ...], holds: int, land: int
) -> MappingProxyType[Hex, float]:
    """Hex -> the value of drawing the icon there for the missions of ``layouts``."""
    found: list[tuple[float, int]] = []
    for layout in layouts:
        have, missing, _ = partial(layout, holds, land)
        if have == 0:
            continue
        found.append((WEIGHT * layout.mission.vp * (have + 1) / layout.size, missing))
    # each hex the most any mission's match it is missing from is worth (all worths are
    # positive): the most worth first, each later one adding only the hexes not yet in.
    # The hexes come from kept sets (``hexes_of``), whose hashes ``dict.fromkeys`` reuses
    values: dict[Hex, float] = {}
    seen = 0
    for worth, missing in sorted(found, key=lambda pair: -pair[0]):
        if missing & ~seen:
            values.update(dict.fromkeys(grid.hexes_of(missing & ~seen), worth))
            seen |= missing
    return MappingProxyType(values)


Target = tuple[MissionSpec, int, frozenset[Hex], frozenset[Hex]]
"""A mission, the ticked hexes its best match holds, the hexes it lacks, its crossed hexes
(on land)."""

Usable = tuple[tuple[Icon, tuple[int, int]], ...]
"""For each icon type not yet used for a claim: the hexes holding it and the empty hexes it
could still be drawn in, as masks of the map's ``Grid``."""


def targets(
    grid: Grid, layouts: tuple[Layout, ...], usable: Mapping[Icon, tuple[int, int]]
) -> Mapping[Icon, Target]:
    """One icon type per open mission, highest VP first: the free type whose best match
    holds the largest share of the mission's ticked hexes (at least one)."""
    chosen: dict[Icon, Target] = {}
    # each type's usable hexes, put together once for all the missions, with its count of
    # held hexes: a match holds at most that many, so a type whose count cannot beat the
    # best share so far (or holds none) needs no search
    lands = [
        (icon, holds, holds | open_hexes, holds.bit_count())
        for icon, (holds, open_hexes) in usable.items()
    ]
    for layout in sorted(layouts, key=lambda m: (-m.mission.vp, m.mission.letter)):
        size = layout.size
        best: tuple[float, Icon | None, Partial] = (0.0, None, (0, 0, 0))
        for icon, holds, land, count in lands:
            if icon in chosen or count / size <= best[0]:
                continue
            found = partial(layout, holds, land)
            if found[0] and found[0] / size > best[0]:
                best = (found[0] / size, icon, found)
        if best[1] is not None:
            have, missing, crossed = best[2]
            chosen[best[1]] = (layout.mission, have, grid.hexes_of(missing), grid.hexes_of(crossed))
    return chosen


def mission_plan(game: Game, sheet: Sheet, icon: Icon, weight: float) -> Mapping[Hex, float]:
    """Hex -> what drawing ``icon`` there does for the seat's open missions: ``progress``,
    and for the mission ``icon`` is aimed at, ``weight`` x VP x share held after the draw."""
    if icon in sheet.missions.values():
        return {}
    grid = grid_of(game.map.land)
    layouts = open_layouts(grid, game, sheet)
    return planned(grid, usable_hexes(game, sheet), layouts, icon, weight)


def planned(
    grid: Grid, usable: Usable, layouts: tuple[Layout, ...], icon: Icon, weight: float
) -> dict[Hex, float]:
    """``mission_plan`` from the seat's ``usable_hexes`` and ``open_layouts``, for an icon
    type not yet used for a claim."""
    holds, open_hexes = dict(usable)[icon]
    # the proxy's ``copy`` copies the dict under it, keeping each key's hash: ``dict(proxy)``
    # hashed every hex again
    values = progress(grid, layouts, holds, holds | open_hexes).copy()
    target = cached_targets(grid, layouts, usable).get(icon)
    if target is not None:
        mission, have, missing, crossed = target
        worth = weight * mission.vp * (have + 1) / len(mission.ticked)
        for h in missing:
            values[h] = max(values.get(h, 0.0), worth)
        # drawing the type on a crossed hex would spoil the match
        for h in crossed - missing:
            values[h] = min(values.get(h, 0.0), -worth)
    return values


def open_missions(game: Game, sheet: Sheet) -> tuple[MissionSpec, ...]:
    return tuple(m for m in game.missions if m.letter not in sheet.missions)


def open_layouts(grid: Grid, game: Game, sheet: Sheet) -> tuple[Layout, ...]:
    """The ``Layout`` of each of ``open_missions``."""
    return tuple(grid.layout(m) for m in game.missions if m.letter not in sheet.missions)


def usable_hexes(game: Game, sheet: Sheet) -> Usable:
    """For each icon type not yet used for a claim: the hexes holding it, and the empty
    hexes it could still be drawn in (the ones a mission plan may count on)."""
    grid, spent = grid_of(game.map.land), frozenset(sheet.missions.values())
    held, occupied = held_masks(grid, sheet)
    free = grid.land & ~occupied
    coast = grid.coast & ~grid.mask(sheet.harbor_lands)
    return tuple(
        (icon, (held[icon], coast & ~held[icon] if icon == "cliffs" else free))
        for icon in ICONS
        if icon not in spent
    )


def aims_of(game: Game, sheet: Sheet) -> Mapping[Icon, Target]:
    """``targets`` for one seat: its open missions and the icon types it has not spent."""
    grid = grid_of(game.map.land)
    return cached_targets(grid, open_layouts(grid, game, sheet), usable_hexes(game, sheet))


@functools.lru_cache(maxsize=1 << 10)
def cached_targets(
    grid: Grid, layouts: tuple[Layout, ...], usable: Usable
) -> Mapping[Icon, Target]:
    return MappingProxyType(dict(targets(grid, layouts, dict(usable))))
