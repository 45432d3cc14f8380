"""What a draw gains, for the greedy bot: ``draw_gain`` and ``mission_gain`` as defined,
and ``DrawGains``, ``draw_gain`` for all the draws of one sheet, sharing their common work.

``draw_gain`` counts the fillable icons around a draw on the sheet before it and on a
copy of the sheet after it. A draw changes one hex, so the counts differ only where that
hex is a neighbour (a village's icon types, a forest's forest neighbour) or where its arrow
points (a boat): ``DrawGains`` works the difference out from what each hex has around it
on the sheet before the draw, looked at once per hex for all the draws of one sheet, and
from what a draw at one hex gains without its arrow, worked out once for the up to six
arrows a village or boat there may take. The sums are of halves and small integers, so
the floats are exactly those ``draw_gain`` makes
(tests/domain/peninsula/test_greedy_shortcuts.py).
"""

from __future__ import annotations

from domain.games.peninsula.actions import placement_for
from domain.games.peninsula.adjacency import around
from domain.games.peninsula.cards import FILLABLE, Icon
from domain.games.peninsula.commands import DrawIcon
from domain.games.peninsula.content import MapSpec
from domain.games.peninsula.events import IconDrawn
from domain.games.peninsula.filling import (
    VILLAGE_TYPES,
    fill_blocker,
    is_pointed_at,
    neighbour_types,
)
from domain.games.peninsula.frozen import built
from domain.games.peninsula.getters import holds
from domain.games.peninsula.hexes import Hex
from domain.games.peninsula.state import Game, Sheet
from domain.games.peninsula.transitions import after_draw


def _fillable_around(sheet: Sheet, hexes: frozenset[Hex]) -> int:
    return sum(1 for h in hexes if h in sheet.icons and fill_blocker(sheet, h, False) is None)


def draw_gain(game: Game, sheet: Sheet, command: DrawIcon) -> float:
    """The immediate points a draw brings, plus 2 per icon it makes fillable and a little
    for what it prepares (a lone tunnel fills at the end; mountains want filled icons)."""
    at, icon, spec = command.at, command.icon, game.map
    near = frozenset((at, *around(at), *((command.arrow,) if command.arrow else ())))
    segments = spec.water_edges(at) if icon == "cliffs" else 0
    event = built(
        IconDrawn,
        {
            "seat": command.seat,
            "icon": icon,
            "at": at,
            "arrow": command.arrow,
            "segments": segments,
        },
    )
    after = after_draw(sheet, event)
    gain = 2.0 * (_fillable_around(after, near) - _fillable_around(sheet, near))
    if at not in sheet.icons and at not in sheet.cliffs:
        gain -= 1
    if icon == "cliffs":
        cliffs = sum(sheet.cliffs.values())
        gain += (cliffs + segments) // 2 - cliffs // 2
    neighbours = around(at)
    if icon == "mountain":
        gain += sum(1 for n in neighbours if n in sheet.filled)
        gain += 0.5 * sum(1 for n in neighbours if sheet.icons.get(n) in FILLABLE)
    if icon == "tunnel":
        blocked = [n for n in neighbours if sheet.icons.get(n) == "tunnel"]
        gain += -2.0 * len(blocked) if blocked else 1.5
    return gain


def mission_gain(game: Game, sheet: Sheet, command: DrawIcon) -> float:
    """The VP of the best mission this draw would make claimable with its icon type."""
    icon = command.icon
    if icon in sheet.missions.values():
        return 0.0
    before = holds(sheet, icon)
    after = before | {command.at}
    land = game.map.land
    gains = [
        m.vp
        for m in game.missions
        if m.letter not in sheet.missions
        and placement_for(m, before, land) is None
        and placement_for(m, after, land) is not None
    ]
    return float(max(gains, default=0))


class DrawGains:
    """``draw_gain`` for draws on one sheet; lives for one bot decision, never stored."""

    def __init__(self, spec: MapSpec, sheet: Sheet) -> None:
        self.spec, self.sheet = spec, sheet
        self._types: dict[Hex, frozenset[Icon]] = {}
        self._pointed: dict[Hex, bool] = {}
        self._forested: dict[Hex, bool] = {}
        self._bases: dict[tuple[Hex, Icon], float | None] = {}
        self._boats: dict[Hex, frozenset[Hex]] = {}

    def gain(self, at: Hex, icon: Icon, arrow: Hex | None) -> float | None:
        """``draw_gain`` of drawing ``icon`` at ``at`` with ``arrow``, or None for a draw
        this reckoning does not cover (an icon on an occupied hex, an arrow to a hex not
        next to it: no legal draw)."""
        base, boats = self.spot(at, icon)
        if base is None or arrow is None:
            return base
        if arrow not in around(at):
            return None
        return base + 2.0 if arrow in boats else base

    def spot(self, at: Hex, icon: Icon) -> tuple[float | None, frozenset[Hex]]:
        """``gain(at, icon, None)``, and the hexes next to ``at`` an arrow to which gains 2
        more: the unfilled boats no arrow points at yet (a street also points back at
        ``at``, which then holds the village). The same for all the arrows of one hex."""
        key = (at, icon)
        base = self._bases[key] if key in self._bases else self._base(at, icon)
        boats = self._boats.get(at)
        if boats is None:
            # (the icon read first, in line: most neighbours hold no boat)
            get = self.sheet.icons.get
            boats = self._boats[at] = frozenset(
                n for n in around(at) if get(n) == "boat" and self._unpointed_boat(n)
            )
        return base, boats

    def _base(self, at: Hex, icon: Icon) -> float | None:
        sheet = self.sheet
        if icon == "cliffs":
            base = None if at in sheet.cliffs else self._cliffs_gain(at)
        else:
            base = None if at in sheet.icons or at in sheet.filled else self._icon_gain(at, icon)
        self._bases[(at, icon)] = base
        return base

    def _cliffs_gain(self, at: Hex) -> float:
        # cliffs change no icon: only the villages around gain a type
        sheet = self.sheet
        get = sheet.icons.get
        gain = 2.0 * sum(
            1 for n in around(at) if get(n) == "village" and self._village_gains(n, "cliffs")
        )
        if at not in sheet.icons:
            gain -= 1
        cliffs = sum(sheet.cliffs.values())
        return gain + (cliffs + self.spec.water_edges(at)) // 2 - cliffs // 2

    def _icon_gain(self, at: Hex, icon: Icon) -> float:
        sheet = self.sheet
        icons, filled = sheet.icons, sheet.filled
        neighbours = around(at)
        count = 1 if self._fillable_as(at, icon) else 0
        # one pass over the neighbours' icons, the checks of ``_village_gains`` and the
        # forests' in line (most neighbours are empty); the counts for a mountain or a
        # tunnel on the way, added below in the order the plain sums were
        filled_near = fillable_near = tunnels_near = 0
        get = icons.get
        for n in neighbours:
            held = get(n)
            if n in filled:
                filled_near += 1
            elif held is None:
                continue
            elif held == "village":
                types = self._types_around(n)
                count += len(types) == VILLAGE_TYPES - 1 and icon not in types
            elif held == "forest" and icon == "forest":
                count += not self._forest_near(n)
            if held in FILLABLE:
                fillable_near += 1
            if held == "tunnel":
                tunnels_near += 1
        gain = 2.0 * count
        if at not in sheet.cliffs:
            gain -= 1
        if icon == "mountain":
            gain += filled_near
            gain += 0.5 * fillable_near
        if icon == "tunnel":
            gain += -2.0 * tunnels_near if tunnels_near else 1.5
        return gain

    def _fillable_as(self, at: Hex, icon: Icon) -> bool:
        """Whether ``icon`` drawn at empty ``at`` is fillable at once (no tunnel before the
        game's end); the draw's own arrow never points back at it."""
        match icon:
            case "village":
                return len(self._types_around(at)) >= VILLAGE_TYPES
            case "boat":
                return self._pointed_at(at)
            case "forest":
                return self._forest_near(at)
        return False

    def _village_gains(self, n: Hex, icon: Icon) -> bool:
        """An unfilled village at ``n`` that ``icon`` next to it makes fillable."""
        if self.sheet.icons.get(n) != "village" or n in self.sheet.filled:
            return False
        types = self._types_around(n)
        return len(types) == VILLAGE_TYPES - 1 and icon not in types

    def _unpointed_boat(self, h: Hex) -> bool:
        sheet = self.sheet
        return sheet.icons.get(h) == "boat" and h not in sheet.filled and not self._pointed_at(h)

    def _types_around(self, h: Hex) -> frozenset[Icon]:
        types = self._types.get(h)
        if types is None:
            types = self._types[h] = neighbour_types(self.sheet, h)
        return types

    def _pointed_at(self, h: Hex) -> bool:
        pointed = self._pointed.get(h)
        if pointed is None:
            pointed = self._pointed[h] = is_pointed_at(self.sheet, h)
        return pointed

    def _forest_near(self, h: Hex) -> bool:
        forested = self._forested.get(h)
        if forested is None:
            icons = self.sheet.icons
            forested = self._forested[h] = any(icons.get(n) == "forest" for n in around(h))
        return forested
