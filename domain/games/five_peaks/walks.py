"""Walks over a board (``geometry.Board``): where a move may stop, what it passed, and the
greedy bot's distances, over the board's links numbered once per board (``Graph``). Split
from ``geometry.py``, which holds the cells, spaces and boards the walks go over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from domain.games.five_peaks.geometry import Board, Cell


def destinations(
    board: Board,
    start: Cell,
    blocked: frozenset[Cell],
    steps: tuple[int, ...],
    avoid: frozenset[Cell] = frozenset(),
) -> frozenset[Cell]:
    """Where a move of one of ``steps`` spaces may stop (Walk, March, Sightsee, Run).

    A space holding another pawn does not count and must be passed through; no space is
    entered twice in one move, but a branching path may be walked back along (March example).
    ``avoid`` are spaces the pawn occupied earlier in the turn: never entered again.
    """
    key = ("destinations", start, blocked, steps, avoid)
    found: frozenset[Cell] | None = board.memo.get(key)
    if found is None:
        found = board.memo[key] = _destinations(board, start, blocked, steps, avoid)
    return found


def _destinations(
    board: Board,
    start: Cell,
    blocked: frozenset[Cell],
    steps: tuple[int, ...],
    avoid: frozenset[Cell],
) -> frozenset[Cell]:
    # walked over cell numbers (``graph``): an int hashes in C, a ``Cell`` in Python, and
    # each path's own set of cells is copied at every step
    links = graph(board)
    first = links.numbers.get(start)
    if first is None:
        return frozenset()
    numbers, near, kinds = links.numbers, links.near, links.kinds
    held = {numbers[c] for c in blocked if c in numbers}
    out: set[int] = set()
    longest = max(steps)
    start_seen = frozenset({first, *(numbers[c] for c in avoid if c in numbers)})
    _walk(near, kinds, held, steps, longest, out, first, 0, start_seen)
    cells = links.cells
    return frozenset(cells[n] for n in out)


def _walk(
    near: tuple[tuple[int, ...], ...],
    kinds: tuple[str, ...],
    held: set[int],
    steps: tuple[int, ...],
    longest: int,
    out: set[int],
    at: int,
    counted: int,
    seen: frozenset[int],
) -> None:
    """``_destinations``' paths from ``at``, adding their stops to ``out``. A function of
    the module, not a closure: a nested function that calls itself is a reference cycle
    (function, cell, function), and every move's search left one for the cyclic collector,
    which then walked a rollout's worth of them (the analysis workers')."""
    for n in near[at]:
        if n in seen or not kinds[n]:  # "": a linked cell that is no space
            continue
        if n in held:
            _walk(near, kinds, held, steps, longest, out, n, counted, seen | {n})
            continue
        if counted + 1 in steps:
            out.add(n)
        if counted + 1 < longest:
            _walk(near, kinds, held, steps, longest, out, n, counted + 1, seen | {n})


def passed(board: Board, start: Cell, stop: Cell, blocked: frozenset[Cell]) -> frozenset[Cell]:
    """The pawn-held spaces a one-space move from ``start`` to ``stop`` went through.

    A move names only where it stops: a stop next to the start is taken as reached
    directly; where several runs of pawn-held spaces lead there, the pawn is taken to have
    entered each of them (docs/rules/five-peaks.md, "No space twice in a turn").
    """
    if stop in board.links.get(start, frozenset()):
        return frozenset()

    def through(origin: Cell) -> set[Cell]:
        found: set[Cell] = set()
        todo = [origin]
        while todo:
            for near in board.links.get(todo.pop(), frozenset()):
                if near in blocked and near not in found:
                    found.add(near)
                    todo.append(near)
        return found

    return frozenset(through(start) & through(stop))


def distances(board: Board, start: Cell, within: int) -> Mapping[Cell, int]:
    """Path distances from ``start`` up to ``within`` steps over every link, pawns ignored
    (the greedy bot's map), in the order a breadth-first walk finds them."""
    key = ("distances", start, within)
    found: Mapping[Cell, int] | None = board.memo.get(key)
    if found is None:
        cells = graph(board).cells
        seen = {cells[i]: d for i, d in reach(board, start, within)}
        found = board.memo[key] = MappingProxyType(seen or {start: 0})
    return found


@dataclass(frozen=True)
class Graph:
    """A board's links over cell numbers: the same walks as over ``Board.links`` without
    hashing a ``Cell`` (a Python call) at every step; built once per board."""

    cells: tuple[Cell, ...]
    numbers: Mapping[Cell, int]
    near: tuple[tuple[int, ...], ...]
    """Each cell's linked cells, in the order ``Board.links`` iterates them."""
    kinds: tuple[str, ...]
    """Each cell's space kind ("" for a linked cell that is no space)."""


def graph(board: Board) -> Graph:
    found: Graph | None = board.memo.get("graph")
    if found is None:
        numbers: dict[Cell, int] = {}
        for at, linked in board.links.items():
            numbers.setdefault(at, len(numbers))
            for near in linked:
                numbers.setdefault(near, len(numbers))
        cells = tuple(numbers)
        spaces = board.spaces
        found = board.memo["graph"] = Graph(
            cells=cells,
            numbers=numbers,
            near=tuple(tuple(numbers[n] for n in board.links.get(c, ())) for c in cells),
            kinds=tuple(spaces[c].kind if c in spaces else "" for c in cells),
        )
    return found


def reach(board: Board, start: Cell, within: int) -> tuple[tuple[int, int], ...]:
    """(cell number, distance) of every cell up to ``within`` steps from ``start``, the start
    first, in breadth-first order (``distances`` by number); () if ``start`` has no links."""
    links = graph(board)
    first = links.numbers.get(start)
    if first is None:
        return ()
    near = links.near
    seen = {first: 0}
    # level by level: the order a first-in first-out queue visits them in, without the
    # queue, or a look-up of each cell's own distance
    level = [first]
    for d in range(1, within + 1):
        found = []
        for at in level:
            for n in near[at]:
                if n not in seen:
                    seen[n] = d
                    found.append(n)
        if not found:
            break
        level = found
    return tuple(seen.items())
