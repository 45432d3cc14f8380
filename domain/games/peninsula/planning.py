"""Mission plans for the greedy bot: which hexes would grow its best partial match.

For every mission not yet claimed, the bot looks at the placements that already hold the
most ticked hexes of one icon type (with no crossed hex holding it) and values the hexes
still missing from them, more as the match nears completion.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

from domain.games.peninsula.content import MissionSpec
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.missions import orientations

WEIGHT = 0.25


def _best_partial(
    mission: MissionSpec, holds: frozenset[Hex], land: frozenset[Hex]
) -> tuple[int, frozenset[Hex]]:
    """The most ticked hexes any placement already holds, and the hexes those lack."""
    best, missing = 0, set[Hex]()
    for form in orientations(mission):
        anchors = {h - t for h in holds for t in form.ticked}
        for anchor in anchors:
            ticked = [anchor + t for t in form.ticked]
            if any(h not in land for h in ticked):
                continue
            if any(anchor + c in holds for c in form.crossed):
                continue
            have = sum(1 for h in ticked if h in holds)
            if have > best:
                best, missing = have, set()
            if have == best:
                missing.update(h for h in ticked if h not in holds)
    return best, frozenset(missing)


@functools.lru_cache(maxsize=1 << 12)
def progress(
    missions: tuple[MissionSpec, ...], holds: frozenset[Hex], land: frozenset[Hex]
) -> Mapping[Hex, float]:
    """Hex -> the value of drawing the icon there for the missions in ``missions``."""
    values: dict[Hex, float] = {}
    for mission in missions:
        have, missing = _best_partial(mission, holds, land)
        if have == 0:
            continue
        worth = WEIGHT * mission.vp * (have + 1) / len(mission.ticked)
        for h in missing:
            values[h] = max(values.get(h, 0.0), worth)
    return MappingProxyType(values)
