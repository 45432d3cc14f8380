"""What the greedy bot works out about seats' sheets, worked out once.

A greedy decision asks for the best draw of each icon in hand, of the kept icon, of every
icon a rainbow could make, and again from every hex a free move or a ticket reaches. Those
sheets differ in the architect's place at most, so most of what a draw is worth is the same
for all of them: the fillability around each hex (``DrawGains``), the mission plan of each
icon type, which missions a type's icons already match. And the next decisions ask again:
a seat's sheet is the very same object from its draft to its draw, and its parts outlive a
move. ``Outlook`` keeps each answer keyed by the identity of the sheet parts it reads (a
moved sheet shares its ``icons``, ``cliffs``, ... with the sheet it was copied from); each
entry holds the sheet it was made from, so no key's objects can be freed and their ids
reused while the entry lives. One outlook serves the decisions on one map with one set of
missions (``outlook_for``), forgets everything past ``KEPT`` entries, and is never part of
a state: what it holds is only ever read, and every answer is the plain function's
(tests/domain/peninsula/test_greedy_shortcuts.py).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from domain.games.peninsula.cards import Icon
from domain.games.peninsula.flat_memo import FlatMemo
from domain.games.peninsula.gains import DrawGains
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.masks import Grid, Layout, completing, first_placement, grid_of
from domain.games.peninsula.planning import (
    Target,
    Usable,
    cached_targets,
    open_layouts,
    planned,
    usable_hexes,
)
from domain.games.peninsula.state import Game, Sheet

KEPT = 64
"""Sheets an outlook keeps what it worked out for at most; beyond, it forgets them all."""
_OUTLOOKS: dict[tuple[int, int, float], tuple[Game, Outlook]] = {}


def outlook_for(game: Game, weight: float) -> Outlook:
    """The outlook of ``game``'s map and missions: the greedy bot's decisions one after the
    other ask for much the same (a seat's sheet is the same object from its draft to its
    draw, and its parts outlive a move), so they share one. It holds only what it worked
    out from sheets, each entry with its sheet, and is never part of a state."""
    key = (id(game.spec), id(game.missions), weight)
    found = _OUTLOOKS.get(key)
    if found is None:
        if len(_OUTLOOKS) >= KEPT:
            _OUTLOOKS.clear()
        found = _OUTLOOKS[key] = (game, Outlook(game, weight))
    outlook = found[1]
    outlook.bound(KEPT)
    return outlook


class Outlook:
    """A memo of what seats' sheets are worth to draw on; see the module's docstring."""

    def __init__(self, game: Game, weight: float) -> None:
        self.game, self.weight = game, weight
        self.grid = grid_of(game.map.land)
        self._gains: dict[tuple[int, ...], tuple[Sheet, DrawGains]] = {}
        self._plans: dict[tuple[Any, ...], tuple[Sheet, Mapping[Hex, float]]] = {}
        self._usable: dict[tuple[int, ...], tuple[Sheet, Usable, tuple[Layout, ...]]] = {}
        self.best: dict[tuple[Any, ...], tuple[Sheet, object, Any]] = {}
        """``bots.best_draw``'s answers, each with the objects its key names by identity."""
        self.flats: FlatMemo | None = None
        """The flat sheets a rollout's companion lends, and what best draws on them share
        (``flat_memo``); None until a companion lends some. ``bound`` leaves it: it holds
        only the seats' current sheets, and its own memos bound themselves."""

    def flat_memo(self) -> FlatMemo:
        """``flats``, made on first use."""
        memo = self.flats
        if memo is None:
            memo = self.flats = FlatMemo(self.game, self.grid)
        return memo

    def bound(self, most: int) -> None:
        """Forget everything once some memo holds more than ``most`` entries."""
        memos: tuple[dict[Any, Any], ...] = (self._gains, self._plans, self._usable, self.best)
        # (asked at every greedy decision: ``max`` of the lengths, not a generator)
        if max(map(len, memos)) > most:
            for memo in memos:
                memo.clear()

    def gains(self, sheet: Sheet) -> DrawGains:
        parts = (sheet.icons, sheet.cliffs, sheet.filled, sheet.arrows, sheet.harbor_lands)
        key = tuple(map(id, parts))
        found = self._gains.get(key)
        if found is None:
            found = self._gains[key] = (sheet, DrawGains(self.game.map, sheet))
        return found[1]

    def plan(self, sheet: Sheet, icon: Icon) -> Mapping[Hex, float]:
        """``mission_plan(game, sheet, icon, weight)``."""
        if icon in sheet.missions.values():
            return {}
        parts = (sheet.icons, sheet.cliffs, sheet.harbor_lands, sheet.missions)
        key = (*map(id, parts), icon)
        found = self._plans.get(key)
        if found is None:
            plan = planned(self.grid, *self._usable_by(sheet), icon, self.weight)
            found = self._plans[key] = (sheet, plan)
        return found[1]

    def aims(self, sheet: Sheet) -> Mapping[Icon, Target]:
        """``planning.aims_of(game, sheet)``: for a sheet a rollout's companion lent flat, the
        targets its best draws searched (``flat_memo``), else searched here."""
        if self.flats is not None:
            found = self.flats.aims(sheet)
            if found is not None:
                return found
        usable, layouts = self._usable_by(sheet)
        return cached_targets(self.grid, layouts, usable)

    def _usable_by(self, sheet: Sheet) -> tuple[Usable, tuple[Layout, ...]]:
        parts = (sheet.icons, sheet.cliffs, sheet.harbor_lands, sheet.missions)
        key = tuple(map(id, parts))
        found = self._usable.get(key)
        if found is None:
            usable = usable_hexes(self.game, sheet)
            layouts = open_layouts(self.grid, self.game, sheet)
            found = self._usable[key] = (sheet, usable, layouts)
        return found[1], found[2]

    def mission_gains(self, sheet: Sheet, icon: Icon) -> Mapping[Hex, float]:
        """``gains.mission_gain`` of drawing ``icon`` at each hex where it is not 0 (asked
        for once for a sheet's best few draws: a call per draw cost more than the look-ups),
        by the type's hexes and the open missions (``completions``)."""
        if icon in sheet.missions.values():
            return {}
        usable, layouts = self._usable_by(sheet)
        # (``icon`` is not spent, so it is among the usable types)
        return completions(self.grid, layouts, dict(usable)[icon][0])


@functools.lru_cache(maxsize=1 << 12)
def completions(grid: Grid, layouts: tuple[Layout, ...], holds: int) -> Mapping[Hex, float]:
    """The most VP of a mission of ``layouts`` that a type holding ``holds`` matches nowhere
    and would match with a draw at a hex, for each such hex (``masks.completing``). Kept by
    those masks, not by the sheet: a draw of another type leaves them as they were."""
    gains: dict[Hex, float] = {}
    for layout in layouts:
        # ``placement_for`` on the masks (the sheet's hexes are land)
        if first_placement(layout, holds) is not None:
            continue
        vp = float(layout.mission.vp)
        for h in grid.hexes_of(completing(layout, holds)):
            gains[h] = max(gains.get(h, 0.0), vp)
    return MappingProxyType(gains)
