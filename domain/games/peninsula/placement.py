"""Where an icon may be drawn (rulebook: Drawing an Icon, and the Catapult and Ferry bonuses)."""

from __future__ import annotations

from typing import Literal

from domain.games.peninsula.axial import distance
from domain.games.peninsula.cards import Icon
from domain.games.peninsula.commands import DrawBonus
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.movement import land_neighbours, ring2
from domain.games.peninsula.state import Sheet

ARROW_ICONS: frozenset[Icon] = frozenset({"village", "boat"})


def reach(spec: MapSpec, sheet: Sheet, bonus: DrawBonus | None) -> tuple[Hex, ...]:
    """Land hexes an icon may be drawn into from the current location.

    rulebook: "An icon must be drawn in a land hex (white hex) next to your current location.
    In other words, never draw in water, directly under your architect".
    """
    here = sheet.location
    match bonus:
        case None:
            return land_neighbours(spec, here)
        case "catapult":
            # rulebook: Catapult, "draw it 2 hexes away (instead of adjacent)": exactly 2
            return ring2(spec, here)
        case "ferry":
            # rulebook: Ferry, "When you are in a harbor hex, you can draw an icon in another
            # harbor hex (instead of adjacent)"
            if here not in sheet.harbor_lands:
                return ()
            return tuple(sorted(h for h in sheet.harbor_lands if h != here))


IconBlocker = Literal["has_cliffs", "harbor", "inland", "occupied"]
"""Why an icon cannot go in a hex, as a code: legal draws ask this of every hex in reach at
every step, and the message is only spelled for decide."""


def icon_blocker(spec: MapSpec, sheet: Sheet, icon: Icon, at: Hex) -> IconBlocker | None:
    if icon == "cliffs":
        # rulebook: Cliffs, "A harbor hex can never have cliffs" and "A hex that touches no
        # water can't have any cliff"; a hex takes one set of cliffs (Steep coast doubles it)
        if at in sheet.cliffs:
            return "has_cliffs"
        if at in sheet.harbor_lands:
            return "harbor"
        if spec.water_edges(at) == 0:
            return "inland"
        return None
    # rulebook: "You may never have 2 icons in a single hex, except for cliffs"
    if at in sheet.icons:
        return "occupied"
    return None


def icon_problem(spec: MapSpec, sheet: Sheet, icon: Icon, at: Hex) -> str | None:
    """Why ``icon`` cannot go in ``at`` whatever the reach, or None."""
    match icon_blocker(spec, sheet, icon, at):
        case None:
            return None
        case "has_cliffs":
            return f"{at} already has cliffs"
        case "harbor":
            return f"{at} is a harbor hex, which can never have cliffs"
        case "inland":
            return f"{at} touches no water, so it cannot have cliffs"
        case "occupied":
            return f"{at} already holds a {sheet.icons[at]}"


def arrow_problem(spec: MapSpec, icon: Icon, at: Hex, arrow: Hex | None) -> str | None:
    """rulebook: Roads and canals, "draw an arrow from it to any adjacent land hex"."""
    if icon not in ARROW_ICONS:
        return None if arrow is None else f"only villages and boats draw an arrow, not a {icon}"
    if arrow is None:
        return f"a {icon} needs an arrow to an adjacent land hex"
    if arrow not in spec.land or distance(arrow, at) != 1:
        return f"the arrow from {at} must point to an adjacent land hex, not {arrow}"
    return None


def arrow_targets(spec: MapSpec, icon: Icon, at: Hex) -> tuple[Hex | None, ...]:
    if icon not in ARROW_ICONS:
        return (None,)
    return land_neighbours(spec, at)
