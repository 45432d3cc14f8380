"""The greedy bot's steps that draw no icon, each finding its command without listing the
other options.

The bot's chain stops at the first kind of command it takes (``bots.greedy_bot``), and most
of its decisions end before any icon is drawn, so listing every option first
(``rules.bot_options``) built moves, bridges and harbors it never looked at. Each step here
finds the very command the chain over that list took: the first of its kind in the list's
order (tests/domain/peninsula/test_greedy_chain.py holds them to it).
"""

from __future__ import annotations

from domain.games.peninsula.actions import names_passage
from domain.games.peninsula.bonuses import bridge_sites, lighthouse_sites, steep_sites
from domain.games.peninsula.commands import (
    BuildBridge,
    DrawHarbor,
    LightLandmark,
    MoveArchitect,
    SeatCommand,
    SteepenCoast,
)
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.movement import destinations, passages
from domain.games.peninsula.rules import extra_harbor_sites, fills, move_kinds
from domain.games.peninsula.state import Game, Sheet


def one_shot(game: Game, seat: int, held: frozenset[str]) -> SeatCommand | None:
    """Bonuses that score at once: Builder, Steep coast, Lighthouse; Extra Harbor and Bridge
    when they point at an unfilled boat. The first in ``bot_options``' order (``held``: the
    bonuses the phase lists), built only if taken: a map has dozens of bridge sites."""
    sheet, spec = game.sheets[seat], game.map
    if "builder" in held:
        for fill in fills(game, sheet, seat, held):
            if fill.bonus:
                return fill
    if "extra_harbor" in held:
        for sea, land in extra_harbor_sites(spec, sheet):
            if unfilled_boat(sheet, land):
                return DrawHarbor(seat=seat, sea=sea, land=land)
    if "steep_coast" in held:
        for at in steep_sites(sheet):
            return SteepenCoast(seat=seat, at=at)
    if "bridge" in held:
        for a, b in bridge_sites(spec):
            if unfilled_boat(sheet, a) or unfilled_boat(sheet, b):
                return BuildBridge(seat=seat, a=a, b=b)
    if "lighthouse" in held:
        for at in lighthouse_sites(spec, sheet):
            return LightLandmark(seat=seat, at=at)
    return None


def unfilled_boat(sheet: Sheet, at: Hex) -> bool:
    # one look-up, not a pass over every icon: a third of a greedy graph's equality tests
    # were this scan (when ``Hex.__eq__`` was a Python call)
    return sheet.icons.get(at) == "boat" and at not in sheet.filled


def landmark_move(game: Game, seat: int, held: frozenset[str]) -> MoveArchitect | None:
    """The first move of ``bot_options`` but harbor moves whose path (``destinations``')
    enters a landmark not reached yet. Within a kind the moves go by their hex, sorted: the
    smallest such hex of the first kind that has one."""
    spec, sheet = game.map, game.sheets[seat]
    unvisited = unvisited_landmarks(spec, sheet)
    if game.phase != "actions" or not unvisited:
        return None
    for by in move_kinds(spec, sheet, held):
        if by == "harbor":
            continue
        paths = destinations(spec, sheet, by)
        entering = [to for to, path in paths.items() if not unvisited.isdisjoint(path)]
        if not entering:
            continue
        to = min(entering)
        if by not in ("train_tunnel", "swimmer") or not names_passage(game):
            return MoveArchitect(seat=seat, to=to, by=by)
        # the seat names the path: ``moves`` lists each hex's passages, sorted, the first
        # its first move there (a passage reaches every hex ``destinations`` does)
        return MoveArchitect(seat=seat, to=to, by=by, via=passages(spec, sheet, by)[to][0][:-1])
    return None


def unvisited_landmarks(spec: MapSpec, sheet: Sheet) -> frozenset[Hex]:
    """The hexes of the landmarks ``sheet`` has not reached: a path enters one for the
    first time (``landmarks_on`` finds some) exactly when it passes one of these. Kept by
    the identity of the map's landmarks and the sheet's (each entry holds them): the greedy
    chain asks at most of its steps, and a seat reaches a landmark a few times a game."""
    key = (id(spec.landmarks), id(sheet.landmarks))
    found = _UNVISITED.get(key)
    if found is None:
        if len(_UNVISITED) >= UNVISITED_KEPT:
            _UNVISITED.clear()
        hexes = frozenset(h for n, h in spec.landmarks.items() if n not in sheet.landmarks)
        found = _UNVISITED[key] = (spec.landmarks, sheet.landmarks, hexes)
    return found[2]


UNVISITED_KEPT = 256
"""Pairs of landmarks ``unvisited_landmarks`` keeps its answer for at most."""
_UNVISITED: dict[tuple[int, int], tuple[object, object, frozenset[Hex]]] = {}
