"""The board as a square grid of cells (CONTENT.md, Five Peaks; docs/rules/five-peaks.md).

A terrain tile covers 3x3 cells (the start tile 5x5); its corner cells are triangle halves.
A new tile is placed diagonally so that one corner cell of each tile overlaps: that cell is
one square space made of two halves, on both tiles. Peak tiles take the one-cell gaps beside
a tile's edge middle; a path joins a peak to an edge middle only where that edge has a path.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from domain.games.five_peaks.content.model import EDGES, Content, Edge, SpaceKind, TileSpec


def label(x: int, y: int) -> str:
    """A cell as the board labels it (``2,-1``: its column, then its row): the one name the
    drawing, its places, the commands in words and the events in words all use."""
    return f"{x},{y}"


SHARED = 128
"""Cells with both coordinates within this of the origin are shared (``Cell``): a board
grows by 2 cells a tile from the start tile at the origin, and a pack has a few dozen."""
_SHARED: dict[tuple[int, int], Cell] = {}


class _Hashed:
    """Where a ``Cell`` keeps its hash: declared on a base that is no dataclass, so that it
    is no field (not in ``fields``, ``repr``, comparisons, nor what msgspec writes), yet a
    declared attribute, which a compiled build keeps in the native object itself. 0 until
    set: a cell msgspec decodes is built around ``__new__`` and has none kept (compiled,
    its slot is 0 then too, not missing)."""

    _hash: int = 0


@dataclass(frozen=True, init=False)
class Cell(_Hashed):
    """A cell of the board; ``y`` grows to the north. Views, commands and events all use it.

    One object per ``(x, y)`` near the origin (``SHARED``), as Peninsula's ``Hex``: the
    boards, the rules and the greedy bot key dicts and sets by cells, and a look-up tries
    identity before equality, so equal cells that are different objects (a board's cell
    against a pawn's, a move's, a memo key's) each cost a call of the dataclass's ``__eq__``;
    and the frozen ``__init__`` (two ``object.__setattr__`` calls) was the costliest
    ``__init__`` of a greedy rollout (bench.sampler). ``Cell(x, y)`` hands out the one object
    made for ``(x, y)`` and a pickled cell (a state sent to a pool worker) comes back as it.
    A cell built around ``__new__`` (msgspec's decoding) is an equal, separate object, as
    every cell was; equality, hash, order and ``repr`` are the dataclass's as they were (the
    comparisons written out below).
    """

    x: int
    y: int

    def __new__(cls, x: int, y: int) -> Cell:
        key = (x, y)
        found = _SHARED.get(key)
        if found is None:
            found = object.__new__(cls)
            _fill(found, x, y, hash(key))
            if -SHARED <= x <= SHARED and -SHARED <= y <= SHARED:
                _SHARED[key] = found
        return found

    def __hash__(self) -> int:
        # the dataclass's hash, ``hash((x, y))``, worked out once per object: every set and
        # dict of cells hashes them at each look-up (about 190 against 60 ns a hash); one
        # with none kept (``_Hashed``) works it out, as does the one cell whose hash is 0
        return self._hash or hash((self.x, self.y))

    # The comparisons the dataclass would generate (``eq``, ``order``), written here so
    # that a compiled build compiles them: the generated ones are Python compiled from a
    # string, interpreted even on a native class, and a greedy rollout compares cells tens
    # of thousands of times (a cell msgspec decodes, or one past ``SHARED``, is equal to a
    # board's but a separate object) and sorts them. The same results: only a cell of the
    # same class compares, as the tuple ``(x, y)`` (``x`` first); anything else gets
    # ``NotImplemented``. (``order=True`` is gone: the decorator refuses a class that
    # writes its own ``__lt__``.)
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Cell) and other.__class__ is self.__class__:
            return self.x == other.x and self.y == other.y
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Cell) and other.__class__ is self.__class__:
            return self.x < other.x or (self.x == other.x and self.y < other.y)
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Cell) and other.__class__ is self.__class__:
            return self.x < other.x or (self.x == other.x and self.y <= other.y)
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Cell) and other.__class__ is self.__class__:
            return self.x > other.x or (self.x == other.x and self.y > other.y)
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Cell) and other.__class__ is self.__class__:
            return self.x > other.x or (self.x == other.x and self.y >= other.y)
        return NotImplemented

    def __reduce__(self) -> tuple[type[Cell], tuple[int, int]]:
        return Cell, (self.x, self.y)

    @property
    def label(self) -> str:
        return label(self.x, self.y)

    def step(self, edge: Edge) -> Cell:
        dx, dy = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}[edge]
        return Cell(self.x + dx, self.y + dy)


def _fill(cell: Cell, x: int, y: int, hashed: int) -> None:
    """A new cell's fields. Outside the class: mypyc 2.4.1 fails (an internal ``KeyError``)
    on ``object.__setattr__`` of an attribute declared on a base (``_hash``) inside a
    method of the compiled class; from a function it sets each as a plain attribute."""
    object.__setattr__(cell, "x", x)
    object.__setattr__(cell, "y", y)
    object.__setattr__(cell, "_hash", hashed)


@dataclass(frozen=True)
class Placement:
    """A tile on the board: its south-west cell and its quarter turns clockwise."""

    tile: str
    x: int
    y: int
    rotation: int

    # the dataclass's hash and equality, written here so that a build compiles them: a
    # position's board is looked up by its placements (``boards.board_of``) at every step
    def __hash__(self) -> int:
        return hash((self.tile, self.x, self.y, self.rotation))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Placement) and other.__class__ is self.__class__:
            return (
                self.tile == other.tile
                and self.x == other.x
                and self.y == other.y
                and self.rotation == other.rotation
            )
        return NotImplemented


@dataclass(frozen=True)
class Space:
    """A space as the board shows it: on which placements (by index) or which peak."""

    at: Cell
    kind: SpaceKind | str
    tiles: tuple[int, ...]
    terrains: frozenset[str]
    gives: tuple[tuple[str, int], ...]
    pay: tuple[tuple[str, int], ...] = ()
    gain: tuple[tuple[str, int], ...] = ()
    peak: str = ""
    memo: Any = field(default=None, compare=False, repr=False)
    """The greedy bot's table of this space (``worths.spot``), set once and carried with
    the space to every board grown from this one; never part of its value."""

    def __init__(
        self,
        at: Cell,
        kind: SpaceKind | str,
        tiles: tuple[int, ...],
        terrains: frozenset[str],
        gives: tuple[tuple[str, int], ...],
        pay: tuple[tuple[str, int], ...] = (),
        gain: tuple[tuple[str, int], ...] = (),
        peak: str = "",
        memo: Any = None,
    ) -> None:
        # the dataclass's ``__init__``, written here so that a build compiles it (the one
        # the decorator generates runs interpreted even on a native class; a grown board
        # makes its new spaces)
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "terrains", terrains)
        object.__setattr__(self, "gives", gives)
        object.__setattr__(self, "pay", pay)
        object.__setattr__(self, "gain", gain)
        object.__setattr__(self, "peak", peak)
        object.__setattr__(self, "memo", memo)

    def gives_amount(self, word: str) -> int:
        return sum(n for w, n in self.gives if w == word)


def local_to_board(spec: TileSpec, placement: Placement, cell: tuple[int, int]) -> Cell:
    c, r = cell
    last = spec.size - 1
    for _ in range(placement.rotation % 4):
        c, r = r, last - c  # a quarter turn clockwise, north-west corner going north-east
    return Cell(placement.x + c, placement.y + r)


def turned(edge: Edge, rotation: int) -> Edge:
    return EDGES[(EDGES.index(edge) + rotation) % 4]


def block(x: int, y: int, size: int) -> Iterator[Cell]:
    for dx in range(size):
        for dy in range(size):
            yield Cell(x + dx, y + dy)


def corners(x: int, y: int, size: int) -> tuple[Cell, ...]:
    last = size - 1
    return (Cell(x, y), Cell(x + last, y), Cell(x, y + last), Cell(x + last, y + last))


def edge_middle(x: int, y: int, size: int, edge: Edge) -> Cell:
    # only the asked edge's cell is made (a dict of all four made four each time)
    mid, last = size // 2, size - 1
    if edge == "N":
        return Cell(x + mid, y + last)
    if edge == "S":
        return Cell(x + mid, y)
    if edge == "E":
        return Cell(x + last, y + mid)
    if edge == "W":
        return Cell(x, y + mid)
    raise KeyError(edge)


@dataclass(frozen=True)
class Board:
    """Every space, its paths, and which tiles cover which cells, for one position."""

    content: Content
    placements: tuple[Placement, ...]
    peaks: tuple[tuple[str, Cell], ...]
    covered: dict[Cell, tuple[int, ...]]
    spaces: dict[Cell, Space]
    links: dict[Cell, frozenset[Cell]]
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Answers about this position's fixed geometry (distances, move destinations), kept
    because bots and the rules ask the same ones many times; never part of its value."""

    def spec(self, index: int) -> TileSpec:
        return self.content.tile(self.placements[index].tile)

    def size(self, index: int) -> int:
        return self.spec(index).size

    def open_corners(self, index: int) -> tuple[Cell, ...]:
        """The corner halves of a placement that touch no other tile."""
        p = self.placements[index]
        return tuple(c for c in corners(p.x, p.y, self.size(index)) if self.covered[c] == (index,))

    def new_origin(self, index: int, corner: Cell) -> tuple[int, int]:
        """Where a tile attached diagonally at this corner of a placement goes."""
        p = self.placements[index]
        return (
            corner.x - 2 if corner.x == p.x else corner.x,
            corner.y - 2 if corner.y == p.y else corner.y,
        )

    def can_place_at(self, x: int, y: int) -> bool:
        """Overlapping only corner on corner, one tile's open half at a time, no peak; so the
        start tile is never covered beyond its corner halves."""
        mine = set(corners(x, y, 3))
        taken = {at for _, at in self.peaks}
        for cell in block(x, y, 3):
            if cell in taken:
                return False
            under = self.covered.get(cell, ())
            if not under:
                continue
            if cell not in mine or len(under) != 1:
                return False
            q = self.placements[under[0]]
            if cell not in corners(q.x, q.y, self.size(under[0])):
                return False
        return True

    def peak_slots(self, index: int) -> tuple[Cell, ...]:
        """The free gap cells beside this placement's edges that have a path."""
        # kept: the bot asks them of the pawn's tiles for every exchange space that gains a
        # peak, and they depend on the board's fixed placements and peaks alone
        key = ("peak_slots", index)
        found: tuple[Cell, ...] | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.free_slots(index)
        return found

    def free_slots(self, index: int) -> tuple[Cell, ...]:
        """``peak_slots`` worked out."""
        p, spec = self.placements[index], self.spec(index)
        taken = {at for _, at in self.peaks}
        out = []
        for edge in spec.edges:
            side = turned(edge, p.rotation)
            slot = edge_middle(p.x, p.y, spec.size, side).step(side)
            if slot not in self.covered and slot not in taken:
                out.append(slot)
        return tuple(sorted(out))


def build_board(
    content: Content, placements: tuple[Placement, ...], peaks: tuple[tuple[str, Cell], ...]
) -> Board:
    """The board of these placements and peaks, built from nothing (``boards.board_of``
    keeps the boards built and grows a new one from its parent)."""
    covered: dict[Cell, list[int]] = {}
    halves: dict[Cell, list[tuple[int, str, int]]] = {}
    spaces: dict[Cell, Space] = {}
    links: dict[Cell, set[Cell]] = {}
    path_edges: set[Cell] = set()
    for index, p in enumerate(placements):
        spec = content.tile(p.tile)
        for cell in block(p.x, p.y, spec.size):
            covered.setdefault(cell, []).append(index)
        for s in spec.spaces:
            at = local_to_board(spec, p, s.cell)
            if s.kind == "half":
                for word, n in s.gives.items():
                    halves.setdefault(at, []).append((index, word, n))
                halves.setdefault(at, [])
                continue
            spaces[at] = Space(
                at, s.kind, (index,), frozenset({spec.terrain}), tuple(s.gives.items()),
                tuple(s.pay.items()), tuple(s.gain.items()),
            )  # fmt: skip
        for path in spec.paths:
            ends = [local_to_board(spec, p, c) for c in path]
            for a in ends:
                links.setdefault(a, set()).update(b for b in ends if b != a)
        for edge in spec.edges:
            side = turned(edge, p.rotation)
            path_edges.add(edge_middle(p.x, p.y, spec.size, side))
    for at, parts in halves.items():
        tiles = tuple(sorted(covered[at]))
        gives: dict[str, int] = {}
        for _, word, n in parts:
            gives[word] = gives.get(word, 0) + n
        terrains = frozenset(content.tile(placements[i].tile).terrain for i in tiles)
        spaces[at] = Space(at, "half", tiles, terrains, tuple(sorted(gives.items())))
    for peak, at in peaks:
        pile = content.peaks[peak].terrain
        spaces[at] = Space(at, "peak", (), frozenset({pile}), (), peak=peak)
        for edge in EDGES:
            near = at.step(edge)
            if near in path_edges:
                links.setdefault(at, set()).add(near)
                links.setdefault(near, set()).add(at)
    return Board(
        content=content,
        placements=placements,
        peaks=peaks,
        covered={c: tuple(v) for c, v in covered.items()},
        spaces=spaces,
        links={c: frozenset(v) for c, v in links.items()},
    )
