"""The landmark bonuses a seat holds, and where the drawing-type bonuses may act.

Each bonus is read in docs/rules/peninsula.md (Rules, Landmark Bonuses) with the rulebook
sentence it interprets. The ones that move or change a draw live beside movement and
placement; here are the ones that draw on the map by themselves.
"""

from __future__ import annotations

import functools

from domain.games.peninsula.adjacency import around
from domain.games.peninsula.axial import distance
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.getters import unused_landmarks
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.state import Game, Sheet


def bonus_landmark(game: Game, sheet: Sheet, bonus: str) -> int | None:
    """The landmark whose ``bonus`` the seat would spend: the lowest-numbered unlocked one
    not yet used (rulebook: Landmarks, "Once used, cross off the landmark icon")."""
    for number in sorted(unused_landmarks(sheet)):
        if game.bonuses.get(number) == bonus:
            return number
    return None


def held_bonuses(game: Game, sheet: Sheet) -> frozenset[str]:
    return frozenset(game.bonuses[n] for n in unused_landmarks(sheet) if n in game.bonuses)


def harbor_sites(spec: MapSpec, sheet: Sheet) -> tuple[tuple[Hex, Hex], ...]:
    """(sea, land) pairs for Extra Harbor.

    rulebook: Extra Harbor, "Draw a harbor in the sea and connect it with a coastal hex
    without cliffs." A sea hex holds one harbor; lake hexes are not sea.
    """
    drawn = {sea for sea, _ in sheet.drawn_harbors}
    cliffs = sheet.cliffs
    return tuple(
        (sea, land) for sea, land in _shores(spec) if sea not in drawn and land not in cliffs
    )


@functools.cache
def _shores(spec: MapSpec) -> tuple[tuple[Hex, Hex], ...]:
    """Each sea hex without a printed harbor, in order, with each land hex next to it: fixed
    for a map, and the legal commands ask for the sites at every step a seat holds Extra
    Harbor."""
    printed = {h.sea for h in spec.harbors}
    return tuple(
        (sea, land)
        for sea in sorted(spec.sea - printed)
        for land in around(sea)
        if land in spec.land
    )


KEPT = 64
"""Maps whose bridge sites are kept at most; beyond, all are forgotten. A game loaded from
a snapshot brings its own copy of its map, so unbounded this kept every copy ever loaded."""
_BRIDGES: dict[int, tuple[MapSpec, tuple[tuple[Hex, Hex], ...]]] = {}


def bridge_sites(spec: MapSpec) -> tuple[tuple[Hex, Hex], ...]:
    """Pairs for Bridge: land hexes not adjacent to each other, both adjacent to one
    (printed) sea or lake hex.

    rulebook: Bridge, "Connect 2 land hexes that are not adjacent to each other but adjacent
    to the same water hex, by drawing a bidirectional arrow."
    """
    cached = _BRIDGES.get(id(spec))
    if cached is not None and cached[0] is spec:
        return cached[1]
    pairs: set[tuple[Hex, Hex]] = set()
    for water in spec.sea | spec.lake:
        shore = sorted(n for n in around(water) if n in spec.land)
        for i, a in enumerate(shore):
            for b in shore[i + 1 :]:
                if distance(a, b) > 1:
                    pairs.add((a, b))
    # a map's bridge sites never change: computed once per map, kept with the map itself
    # (which keeps its id from being reused while kept)
    found = tuple(sorted(pairs))
    if len(_BRIDGES) >= KEPT:
        _BRIDGES.clear()
    _BRIDGES[id(spec)] = (spec, found)
    # the answer is ours, not read back: the service asks from several threads, and another
    # one may have cleared the memo meanwhile
    return found


def steep_sites(sheet: Sheet) -> tuple[Hex, ...]:
    """rulebook: Steep coast, "Double the cliffs in a cliff hex adjacent to you." """
    return tuple(sorted(n for n in around(sheet.location) if n in sheet.cliffs))


def lighthouse_sites(spec: MapSpec, sheet: Sheet) -> tuple[Hex, ...]:
    """rulebook: Lighthouse, "Unlock a landmark in an adjacent hex." """
    return tuple(
        sorted(
            where
            for number, where in spec.landmarks.items()
            if distance(where, sheet.location) == 1 and number not in sheet.landmarks
        )
    )


def landmark_at(spec: MapSpec, at: Hex) -> int | None:
    return next((n for n, where in spec.landmarks.items() if where == at), None)
