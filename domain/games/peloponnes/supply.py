"""Supply: feed the inhabitants, then pay for each unpaid building or lose it.

Reference, Supply: "Each inhabitant eats 1 food. Each sea tile feeds one inhabitant.
Inhabitants who cannot be fed are lost. Then each unpaid building is paid for or lost."
Luxury goods stand in for food two for one (reference, Goods). A supply happens when a
supply-symbol tile is revealed and once more at the end of the game.

An unpaid building's marker coin returns to its owner when the building is paid, and is
lost with it otherwise (docs/rules/peloponnes.md: our reading).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from domain.core import RuleViolation
from domain.games.peloponnes.checks import require_awaited, require_phase, require_system_step
from domain.games.peloponnes.commands import PayUnpaid
from domain.games.peloponnes.events import Event, Fed, SupplyHeld, TilesLost, UnpaidSettled
from domain.games.peloponnes.goods import LUXURY_PER_GOOD, Goods, payment
from domain.games.peloponnes.state import SUPPLY_PHASES, Game, Realm

MARKER_BACK = Goods(coins=1)


def feeding(realm: Realm) -> tuple[Goods, int]:
    """What the seat's inhabitants eat, and how many starve."""
    holding = realm.holding
    need = max(0, holding.inhabitants - len(realm.sea))
    food = min(holding.food, need)
    by_luxury = min(need - food, holding.luxury // LUXURY_PER_GOOD)
    starved = need - food - by_luxury
    change = Goods(food=-food, luxury=-LUXURY_PER_GOOD * by_luxury, inhabitants=-starved)
    return change, starved


def unpaid_cost(game: Game, tiles: tuple[str, ...] | frozenset[str]) -> Goods:
    total = Goods()
    for tile in tiles:
        total = total + game.content.tile(tile).cost
    return total


def can_pay_for(game: Game, holding: Goods, tiles: tuple[str, ...] | frozenset[str]) -> bool:
    return payment(holding, unpaid_cost(game, tiles)) is not None


def supply(game: Game) -> tuple[Event, ...]:
    require_phase(game, *SUPPLY_PHASES)
    require_system_step(game, not game.resolved)
    events: list[Event] = []
    awaiting: list[int] = []
    for seat in game.order:
        realm = game.realm(seat)
        change, starved = feeding(realm)
        if not change.is_empty:
            events.append(Fed(seat=seat, change=change, starved=starved))
        if not realm.unpaid:
            continue
        holding = realm.holding + change
        if any(can_pay_for(game, holding, (t,)) for t in realm.unpaid):
            awaiting.append(seat)
        else:
            events.append(TilesLost(seat=seat, tiles=realm.unpaid, reason="unpaid"))
    return (*events, SupplyHeld(awaiting=tuple(awaiting)))


def unpaid_options(game: Game, seat: int) -> Iterator[frozenset[str]]:
    """Every set of unpaid buildings the seat can pay for together, largest first."""
    realm = game.realm(seat)
    for k in range(len(realm.unpaid), -1, -1):
        for chosen in combinations(realm.unpaid, k):
            if can_pay_for(game, realm.holding, chosen):
                yield frozenset(chosen)


def pay_unpaid(game: Game, command: PayUnpaid) -> tuple[Event, ...]:
    require_phase(game, *SUPPLY_PHASES)
    require_awaited(game, command.seat)
    realm = game.realm(command.seat)
    unknown = sorted(command.tiles - set(realm.unpaid))
    if unknown:
        raise RuleViolation("illegal_action", f"{', '.join(unknown)} is not an unpaid building")
    if not can_pay_for(game, realm.holding, command.tiles):
        raise RuleViolation("cannot_afford", "you cannot pay for all of those buildings")
    paid = payment(realm.holding, unpaid_cost(game, command.tiles))
    assert paid is not None
    return (
        UnpaidSettled(
            seat=command.seat,
            paid=tuple(t for t in realm.unpaid if t in command.tiles),
            lost=tuple(t for t in realm.unpaid if t not in command.tiles),
            change=paid + MARKER_BACK.times(len(command.tiles)),
        ),
    )
