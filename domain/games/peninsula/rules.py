"""legal_commands: everything a seat may do now, from the same predicates decide uses."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from domain.games.peninsula.actions import names_passage
from domain.games.peninsula.bonuses import (
    bridge_sites,
    harbor_sites,
    held_bonuses,
    lighthouse_sites,
    steep_sites,
)
from domain.games.peninsula.cards import ICONS, Icon
from domain.games.peninsula.commands import (
    BuildBridge,
    ChooseIcons,
    ClaimMission,
    DraftCard,
    DrawBonus,
    DrawHarbor,
    DrawIcon,
    EndActions,
    FillIcon,
    LightLandmark,
    MoveArchitect,
    MoveKind,
    SeatCommand,
    SteepenCoast,
    TradeIcon,
    TradeKind,
    UseHarborTickets,
    UseLifesaver,
    UseRainbow,
)
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.filling import fillable
from domain.games.peninsula.frozen import built
from domain.games.peninsula.getters import available_tickets
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.kept import Kept
from domain.games.peninsula.masks import first_placement, grid_of, held_masks
from domain.games.peninsula.movement import destination_hexes, passages
from domain.games.peninsula.placement import arrow_targets, icon_blocker, reach
from domain.games.peninsula.state import Game, Sheet

TICKETS: tuple[MoveKind, ...] = ("boot", "harbor", "balloon")
INFRASTRUCTURE: tuple[MoveKind, ...] = ("street", "canal", "bridge", "tunnel")
BONUS_MOVES: tuple[MoveKind, ...] = ("train_tunnel", "swimmer")
DRAW_BONUSES: tuple[DrawBonus, ...] = ("catapult", "ferry")


def legal_commands(game: Game, seat: int) -> tuple[SeatCommand, ...]:
    return _legal(game, seat, True)


def bot_options(game: Game, seat: int) -> tuple[SeatCommand, ...]:
    """``legal_commands`` without the draws and trades of the icons in hand, in the same
    order: the greedy bot finds its own draws (``best_draw``) and wants the trades only
    when it has no good draw (``icon_trades``), and building them was a fifth of its time.
    Empty exactly when ``legal_commands`` is: an acting seat can always end its actions."""
    return _legal(game, seat, False)


def icon_trades(game: Game, seat: int) -> tuple[TradeIcon, ...]:
    """The ``TradeIcon`` commands of ``legal_commands``, in their order."""
    if game.phase != "actions" or not 0 <= seat < game.seats or game.allowances[seat].done:
        return ()
    allowance, sheet = game.allowances[seat], game.sheets[seat]
    if allowance.uses == 0 or allowance.must_draw:
        return ()
    targets = trade_targets(game, sheet, held_bonuses(game, sheet))
    return tuple(
        built(TradeIcon, {"seat": seat, "icon": icon, "to": to, "by": by})
        for icon in dict.fromkeys(allowance.hand)
        for to, by in targets
    )


def _legal(game: Game, seat: int, every: bool) -> tuple[SeatCommand, ...]:
    if game.phase in ("setup", "over") or not 0 <= seat < game.seats:
        return ()
    if game.phase == "draft":
        return tuple(_choices(game, seat))
    if game.allowances[seat].done:
        return ()
    sheet = game.sheets[seat]
    end = built(EndActions, {"seat": seat})
    held = listed_bonuses(game, sheet)
    if game.phase == "final":
        return (*fills(game, sheet, seat, held), *claims(game, sheet, seat), end)
    return (
        *icon_uses(game, sheet, seat, held, every),
        *moves(game, sheet, seat, held),
        *fills(game, sheet, seat, held),
        *claims(game, sheet, seat),
        *bonus_actions(game, sheet, seat, held),
        end,
    )


FINAL_WINDOW_BONUSES = frozenset({"builder"})
"""The only bonus the final window lists: it fills icons, as the window lets a seat do."""


def listed_bonuses(game: Game, sheet: Sheet) -> frozenset[str]:
    """The held bonuses whose actions the phase lists (``held_bonuses``; in the final
    window only ``FINAL_WINDOW_BONUSES``): ``_legal`` and the greedy bot's chain both ask."""
    held = held_bonuses(game, sheet)
    return held & FINAL_WINDOW_BONUSES if game.phase == "final" else held


def can_use_lifesaver(game: Game, sheet: Sheet, seat: int) -> bool:
    """rulebook: Using a Lifesaver, "As a passive player" with a lifesaver left."""
    passive = game.mode == "standard" and seat != game.active and game.kept is not None
    allowance = game.allowances[seat]
    return passive and sheet.lifesavers > 0 and allowance.uses > 0 and not allowance.must_draw


def _choices(game: Game, seat: int) -> Iterator[SeatCommand]:
    if game.mode == "solo":
        yield ChooseIcons(seat=seat, first="left", second="left")
        yield ChooseIcons(seat=seat, first="right", second="right")
        if game.sheets[seat].lifesavers > 0:
            yield ChooseIcons(seat=seat, first="left", second="right")
            yield ChooseIcons(seat=seat, first="right", second="left")
    elif seat == game.active:
        for index, card in enumerate(game.face_up):
            for keep in card:
                yield built(DraftCard, {"seat": seat, "card": index, "keep": keep})


def icon_uses(
    game: Game, sheet: Sheet, seat: int, held: frozenset[str], every: bool = True
) -> tuple[SeatCommand, ...]:
    """Draws, trades, rainbows and the lifesaver; without the draws and trades unless
    ``every`` (``bot_options``)."""
    allowance = game.allowances[seat]
    if allowance.uses == 0:
        return ()
    out: list[SeatCommand] = []
    # where a trade may go does not depend on the icon given up: found once for the hand
    targets = () if allowance.must_draw or not every else trade_targets(game, sheet, held)
    for icon in dict.fromkeys(allowance.hand):
        if every:
            out.extend(draws(game, sheet, seat, icon, held))
        out.extend(
            built(TradeIcon, {"seat": seat, "icon": icon, "to": to, "by": by}) for to, by in targets
        )
        if "rainbow" in held:
            out.extend(
                built(UseRainbow, {"seat": seat, "icon": icon, "into": into})
                for into in ICONS
                if into != icon
            )
    if can_use_lifesaver(game, sheet, seat):
        out.append(built(UseLifesaver, {"seat": seat}))
    return tuple(out)


def draws(
    game: Game, sheet: Sheet, seat: int, icon: Icon, held: frozenset[str]
) -> Iterator[DrawIcon]:
    spec = game.map
    for bonus in (None, *(b for b in DRAW_BONUSES if b in held)):
        for at in reach(spec, sheet, bonus):
            if icon_blocker(spec, sheet, icon, at) is not None:
                continue
            for arrow in arrow_targets(spec, icon, at):
                yield built(
                    DrawIcon, {"seat": seat, "icon": icon, "at": at, "arrow": arrow, "bonus": bonus}
                )


def draw_spots(
    spec: MapSpec, sheet: Sheet, icon: Icon, held: frozenset[str]
) -> Iterator[tuple[DrawBonus | None, Hex, tuple[Hex | None, ...]]]:
    """(bonus, at, arrows) for the draws of ``draws``, in its order (each of ``arrows`` in
    turn at ``at``), without building commands: the greedy bot scores every draw, most of
    what one is worth is the same for all the arrows of one hex, and it builds only the
    command it makes."""
    for bonus in (None, *(b for b in DRAW_BONUSES if b in held)):
        for at in reach(spec, sheet, bonus):
            if icon_blocker(spec, sheet, icon, at) is None:
                yield bonus, at, arrow_targets(spec, icon, at)


def trade_targets(
    game: Game, sheet: Sheet, held: frozenset[str]
) -> tuple[tuple[Hex, TradeKind], ...]:
    """Where a traded icon may take the architect, and by what, in the order of the trades."""
    spec = game.map
    found: list[tuple[Hex, TradeKind]] = []
    for by in ("boot", "harbor"):
        found.extend((to, by) for to in destination_hexes(spec, sheet, by))
    if "lightning" in held:
        found.extend((to, "lightning") for to in sorted(spec.land - {sheet.location}))
    return tuple(found)


def moves(game: Game, sheet: Sheet, seat: int, held: frozenset[str]) -> Iterator[MoveArchitect]:
    spec = game.map
    for by in move_kinds(spec, sheet, held):
        if by in BONUS_MOVES and names_passage(game):
            for to, paths in sorted(passages(spec, sheet, by).items()):
                for path in paths:
                    yield MoveArchitect(seat=seat, to=to, by=by, via=path[:-1])
            continue
        for to in destination_hexes(spec, sheet, by):
            yield built(MoveArchitect, {"seat": seat, "to": to, "by": by, "via": None})


def move_kinds(spec: MapSpec, sheet: Sheet, held: frozenset[str]) -> list[MoveKind]:
    """The kinds of move ``moves`` lists, in its order (a kind may still have no destination).
    Each part kept by what it reads: the greedy bot asks twice in a decision, and a seat's
    tickets and arrows change far less often than its decisions come."""
    tickets = _TICKET_KINDS.get(
        (spec, sheet.tickets, sheet.used_tickets), lambda: _tickets(spec, sheet)
    )
    if sheet.bonus_harbor_tickets > 0 and "harbor" not in tickets:
        tickets = tuple(k for k in TICKETS if k in tickets or k == "harbor")
    here = sheet.location
    key = (id(sheet.arrows), here, sheet.icons.get(here) == "tunnel")
    found = _INFRASTRUCTURE.get(key)
    if found is None:
        if len(_INFRASTRUCTURE) >= KEPT:
            _INFRASTRUCTURE.clear()
        found = _INFRASTRUCTURE[key] = (sheet.arrows, _infrastructure(sheet))
    return [*tickets, *found[1], *(k for k in BONUS_MOVES if k in held)]


def _tickets(spec: MapSpec, sheet: Sheet) -> tuple[MoveKind, ...]:
    """The kinds of ``TICKETS``, in order, that a printed ticket is left for (``ticket_kinds``
    but the bonus harbor tickets)."""
    available = available_tickets(sheet)
    kinds = {slot.kind for slot in spec.tickets if slot.id in available}
    return tuple(k for k in TICKETS if k in kinds)


def _infrastructure(sheet: Sheet) -> tuple[MoveKind, ...]:
    """The kinds of ``INFRASTRUCTURE``, in order, that may lead anywhere from here: an
    arrow of the kind at the architect's hex, or a tunnel under it. The others have no
    destinations, so leaving them out changes no command and saves their searches."""
    here = sheet.location
    touching = {a.kind for a in sheet.arrows if here in (a.start, a.end)}
    under = sheet.icons.get(here) == "tunnel"
    return tuple(k for k in INFRASTRUCTURE if k in touching or (k == "tunnel" and under))


KEPT = 1024
"""Entries a memo of this module keyed by hand keeps at most; beyond, it forgets them all."""
_TICKET_KINDS: Kept[tuple[MoveKind, ...]] = Kept(256)
_INFRASTRUCTURE: dict[tuple[object, ...], tuple[object, tuple[MoveKind, ...]]] = {}
"""``_infrastructure`` by the arrows' identity (each entry holds them), the architect's hex
and whether a tunnel is under it."""


def fills(
    game: Game, sheet: Sheet, seat: int, held: frozenset[str] = frozenset()
) -> Iterator[FillIcon]:
    for at in fillable_hexes(sheet, game.phase == "final"):
        yield built(FillIcon, {"seat": seat, "at": at, "bonus": None})
    if "builder" in held:
        for at, icon in sorted(sheet.icons.items()):
            if icon == "village" and at not in sheet.filled:
                yield FillIcon(seat=seat, at=at, bonus="builder")


def fillable_hexes(sheet: Sheet, game_end: bool) -> tuple[Hex, ...]:
    """``fillable``, kept by the parts its conditions read (not ``filled``) with the filled
    hexes it was worked out for. No condition reads ``filled``, and a fill only adds to it,
    so for those hexes or more the answer is the kept one less the filled: a seat's fills
    one after another and its end of actions do not work the conditions out again. Asked
    with fewer (a rollout starting again from its point), it is worked out for those."""
    parts = (sheet.icons, sheet.cliffs, sheet.arrows, sheet.harbor_lands, game_end)
    key = tuple(map(id, parts))
    filled = sheet.filled
    found = _FILLABLE.get(key)
    if found is None or not filled >= found[1]:
        if len(_FILLABLE) >= KEPT:
            _FILLABLE.clear()
        found = _FILLABLE[key] = (parts, filled, fillable(sheet, game_end))
    met = found[2]
    return met if filled is found[1] else tuple(h for h in met if h not in filled)


_FILLABLE: dict[tuple[int, ...], tuple[tuple[object, ...], frozenset[Hex], tuple[Hex, ...]]] = {}
"""``fillable_hexes``' answers by the ids of their parts, each entry holding them."""


def claims(game: Game, sheet: Sheet, seat: int) -> Iterator[ClaimMission]:
    """The ``claim_problem`` checks (an unclaimed mission of this game, an icon type not
    used yet) hoisted out of the loops, and each icon's hexes found once, as a mask: the
    legal commands are asked for at every step of a rollout (docs/analysis.md, Speed)."""
    parts = (game.missions, game.map, sheet.missions, sheet.icons, sheet.cliffs)
    for letter, icon, placement in _CLAIMABLE.get(parts, lambda: _claimable(game, sheet)):
        fields = {"seat": seat, "mission": letter, "icon": icon, "placement": placement}
        yield built(ClaimMission, fields)


def extra_harbor_sites(spec: MapSpec, sheet: Sheet) -> tuple[tuple[Hex, Hex], ...]:
    """``harbor_sites``, kept by the parts it reads."""
    return _HARBOR_SITES.get(
        (spec, sheet.drawn_harbors, sheet.cliffs), lambda: harbor_sites(spec, sheet)
    )


_HARBOR_SITES: Kept[tuple[tuple[Hex, Hex], ...]] = Kept(256)
"""``harbor_sites`` by the parts it reads (the map, the drawn harbors, the cliffs): asked at
every step of a seat holding Extra Harbor, a pass over every shore, and those parts change
only when a harbor or cliffs are drawn."""


Claimable = tuple[tuple[str, Icon, tuple[Hex, ...]], ...]
_CLAIMABLE: Kept[Claimable] = Kept(256)
"""``_claimable``'s answers: a seat's missions and icons are often those of its last step."""


_first_placement = functools.lru_cache(maxsize=1 << 12)(first_placement)
"""``first_placement`` by the mission's placements and a type's hexes: a draw changes one
type's hexes, so the claims asked after it find the other types' answers again."""


def _claimable(game: Game, sheet: Sheet) -> Claimable:
    """Each mission, icon type and placement ``claims`` yields, in order: the smallest
    placement of each type's hexes on the map's masks (``placement_for``'s answer, for a
    sheet's hexes, which are all land)."""
    unclaimed = [m for m in game.missions if m.letter not in sheet.missions]
    if not unclaimed:
        return ()
    found = []
    grid = grid_of(game.map.land)
    used = frozenset(sheet.missions.values())
    # (a type holding fewer hexes than a mission ticks has no placement: told by a count
    # here, not by a call)
    holds = [(i, h, h.bit_count()) for i, h in held_masks(grid, sheet)[0].items() if i not in used]
    for mission in unclaimed:
        layout = grid.layout(mission)
        size = layout.size
        for icon, held, count in holds:
            if count < size:
                continue
            placement = _first_placement(layout, held)
            if placement is not None:
                found.append((mission.letter, icon, placement))
    return tuple(found)


def bonus_actions(
    game: Game, sheet: Sheet, seat: int, held: frozenset[str]
) -> Iterator[SeatCommand]:
    spec = game.map
    if "harbor_tickets" in held:
        yield built(UseHarborTickets, {"seat": seat})
    if "extra_harbor" in held:
        for sea, land in extra_harbor_sites(spec, sheet):
            yield built(DrawHarbor, {"seat": seat, "sea": sea, "land": land})
    if "steep_coast" in held:
        for at in steep_sites(sheet):
            yield SteepenCoast(seat=seat, at=at)
    if "bridge" in held:
        for a, b in bridge_sites(spec):
            yield BuildBridge(seat=seat, a=a, b=b)
    if "lighthouse" in held:
        for at in lighthouse_sites(spec, sheet):
            yield LightLandmark(seat=seat, at=at)
