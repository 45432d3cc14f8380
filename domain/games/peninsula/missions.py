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


def _matches_at(
    form: Orientation, anchor: Hex, holds: frozenset[Hex], usable: frozenset[Hex]
) -> tuple[Hex, ...] | None:
    ticked = tuple(anchor + h for h in form.ticked)
    if any(h not in usable for h in ticked):
        return None
    if any(anchor + h in holds for h in form.crossed):
        return None
    return ticked


def _matches_anchored(
    mission: MissionSpec, anchor: Hex, holds: frozenset[Hex], usable: frozenset[Hex]
) -> set[tuple[Hex, ...]]:
    found = set()
    for form in orientations(mission):
        placed = _matches_at(form, anchor, holds, usable)
        if placed is not None:
            found.add(placed)
    return found


def find_placement(
    mission: MissionSpec, holds: frozenset[Hex], land: frozenset[Hex]
) -> tuple[Hex, ...] | None:
    """The ticked hexes of the lexicographically smallest matching placement, or None.

    ``holds``: the hexes holding the chosen icon type (filled or not). Ticked hexes must be
    land hexes in ``holds``; crossed hexes must not be in ``holds``.
    """
    usable = holds & land
    for anchor in sorted(usable):
        found = _matches_anchored(mission, anchor, holds, usable)
        if found:
            return min(found)
    return None


def placements(
    mission: MissionSpec, holds: frozenset[Hex], land: frozenset[Hex]
) -> tuple[tuple[Hex, ...], ...]:
    """Every distinct matching placement (as sorted ticked hexes), smallest first."""
    usable = holds & land
    found: set[tuple[Hex, ...]] = set()
    for anchor in usable:
        found |= _matches_anchored(mission, anchor, holds, usable)
    return tuple(sorted(found))
