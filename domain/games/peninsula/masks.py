"""A map's land hexes as the bits of an int, and a mission's placements on it as ints.

The greedy bot asks, for every open mission and icon type on most of its decisions, which
placements of the mission a type's hexes already go furthest in (``planning``), and which
hexes would complete one (``completing``). A map has under a hundred land hexes and a
mission under two hundred placements on it, so the bit ``i`` of a mask is the ``i``-th land
hex in order (``Grid``), and every placement with all its ticked hexes on land is found
once per map and mission (``Layout``). A search is then a few operations on ints instead of
a Python step per cell and per placement: a set of hexes hashed hex by hex (a Python call
each) was most of what the searches cost.

Crossed hexes off the land drop out: a hex that is not land never holds an icon, so it
never spoils a match, and no draw can go there. The searches assume the held hexes are land
(a sheet's icons and cliffs are only ever drawn on land).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from domain.games.peninsula.adjacency import around
from domain.games.peninsula.cards import ICONS, Icon
from domain.games.peninsula.content import MissionSpec
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.missions import orientations
from domain.games.peninsula.state import Sheet

KEPT = 1 << 14
"""Masks ``ones`` and each grid's ``hexes_of`` keep at most; beyond, they forget them all."""
_ONES: dict[int, tuple[int, ...]] = {}


def ones(mask: int) -> tuple[int, ...]:
    """The indices of ``mask``'s set bits, lowest first (kept: the same held hexes are
    counted again and again)."""
    found = _ONES.get(mask)
    if found is None:
        if len(_ONES) >= KEPT:
            _ONES.clear()
        found = _ONES[mask] = _set_bits(mask) if mask >= 0 else _bit_positions(mask)
    return found


def _set_bits(mask: int) -> tuple[int, ...]:
    """``_bit_positions`` of a mask of no sign, a step per set bit (a step per bit position
    cost up to 5 times more: a type holds a few of the land's 46 or 48 hexes)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


def _bit_positions(mask: int) -> tuple[int, ...]:
    """The set bits below ``mask``'s length, lowest first: the plain form."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


class Grid:
    """A map's land hexes as bits: bit ``i`` is ``hexes[i]``, the land in sorted order."""

    def __init__(self, land: frozenset[Hex]) -> None:
        self.hexes = tuple(sorted(land))
        self.bits = {h: 1 << i for i, h in enumerate(self.hexes)}
        self.land = (1 << len(self.hexes)) - 1
        # the land touching water, where cliffs may go (``MapSpec.water_edges`` > 0)
        self.coast = self.mask(h for h in self.hexes if any(n not in land for n in around(h)))
        self._sets: dict[int, frozenset[Hex]] = {}
        self._layouts: dict[int, tuple[MissionSpec, Layout]] = {}

    def mask(self, hexes: Iterable[Hex]) -> int:
        """``hexes`` as a mask; hexes off the land drop out."""
        bits, found = self.bits, 0
        for h in hexes:
            found |= bits.get(h, 0)
        return found

    def hexes_of(self, mask: int) -> frozenset[Hex]:
        """The hexes of ``mask``, one kept set per mask: a set built again hashes every hex
        (a Python call each), and a dict built from a set (``dict.fromkeys``) reuses the
        hashes the set holds."""
        found = self._sets.get(mask)
        if found is None:
            if len(self._sets) >= KEPT:
                self._sets.clear()
            hexes = self.hexes
            found = self._sets[mask] = frozenset(hexes[i] for i in ones(mask))
        return found

    def layout(self, mission: MissionSpec) -> Layout:
        """``mission``'s placements on this map, found once (by the mission's identity, each
        entry holding the mission, so no id is reused while it lives)."""
        found = self._layouts.get(id(mission))
        if found is None:
            if len(self._layouts) >= 1 << 8:
                self._layouts.clear()
            found = self._layouts[id(mission)] = (mission, Layout(self, mission))
        return found[1]


@functools.lru_cache(maxsize=1 << 4)
def grid_of(land: frozenset[Hex]) -> Grid:
    return Grid(land)


def holdings(grid: Grid, sheet: Sheet) -> dict[Icon, int]:
    """``sheet.holds(icon)`` as a mask for every icon type, from one pass over the icons."""
    bits = grid.bits
    held = dict.fromkeys(ICONS, 0)
    for h, icon in sheet.icons.items():
        held[icon] |= bits.get(h, 0)
    held["cliffs"] = grid.mask(sheet.cliffs)
    return held


IconMasks = tuple[dict[Icon, int], int]
"""``holdings``, and the mask of every hex holding an icon (cliffs aside)."""
HELD_KEPT = 1 << 10
"""Sheets' icons whose ``held_masks`` are kept at most; beyond, all are forgotten."""
_HELD: dict[tuple[Grid, int, int], tuple[object, object, IconMasks]] = {}
_LAST_HELD: dict[tuple[Grid, int, int], tuple[object, Mapping[Hex, Icon], IconMasks]] = {}


def held_masks(grid: Grid, sheet: Sheet) -> IconMasks:
    """``holdings`` and the icons' mask, kept by the identity of the sheet's icons and
    cliffs (each entry holds them): the claims and the plans of one sheet both ask. A draw
    adds one icon to the icons it copies, so a sheet new to the memo is first compared with
    the last one of the same cliffs and one icon fewer (two seats' sheets share their first
    cliffs): holding all its icons and one more, it takes that one's masks and the new
    icon's bit (a set difference in C, not a pass in Python).
    Only to be read: the dict is shared by every caller of the same sheet."""
    icons, cliffs = sheet.icons, sheet.cliffs
    key = (grid, id(icons), id(cliffs))
    found = _HELD.get(key)
    if found is not None:
        return found[2]
    if len(_HELD) >= HELD_KEPT:
        _HELD.clear()
        _LAST_HELD.clear()
    last = _LAST_HELD.get((grid, id(cliffs), len(icons) - 1))
    held = None
    if last is not None and last[0] is cliffs:
        held = _one_more(grid, last[1], last[2], icons)
    if held is None:
        counted = holdings(grid, sheet)
        occupied = 0
        for h in icons:
            occupied |= grid.bits.get(h, 0)
        held = (counted, occupied)
    _HELD[key] = (icons, cliffs, held)
    _LAST_HELD[(grid, id(cliffs), len(icons))] = (cliffs, icons, held)
    return held


def _one_more(
    grid: Grid, before: Mapping[Hex, Icon], held: IconMasks, icons: Mapping[Hex, Icon]
) -> IconMasks | None:
    """``held`` with the one icon ``icons`` has and ``before`` lacks added, if ``icons``
    is ``before`` with one more icon; else None."""
    if len(icons) != len(before) + 1:
        return None
    added = icons.items() - before.items()
    if len(added) != 1:
        return None
    ((h, icon),) = added
    if icon == "cliffs" or icon not in held[0]:  # (``holdings`` keeps cliffs apart)
        return None
    bit = grid.bits.get(h, 0)
    counted = dict(held[0])
    counted[icon] |= bit
    return counted, held[1] | bit


BYTE = 8
PLANES = 3
"""Bit planes of a placement's count of held hexes (``Layout.held``): counts up to 7."""
Held = tuple[int, int, int, int]
HELD = 1 << 12
"""Held masks a ``Layout`` keeps what it counted for at most; beyond, it forgets them all."""


class Layout:
    """Every placement of a mission on a map with all its ticked hexes on land (each
    rotated and mirrored form anchored on every land hex), as masks: ``ticked[p]`` and
    ``crossed[p]`` (its crossed hexes on land) for placement ``p``. Transposed, a mask of
    placements for each land hex (``by_cell[i]``: the placements ticking hex ``i``), and
    the same ORed over each byte of a hex mask for every value of the byte (``_ticking``,
    ``_crossing``), so the placements touching a set of hexes are a handful of look-ups."""

    def __init__(self, grid: Grid, mission: MissionSpec) -> None:
        self.mission, self.size = mission, len(mission.ticked)
        if self.size >= 1 << PLANES:
            raise ValueError(f"mission {mission.letter} ticks more hexes than a count holds")
        bits = grid.bits
        found = []
        for form in orientations(mission):
            for a in grid.hexes:
                hexes = tuple(sorted(Hex(a.q + h.q, a.r + h.r) for h in form.ticked))
                if all(h in bits for h in hexes):
                    cross = sum(bits.get(Hex(a.q + h.q, a.r + h.r), 0) for h in form.crossed)
                    found.append((hexes, sum(bits[h] for h in hexes), cross))
        # the smallest placement (its sorted hexes) first: the lowest placement bit of a
        # match is then ``find_placement``'s answer
        found.sort(key=lambda placement: placement[0])
        self.placements = tuple(hexes for hexes, _, _ in found)
        self.ticked = ticked = tuple(t for _, t, _ in found)
        self.crossed = crossed = tuple(c for _, _, c in found)
        self.every = (1 << len(ticked)) - 1
        cells = len(grid.hexes)
        by_cell, by_cross = [0] * cells, [0] * cells
        for p, (t, c) in enumerate(zip(ticked, crossed, strict=True)):
            for i in ones(t):
                by_cell[i] |= 1 << p
            for i in ones(c):
                by_cross[i] |= 1 << p
        self.by_cell = tuple(by_cell)
        self._by_cross = tuple(by_cross)
        self._held: dict[int, Held] = {}
        self._ticking = _bytes(by_cell)
        self._crossing = _bytes(by_cross)

    def held(self, held: int) -> Held:
        """The placements crossing a held hex, and how many ticked hexes each placement
        holds, in bit planes (``PLANES``): each held hex adds its placements. Kept by
        ``held``: a type's hexes are searched again on other usable hexes after every draw
        of another type. A draw adds one hex to a type's hexes, so a new mask is first
        looked for one hex fewer, and then only that hex is added."""
        found = self._held.get(held)
        if found is None:
            found = self._one_more(held) or self._counted(held)
            if len(self._held) >= HELD:
                self._held.clear()
            self._held[held] = found
        return found

    def _counted(self, held: int) -> Held:
        c0 = c1 = c2 = 0
        by_cell = self.by_cell
        for i in ones(held):
            x = by_cell[i]
            carry = c0 & x
            c0 ^= x
            x = c1 & carry
            c1 ^= carry
            c2 |= x
        return (_touching(self._crossing, held), c0, c1, c2)

    def _one_more(self, held: int) -> Held | None:
        """``_counted(held)`` from a kept mask of one hex fewer, if any: the counts are a
        sum (no placement holds more than 7), so adding the one hex last gives the same."""
        kept, rest = self._held, held
        while rest:
            low = rest & -rest
            before = kept.get(held ^ low)
            if before is not None:
                crossing, c0, c1, c2 = before
                i = low.bit_length() - 1
                x = self.by_cell[i]
                carry = c0 & x
                c0 ^= x
                x = c1 & carry
                c1 ^= carry
                c2 |= x
                return (crossing | self._by_cross[i], c0, c1, c2)
            rest ^= low
        return None

    def best(self, held: int, usable: int) -> tuple[int, int]:
        """The most ticked hexes any placement holds with every ticked hex in ``usable`` and
        no crossed hex held, and those placements; ``(0, 0)`` if none holds any."""
        crossing, c0, c1, c2 = self._held.get(held) or self.held(held)
        found = self.every & ~crossing & ~_touching(self._ticking, ~usable)
        # the largest count, a bit plane at a time from the highest: the placements with
        # the plane's bit set, if any, are the ones still in the running (written out:
        # every partial search and placement test comes through here)
        have = 0
        if found & c2:
            found &= c2
            have = 4
        if found & c1:
            found &= c1
            have += 2
        if found & c0:
            found &= c0
            have += 1
        return (have, found) if have else (0, 0)

    def union(self, placements: int) -> tuple[int, int]:
        """The ticked and the crossed hexes of ``placements``, each ORed together."""
        ticked = crossed = 0
        while placements:
            low = placements & -placements
            p = low.bit_length() - 1
            ticked |= self.ticked[p]
            crossed |= self.crossed[p]
            placements ^= low
        return ticked, crossed


Tables = tuple[tuple[int, ...], ...]
"""For each byte of a hex mask, lowest first, and each value of it: the OR of the placement
masks of its hexes."""


def _bytes(by_cell: list[int]) -> Tables:
    """``Tables`` of ``by_cell``."""
    tables = []
    for shift in range(0, len(by_cell), BYTE):
        table = [0] * (1 << BYTE)
        for value in range(1, 1 << BYTE):
            low = value & -value
            i = shift + low.bit_length() - 1
            table[value] = table[value ^ low] | (by_cell[i] if i < len(by_cell) else 0)
        tables.append(tuple(table))
    return tuple(tables)


SIX = (1 << 6 * BYTE) - 1


def _touching(tables: Tables, hexes: int) -> int:
    """The placements touching a hex of ``hexes`` (the OR of the byte tables; any bits
    beyond the grid's, as in a complement, count for nothing)."""
    if len(tables) == 6:
        # the maps' 46 and 48 land hexes: written out, a third cheaper than the loop
        t0, t1, t2, t3, t4, t5 = tables
        b0, b1, b2, b3, b4, b5 = (hexes & SIX).to_bytes(6, "little")
        return t0[b0] | t1[b1] | t2[b2] | t3[b3] | t4[b4] | t5[b5]
    return _touching_bytes(tables, hexes)


def _touching_bytes(tables: Tables, hexes: int) -> int:
    """``_touching``, a byte at a time, for a grid of any size."""
    found = 0
    for shift, table in enumerate(tables):
        found |= table[hexes >> shift * BYTE & 0xFF]
    return found


def best_partial(layout: Layout, held: int, usable: int) -> tuple[int, int, int]:
    """The most ticked hexes any placement holds (at least one), with every ticked hex in
    ``usable`` and no crossed hex held, the hexes those placements lack and their crossed
    hexes (on land), or ``(0, 0, 0)``."""
    return partial_match(layout, held, usable)[0]


def partial_match(layout: Layout, held: int, usable: int) -> tuple[tuple[int, int, int], int]:
    """``best_partial``, and the placements it is made of (``0`` if none holds any)."""
    have, found = layout.best(held, usable)
    if not have:
        return (0, 0, 0), 0
    ticked, crossed = layout.union(found)
    return (have, ticked & ~held, crossed), found


def still_best(layout: Layout, found: int, before: int, usable: int) -> bool:
    """Whether ``partial_match``'s placements ``found`` on the usable hexes ``before`` are
    still the best on ``usable`` (the same answer): when ``usable`` is a subset and none of
    them ticks a hex it lacks. A subset only takes placements away, so none can hold more
    than they do, and every placement holding as many was among them."""
    return not usable & ~before and not found & _touching(layout._ticking, before & ~usable)


def first_placement(layout: Layout, held: int) -> tuple[Hex, ...] | None:
    """``find_placement``, for ``held`` on land: the smallest placement holding every
    ticked hex with no crossed hex held."""
    if held.bit_count() < layout.size:
        return None
    have, found = layout.best(held, held)
    if have < layout.size:
        return None
    return layout.placements[(found & -found).bit_length() - 1]


@functools.lru_cache(maxsize=1 << 12)
def completing(layout: Layout, held: int) -> int:
    """For a mission ``held`` matches nowhere: the hexes ``h`` with a placement for
    ``held | {h}``. Such a placement has ``h`` among its ticked hexes, all its other ticked
    hexes held and no crossed hex held (a crossed hex is never a ticked one, so never
    ``h``): exactly the placements holding all their ticked hexes but one."""
    crossing, c0, c1, c2 = layout.held(held)
    have = layout.size - 1
    planes = (c0 if have & 1 else ~c0) & (c1 if have & 2 else ~c1) & (c2 if have & 4 else ~c2)
    # (every ticked hex is on land, so no placement is out of the land)
    return layout.union(layout.every & ~crossing & planes)[0] & ~held
