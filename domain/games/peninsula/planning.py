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
from domain.games.peninsula.content import MapSpec, MissionSpec
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.missions import orientations
from domain.games.peninsula.state import Game, Sheet

WEIGHT = 0.25


Partial = tuple[int, frozenset[Hex], frozenset[Hex]]


Cell = tuple[int, int]


@functools.cache
def _forms(mission: MissionSpec) -> tuple[tuple[tuple[Cell, ...], tuple[Cell, ...]], ...]:
    """The orientations as plain (q, r) pairs: this search runs for every open mission and
    icon type on most bot decisions, and tuple arithmetic is much cheaper than Hex objects."""
    return tuple(
        (tuple((h.q, h.r) for h in form.ticked), tuple((h.q, h.r) for h in form.crossed))
        for form in orientations(mission)
    )


SPAN = 1 << 16
"""A cell ``(q, r)`` is searched as the int ``q * SPAN + r``: a placement's cells are then
its anchor plus fixed ints, added in C (``map(anchor.__add__, offsets)``) instead of a
tuple built per cell in Python, which was most of a rollout's mission planning. Map
coordinates stay far inside ``SPAN / 2``, so the ints add as the pairs do."""


@functools.cache
def _offsets(mission: MissionSpec) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """``_forms`` as ints (``SPAN``)."""
    return tuple(
        (tuple(q * SPAN + r for q, r in ticked), tuple(q * SPAN + r for q, r in crossed))
        for ticked, crossed in _forms(mission)
    )


@functools.cache
def _hex(cell: int) -> Hex:
    """The hex of a cell, one object per cell: the sets built from them then meet the very
    same objects, which compare by identity before ``Hex.__eq__``, a Python call."""
    r = (cell + SPAN // 2) % SPAN - SPAN // 2
    return Hex((cell - r) // SPAN, r)


Candidate = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A placement's ticked cells, those of them not held, and its crossed cells."""
Levels = tuple[tuple[int, tuple[Candidate, ...]], ...]
Placed = tuple[frozenset[int], frozenset[int], Levels]
"""The usable cells searched, the held ones, and the placements found, grouped by how many
ticked cells they hold, the most first."""

KEPT = 1 << 12
"""Searches ``_PLACED`` keeps at most; beyond, it forgets them all."""
_PLACED: dict[tuple[MissionSpec, frozenset[Hex]], Placed] = {}


@functools.lru_cache(maxsize=1 << 8)
def _cells(hexes: frozenset[Hex]) -> frozenset[int]:
    """``hexes`` as ints (``SPAN``): each type's usable hexes are searched for every open
    mission, and the held ones on every search that finds no placements kept."""
    return frozenset(h.q * SPAN + h.r for h in hexes)


def _placed(mission: MissionSpec, held: frozenset[int], usable: frozenset[int]) -> Placed:
    """Every placement anchored on a held cell, all on ``usable``, with no crossed cell
    held."""
    levels: dict[int, list[Candidate]] = {}
    for ticked, crosses in _offsets(mission):
        for anchor in {cell - offset for cell in held for offset in ticked}:
            shift = anchor.__add__
            if not usable.issuperset(map(shift, ticked)):
                continue
            if not held.isdisjoint(map(shift, crosses)):
                continue
            cells = tuple(map(shift, ticked))
            need = tuple(c for c in cells if c not in held)
            found = (cells, need, tuple(map(shift, crosses)))
            levels.setdefault(len(cells) - len(need), []).append(found)
    ordered = tuple((have, tuple(levels[have])) for have in sorted(levels, reverse=True))
    return usable, held, ordered


def _one_more(mission: MissionSpec, holds: frozenset[Hex], usable: frozenset[int]) -> Placed | None:
    """``_placed`` for ``holds``, from the placements kept for ``holds`` but one hex, when
    those were found on usable cells ``usable`` is among: a draw of a type adds a hex to its
    held ones and leaves its usable ones as they were, so the next searches of the type would
    otherwise start again."""
    for h in holds:
        kept = _PLACED.get((mission, holds - {h}))
        if kept is not None and usable.issubset(kept[0]):
            return _grown(mission, kept, h.q * SPAN + h.r)
    return None


def _grown(mission: MissionSpec, kept: Placed, added: int) -> Placed:
    """``kept``'s placements with the cell ``added`` held too: the kept ones (all but those
    crossing it), and the ones anchored on it alone (those also on a kept held cell are
    kept ones), on the same usable cells."""
    usable, held, levels = kept
    now = held | {added}
    grown: dict[int, list[Candidate]] = {}
    for _, group in levels:
        for cells, need, crosses in group:
            if added in crosses:
                continue
            if added in need:
                need = tuple(c for c in need if c != added)
            grown.setdefault(len(cells) - len(need), []).append((cells, need, crosses))
    for ticked, crossed in _offsets(mission):
        for offset in ticked:
            shift = (added - offset).__add__
            cells = tuple(map(shift, ticked))
            if not usable.issuperset(cells) or not held.isdisjoint(cells):
                continue
            crosses = tuple(map(shift, crossed))
            if now.isdisjoint(crosses):
                need = tuple(c for c in cells if c != added)
                grown.setdefault(len(cells) - len(need), []).append((cells, need, crosses))
    ordered = tuple((have, tuple(grown[have])) for have in sorted(grown, reverse=True))
    return usable, now, ordered


def _best_partial(mission: MissionSpec, holds: frozenset[Hex], land: frozenset[Hex]) -> Partial:
    """The most ticked hexes any placement already holds, the hexes those lack, and their
    crossed hexes (which must stay free of the icon).

    ``land``: the hexes a ticked hex may take, here the held and still open ones. Every
    placement anchored on a held hex is in the search (each holds at least one).

    A draw of any icon type takes a hex out of every other type's usable hexes, and so
    missed every cache of this search, but it changes one type's held hexes. The placements
    found for a mission and held hexes (``_placed``) are kept with the usable cells they were
    searched on: with fewer usable cells now, the placements are among them, so only which
    are still all usable is tested. The first group, the most held first, with any gives
    the answer from all of its (their order changes none of the sets)."""
    usable = _cells(land)
    key = (mission, holds)
    found = _PLACED.get(key)
    if found is None or not usable.issubset(found[0]):
        found = _one_more(mission, holds, usable) or _placed(mission, _cells(holds), usable)
        if len(_PLACED) >= KEPT:
            _PLACED.clear()
        _PLACED[key] = found
    _, held_cells, levels = found
    # with every held cell usable, a placement's other cells are all there is to test
    index = 1 if usable.issuperset(held_cells) else 0
    for have, group in levels:
        kept = [c for c in group if usable.issuperset(c[index])]
        if kept:
            missing = frozenset(cell for c in kept for cell in c[1])
            crossed = frozenset(cell for c in kept for cell in c[2])
            return have, _hexes(missing), _hexes(crossed)
    return 0, frozenset(), frozenset()


@functools.lru_cache(maxsize=1 << 12)
def _hexes(cells: frozenset[int]) -> frozenset[Hex]:
    """``cells`` as hexes: a new search often finds the cells an earlier one found (a draw
    elsewhere leaves a match's missing hexes as they were), and a set of hexes built again
    hashes every hex, a Python call each, where the ints hash in C."""
    return frozenset(map(_hex, cells))


@functools.lru_cache(maxsize=1 << 14)
def partial(mission: MissionSpec, holds: frozenset[Hex], usable: frozenset[Hex]) -> Partial:
    return _best_partial(mission, holds, usable)


@functools.lru_cache(maxsize=1 << 12)
def progress(
    missions: tuple[MissionSpec, ...], holds: frozenset[Hex], land: frozenset[Hex]
) -> MappingProxyType[Hex, float]:
    """Hex -> the value of drawing the icon there for the missions in ``missions``."""
    found: list[tuple[float, frozenset[Hex]]] = []
    for mission in missions:
        have, missing, _ = partial(mission, holds, land)
        if have == 0:
            continue
        found.append((WEIGHT * mission.vp * (have + 1) / len(mission.ticked), missing))
    # each hex the most any mission's match it is missing from is worth (all worths are
    # positive): the most worth first, each later one adding only the hexes not yet in.
    # Sets and dicts pass their hexes with the hashes they hold, so no hex is hashed again
    # (a Python call each), as a ``values[h] = max(...)`` per hex did twice
    values: dict[Hex, float] = {}
    for worth, missing in sorted(found, key=lambda pair: -pair[0]):
        values.update(dict.fromkeys(missing.difference(values), worth))
    return MappingProxyType(values)


Target = tuple[MissionSpec, int, frozenset[Hex], frozenset[Hex]]
"""A mission, the ticked hexes its best match holds, the hexes it lacks, its crossed hexes."""


def targets(
    missions: tuple[MissionSpec, ...], usable: Mapping[Icon, tuple[frozenset[Hex], frozenset[Hex]]]
) -> Mapping[Icon, Target]:
    """One icon type per open mission, highest VP first: the free type whose best match
    holds the largest share of the mission's ticked hexes (at least one)."""
    chosen: dict[Icon, Target] = {}
    # each type's usable hexes, put together once for all the missions
    lands = [(icon, holds, holds | open_hexes) for icon, (holds, open_hexes) in usable.items()]
    for mission in sorted(missions, key=lambda m: (-m.vp, m.letter)):
        size = len(mission.ticked)
        best: tuple[float, Icon | None, Partial] = (0.0, None, (0, frozenset(), frozenset()))
        for icon, holds, land in lands:
            if icon in chosen:
                continue
            found = partial(mission, holds, land)
            if found[0] and found[0] / size > best[0]:
                best = (found[0] / size, icon, found)
        if best[1] is not None:
            chosen[best[1]] = (mission, *best[2])
    return chosen


Usable = tuple[tuple[Icon, tuple[frozenset[Hex], frozenset[Hex]]], ...]


def mission_plan(game: Game, sheet: Sheet, icon: Icon, weight: float) -> Mapping[Hex, float]:
    """Hex -> what drawing ``icon`` there does for the seat's open missions: ``progress``,
    and for the mission ``icon`` is aimed at, ``weight`` x VP x share held after the draw."""
    if icon in sheet.missions.values():
        return {}
    return planned(usable_hexes(game, sheet), open_missions(game, sheet), icon, weight)


def planned(
    usable: Usable, missions: tuple[MissionSpec, ...], icon: Icon, weight: float
) -> dict[Hex, float]:
    """``mission_plan`` from the seat's ``usable_hexes`` and ``open_missions``, for an icon
    type not yet used for a claim."""
    holds, open_hexes = dict(usable)[icon]
    # the proxy's ``copy`` copies the dict under it, keeping each key's hash: ``dict(proxy)``
    # hashed every hex again
    values = progress(missions, holds, holds | open_hexes).copy()
    target = cached_targets(missions, usable).get(icon)
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


def usable_hexes(game: Game, sheet: Sheet) -> Usable:
    """For each icon type not yet used for a claim: the hexes holding it, and the empty
    hexes it could still be drawn in (the ones a mission plan may count on)."""
    spec, spent = game.map, frozenset(sheet.missions.values())
    free = spec.land.difference(sheet.icons)
    coast = _coast(spec) - sheet.harbor_lands
    return tuple(
        (icon, (sheet.holds(icon), coast.difference(sheet.cliffs) if icon == "cliffs" else free))
        for icon in ICONS
        if icon not in spent
    )


@functools.cache
def _coast(spec: MapSpec) -> frozenset[Hex]:
    """The land hexes touching water, where cliffs may go: fixed for a map."""
    return frozenset(h for h in spec.land if spec.water_edges(h))


def aims_of(game: Game, sheet: Sheet) -> Mapping[Icon, Target]:
    """``targets`` for one seat: its open missions and the icon types it has not spent."""
    return cached_targets(open_missions(game, sheet), usable_hexes(game, sheet))


@functools.lru_cache(maxsize=1 << 10)
def cached_targets(missions: tuple[MissionSpec, ...], usable: Usable) -> Mapping[Icon, Target]:
    return MappingProxyType(dict(targets(missions, dict(usable))))
