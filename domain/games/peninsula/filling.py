"""When an icon may be filled, and the tickets filled forests unlock (rulebook: Filling Icons)."""

from __future__ import annotations

from typing import Literal

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
    if at in sheet.harbor_lands:
        return True
    # ``Arrow.points_at`` of each arrow, inlined: fills and the greedy bot's gains ask
    q, r = at.q, at.r
    for arrow in sheet.arrows:
        end = arrow.end
        if end.q == q and end.r == r:
            return True
        if arrow.kind != "canal" and arrow.start.q == q and arrow.start.r == r:
            return True
    return False


Blocker = Literal[
    "no_icon", "cliffs_only", "never", "filled", "village", "boat", "forest", "tunnel_end", "tunnel"
]
"""Why an icon cannot be filled, as a code: legal commands ask this of every icon on the
sheet at every step, and most answers are no, so the message is only spelled for decide."""


def fill_blocker(sheet: Sheet, at: Hex, game_end: bool) -> Blocker | None:
    icon = sheet.icons.get(at)
    if icon is None:
        return "cliffs_only" if at in sheet.cliffs else "no_icon"
    if icon not in FILLABLE:
        return "never"
    if at in sheet.filled:
        return "filled"
    return _unmet(sheet, at, icon, game_end)


def _unmet(sheet: Sheet, at: Hex, icon: Icon, game_end: bool) -> Blocker | None:
    """The condition of the icon's own type (rulebook: Filling Icons), for an unfilled one."""
    match icon:
        case "village":
            if len(neighbour_types(sheet, at)) < VILLAGE_TYPES:
                return "village"
        case "boat":
            if not is_pointed_at(sheet, at):
                return "boat"
        case "forest":
            if not any(sheet.icons.get(n) == "forest" for n in around(at)):
                return "forest"
        case "tunnel":
            if not game_end:
                return "tunnel_end"
            if any(sheet.icons.get(n) == "tunnel" for n in around(at)):
                return "tunnel"
    return None


def fill_problem(sheet: Sheet, at: Hex, game_end: bool) -> str | None:
    blocker = fill_blocker(sheet, at, game_end)
    if blocker is None:
        return None
    icon = sheet.icons.get(at)
    match blocker:
        case "no_icon":
            return f"there is no icon to fill at {at}"
        case "cliffs_only":
            return f"there is no icon to fill at {at} (cliffs cannot be filled)"
        case "never":
            return f"a {icon} can never be filled"
        case "filled":
            return f"the {icon} at {at} is already filled"
        case "village":
            return f"the village at {at} needs 4 different icons on adjacent hexes"
        case "boat":
            return f"no arrow points at the boat at {at}"
        case "forest":
            return f"the forest at {at} needs another forest next to it"
        case "tunnel_end":
            return "tunnels can only be filled at the end of the game"
        case "tunnel":
            return f"the tunnel at {at} has another tunnel next to it"


def fillable(sheet: Sheet, game_end: bool) -> tuple[Hex, ...]:
    """The hexes ``fill_blocker`` lets fill, in order, asking only the unfilled fillable
    icons their type's condition: legal commands ask this at every step."""
    filled = sheet.filled
    return tuple(
        sorted(
            h
            for h, icon in sheet.icons.items()
            if icon in FILLABLE and h not in filled and _unmet(sheet, h, icon, game_end) is None
        )
    )


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
