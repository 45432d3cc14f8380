"""One seat's sheet as flat ints, kept fact by fact: the state a rollout-only engine would
hold for the greedy bot's best draw (issue #26, branch pen-draw-flat).

Every land hex is an index (``Grid``'s order: the land sorted), and what ``flat_draw``
reads of a sheet is here as plain ints and tuples: an icon code per land hex, each icon
type's held hexes as a mask, the occupied, filled, harbor and pointed-at hexes as masks,
the cliff segments, the architect's hex, the types spent and missions claimed, and the
draw bonuses held. ``evolved`` updates it by one fact; ``flat_of`` rebuilds it from a real
``Sheet``. tests/domain/peninsula/test_flat_draw.py holds the one to the other after
every decision of seeded greedy games, and ``flat_draw.best_draw`` to the bot's
``best_draw``.

Kept in rollouts by the greedy bot's companion (``companion.py``), fact by fact, where
``flat_draw`` runs compiled by mypyc (``cairn compile``); interpreted, the flat form costs
the greedy graph more than it saves (bench/HISTORY.md, sections ``pen-draw-flat`` and
``pen-flat-wire``), so there the bot keeps to its sheets. The geometry (``Board``) and the
conversions read ``Hex`` objects; the answers do not.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Final

from domain.games.peninsula.adjacency import around
from domain.games.peninsula.axial import distance
from domain.games.peninsula.cards import ICONS, Icon
from domain.games.peninsula.events import (
    ArchitectMoved,
    BridgeBuilt,
    CoastSteepened,
    HarborDrawn,
    IconDrawn,
    IconFilled,
    LandmarkBonusUsed,
    LandmarkUnlocked,
    MissionClaimed,
)
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.state import Game, Sheet

VILLAGE: Final = 0
BOAT: Final = 1
TUNNEL: Final = 2
FOREST: Final = 3
CLIFFS: Final = 4
MOUNTAIN: Final = 5
"""The icon codes: an index of ``ICONS``."""
assert ICONS == ("village", "boat", "tunnel", "forest", "cliffs", "mountain")
FILLABLE_CODES: Final = 1 << VILLAGE | 1 << BOAT | 1 << TUNNEL | 1 << FOREST
NONE: Final = -1
"""No icon on a hex; no arrow; no draw."""
CATAPULT: Final = 1
FERRY: Final = 2
"""The draw bonuses, as bits of a sheet's ``DRAWS`` and as the codes of a draw's bonus."""
DRAW_BONUSES: tuple[str, str] = ("catapult", "ferry")

Board = tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    int,
    int,
    tuple[Hex, ...],
    Mapping[Hex, int],
]
"""A map's land, once per map: for each land hex its land neighbours in ``around``'s order
(``NEAR``), the land hexes exactly 2 away in order (``RING``), its edges on water
(``WATER``); the land and the coast as masks; the hexes by index and the indices by hex
(for conversions only)."""
# (each index ``Final``: a literal index, so mypy and mypyc know each element's type)
NEAR: Final = 0
RING: Final = 1
WATER: Final = 2
LAND: Final = 3
COAST: Final = 4
HEXES: Final = 5
INDEX: Final = 6

Flat = tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
]
"""A sheet: the icon code on each land hex (``NONE``, never cliffs), each type's held hexes
(``ICONS``' order; cliffs' are the hexes with cliffs), the cliff segments on each land hex,
the occupied hexes (icons, cliffs aside), the filled hexes, the cliff segments in all, the
harbor hexes, the hexes an arrow points at (ends, and starts of streets and bridges), the
architect's hex, the types spent on claims (a bit per code), the missions claimed (a bit
per index in the game's missions), the draw bonuses held (``CATAPULT | FERRY``), the
landmarks unlocked and not used (a bit per number)."""
ICONS_AT: Final = 0
HELD: Final = 1
SEGMENTS_AT: Final = 2
OCCUPIED: Final = 3
FILLED: Final = 4
SEGMENTS: Final = 5
HARBORS: Final = 6
POINTED: Final = 7
LOCATION: Final = 8
SPENT: Final = 9
CLAIMED: Final = 10
DRAWS: Final = 11
UNUSED: Final = 12


@functools.lru_cache(maxsize=1 << 4)
def board_of(land: frozenset[Hex]) -> Board:
    hexes = tuple(sorted(land))
    index = {h: i for i, h in enumerate(hexes)}
    near = tuple(tuple(index[n] for n in around(h) if n in land) for h in hexes)
    ring = tuple(
        tuple(
            sorted(
                index[m]
                for m in {m for n in around(h) for m in around(n)}
                if m in land and distance(h, m) == 2
            )
        )
        for h in hexes
    )
    water = tuple(sum(1 for n in around(h) if n not in land) for h in hexes)
    coast = sum(1 << i for i in range(len(hexes)) if water[i])
    return (near, ring, water, (1 << len(hexes)) - 1, coast, hexes, index)


def mask_of(board: Board, hexes: object) -> int:
    """The land hexes among ``hexes`` (an iterable of ``Hex``) as a mask."""
    index = board[INDEX]
    found = 0
    for h in hexes:  # type: ignore[attr-defined]
        i = index.get(h, NONE)
        if i >= 0:
            found |= 1 << i
    return found


def flat_of(board: Board, game: Game, sheet: Sheet) -> Flat:
    """``sheet`` as a ``Flat``, from scratch."""
    index = board[INDEX]
    cells = len(board[HEXES])
    icons = [NONE] * cells
    held = [0] * len(ICONS)
    for h, icon in sheet.icons.items():
        code = ICONS.index(icon)
        icons[index[h]] = code
        held[code] |= 1 << index[h]
    segments_at = [0] * cells
    for h, segments in sheet.cliffs.items():
        segments_at[index[h]] = segments
    held[CLIFFS] = mask_of(board, sheet.cliffs)
    occupied = mask_of(board, sheet.icons)
    pointed = 0
    for arrow in sheet.arrows:
        pointed |= mask_of(board, (arrow.end,))
        if arrow.kind != "canal":
            pointed |= mask_of(board, (arrow.start,))
    spent = 0
    for icon in sheet.missions.values():
        spent |= 1 << ICONS.index(icon)
    claimed = sum(1 << i for i, m in enumerate(game.missions) if m.letter in sheet.missions)
    return (
        tuple(icons),
        tuple(held),
        tuple(segments_at),
        occupied,
        mask_of(board, sheet.filled),
        sum(sheet.cliffs.values()),
        mask_of(board, sheet.harbor_lands),
        pointed,
        index[sheet.location],
        spent,
        claimed,
        draws_held(game, sheet.landmarks - sheet.used_landmarks),
        sum(1 << n for n in sheet.landmarks - sheet.used_landmarks),
    )


def draws_held(game: Game, landmarks: frozenset[int]) -> int:
    """The draw bonuses of the unused ``landmarks`` (``bots._held``'s catapult and ferry)."""
    held = {game.bonuses[n] for n in landmarks if n in game.bonuses}
    return sum(1 << k for k, bonus in enumerate(DRAW_BONUSES) if bonus in held)


def with_location(flat: Flat, at: int) -> Flat:
    """``flat`` with the architect on hex ``at`` (a move, or a sheet the bot looks from)."""
    return (*flat[:LOCATION], at, *flat[LOCATION + 1 :])  # type: ignore[return-value]


def drawn(flat: Flat, icon: int, at: int, arrow: int, segments: int) -> Flat:
    """``flat`` after ``IconDrawn``: ``icon`` (a code) at hex ``at``, with an arrow to
    ``arrow`` (``NONE`` for none; a village's is a street, a boat's a canal)."""
    (icons, held, segments_at, occupied, filled, total, harbors, pointed, *rest) = flat
    bit = 1 << at
    marked = list(held)
    marked[icon] |= bit
    if icon == CLIFFS:
        total += segments - segments_at[at]
        cells = list(segments_at)
        cells[at] = segments
        segments_at = tuple(cells)
    else:
        codes = list(icons)
        codes[at] = icon
        icons = tuple(codes)
        occupied |= bit
    if arrow >= 0:
        pointed |= 1 << arrow
        if icon == VILLAGE:  # a street points both ways
            pointed |= bit
    return (icons, tuple(marked), segments_at, occupied, filled, total, harbors, pointed, *rest)  # type: ignore[return-value]


def evolved(board: Board, game: Game, flat: Flat, event: object) -> Flat:
    """``flat`` after one fact of its seat (``game``: the state before it, for its missions
    and bonus cards); a fact that changes nothing ``Flat`` holds leaves it as it is."""
    index = board[INDEX]
    if isinstance(event, IconDrawn):
        arrow = NONE if event.arrow is None else index.get(event.arrow, NONE)
        return drawn(flat, ICONS.index(event.icon), index[event.at], arrow, event.segments)
    if isinstance(event, ArchitectMoved):
        return with_location(flat, index[event.path[-1]])
    if isinstance(event, IconFilled):
        return _with(flat, FILLED, flat[FILLED] | 1 << index[event.at])
    if isinstance(event, MissionClaimed):
        claimed = next(i for i, m in enumerate(game.missions) if m.letter == event.mission)
        flat = _with(flat, SPENT, flat[SPENT] | 1 << ICONS.index(event.icon))
        return _with(flat, CLAIMED, flat[CLAIMED] | 1 << claimed)
    if isinstance(event, HarborDrawn):
        return _with(flat, HARBORS, flat[HARBORS] | mask_of(board, (event.land,)))
    if isinstance(event, BridgeBuilt):
        return _with(flat, POINTED, flat[POINTED] | mask_of(board, (event.a, event.b)))
    if isinstance(event, CoastSteepened):
        return drawn(flat, CLIFFS, index[event.at], NONE, event.segments)
    if isinstance(event, LandmarkUnlocked | LandmarkBonusUsed):
        bit = 1 << event.landmark
        unused = flat[UNUSED] | bit if isinstance(event, LandmarkUnlocked) else flat[UNUSED] & ~bit
        # (a game may deal a bonus card twice: the draws held are those of every unused one)
        landmarks = frozenset(n for n in range(unused.bit_length()) if unused >> n & 1)
        return _with(_with(flat, UNUSED, unused), DRAWS, draws_held(game, landmarks))
    return flat


def _with(flat: Flat, field: int, value: int) -> Flat:
    return (*flat[:field], value, *flat[field + 1 :])  # type: ignore[return-value]


def icon_of(code: int) -> Icon:
    return ICONS[code]
