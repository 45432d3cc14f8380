"""The boards of positions, kept once built, and a new one grown from its parent.

A rollout places a tile or a peak every few decisions, and building a board from nothing
(``geometry.build_board``) was about a seventh of a greedy rollout. A board with one more
placement, or one more peak, than a board already kept is made instead by copying the
parent's tables and changing only what the new tile or peak touches: the same value as
``build_board`` gives (its dicts and link sets compare equal; the order their keys were
added in may differ, which no walk over them depends on: ``reach``'s distances, the
destinations and the passed spaces are the same whatever order links are tried in).
"""

from __future__ import annotations

import contextlib
import functools

from domain.games.five_peaks.content.model import EDGES, Content
from domain.games.five_peaks.geometry import (
    Board,
    Cell,
    Placement,
    Space,
    block,
    build_board,
    edge_middle,
    local_to_board,
    turned,
)
from domain.games.five_peaks.walks import Graph

Peaks = tuple[tuple[str, Cell], ...]
KEPT = 4096
"""Boards kept (oldest dropped first): as many as the cache this replaced."""
_KEPT: dict[tuple[Content, tuple[Placement, ...], Peaks], Board] = {}


def board_of(content: Content, placements: tuple[Placement, ...], peaks: Peaks) -> Board:
    """``build_board(content, placements, peaks)``, kept; grown from the board without the
    last placement or the last peak when that one is kept."""
    key = (content, placements, peaks)
    found = _KEPT.get(key)
    if found is not None:
        return found
    found = _grown(content, placements, peaks)
    if found is None:
        found = build_board(content, placements, peaks)
    if len(_KEPT) >= KEPT:
        # the service asks from several threads: another one may have dropped that board,
        # or added one, meanwhile; the bound is then loose by a board or two
        with contextlib.suppress(KeyError, RuntimeError):
            del _KEPT[next(iter(_KEPT))]
    _KEPT[key] = found
    return found


def _grown(content: Content, placements: tuple[Placement, ...], peaks: Peaks) -> Board | None:
    if peaks:
        parent = _KEPT.get((content, placements, peaks[:-1]))
        if parent is not None:
            return with_peak(parent, peaks)
    if len(placements) > 1:
        parent = _KEPT.get((content, placements[:-1], peaks))
        if parent is not None:
            return with_tile(parent, placements)
    return None


def path_edges(content: Content, placements: tuple[Placement, ...]) -> set[Cell]:
    """The edge middles a path leaves a tile by: where a peak beside them links in."""
    out: set[Cell] = set()
    for p in placements:
        out.update(_path_edges(content, p))
    return out


@functools.lru_cache(maxsize=KEPT)
def _path_edges(content: Content, p: Placement) -> tuple[Cell, ...]:
    """One placement's: the same for every board it is on."""
    spec = content.tile(p.tile)
    return tuple(edge_middle(p.x, p.y, spec.size, turned(e, p.rotation)) for e in spec.edges)


def with_peak(parent: Board, peaks: Peaks) -> Board | None:
    """``parent`` with the peak ``peaks[-1]`` placed (None when its cell is already part of
    the board, which the rules never allow: then the board is built from nothing)."""
    peak, at = peaks[-1]
    if at in parent.spaces or at in parent.covered or at in parent.links:
        return None
    content = parent.content
    spaces = dict(parent.spaces)
    pile = content.peaks[peak].terrain
    spaces[at] = Space(at, "peak", (), frozenset({pile}), (), peak=peak)
    edges = path_edges(content, parent.placements)
    links = dict(parent.links)
    mine: set[Cell] = set()
    for edge in EDGES:
        near = at.step(edge)
        if near in edges:
            mine.add(near)
            links[near] = links.get(near, frozenset()) | {at}
    if mine:
        links[at] = frozenset(mine)
    board = Board(
        content=content,
        placements=parent.placements,
        peaks=peaks,
        covered=dict(parent.covered),
        spaces=spaces,
        links=links,
    )
    _carry_graph(parent, board, [at, *mine] if mine else [], [at])
    return board


def with_tile(parent: Board, placements: tuple[Placement, ...]) -> Board | None:
    """``parent`` with the tile ``placements[-1]`` placed (None when it would cover a peak,
    which the rules never allow: then the board is built from nothing).

    As ``build_board`` has it, a cell any tile gives a half is one "half" space over every
    tile that covers it, its gifts summed; otherwise the last tile's space there stands."""
    content, index, p = parent.content, len(placements) - 1, placements[-1]
    spec = content.tile(p.tile)
    cells = list(block(p.x, p.y, spec.size))
    if any(parent.spaces[c].kind == "peak" for c in cells if c in parent.spaces):
        return None
    covered = dict(parent.covered)
    for cell in cells:
        covered[cell] = (*covered.get(cell, ()), index)
    spaces = dict(parent.spaces)
    halves: dict[Cell, dict[str, int]] = {}
    for c in cells:
        old = parent.spaces.get(c)
        if old is not None and old.kind == "half":
            halves[c] = dict(old.gives)  # its tiles change: made again below
    for s in spec.spaces:
        at = local_to_board(spec, p, s.cell)
        if s.kind == "half":
            gives = halves.setdefault(at, {})
            for word, n in s.gives.items():
                gives[word] = gives.get(word, 0) + n
        elif at not in halves:
            spaces[at] = Space(
                at, s.kind, (index,), frozenset({spec.terrain}), tuple(s.gives.items()),
                tuple(s.pay.items()), tuple(s.gain.items()),
            )  # fmt: skip
    for at, gives in halves.items():
        tiles = tuple(sorted(covered[at]))
        terrains = frozenset(content.tile(placements[i].tile).terrain for i in tiles)
        spaces[at] = Space(at, "half", tiles, terrains, tuple(sorted(gives.items())))
    links, linked = _tile_links(parent, placements)
    board = Board(
        content=content,
        placements=placements,
        peaks=parent.peaks,
        covered=covered,
        spaces=spaces,
        links=links,
    )
    _carry_graph(parent, board, linked, cells)
    return board


def _tile_links(
    parent: Board, placements: tuple[Placement, ...]
) -> tuple[dict[Cell, frozenset[Cell]], list[Cell]]:
    """``parent``'s links with the new tile's paths, and its path edges joined to the peaks
    already beside them; and the cells whose links these are."""
    p = placements[-1]
    spec = parent.content.tile(p.tile)
    added: dict[Cell, set[Cell]] = {}
    for path in spec.paths:
        ends = [local_to_board(spec, p, c) for c in path]
        for a in ends:
            added.setdefault(a, set()).update(b for b in ends if b != a)
    edges = path_edges(parent.content, (p,))
    for _, at in parent.peaks:
        for edge in EDGES:
            near = at.step(edge)
            if near in edges:
                added.setdefault(at, set()).add(near)
                added.setdefault(near, set()).add(at)
    links = dict(parent.links)
    for at, joined in added.items():
        links[at] = links.get(at, frozenset()) | joined
    return links, list(added)


def _carry_graph(parent: Board, child: Board, linked: list[Cell], spaced: list[Cell]) -> None:
    """Give ``child`` the parent's ``walks.graph`` (when it was built) with the cells
    whose links changed (``linked``) or whose space did (``spaced``) made again, new cells
    numbered after the old. The numbers differ from a graph built afresh, but each cell's
    linked cells keep ``Board.links``' order, which is all a walk's order depends on."""
    old: Graph | None = parent.memo.get("graph")
    if old is None:
        return
    numbers, cells = dict(old.numbers), list(old.cells)
    near, kinds = list(old.near), list(old.kinds)
    spaces = child.spaces

    def number(cell: Cell) -> int:
        found = numbers.get(cell)
        if found is None:
            found = numbers[cell] = len(cells)
            cells.append(cell)
            near.append(())
            kinds.append(spaces[cell].kind if cell in spaces else "")
        return found

    for cell in linked:
        near[number(cell)] = tuple(number(n) for n in child.links.get(cell, ()))
    for cell in spaced:
        at = numbers.get(cell)
        if at is not None:
            kinds[at] = spaces[cell].kind if cell in spaces else ""
    child.memo["graph"] = Graph(tuple(cells), numbers, tuple(near), tuple(kinds))
