"""Board questions about one position: which tiles a pawn is on, where it may go, where a
tile or a peak may be placed, what a space yields."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from domain.games.five_peaks.boards import board_of
from domain.games.five_peaks.content import TERRAINS, Content, pack_of
from domain.games.five_peaks.content.model import EDGES, CardOption, FireSpec
from domain.games.five_peaks.frozen import held, load_of, peak_cells
from domain.games.five_peaks.geometry import Board, Cell, Space
from domain.games.five_peaks.state import Game, Stage
from domain.games.five_peaks.walks import destinations, passed

NEIGHBOURS = EDGES


def content(game: Game) -> Content:
    return pack_of(game)


def board(game: Game) -> Board:
    """The position's board, built once per set of placements and peaks.

    The game keeps the board it was last asked for beside the very tuples it was built
    from; any copy with other placements or peaks (``changed`` copies this too) fails the
    identity check and asks ``board_of`` again, so the memo never outlives its inputs.
    """
    memo = game.__dict__.get(_BOARD)
    if (
        memo is not None
        and memo[0] is game.placements
        and memo[1] is game.peaks
        and memo[2] is game.content_hash
    ):
        built: Board = memo[3]
        return built
    built = board_of(pack_of(game), game.placements, peak_cells(game))
    game.__dict__[_BOARD] = (game.placements, game.peaks, game.content_hash, built)
    return built


_BOARD = "_board_memo"


def pawn(game: Game, seat: int) -> Cell:
    return game.pawns[seat]


def others(game: Game, seat: int) -> frozenset[Cell]:
    return frozenset(p for i, p in enumerate(game.pawns) if i != seat)


def space_here(game: Game, seat: int) -> Space:
    return board(game).spaces[pawn(game, seat)]


def pawn_tiles(game: Game, seat: int) -> tuple[int, ...]:
    """The placements the pawn stands on: one, or two on a square space; none on a peak."""
    return board(game).covered.get(pawn(game, seat), ())


def fires(game: Game, seat: int, effect: str) -> tuple[FireSpec, ...]:
    return _fires(pack_of(game), game.hikers[seat].campfire, effect)


@functools.lru_cache(maxsize=4096)
def _fires(pack: Content, cards: tuple[str, ...], effect: str) -> tuple[FireSpec, ...]:
    found = (pack.fire(c) for c in cards)
    return tuple(f for f in found if f.effect == effect)


def backpack_limit(game: Game, seat: int) -> int:
    return _backpack_limit(pack_of(game), game.hikers[seat].campfire)


@functools.lru_cache(maxsize=4096)
def _backpack_limit(pack: Content, cards: tuple[str, ...]) -> int:
    """The limit depends on the pack and the campfire cards alone, and is asked for at
    nearly every candidate command and every space the greedy bot weighs."""
    return pack.backpack + sum(f.amount for f in _fires(pack, cards, "backpack"))


def is_over_limit(game: Game, seat: int) -> bool:
    return load_of(game.hikers[seat]) > backpack_limit(game, seat)


def option_of(game: Game, stage: Stage) -> CardOption:
    return pack_of(game).cards[stage.card].options[stage.option]


def reachable(game: Game, seat: int, stage: Stage | None = None) -> frozenset[Cell]:
    """Where the stage's move may end; ``stage``: another stage than the game's (the greedy
    bot weighs each card option by the moves the stage it begins opens), the same answer as
    ``reachable(changed(game, stage=stage), seat)`` without the copy."""
    stage = game.stage if stage is None else stage
    here, where = pawn(game, seat), board(game)
    blocked = others(game, seat)
    avoid = occupied_this_turn(game, where, blocked)
    key = ("reachable", stage.kind, stage.steps, stage.card, stage.option, here, blocked, avoid)
    found: frozenset[Cell] | None = where.memo.get(key)
    if found is None:
        found = where.memo[key] = _reachable(game, stage, where, here, blocked, avoid)
    return found


def remembers_the_turn(game: Game) -> bool:
    """From rules version 2 on, a "twice" card's second move cannot reenter a space the pawn
    occupied earlier in the turn (Walk: "You cannot reenter a space you occupied earlier in
    the same turn"); under version 1 it forgot the first move, so could end where it began."""
    return game.rules_version != "1"


def occupied_this_turn(game: Game, where: Board, blocked: frozenset[Cell]) -> frozenset[Cell]:
    """The spaces this turn's earlier moves began on, passed through or stopped on."""
    if not game.trail or not remembers_the_turn(game):
        return frozenset()
    pairs = zip(game.trail[::2], game.trail[1::2], strict=True)
    spaces = set(game.trail)
    for start, stop in pairs:
        spaces |= passed(where, start, stop, blocked)
    return frozenset(spaces)


def _reachable(
    game: Game,
    stage: Stage,
    where: Board,
    here: Cell,
    blocked: frozenset[Cell],
    avoid: frozenset[Cell],
) -> frozenset[Cell]:
    """``reachable`` worked out: it depends on the board, the pawns, the spaces occupied
    earlier in the turn and the stage's kind, steps and card option only, which is the key
    it is kept under."""
    spaces = where.spaces
    if stage.kind == "move":
        return destinations(where, here, blocked, stage.steps, avoid)

    def free(c: Cell) -> bool:
        return c in spaces and c not in blocked and c != here

    if stage.kind == "shortcut":
        return frozenset(c for c in (here.step(e) for e in NEIGHBOURS) if free(c))
    if stage.kind == "bike":
        return frozenset(c for c, s in spaces.items() if s.kind == "bike" and free(c))
    if stage.kind == "glide":
        table = option_of(game, stage).glide or {}
        allowed = {t for terrain in spaces[here].terrains for t in table.get(terrain, ())}
        return frozenset(
            c
            for c, s in spaces.items()
            if s.terrains & allowed and s.gives_amount("endorphin") > 0 and free(c)
        )
    return frozenset()


def tile_spots(game: Game, seat: int) -> tuple[tuple[Cell, int, int], ...]:
    """(corner, new x, new y) for every open corner of the pawn's tiles where a tile fits.

    Kept in the board's memo under the pawn's cell, which with the board is all it depends
    on: ``legal_commands`` asks it once per ``PlaceTile`` candidate."""
    b = board(game)
    key = ("tile_spots", pawn(game, seat))
    found: tuple[tuple[Cell, int, int], ...] | None = b.memo.get(key)
    if found is None:
        found = b.memo[key] = _tile_spots(game, b, seat)
    return found


def _tile_spots(game: Game, b: Board, seat: int) -> tuple[tuple[Cell, int, int], ...]:
    out = []
    for index in pawn_tiles(game, seat):
        for corner in b.open_corners(index):
            x, y = b.new_origin(index, corner)
            if b.can_place_at(x, y):
                out.append((corner, x, y))
    return tuple(sorted(out))


def peak_spots(game: Game, seat: int, terrain: str = "") -> tuple[tuple[Cell, str], ...]:
    """(gap, pile) pairs where the pawn's tiles take a peak from a pile that has one left."""
    b = board(game)
    out: set[tuple[Cell, str]] = set()
    for index in pawn_tiles(game, seat):
        kind = b.spec(index).terrain
        if kind not in TERRAINS or (terrain and kind != terrain):
            continue
        if game.peak_piles.get(kind):
            out.update((slot, kind) for slot in b.peak_slots(index))
    return tuple(sorted(out))


def obtainable(game: Game, seat: int, wanted: Mapping[str, int]) -> dict[str, int]:
    """What the bank can give of ``wanted`` (plus campfire bonuses), endorphins unlimited.

    A "lover" campfire card adds one bonus piece per piece of its resource put in the
    backpack, while the bank has one (Campfire Card Descriptions).
    """
    out: dict[str, int] = {}
    for word, n in wanted.items():
        if word == "endorphin":
            out[word] = out.get(word, 0) + n
            continue
        bonus = sum(1 for f in fires(game, seat, "bonus_resource") if f.resource == word)
        out[word] = min(n * (1 + bonus), game.bank.get(word, 0))
    return {k: v for k, v in out.items() if v}


def bank_backs_exchanges(game: Game) -> bool:
    """From rules version 2 on, an exchange is refused while the bank lacks what it trades
    for (Board Spaces: "if the bank has none of a given resource, you cannot take it");
    under version 1 the seat paid and took what the bank had, possibly nothing."""
    return game.rules_version != "1"


def can_pay(game: Game, seat: int, price: Mapping[str, int]) -> bool:
    hiker = game.hikers[seat]
    return all(
        (hiker.endorphins if w == "endorphin" else held(hiker, w)) >= n for w, n in price.items()
    )


def end_reasons(game: Game) -> tuple[str, ...]:
    """Which of the three end conditions hold (Game End)."""
    pack = pack_of(game)
    top, all_rocky = _end_marks(pack)
    reasons = []
    if rocky_peaks(game) == all_rocky:
        reasons.append("last_rocky_peak")
    if any(not h.stones for h in game.hikers):
        reasons.append("all_stones")
    if any(pack.panoramas[c].rank == top for h in game.hikers for c in h.panoramas):
        reasons.append("panorama_complete")
    return tuple(reasons)


def rocky_peaks(game: Game) -> int:
    """How many rocky peaks are placed: asked after every decision (``end_reasons``), and
    kept on the game beside the very peaks it counted, as the board is (``board``)."""
    memo = game.__dict__.get(_ROCKY)
    if memo is not None and memo[0] is game.peaks and memo[1] is game.content_hash:
        counted: int = memo[2]
        return counted
    pack = pack_of(game)
    counted = sum(1 for p in game.peaks if pack.peaks[p.peak].terrain == "rocky")
    game.__dict__[_ROCKY] = (game.peaks, game.content_hash, counted)
    return counted


_ROCKY = "_rocky_memo"


@functools.lru_cache(maxsize=64)
def _end_marks(pack: Content) -> tuple[int, int]:
    """The pack's top panorama rank and its count of rocky peaks: asked after every
    decision, they depend on the content alone."""
    top = max(c.rank for c in pack.panoramas.values())
    return top, sum(1 for p in pack.peaks.values() if p.terrain == "rocky")


def next_rank(game: Game, seat: int) -> int:
    """A seat's first panorama is rank I; each later one exactly one rank higher."""
    pack = pack_of(game)
    return 1 + max((pack.panoramas[c].rank for c in game.hikers[seat].panoramas), default=0)
