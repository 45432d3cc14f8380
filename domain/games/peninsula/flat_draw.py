"""The greedy bot's best draw of one icon on a flat sheet (``flat_sheet.Flat``):
``bots._best_draw`` restated for a rollout-only engine (issue #26, branch pen-draw-flat).

The question and its order are the bot's: the draw spots (``rules.draw_spots``: no bonus,
then the catapult, then the ferry; the reach's hexes in order; each arrow in turn), each
spot's gain (``gains.DrawGains.spot``: the fillable icons it makes, cliffs, mountains and
tunnels), the icon's mission plan (``flat_plan.plan_values``), a bonus draw's cost, and
for the best ``MISSION_LOOKS`` the VP of a mission the draw would complete
(``outlook.completions``). Everything is an int, a float or a tuple of them; the answer is
the gain and the draw as indices. The floats are added in the bot's order, so they are its
bits: tests/domain/peninsula/test_flat_draw.py asks both at every decision of seeded
greedy games.

Called by the bot (``bots.best_draw``, through ``flat_memo``) for the sheets a rollout's
companion keeps flat, which it does only where this module runs compiled: see
``companion.py`` and bench/HISTORY.md (``pen-draw-flat``, ``pen-flat-wire``).
"""

from __future__ import annotations

from typing import Final

from domain.games.peninsula.flat_plan import (
    NO_AIM,
    UNKNOWN,
    Aim,
    Last,
    Partial,
    Table,
    Usable,
    bits_in,
    mission_targets,
    plan_values,
    raise_to,
)
from domain.games.peninsula.flat_sheet import (
    BOAT,
    CATAPULT,
    CLAIMED,
    CLIFFS,
    COAST,
    DRAWS,
    FERRY,
    FILLABLE_CODES,
    FILLED,
    FOREST,
    HARBORS,
    HELD,
    ICONS_AT,
    LAND,
    LOCATION,
    MOUNTAIN,
    NEAR,
    NONE,
    OCCUPIED,
    POINTED,
    RING,
    SEGMENTS,
    SPENT,
    TUNNEL,
    VILLAGE,
    WATER,
    Board,
    Flat,
)

BONUS_DRAW_COST: Final = 1.0
MISSION_LOOKS: Final = 5
VILLAGE_TYPES: Final = 4
"""``bots.BONUS_DRAW_COST``, ``bots.MISSION_LOOKS``, ``filling.VILLAGE_TYPES`` (the test
checks they are the same)."""
NO_DRAW = (float("-inf"), NONE, NONE, NONE)
KEPT: Final = 1 << 12
"""Completions a ``Kept`` memo holds at most; beyond, it forgets them all."""

Kept = dict[tuple[int, int], list[float]]
"""``outlook.completions``' memo: by the missions claimed and a type's held hexes (a draw of
another type leaves them as they were), the VP a draw at each hex completes."""
Prep = tuple[
    tuple[Table, ...],
    Usable,
    list[Aim],
    list[list[float]],
    Kept,
    int,
    list[list[Partial]],
    Last | None,
]
"""What one sheet's draws share wherever the architect stands (``outlook.Outlook``'s memo):
the open missions' tables, the usable hexes, the targets, for each icon code its plan
(``[]`` until asked for), the completions' memo, the missions claimed, and the targets'
searches for the plans (``flat_plan.mission_targets``' ``known``), and the searches kept
from sheet to sheet (``flat_plan.kept_partial``), if any."""


Scored = tuple[float, int, int, int, int]
"""A draw's gain, its order (0, -1, ...: ``bots._best_draw``'s index), bonus, hex, arrow."""


def prepared(
    board: Board,
    tables: tuple[Table, ...],
    flat: Flat,
    kept: Kept | None = None,
    last: Last | None = None,
) -> Prep:
    """The ``Prep`` of ``flat``; ``tables``: every mission of the game, in its order;
    ``kept``: the completions' memo, shared by the sheets of one game (a new one if None);
    ``last``: the searches kept from sheet to sheet (None: none kept)."""
    claimed = flat[CLAIMED]
    open_tables = tuple(tables[t] for t in range(len(tables)) if not claimed >> t & 1)
    held, spent = flat[HELD], flat[SPENT]
    free = board[LAND] & ~flat[OCCUPIED]
    coast = board[COAST] & ~flat[HARBORS]
    usable: list[tuple[int, int, int]] = []
    for code in range(len(held)):
        if not spent >> code & 1:
            hexes = coast & ~held[code] if code == CLIFFS else free
            usable.append((code, held[code], hexes))
    flat_usable = tuple(usable)
    known = [[UNKNOWN] * len(open_tables) for _ in flat_usable]
    aims = mission_targets(open_tables, flat_usable, known, last)
    memo: Kept = {} if kept is None else kept
    return (open_tables, flat_usable, aims, [[] for _ in held], memo, claimed, known, last)


def best_draw(
    board: Board, flat: Flat, prep: Prep, icon: int, weight: float
) -> tuple[float, int, int, int]:
    """``bots._best_draw`` of ``icon`` (a code): the gain, and the draw's bonus (0, or
    ``CATAPULT`` or ``FERRY``), hex and arrow (``NONE`` for none); ``NO_DRAW`` if none."""
    here, draws = flat[LOCATION], flat[DRAWS]
    plan: list[float] = []
    # the best few (gain, order, bonus, at, arrow), the best first; the order falls by one
    # a draw, so a later draw goes in only below the ones gaining as much
    top: list[Scored] = []
    order = 0
    for bonus in (0, CATAPULT, FERRY):
        if bonus and not draws & bonus:
            continue
        for at in _reach(board, flat, bonus, here):
            if _blocked(board, flat, icon, at):
                continue
            if not plan:
                plan = _plan(board, prep, icon, weight)
            base = (
                _cliffs_base(board, flat, at)
                if icon == CLIFFS
                else _icon_base(board, flat, at, icon)
            )
            worth = plan[at]
            arrowed = icon in (VILLAGE, BOAT)
            boats = _boats(board, flat, at) if arrowed else 0
            for arrow in board[NEAR][at] if arrowed else (NONE,):
                gain = base + 2.0 if arrow >= 0 and boats >> arrow & 1 else base
                gain += worth
                if bonus:
                    gain -= BONUS_DRAW_COST
                _keep(top, (gain, order, bonus, at, arrow))
                order -= 1
    if not top:
        return NO_DRAW
    missions = _completions(prep, icon, len(board[NEAR]))
    best = NO_DRAW
    best_order = 0
    for gain, rank, bonus, at, arrow in top:
        total = gain + missions[at] if missions else gain + 0.0
        if best[2] < 0 or total > best[0] or (total == best[0] and rank > best_order):
            best, best_order = (total, bonus, at, arrow), rank
    return best


def _keep(
    top: list[tuple[float, int, int, int, int]], draw: tuple[float, int, int, int, int]
) -> None:
    """``draw`` among the best ``MISSION_LOOKS`` of ``top`` (``sorted(reverse=True)[:5]``:
    its order is below every one kept, so it goes after those gaining as much)."""
    gain = draw[0]
    k = len(top)
    while k > 0 and top[k - 1][0] < gain:
        k -= 1
    if k < MISSION_LOOKS:
        top.insert(k, draw)
        if len(top) > MISSION_LOOKS:
            top.pop()


def _reach(board: Board, flat: Flat, bonus: int, here: int) -> tuple[int, ...]:
    """``placement.reach``: the land next to ``here``, 2 away, or the other harbors."""
    if bonus == 0:
        return board[NEAR][here]
    if bonus == CATAPULT:
        return board[RING][here]
    harbors = flat[HARBORS]
    if not harbors >> here & 1:
        return ()
    found: list[int] = []
    i = 0
    rest = harbors & ~(1 << here)
    while rest:
        if rest & 1:
            found.append(i)
        rest >>= 1
        i += 1
    return tuple(found)


def _blocked(board: Board, flat: Flat, icon: int, at: int) -> bool:
    """``placement.icon_blocker`` is not None."""
    if icon == CLIFFS:
        return bool((flat[HELD][CLIFFS] | flat[HARBORS]) >> at & 1) or board[WATER][at] == 0
    return bool(flat[OCCUPIED] >> at & 1)


def _plan(board: Board, prep: Prep, icon: int, weight: float) -> list[float]:
    """``Outlook.plan``: ``flat_plan.plan_values``, all 0.0 for a spent type."""
    plans = prep[3]
    if not plans[icon]:
        usable, aims = prep[1], prep[2]
        aim = NO_AIM
        found = -1
        for k in range(len(usable)):
            if usable[k][0] == icon:
                aim, found = aims[k], k
        cells = len(board[NEAR])
        if found >= 0:
            known = prep[6][found]
            plan = plan_values(prep[0], usable, icon, aim, weight, cells, known, prep[7])
            plans[icon] = plan
        else:
            plans[icon] = [0.0] * cells
    return plans[icon]


def _types_around(board: Board, flat: Flat, h: int) -> int:
    """``filling.neighbour_types`` as a bit per code (cliffs with another icon: both)."""
    icons, cliffs = flat[ICONS_AT], flat[HELD][CLIFFS]
    types = 0
    for n in board[NEAR][h]:
        if icons[n] >= 0:
            types |= 1 << icons[n]
        if cliffs >> n & 1:
            types |= 1 << CLIFFS
    return types


def _forest_near(board: Board, flat: Flat, h: int) -> bool:
    icons = flat[ICONS_AT]
    # (a loop, not ``any``: mypyc compiles a generator as an object)
    for n in board[NEAR][h]:  # noqa: SIM110
        if icons[n] == FOREST:
            return True
    return False


def _village_gains(board: Board, flat: Flat, n: int, icon: int) -> bool:
    """``DrawGains._village_gains`` of an unfilled village at ``n``."""
    types = _types_around(board, flat, n)
    return bits_in(types) == VILLAGE_TYPES - 1 and not types >> icon & 1


def _icon_base(board: Board, flat: Flat, at: int, icon: int) -> float:
    """``DrawGains._icon_gain`` for an empty ``at`` (``_blocked``); or, on a sheet no game
    reaches (a filled hex with no icon), ``draw_gain``'s, whose drawn icon is then filled."""
    icons, filled = flat[ICONS_AT], flat[FILLED]
    if filled >> at & 1:
        count = 0
    elif icon == VILLAGE:
        count = 1 if bits_in(_types_around(board, flat, at)) >= VILLAGE_TYPES else 0
    elif icon == BOAT:
        count = 1 if (flat[HARBORS] | flat[POINTED]) >> at & 1 else 0
    elif icon == FOREST:
        count = 1 if _forest_near(board, flat, at) else 0
    else:
        count = 0
    filled_near = fillable_near = tunnels_near = 0
    for n in board[NEAR][at]:
        held = icons[n]
        if filled >> n & 1:
            filled_near += 1
        elif held < 0:
            continue
        elif held == VILLAGE:
            count += 1 if _village_gains(board, flat, n, icon) else 0
        elif held == FOREST and icon == FOREST:
            count += 0 if _forest_near(board, flat, n) else 1
        if held >= 0 and FILLABLE_CODES >> held & 1:
            fillable_near += 1
        if held == TUNNEL:
            tunnels_near += 1
    gain = 2.0 * count
    if not flat[HELD][CLIFFS] >> at & 1:
        gain -= 1
    if icon == MOUNTAIN:
        gain += filled_near
        gain += 0.5 * fillable_near
    if icon == TUNNEL:
        gain += -2.0 * tunnels_near if tunnels_near else 1.5
    return gain


def _cliffs_base(board: Board, flat: Flat, at: int) -> float:
    """``DrawGains._cliffs_gain``: the villages around that cliffs make fillable."""
    icons, filled = flat[ICONS_AT], flat[FILLED]
    count = 0
    for n in board[NEAR][at]:
        if icons[n] == VILLAGE and not filled >> n & 1 and _village_gains(board, flat, n, CLIFFS):
            count += 1
    gain = 2.0 * count
    if not flat[OCCUPIED] >> at & 1:
        gain -= 1
    cliffs = flat[SEGMENTS]
    return gain + (cliffs + board[WATER][at]) // 2 - cliffs // 2


def _boats(board: Board, flat: Flat, at: int) -> int:
    """``DrawGains.spot``'s boats as a mask: unfilled boats next to ``at`` no arrow points at."""
    icons, free = flat[ICONS_AT], ~(flat[FILLED] | flat[HARBORS] | flat[POINTED])
    boats = 0
    for n in board[NEAR][at]:
        if icons[n] == BOAT and free >> n & 1:
            boats |= 1 << n
    return boats


def _completions(prep: Prep, icon: int, cells: int) -> list[float]:
    """``outlook.completions`` for ``icon``'s held hexes, one float per hex (0.0: none);
    ``[]`` for a spent type (``Outlook.mission_gains``' empty answer)."""
    holds = NONE
    for code, held, _ in prep[1]:
        if code == icon:
            holds = held
    if holds == NONE:
        return []
    kept = prep[4]
    key = (prep[5], holds)
    found = kept.get(key)
    if found is not None:
        return found
    if len(kept) >= KEPT:
        kept.clear()
    gains = [0.0] * cells
    for table in prep[0]:
        raise_to(gains, _completing(table, holds), float(table[0]))
    kept[key] = gains
    return gains


def _completing(table: Table, holds: int) -> int:
    """``masks.completing`` if no placement of ``table`` holds every ticked hex with no
    crossed one held (``masks.first_placement``), else 0."""
    size, ticked, crossed, cells = table[2], table[3], table[4], table[5]
    found = below = 0
    if size == 1:  # a placement lacking its one hex holds none: every one is a candidate
        for p in range(len(ticked)):
            if crossed[p] & holds:
                continue
            if ticked[p] & holds:
                return 0
            found |= ticked[p]
        return found & ~holds
    rest = holds
    i = 0
    while rest:
        if rest & 1:
            for p in cells[i]:
                mask = ticked[p]
                if mask & below or crossed[p] & holds:
                    continue
                count = bits_in(mask & holds)
                if count == size:
                    return 0
                if count == size - 1:
                    found |= mask
            below |= 1 << i
        rest >>= 1
        i += 1
    return found & ~holds
