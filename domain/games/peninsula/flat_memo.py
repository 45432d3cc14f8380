"""The greedy bot's best draw answered on flat sheets, where a rollout keeps them.

A rollout's companion (``companion.py``) keeps each seat's sheet as a ``flat_sheet.Flat``
fact by fact and lends the current ones to the outlook of the game's map and missions
(``outlook.Outlook.flats``). ``bots.best_draw`` then asks ``flat_draw.best_draw`` for a sheet
found here, and ``bots._best_draw`` for any other; both give the same answer, float for
float (tests/domain/peninsula/test_flat_draw.py, test_flat_rollouts.py). What does not
depend on the architect's place is worked out once per sheet content (``Prep``), and the
missions' tables and completions once per outlook.
"""

from __future__ import annotations

from typing import Final

from domain.games.peninsula.cards import ICONS, Icon
from domain.games.peninsula.commands import DrawIcon
from domain.games.peninsula.content import MissionSpec
from domain.games.peninsula.flat_draw import Kept, Prep, prepared
from domain.games.peninsula.flat_draw import best_draw as flat_best_draw
from domain.games.peninsula.flat_plan import Table, table_of
from domain.games.peninsula.flat_sheet import (
    CLAIMED,
    DRAW_BONUSES,
    HARBORS,
    HELD,
    HEXES,
    INDEX,
    LOCATION,
    OCCUPIED,
    SPENT,
    Board,
    Flat,
    board_of,
    with_location,
)
from domain.games.peninsula.frozen import built
from domain.games.peninsula.masks import Grid
from domain.games.peninsula.planning import Target
from domain.games.peninsula.state import Game, Sheet

PREPS: Final = 256
"""Sheet contents a memo keeps the ``Prep`` of at most; beyond, it forgets them all."""

Lent = tuple[Sheet, object, Flat]
"""A seat's current sheet, the game's bonus cards its flat was made with, its flat."""
PrepKey = tuple[int, tuple[int, ...], int, int, int]


class FlatMemo:
    """What one map and set of missions share for flat best draws, and the flat sheets a
    rollout's companion lends for now (``lend``), each held with its sheet so that no id
    of a lent sheet can be reused while it is lent."""

    def __init__(self, game: Game, grid: Grid) -> None:
        self.board: Board = board_of(game.map.land)
        cells = len(grid.hexes)
        self.tables: tuple[Table, ...] = tuple(
            table_of(m.vp, m.letter, layout.size, layout.ticked, layout.crossed, cells)
            for m in game.missions
            for layout in (grid.layout(m),)
        )
        self.grid = grid
        self._missions: dict[str, MissionSpec] = {m.letter: m for m in game.missions}
        self.kept: Kept = {}
        self._preps: dict[PrepKey, Prep] = {}
        self._aims: dict[PrepKey, dict[Icon, Target]] = {}
        self._lent: dict[int, Lent] = {}

    def lend(self, lent: dict[int, Lent]) -> None:
        """The sheets, by ``id``, whose flats best draws may use from now on: the seats'
        current ones (those of one step are never needed again once it has passed)."""
        self._lent = lent

    def flat(self, game: Game, sheet: Sheet, moved_from: Sheet | None) -> Flat | None:
        """``sheet``'s flat, if it was lent for ``game``'s bonus cards; or, when ``sheet`` is
        ``moved_from`` with the architect elsewhere, that one's with the new place."""
        origin = sheet if moved_from is None else moved_from
        found = self._lent.get(id(origin))
        if found is None or found[0] is not origin or found[1] is not game.bonuses:
            return None
        flat = found[2]
        if moved_from is not None:
            at = self.board[INDEX][sheet.location]
            if at != flat[LOCATION]:
                flat = with_location(flat, at)
        return flat

    def prep(self, flat: Flat) -> Prep:
        """``flat_draw.prepared`` of ``flat``, kept by what it reads of it (sheets that
        differ only where the architect stands, or in what no search reads, share it)."""
        key = _key(flat)
        found = self._preps.get(key)
        if found is None:
            if len(self._preps) >= PREPS:
                self._preps.clear()
                self._aims.clear()
            found = self._preps[key] = prepared(self.board, self.tables, flat, self.kept)
        return found

    def best_draw(
        self, flat: Flat, seat: int, icon: Icon, weight: float
    ) -> tuple[float, DrawIcon | None]:
        """``bots._best_draw`` of a flat sheet: ``flat_draw.best_draw``'s answer, by indices,
        as the bot's command."""
        answer = flat_best_draw(self.board, flat, self.prep(flat), ICONS.index(icon), weight)
        return as_draw(self.board, seat, icon, answer)

    def aims(self, sheet: Sheet) -> dict[Icon, Target] | None:
        """``planning.aims_of`` of a lent sheet, from the targets its ``Prep`` already
        searched for its draws (the claims would search them again); None if not lent."""
        found = self._lent.get(id(sheet))
        if found is None or found[0] is not sheet:
            return None
        flat = found[2]
        key = _key(flat)
        aims = self._aims.get(key)
        if aims is None:
            prep = self.prep(flat)
            grid, tables = self.grid, prep[0]
            aims = {}
            for (code, _, _), (t, have, missing, crossed) in zip(prep[1], prep[2], strict=True):
                if t >= 0:
                    mission = self._missions[tables[t][1]]
                    aims[ICONS[code]] = (
                        mission,
                        have,
                        grid.hexes_of(missing),
                        grid.hexes_of(crossed),
                    )
            self._aims[key] = aims
        return aims


def _key(flat: Flat) -> PrepKey:
    """What ``prepared`` reads of a flat sheet."""
    return (flat[CLAIMED], flat[HELD], flat[SPENT], flat[OCCUPIED], flat[HARBORS])


def as_draw(
    board: Board, seat: int, icon: Icon, answer: tuple[float, int, int, int]
) -> tuple[float, DrawIcon | None]:
    """``flat_draw.best_draw``'s answer (the gain, and the draw by indices) as the bot's:
    the gain, and the ``DrawIcon`` it makes, or None for no draw."""
    total, bonus, at, arrow = answer
    if at < 0:
        return total, None
    hexes = board[HEXES]
    fields = {
        "seat": seat,
        "icon": icon,
        "at": hexes[at],
        "arrow": None if arrow < 0 else hexes[arrow],
        "bonus": None if bonus == 0 else DRAW_BONUSES[bonus - 1],
    }
    return total, built(DrawIcon, fields)
