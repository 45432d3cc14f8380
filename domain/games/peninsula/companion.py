"""The greedy bot's rollout companion: each seat's sheet kept flat, fact by fact.

The greedy bot spends about a quarter of a rollout on its best draws (``bots.best_draw``).
``flat_draw`` answers the same question on a flat sheet (``flat_sheet.Flat``), and mypyc
compiles it to about a third of the work; but rebuilding a flat sheet from a ``Sheet`` at
each decision costs what it saves (bench/HISTORY.md, ``pen-draw-flat``). So in a rollout
this companion keeps each seat's flat sheet by the facts of every step
(``flat_sheet.evolved``) and lends the current ones to the outlook the bot consults
(``flat_memo.FlatMemo.lend``); the bot's answers are the same with it or without
(tests/domain/peninsula/test_flat_rollouts.py).

Interpreted, the flat form costs more than it saves (0.82x for the graph, ``pen-draw-flat``),
so there is a companion only where ``flat_draw`` runs compiled (``FLAT_PAYS``).
"""

from __future__ import annotations

from types import FunctionType
from typing import Any

from domain.games.peninsula import flat_draw
from domain.games.peninsula.bots import TARGET_WEIGHT
from domain.games.peninsula.flat_memo import Lent
from domain.games.peninsula.flat_sheet import Board, Flat, evolved, flat_of
from domain.games.peninsula.outlook import outlook_for
from domain.games.peninsula.state import Game

FLAT_PAYS = not isinstance(flat_draw.best_draw, FunctionType)
"""Whether ``flat_draw`` runs compiled (by ``cairn compile``: a compiled function is a
builtin, not a Python function). Not ``Final``: the tests turn it on and off."""


def greedy_companion(game: Game) -> FlatSheets | None:
    """The greedy bot's companion for a rollout from ``game`` (``Players.companions``), when
    the flat best draw pays; None before the sheets are dealt."""
    if not FLAT_PAYS or not game.sheets:
        return None
    return FlatSheets(game)


class FlatSheets:
    """Each seat's flat sheet along one rollout; told each step (``__call__``)."""

    def __init__(self, game: Game) -> None:
        # the outlook the bot consults all along the rollout: the map and the missions are
        # the same objects from its first state to its last (were they not, the bot would
        # find no lent sheet and search as it does without a companion)
        self.memo = outlook_for(game, TARGET_WEIGHT).flat_memo()
        # the flats are indexed on the board the memo's best draws read
        self.board: Board = self.memo.board
        self.flats: list[Flat] = [flat_of(self.board, game, sheet) for sheet in game.sheets]
        self._lend(game)

    def __call__(self, before: Any, events: tuple[Any, ...], after: Any) -> None:
        """The step from ``before`` to ``after`` by ``events``: each fact of a seat updates
        its flat sheet, then the seats' sheets in ``after`` are lent with them."""
        flats, board = self.flats, self.board
        seats = len(flats)
        kept = True
        for event in events:
            seat = getattr(event, "seat", None)
            if isinstance(seat, int) and 0 <= seat < seats:
                # ``evolved`` reads of the state before a fact only its missions and bonus
                # cards, dealt once at the set-up: ``before`` serves for every fact of a step
                flat = evolved(board, before, flats[seat], event)
                if flat is not flats[seat]:
                    flats[seat], kept = flat, False
        # the sheets lent still stand when no flat and no sheet changed (a step of the
        # draft, of the system's, or one that only spent an allowance): lent again only then
        if kept and after.sheets is before.sheets and after.bonuses is before.bonuses:
            return
        self._lend(after)

    def _lend(self, game: Game) -> None:
        lent: dict[int, Lent] = {}
        for sheet, flat in zip(game.sheets, self.flats, strict=True):
            lent[id(sheet)] = (sheet, game.bonuses, flat)
        self.memo.lend(lent)
