"""Routes for the greedy bot: the fewest tickets that reach a locked landmark.

Unused tickets score nothing at the end, while a landmark scores 2 VP, so a bot loses
nothing by spending tickets on the way to one. Bonus harbor tickets (Harbor Tickets) cost
nothing against the budget: they vanish when the turn ends.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

from domain.games.peninsula.adjacency import around
from domain.games.peninsula.commands import MoveKind
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.getters import available_tickets
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.kept import Kept
from domain.games.peninsula.movement import led_to, ring2, tunnels
from domain.games.peninsula.state import Sheet

TICKET_KINDS: tuple[MoveKind, ...] = ("boot", "balloon", "harbor")
Step = tuple[MoveKind, Hex]


def _steps(
    spec: MapSpec, sheet: Sheet, here: Hex, boot: bool, balloon: bool, harbor: bool
) -> Iterator[Step]:
    """The moves from ``here`` in the search's order, the ticket moves of a kind only where
    ``boot``, ``balloon`` or ``harbor`` says one may still be taken: the search would drop
    the others anyway, and early on, with no tickets to spend (``EARLY_TICKETS``), they were
    most of the steps built."""
    yield from led_to(sheet.arrows, here)
    if sheet.icons.get(here) == "tunnel":
        for to in tunnels(sheet):
            if to != here:
                yield "tunnel", to
    if boot:
        for to in around(here):
            if to in spec.land:
                yield "boot", to
    if balloon:
        for to in ring2(spec, here):
            yield "balloon", to
    if harbor and here in sheet.harbor_lands:
        for to in sorted(sheet.harbor_lands - {here}):
            yield "harbor", to


def _tickets_left(spec: MapSpec, sheet: Sheet) -> dict[str, int]:
    available = available_tickets(sheet)
    left: dict[str, int] = dict.fromkeys(TICKET_KINDS, 0)
    for slot in spec.tickets:
        if slot.id in available:
            left[slot.kind] += 1
    left["harbor"] += sheet.bonus_harbor_tickets
    return left


def first_step_to_landmark(spec: MapSpec, sheet: Sheet, budget: int) -> Step | None:
    """The first move of a cheapest route to a locked landmark: fewest tickets (at most
    ``budget``), then fewest moves, so following it step by step always gets closer."""
    route = cheapest_route(spec, sheet, budget)
    return None if route is None else route[1]


Route = tuple[int, Step]


def cheapest_route(spec: MapSpec, sheet: Sheet, budget: int) -> Route | None:
    """The printed tickets a cheapest route to a locked landmark spends, and its first move.

    Kept by the parts the search reads (of the icons, only where the tunnels are): a seat
    asks at the end of each of its action phases, and most draws change neither its arrows
    nor its tunnels; a Harbor Tickets trip also asks for the plain route twice."""
    tunnel_hexes = _TUNNELS.get((sheet.icons,), lambda: tunnels(sheet))
    held: tuple[object, ...] = (spec, sheet.landmarks, sheet.tickets, sheet.used_tickets)
    held += (sheet.arrows, sheet.harbor_lands)
    key = (*map(id, held), tunnel_hexes, sheet.location, sheet.bonus_harbor_tickets, budget)
    found = _ROUTES.get(key)
    if found is None:
        if len(_ROUTES) >= KEPT:
            _ROUTES.clear()
        found = _ROUTES[key] = (held, _cheapest_route(spec, sheet, budget))
    return found[1]


KEPT = 1024
"""Routes kept at most; beyond, all are forgotten. Each entry holds the parts its key names
by identity, so no id in a live key can belong to a newer object."""
_ROUTES: dict[tuple[object, ...], tuple[tuple[object, ...], Route | None]] = {}
_TUNNELS: Kept[tuple[Hex, ...]] = Kept(256)


def _cheapest_route(spec: MapSpec, sheet: Sheet, budget: int) -> Route | None:
    goals = {where for n, where in spec.landmarks.items() if n not in sheet.landmarks}
    left = _tickets_left(spec, sheet)
    if not goals:
        return None
    start = (sheet.location, 0, 0, 0)
    queue: list[tuple[int, int, int, tuple[Hex, int, int, int], Step | None]] = [
        (0, 0, 0, start, None)
    ]
    seen: set[tuple[Hex, int, int, int]] = set()
    order = 0
    while queue:
        cost, hops, _, state, first = heapq.heappop(queue)
        here = state[0]
        if here in goals and first is not None:
            return cost, first
        if state in seen:
            continue
        seen.add(state)
        # a ticket of a kind may be taken while one is left and, if it is paid for (a
        # Harbor Tickets bonus ticket is not), while the budget allows one more
        affordable = cost + 1 <= budget
        boot = affordable and state[1] < left["boot"]
        balloon = affordable and state[2] < left["balloon"]
        bonus = state[3] < sheet.bonus_harbor_tickets
        harbor = (affordable or bonus) and state[3] < left["harbor"]
        for kind, to in _steps(spec, sheet, here, boot, balloon, harbor):
            used = list(state[1:])
            paid = False
            if kind in TICKET_KINDS:
                index = TICKET_KINDS.index(kind)
                used[index] += 1
                # Harbor Tickets' bonus tickets expire with the turn: spending them is free
                paid = kind != "harbor" or used[index] > sheet.bonus_harbor_tickets
                if used[index] > left[kind] or (paid and cost + 1 > budget):
                    continue
            order += 1
            step_cost = cost + paid
            nxt = (to, used[0], used[1], used[2])
            heapq.heappush(queue, (step_cost, hops + 1, order, nxt, first or (kind, to)))
    return None
