"""Matching a mission's arrangement against the hexes of a map holding one icon type.

rulebook, Missions: ticked hexes "must contain an icon of the chosen type (filled or not)";
crossed hexes "cannot contain an icon of the chosen type", and may be "water, empty, or
contain a different icon"; "The arrangement may be rotated and mirrored". Any position on
the map is allowed, so a match may use any translation, and crossed hexes may lie off the
map (off-map hexes never hold an icon).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from domain.games.peninsula.content import MissionSpec
from domain.games.peninsula.hexes import SYMMETRIES, Hex


@dataclass(frozen=True)
class Orientation:
    """One of a mission's distinct rotated/mirrored forms, with its smallest ticked hex at
    the origin, so a placement is found by anchoring that hex on a hex of the map."""

    ticked: tuple[Hex, ...]
    crossed: tuple[Hex, ...]


@functools.cache
def orientations(mission: MissionSpec) -> tuple[Orientation, ...]:
    """The distinct forms of ``mission`` under the 12 symmetries (symmetric ones collapse)."""
    forms = set()
    for symmetry in SYMMETRIES:
        ticked = [symmetry(h) for h in mission.ticked]
        anchor = min(ticked)
        forms.add(
            Orientation(
                ticked=tuple(sorted(h - anchor for h in ticked)),
                crossed=tuple(sorted(symmetry(h) - anchor for h in mission.crossed)),
            )
        )
    return tuple(sorted(forms, key=lambda form: (form.ticked, form.crossed)))


Cell = tuple[int, int]


@functools.cache
def _cells(mission: MissionSpec) -> tuple[tuple[tuple[Cell, ...], tuple[Cell, ...]], ...]:
    """The orientations as plain (q, r) pairs: matching runs for every mission and icon type
    on every state a bot looks at, and tuple lookups are much cheaper than Hex objects."""
    return tuple(
        (tuple((h.q, h.r) for h in form.ticked), tuple((h.q, h.r) for h in form.crossed))
        for form in orientations(mission)
    )


def _matches(
    mission: MissionSpec, anchor: Cell, holds: frozenset[Cell], usable: frozenset[Cell]
) -> set[tuple[Hex, ...]]:
    q, r = anchor
    found = set()
    for ticked, crossed in _cells(mission):
        if all((q + dq, r + dr) in usable for dq, dr in ticked) and not any(
            (q + dq, r + dr) in holds for dq, dr in crossed
        ):
            found.add(tuple(Hex(q + dq, r + dr) for dq, dr in ticked))
    return found


def _cell_sets(holds: frozenset[Hex], land: frozenset[Hex]) -> tuple[frozenset[Cell], ...]:
    cells = frozenset((h.q, h.r) for h in holds)
    return cells, frozenset((h.q, h.r) for h in holds & land)


def find_placement(
    mission: MissionSpec, holds: frozenset[Hex], land: frozenset[Hex]
) -> tuple[Hex, ...] | None:
    """The ticked hexes of the lexicographically smallest matching placement, or None.

    ``holds``: the hexes holding the chosen icon type (filled or not). Ticked hexes must be
    land hexes in ``holds``; crossed hexes must not be in ``holds``.
    """
    if len(holds) < len(mission.ticked):
        return None
    cells, usable = _cell_sets(holds, land)
    # A placement's smallest hex is where its smallest ticked hex (the origin) lands, so the
    # first anchor in order that matches gives the smallest placement.
    for anchor in sorted(usable):
        found = _matches(mission, anchor, cells, usable)
        if found:
            return min(found)
    return None


def placements(
    mission: MissionSpec, holds: frozenset[Hex], land: frozenset[Hex]
) -> tuple[tuple[Hex, ...], ...]:
    """Every distinct matching placement (as sorted ticked hexes), smallest first."""
    cells, usable = _cell_sets(holds, land)
    found: set[tuple[Hex, ...]] = set()
    for anchor in usable:
        found |= _matches(mission, anchor, cells, usable)
    return tuple(sorted(found))
