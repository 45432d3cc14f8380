"""When an icon may be filled, and the tickets filled forests unlock (rulebook: Filling Icons)."""

from __future__ import annotations

from domain.games.peninsula.adjacency import around
from domain.games.peninsula.cards import FILLABLE, Icon
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.events import UnlockReason
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.state import Sheet

VILLAGE_TYPES = 4
FOREST_REWARDS: dict[int, UnlockReason] = {3: "forest3", 5: "forest5"}


def neighbour_types(sheet: Sheet, at: Hex) -> frozenset[Icon]:
    """Icon types on adjacent hexes; a hex with cliffs and another icon shows both."""
    types: set[Icon] = set()
    for n in around(at):
        icon = sheet.icons.get(n)
        if icon is not None:
            types.add(icon)
        if n in sheet.cliffs:
            types.add("cliffs")
    return frozenset(types)


def is_pointed_at(sheet: Sheet, at: Hex) -> bool:
    """rulebook: Boat, "Any arrow (from another boat, harbor, village etc.) is pointed at it";
    a harbor's link into its land hex is such an arrow."""
    return at in sheet.harbor_lands or any(a.points_at(at) for a in sheet.arrows)


def fill_problem(sheet: Sheet, at: Hex, game_end: bool) -> str | None:
    icon = sheet.icons.get(at)
    if icon is None:
        return f"there is no icon to fill at {at}" + (
            " (cliffs cannot be filled)" if at in sheet.cliffs else ""
        )
    if icon not in FILLABLE:
        return f"a {icon} can never be filled"
    if at in sheet.filled:
        return f"the {icon} at {at} is already filled"
    match icon:
        case "village":
            if len(neighbour_types(sheet, at)) < VILLAGE_TYPES:
                return f"the village at {at} needs 4 different icons on adjacent hexes"
        case "boat":
            if not is_pointed_at(sheet, at):
                return f"no arrow points at the boat at {at}"
        case "forest":
            if not any(sheet.icons.get(n) == "forest" for n in around(at)):
                return f"the forest at {at} needs another forest next to it"
        case "tunnel":
            if not game_end:
                return "tunnels can only be filled at the end of the game"
            if any(sheet.icons.get(n) == "tunnel" for n in around(at)):
                return f"the tunnel at {at} has another tunnel next to it"
    return None


def fillable(sheet: Sheet, game_end: bool) -> tuple[Hex, ...]:
    return tuple(sorted(h for h in sheet.icons if fill_problem(sheet, h, game_end) is None))


def forest_reward(
    spec: MapSpec, sheet: Sheet, at: Hex
) -> tuple[tuple[str, str, UnlockReason], ...]:
    """Tickets unlocked by filling the forest at ``at``: (ticket id, kind, reason).

    rulebook: Forest, "when you fill in your 3rd forest, you immediately gain 1 balloon
    ticket. When you fill in your 5th forest, you gain a second balloon ticket."
    """
    if sheet.icons.get(at) != "forest":
        return ()
    count = 1 + sum(1 for h in sheet.filled if sheet.icons.get(h) == "forest")
    reason = FOREST_REWARDS.get(count)
    if reason is None:
        return ()
    return tuple(
        (slot.id, slot.kind, reason)
        for slot in spec.tickets
        if slot.unlock == reason and slot.id not in sheet.tickets
    )


def mission_rewards(
    spec: MapSpec, sheet: Sheet, row: tuple[str, ...], claimed: str
) -> tuple[tuple[str, str], ...]:
    """Tickets unlocked by claiming ``claimed``: (ticket id, kind).

    rulebook: Missions, "When you have claimed 2 missions that show a ticket between them,
    that ticket is unlocked".
    """
    have = {*sheet.missions, claimed}
    found = []
    for slot in spec.tickets:
        if slot.unlock != "missions" or slot.between is None or slot.id in sheet.tickets:
            continue
        i, j = slot.between
        if max(i, j) < len(row) and claimed in (row[i], row[j]) and {row[i], row[j]} <= have:
            found.append((slot.id, slot.kind))
    return tuple(found)
