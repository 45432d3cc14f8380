"""A ``Move``'s worth to the greedy bot (``bots``): the stop's worth (``worths``) and half its
outlook, the best space within ``OUTLOOK`` steps of it discounted by distance.

At a play the bot weighs each moving card option by the best of the stops its stage opens
(``best_move_worth``): per play about ten stops it has not weighed before, each with its
outlook over some eight spaces seen from afar. A ``Weigher`` looks up what every such stop
asks (the board, its graph and lookouts, the seat's holdings, the far worths kept in the
memo) once per decision. tests/domain/five_peaks/test_fast_paths.py and test_fast_weighing.py
hold these to their plain forms.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from domain.games.five_peaks import board as b
from domain.games.five_peaks.geometry import Board, Cell
from domain.games.five_peaks.state import Game
from domain.games.five_peaks.walks import Graph, graph
from domain.games.five_peaks.worths import Holdings, holdings, memo_of, stop_worth_given

OUTLOOK = 5
"""How far (in path steps) the greedy bot looks for a good space beyond where it stops."""


def outlook(game: Game, seat: int, start: Cell, memo: dict[Any, Any]) -> float:
    """How promising a pawn at ``start`` would be: the best space nearby, discounted by
    distance. Seen from afar a space's worth does not depend on where the pawns are, so the
    far worths are kept in ``memo`` (``memo_of(game, seat)``) for the other moves weighed."""
    return Weigher.of(game, seat, memo).outlook(start)


@dataclass(frozen=True, slots=True)
class Weigher:
    """What a stop's worth and its outlook look up for every stop, looked up once per
    decision rather than per stop: the position's board, its graph and lookouts, the
    seat's ``Holdings`` and the far worths kept in the memo."""

    game: Game
    seat: int
    memo: dict[Any, Any]
    board: Board
    held: Holdings
    cells: tuple[Cell, ...]
    far: dict[int, float]
    """Far worths by cell number (an int hashes in C, a ``Cell`` in Python), kept in the memo
    beside the graph they were numbered by (a board built again numbers afresh)."""
    looks: dict[Cell, tuple[tuple[int, int], ...]]

    def __init__(
        self,
        game: Game,
        seat: int,
        memo: dict[Any, Any],
        board: Board,
        held: Holdings,
        cells: tuple[Cell, ...],
        far: dict[int, float],
        looks: dict[Cell, tuple[tuple[int, int], ...]],
    ) -> None:
        # the dataclass's ``__init__``, written here so that a build compiles it (the one the
        # decorator generates runs interpreted even on a native class; one a decision)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "memo", memo)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "held", held)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "far", far)
        object.__setattr__(self, "looks", looks)

    @staticmethod
    def of(game: Game, seat: int, memo: dict[Any, Any]) -> Weigher:
        board = b.board(game)
        links = graph(board)
        kept: tuple[Any, dict[int, float]] | None = memo.get(_FAR)
        if kept is None or kept[0] is not links:
            kept = memo[_FAR] = (links, {})
        return Weigher(
            game, seat, memo, board, holdings(game, seat, memo), links.cells, kept[1],
            _lookouts_of(board),
        )  # fmt: skip

    def move(self, to: Cell) -> float:
        """``move_worth`` worked out: the stop's worth and half its outlook."""
        near = stop_worth_given(self.game, self.seat, to, self.memo, True, self.board, self.held)
        return near + self.outlook(to) * 0.5

    def outlook(self, start: Cell) -> float:
        found = self.looks.get(start)
        if found is None:
            found = lookouts(self.board, start)
        far, cells, best = self.far, self.cells, 0.0
        for n, steps in found:
            worth = far.get(n)
            if worth is None:
                worth = far[n] = stop_worth_given(
                    self.game, self.seat, cells[n], self.memo, False, self.board, self.held
                )
            score = worth / steps
            if score > best:  # ``max(best, score)``: the same float
                best = score
        return best


_FAR = "far"


def move_worth(game: Game, seat: int, to: Cell) -> float:
    """A ``Move``'s score: the stop's worth and half its outlook, kept in ``memo_of`` (the card
    options weighed in one decision open many of the same stops). Besides the memo's inputs
    the stop's worth reads the peak piles (whether an exchange's peak has a gap to go to), so
    the answer is kept beside them."""
    memo = memo_of(game, seat)
    moves = _moves(memo)
    held = moves.get(to)
    if held is not None and held[0] is game.peak_piles:
        return held[1]
    worth = Weigher.of(game, seat, memo).move(to)
    moves[to] = (game.peak_piles, worth)
    return worth


def best_move_worth(game: Game, seat: int, stops: Collection[Cell]) -> float | int:
    """``max((move_worth(game, seat, to) for to in stops), default=-5)``, with what every
    stop's worth looks up (the memo, the moves kept, the ``Weigher``) looked up once: a play
    weighs each moving card option by the best of the stops it opens. The worths are
    floats, so their maximum is one value whatever the order the stops are taken in; with
    no stop it is that expression's int default (the ``int`` in the type keeps it an int
    when mypyc compiles this module: a plain ``float`` return converts it to -5.0)."""
    if not stops:
        return -5
    memo = memo_of(game, seat)
    moves = _moves(memo)
    piles, best, weigher = game.peak_piles, None, None
    for to in stops:
        held = moves.get(to)
        if held is not None and held[0] is piles:
            worth = held[1]
        else:
            if weigher is None:
                weigher = Weigher.of(game, seat, memo)
            worth = weigher.move(to)
            moves[to] = (piles, worth)
        if best is None or worth > best:  # ``max``'s comparison
            best = worth
    assert best is not None
    return best


def _moves(memo: dict[Any, Any]) -> dict[Cell, tuple[Any, float]]:
    found: dict[Cell, tuple[Any, float]] | None = memo.get(_MOVES)
    if found is None:
        found = memo[_MOVES] = {}
    return found


_MOVES = "moves"


def lookouts(board: Board, start: Cell) -> tuple[tuple[int, int], ...]:
    """The peak, exchange and container spaces within ``OUTLOOK`` steps of ``start``, as
    (cell number in ``graph(board)``, 1 + distance): fixed by the board, so kept on it."""
    looks = _lookouts_of(board)
    found = looks.get(start)
    if found is None:
        found = looks[start] = _walked(graph(board), board, start)
    return found


def _walked(links: Graph, board: Board, start: Cell) -> tuple[tuple[int, int], ...]:
    """``lookouts`` worked out: the cells of ``reach(board, start, OUTLOOK)`` past the start
    whose kind is looked out for, in its order (breadth-first, level by level), each with
    1 + its distance, taken as the walk finds them rather than filtered after it."""
    first = links.numbers.get(start)
    if first is None:
        return ()
    near, looked, out = links.near, _looked_for(links, board), []
    seen, level = {first}, [first]
    for steps in range(2, OUTLOOK + 2):
        found = []
        for at in level:
            for n in near[at]:
                if n not in seen:
                    seen.add(n)
                    found.append(n)
                    if looked[n]:
                        out.append((n, steps))
        if not found:
            break
        level = found
    return tuple(out)


def _looked_for(links: Graph, board: Board) -> tuple[bool, ...]:
    """Whether each cell of the board's graph (``links``, kept on it for good) is a peak,
    exchange or container space: kept on the board too."""
    found: tuple[bool, ...] | None = board.memo.get(_LOOKED_FOR)
    if found is None:
        found = board.memo[_LOOKED_FOR] = tuple(
            k in ("peak", "exchange", "container") for k in links.kinds
        )
    return found


_LOOKED_FOR = "looked for"


def _lookouts_of(board: Board) -> dict[Cell, tuple[tuple[int, int], ...]]:
    """The board's lookouts kept so far, by start."""
    found: dict[Cell, tuple[tuple[int, int], ...]] | None = board.memo.get(_LOOKOUTS)
    if found is None:
        found = board.memo[_LOOKOUTS] = {}
    return found


_LOOKOUTS = "lookouts"
