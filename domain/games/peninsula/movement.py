"""Where an architect may go: tickets, infrastructure and the moving landmark bonuses.

Each function maps every reachable hex to the path that reaches it (the hexes entered, in
order), so a move also knows which landmark hexes it passes (rulebook: Landmarks, "The first
time you move onto a landmark hex").
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from domain.games.peninsula.adjacency import around
from domain.games.peninsula.axial import distance
from domain.games.peninsula.commands import MoveKind
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.getters import available_tickets
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.state import Arrow, ArrowKind, Sheet

Paths = Mapping[Hex, tuple[Hex, ...]]
HARBOR_BONUS = "harbor_bonus"
"""The ``ticket`` recorded when a Harbor Tickets bonus ticket is spent."""


Ways = Mapping[Hex, tuple[tuple[ArrowKind, Hex], ...]]
LED_KEPT = 1 << 10
"""Arrow tuples whose ``led_to`` answers are kept at most; beyond, all are forgotten."""
_LED: dict[int, tuple[tuple[Arrow, ...], Ways]] = {}


def led_to(arrows: tuple[Arrow, ...], here: Hex) -> tuple[tuple[ArrowKind, Hex], ...]:
    """Each arrow's kind and the hex it leads to from ``here``, in the arrows' order: what
    ``to != here and arrow.leads(here, to)`` finds over each arrow's start and then end.
    Routes ask it at every hex they pass, and a sheet's arrows change only when a village
    or boat is drawn, so every hex's answer is found in one pass over the arrows, kept by
    the arrows' identity (each entry holds them). Here, compiled, and not with ``Arrow`` in
    ``state.py``, which stays interpreted."""
    found = _LED.get(id(arrows))
    if found is None:
        if len(_LED) >= LED_KEPT:
            _LED.clear()
        found = _LED[id(arrows)] = (arrows, _ways(arrows))
    return found[1].get(here, ())


def _ways(arrows: tuple[Arrow, ...]) -> Ways:
    """``led_to`` of every hex an arrow touches."""
    ways: dict[Hex, list[tuple[ArrowKind, Hex]]] = {}
    for arrow in arrows:
        start, end = arrow.start, arrow.end
        if start == end:  # an arrow from here to here leads nowhere
            continue
        if arrow.kind != "canal":  # back along it, which a canal does not go
            ways.setdefault(end, []).append((arrow.kind, start))
        ways.setdefault(start, []).append((arrow.kind, end))
    return {h: tuple(w) for h, w in ways.items()}


def ring2(spec: MapSpec, at: Hex) -> tuple[Hex, ...]:
    """Land hexes exactly 2 away: a balloon's reach, or a catapult's."""
    return _ring2(spec.land, at)


def land_neighbours(spec: MapSpec, at: Hex) -> tuple[Hex, ...]:
    return _land_neighbours(spec.land, at)


# Geometry of the map alone, asked for at every legal-command step of a rollout: cached on
# the land (a frozenset, whose hash Python keeps), never on anything a game changes. A few
# maps of a few dozen hexes each: the bound is never reached in practice.
@functools.lru_cache(maxsize=1 << 12)
def _ring2(land: frozenset[Hex], at: Hex) -> tuple[Hex, ...]:
    seen = {n2 for n in around(at) for n2 in around(n)}
    return tuple(sorted(h for h in seen if h in land and distance(at, h) == 2))


@functools.lru_cache(maxsize=1 << 12)
def _land_neighbours(land: frozenset[Hex], at: Hex) -> tuple[Hex, ...]:
    return tuple(n for n in around(at) if n in land)


def destinations(spec: MapSpec, sheet: Sheet, by: MoveKind) -> Paths:
    here = sheet.location
    match by:
        case "boot":
            return {n: (n,) for n in land_neighbours(spec, here)}
        case "harbor":
            if here not in sheet.harbor_lands:
                return {}
            return {h: (h,) for h in sheet.harbor_lands if h != here}
        case "balloon":
            return {h: (h,) for h in ring2(spec, here)}
        case "street" | "canal" | "bridge":
            return {to: (to,) for kind, to in led_to(sheet.arrows, here) if kind == by}
        case "tunnel":
            if sheet.icons.get(here) != "tunnel":
                return {}
            return {h: (h,) for h in tunnels(sheet) if h != here}
        case "train_tunnel":
            return train_tunnel(spec, sheet)
        case "swimmer":
            return swimmer(spec, sheet)


def destination_hexes(spec: MapSpec, sheet: Sheet, by: MoveKind) -> tuple[Hex, ...]:
    """``sorted(destinations(spec, sheet, by))``; a boot's and a balloon's are the map's
    geometry alone, sorted once and cached (sorting hexes is a Python call per comparison,
    and legal commands list these at every step)."""
    match by:
        case "boot":
            return _sorted_land_neighbours(spec.land, sheet.location)
        case "balloon":
            return _ring2(spec.land, sheet.location)
        case _:
            return tuple(sorted(destinations(spec, sheet, by)))


@functools.lru_cache(maxsize=1 << 12)
def _sorted_land_neighbours(land: frozenset[Hex], at: Hex) -> tuple[Hex, ...]:
    return tuple(sorted(_land_neighbours(land, at)))


def tunnels(sheet: Sheet) -> tuple[Hex, ...]:
    return tuple(sorted(h for h, icon in sheet.icons.items() if icon == "tunnel"))


def train_tunnel(spec: MapSpec, sheet: Sheet) -> Paths:
    """Onto an adjacent tunnel, any tunnel-to-tunnel hops, then one hex further; under rules
    version 1 the engine picks the path (the lowest-sorted entry, the first exit found).

    rulebook: Landmark Bonuses, Train tunnel: "Move onto an adjacent tunnel icon and then
    move 1 hex further. You may use movements from tunnel to tunnel in between."
    """
    here = sheet.location
    all_tunnels = tunnels(sheet)
    entries = [t for t in all_tunnels if distance(t, here) == 1]
    if not entries:
        return {}
    entry = entries[0]
    paths: dict[Hex, tuple[Hex, ...]] = {}
    for exit_ in (entry, *(t for t in all_tunnels if t != entry)):
        for to in land_neighbours(spec, exit_):
            if to == here or to in paths:
                continue
            paths[to] = (entry, to) if exit_ == entry else (entry, exit_, to)
    return paths


Passages = Mapping[Hex, tuple[tuple[Hex, ...], ...]]


def passages(spec: MapSpec, sheet: Sheet, by: MoveKind) -> Passages:
    """Every path a Train Tunnel or Swimmer move may take to each hex (rules version 2 on).

    The seat names the hexes it passes through: a landmark on one path and not on another
    is the seat's choice, not the engine's (rulebook: Train tunnel, "move onto an adjacent
    tunnel icon and then move 1 hex further"; Swimmer, "up to 2 land hexes").
    """
    found: dict[Hex, list[tuple[Hex, ...]]] = {}
    for path in _train_paths(spec, sheet) if by == "train_tunnel" else _swim_paths(spec, sheet):
        if path not in found.setdefault(path[-1], []):
            found[path[-1]].append(path)
    return {to: tuple(sorted(paths)) for to, paths in found.items()}


def _train_paths(spec: MapSpec, sheet: Sheet) -> list[tuple[Hex, ...]]:
    here = sheet.location
    all_tunnels = tunnels(sheet)
    paths = []
    for entry in (t for t in all_tunnels if distance(t, here) == 1):
        for exit_ in (entry, *(t for t in all_tunnels if t != entry)):
            hops = (entry,) if exit_ == entry else (entry, exit_)
            paths += [(*hops, to) for to in land_neighbours(spec, exit_) if to != here]
    return paths


def _swim_paths(spec: MapSpec, sheet: Sheet) -> list[tuple[Hex, ...]]:
    here = sheet.location
    paths: list[tuple[Hex, ...]] = []
    for first in coast_steps(spec, here):
        paths.append((first,))
        paths += [(first, n) for n in coast_steps(spec, first) if n not in (here, first)]
    return paths


def _water_around(land: frozenset[Hex], h: Hex) -> frozenset[Hex]:
    return frozenset(n for n in around(h) if n not in land)


def coast_steps(spec: MapSpec, at: Hex) -> tuple[Hex, ...]:
    """Adjacent land hexes on the same stretch of coast: both touch one common water hex."""
    return _coast_steps(spec.land, at)


@functools.lru_cache(maxsize=1 << 12)
def _coast_steps(land: frozenset[Hex], at: Hex) -> tuple[Hex, ...]:
    # the map's geometry alone, like ``_land_neighbours``: Swimmer asks for it every step
    water = _water_around(land, at)
    if not water:
        return ()
    return tuple(n for n in _land_neighbours(land, at) if water & _water_around(land, n))


def swimmer(spec: MapSpec, sheet: Sheet) -> Paths:
    """Up to 2 steps along the coast, never back to the start; under rules version 1 the
    engine picks the path (the shortest, then the first found).

    rulebook: Landmark Bonuses, Swimmer: "Move up to 2 land hexes adjacent to the same
    coastline as your starting hex, but not back and forth."
    """
    here = sheet.location
    paths: dict[Hex, tuple[Hex, ...]] = {}
    for first in coast_steps(spec, here):
        paths.setdefault(first, (first,))
    for first in coast_steps(spec, here):
        for second in coast_steps(spec, first):
            if second != here and second not in paths:
                paths[second] = (first, second)
    return paths


def ticket_for(spec: MapSpec, sheet: Sheet, kind: str) -> str | None:
    """The ticket a move spends: a Harbor Tickets bonus ticket first (it expires), then the
    first printed ticket of that kind still available."""
    if kind == "harbor" and sheet.bonus_harbor_tickets > 0:
        return HARBOR_BONUS
    available = available_tickets(sheet)
    for slot in spec.tickets:
        if slot.kind == kind and slot.id in available:
            return slot.id
    return None


def ticket_kinds(spec: MapSpec, sheet: Sheet) -> frozenset[str]:
    """The kinds for which ``ticket_for`` finds a ticket, all found in one pass."""
    available = available_tickets(sheet)
    kinds = {slot.kind for slot in spec.tickets if slot.id in available}
    if sheet.bonus_harbor_tickets > 0:
        kinds.add("harbor")
    return frozenset(kinds)


def landmarks_on(spec: MapSpec, sheet: Sheet, path: tuple[Hex, ...]) -> tuple[int, ...]:
    """Landmarks entered for the first time along ``path``, in order."""
    found: list[int] = []
    for h in path:
        for number, where in spec.landmarks.items():
            if where == h and number not in sheet.landmarks and number not in found:
                found.append(number)
    return tuple(found)
