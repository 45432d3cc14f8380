"""What a space is worth to the greedy bot (``bots``) as a stop now, from what the seat holds
and lacks for its next panorama (a ``Move``'s worth adds the best space within reach of the
stop: ``outlooks``).

``space_worth`` is the worth as its definition reads (the bot scores a ``Collect`` by it).
At a play the bot weighs each card option by the moves it opens: per play about five stops
it has not weighed before and nine spaces seen from afar, and ``space_worth`` asks the
board, the holdings, the content and the memo again for each (a play is a third of the
greedy decisions and nine tenths of the bot's scoring). So a ``Move``'s score goes through
``stop_worth`` instead: the same sums in the same order over what a space fixes (``Spot``,
kept on the ``Space``) and what the seat's holdings fix (``Holdings``, kept in the memo
beside the values they are worked out from). tests/domain/five_peaks/test_fast_worths.py
holds the two to each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.games.five_peaks import board as b
from domain.games.five_peaks.content import CONTAINERS, TERRAINS
from domain.games.five_peaks.frozen import held, load_of, stack_at
from domain.games.five_peaks.geometry import Board, Cell
from domain.games.five_peaks.state import Game, StoneStack

WORTH = {"mushroom": 3, "berry": 3, "herb": 3, "basket": 6, "jar": 6, "pouch": 6, "endorphin": 2}
REWARD_WORTH = {"peak": 30, "campfire": 18, "market": 8}


def space_worth(game: Game, seat: int, at: Cell, near: bool = True) -> float:
    """What stopping on ``at`` is worth now; ``near`` False skips the costly check that a
    peak exchange has a free gap (for spaces only looked at from afar)."""
    space = b.board(game).spaces[at]
    hiker = game.hikers[seat]
    left = game.left.get(at)
    # most spaces hold nothing left: 0.0 is what the sum over nothing, halved, gives
    worth = sum(WORTH.get(k, 0) * n for k, n in left.items()) * 0.5 if left else 0.0
    if space.kind == "peak":
        stack = stack_at(game, at)
        if hiker.stones and stack and all(s != seat for s, _ in stack.stones):
            worth += 40 + 3 * b.content(game).peaks[space.peak].vp
    elif space.kind == "exchange":
        if b.can_pay(game, seat, dict(space.pay)):
            gain = dict(space.gain)
            peak_ok = not near or not gain.get("peak") or b.peak_spots(_at(game, seat, at), seat)
            if peak_ok:
                worth += sum(gain_worth(game, seat, k) * n for k, n in gain.items())
    elif space.kind == "container":
        worth += SWAP_WORTH * swaps(game, seat)
    elif space.kind in ("resource", "half", "bike"):
        room = b.backpack_limit(game, seat) - load_of(hiker)  # only these kinds fill the pack
        for k, n in space.gives:
            worth += word_worth(game, seat, k) * (n if k == "endorphin" else min(n, max(room, 0)))
    return worth


def _at(game: Game, seat: int, at: Cell) -> Game:
    pawns = tuple(at if i == seat else p for i, p in enumerate(game.pawns))
    return replace(game, pawns=pawns)


_MEMO = "_greedy_memo"


def memo_of(game: Game, seat: int) -> dict[Any, Any]:
    """The greedy bot's answers about ``seat`` in this position that depend only on what it
    holds (not its cards in hand), the bank, the panorama rows, what is left on spaces and
    the board: kept on the game beside those values, so a copy that changed none of them
    (``changed`` copies this too), such as the position after a card is played, finds them,
    and any other starts afresh."""
    hiker = game.hikers[seat]
    inputs = (
        hiker.backpack, hiker.endorphins, hiker.stones, hiker.campfire, hiker.panoramas,
        game.bank, game.columns, game.left, game.peaks, game.placements, game.content_hash,
    )  # fmt: skip
    memos: dict[int, tuple[Any, dict[Any, Any]]] | None = game.__dict__.get(_MEMO)
    if memos is None:
        memos = game.__dict__[_MEMO] = {}
    held = memos.get(seat)
    # a tuple comparison in C: identity first, element by element, values only when not
    if held is not None and held[0] == inputs:
        return held[1]
    memo: dict[Any, Any] = {}
    memos[seat] = (inputs, memo)
    return memo


def next_cost(game: Game, seat: int) -> Mapping[str, int]:
    """The cost of the panorama the seat works towards: of those it may buy next, the one it
    lacks least for (nothing when none is left for its rank)."""
    memo = memo_of(game, seat)
    key = ("plan", seat)
    found: Mapping[str, int] | None = memo.get(key)
    if found is None:
        found = memo[key] = _planned(game, seat)
    return found


def _planned(game: Game, seat: int) -> Mapping[str, int]:
    pack, rank, hiker = b.content(game), b.next_rank(game, seat), game.hikers[seat]
    tops = [pack.panoramas[c] for c in game.columns.get(str(rank), ())]
    fit = [p for p in tops if p.rank == rank]
    if not fit:
        return {}
    return min(fit, key=lambda p: sum(max(0, n - held(hiker, k)) for k, n in p.cost.items())).cost


def lacking(game: Game, seat: int) -> Mapping[str, int]:
    """What the seat still lacks for the panorama it works towards."""
    return _lacking(game, seat, memo_of(game, seat))


def _lacking(game: Game, seat: int, memo: dict[Any, Any]) -> Mapping[str, int]:
    """``lacking`` with the seat's memo given (a stop's worth has it)."""
    found: Mapping[str, int] | None = memo.get(_NEEDS)
    if found is None:
        hiker = game.hikers[seat]
        plan = next_cost(game, seat).items()
        found = memo[_NEEDS] = {k: n - held(hiker, k) for k, n in plan if n > held(hiker, k)}
    return found


_NEEDS = "needs"


SWAP_WORTH = 15
"""A container swapped for one the next panorama needs: worth about a needed container."""


def spare(game: Game, seat: int, container: str) -> int:
    """Containers of a kind the seat holds beyond what its next panorama costs."""
    return max(0, held(game.hikers[seat], container) - next_cost(game, seat).get(container, 0))


def swaps(game: Game, seat: int) -> int:
    """How many swaps on a container exchange space would bring the next panorama closer:
    spare containers for missing ones the bank still has."""
    return _swaps(game, seat, memo_of(game, seat))


def _swaps(game: Game, seat: int, memo: dict[Any, Any]) -> int:
    """``swaps`` with the seat's memo given (a stop's worth has it)."""
    found: int | None = memo.get(_SWAPS)
    if found is None:
        found = memo[_SWAPS] = _swaps_worked_out(game, seat)
    return found


_SWAPS = "swaps"


def _swaps_worked_out(game: Game, seat: int) -> int:
    missing = sum(n for k, n in lacking(game, seat).items() if k in CONTAINERS and game.bank.get(k))
    return min(missing, sum(spare(game, seat, c) for c in CONTAINERS))


def gain_worth(game: Game, seat: int, word: str) -> float:
    return REWARD_WORTH.get(word) or word_worth(game, seat, word)


def word_worth(game: Game, seat: int, word: str) -> float:
    return WORTH.get(word, 0) * (2.5 if word in lacking(game, seat) else 1)


def _gain_worth(game: Game, seat: int, word: str, memo: dict[Any, Any]) -> float:
    """``gain_worth`` with the seat's memo given."""
    return REWARD_WORTH.get(word) or _word_worth(game, seat, word, memo)


def _word_worth(game: Game, seat: int, word: str, memo: dict[Any, Any]) -> float:
    """``word_worth`` with the seat's memo given."""
    return WORTH.get(word, 0) * (2.5 if word in _lacking(game, seat, memo) else 1)


@dataclass(frozen=True, slots=True)
class Spot:
    """What a space fixes about its worth: its kind; a peak's worth to a seat that may place
    a stone on it (40 and three times its points); an exchange's price and gain (as ``dict``
    items, as ``space_worth`` reads them) and whether it gains a peak; what it gives."""

    kind: str
    peak: int
    pay: tuple[tuple[str, int], ...]
    gain: tuple[tuple[str, int], ...]
    for_peak: bool
    gives: tuple[tuple[str, int], ...]

    def __init__(
        self,
        kind: str,
        peak: int,
        pay: tuple[tuple[str, int], ...],
        gain: tuple[tuple[str, int], ...],
        for_peak: bool,
        gives: tuple[tuple[str, int], ...],
    ) -> None:
        # the dataclass's ``__init__``, written here so that a build compiles it (the one the
        # decorator generates runs interpreted even on a native class)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "peak", peak)
        object.__setattr__(self, "pay", pay)
        object.__setattr__(self, "gain", gain)
        object.__setattr__(self, "for_peak", for_peak)
        object.__setattr__(self, "gives", gives)


def spot(board: Board, at: Cell) -> Spot:
    """``at``'s ``Spot``, kept on its ``Space``: a grown board carries its parent's spaces
    that the new tile or peak left alone (``boards``), and a rollout grows a board every few
    decisions, so a table kept per board would be worked out again after each."""
    space = board.spaces[at]
    found: Spot | None = space.memo
    if found is None:
        gain = tuple(dict(space.gain).items())
        # a space belongs to boards of one content: its peak's points are the same on each
        found = Spot(
            kind=space.kind,
            peak=40 + 3 * board.content.peaks[space.peak].vp if space.kind == "peak" else 0,
            pay=tuple(dict(space.pay).items()),
            gain=gain,
            for_peak=bool(dict(gain).get("peak")),
            gives=space.gives,
        )
        # the space's declared memo (frozen from the outside, as every memo on a value)
        object.__setattr__(space, "memo", found)
    return found


def gaps(board: Board, at: Cell) -> tuple[str, ...]:
    """The terrains of the tiles under ``at`` with a free peak gap, kept on the board:
    ``b.peak_spots`` of a pawn on ``at`` finds a spot exactly when one of these terrains'
    piles still has a peak."""
    key = (_GAPS, at)
    found: tuple[str, ...] | None = board.memo.get(key)
    if found is None:
        found = board.memo[key] = tuple(
            terrain
            for index in board.covered.get(at, ())
            if (terrain := board.spec(index).terrain) in TERRAINS and board.peak_slots(index)
        )
    return found


_GAPS = "gaps"


@dataclass(frozen=True, slots=True)
class Holdings:
    """What the seat's holdings fix for every space's worth: whether it has a stone left,
    the peaks whose stack holds none of its stones, its backpack's room, its resources and
    endorphins, and each word's worth as it is asked. Kept in the seat's memo, whose inputs
    are everything these are worked out from."""

    stones: bool
    open: frozenset[Cell]
    room: int
    backpack: Mapping[str, int]
    endorphins: int
    words: dict[str, float]
    gains: dict[str, float]

    def __init__(
        self,
        stones: bool,
        open: frozenset[Cell],
        room: int,
        backpack: Mapping[str, int],
        endorphins: int,
        words: dict[str, float],
        gains: dict[str, float],
    ) -> None:
        # the dataclass's ``__init__``, written here so that a build compiles it (the one the
        # decorator generates runs interpreted even on a native class)
        object.__setattr__(self, "stones", stones)
        object.__setattr__(self, "open", open)
        object.__setattr__(self, "room", room)
        object.__setattr__(self, "backpack", backpack)
        object.__setattr__(self, "endorphins", endorphins)
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "gains", gains)


def holdings(game: Game, seat: int, memo: dict[Any, Any]) -> Holdings:
    found: Holdings | None = memo.get(_HOLDINGS)
    if found is None:
        hiker, first = game.hikers[seat], dict[Cell, StoneStack]()
        for stack in game.peaks:  # ``stack_at`` takes the first stack on a cell
            first.setdefault(stack.at, stack)
        found = memo[_HOLDINGS] = Holdings(
            stones=bool(hiker.stones),
            open=frozenset(
                at for at, stack in first.items() if all(s != seat for s, _ in stack.stones)
            ),
            room=b.backpack_limit(game, seat) - load_of(hiker),
            backpack=hiker.backpack,
            endorphins=hiker.endorphins,
            words={},
            gains={},
        )
    return found


_HOLDINGS = "holdings"


def stop_worth(game: Game, seat: int, at: Cell, memo: dict[Any, Any], near: bool = True) -> float:
    """``space_worth(game, seat, at, near)`` over the board's ``Spot`` and the memo's
    ``Holdings`` (``memo`` is ``memo_of(game, seat)``)."""
    board = b.board(game)
    return stop_worth_given(game, seat, at, memo, near, board, holdings(game, seat, memo))


def stop_worth_given(
    game: Game,
    seat: int,
    at: Cell,
    memo: dict[Any, Any],
    near: bool,
    board: Board,
    held: Holdings,
) -> float:
    """``stop_worth`` with the position's board and the seat's holdings given."""
    found = spot(board, at)
    left = game.left.get(at)
    worth = sum(WORTH.get(k, 0) * n for k, n in left.items()) * 0.5 if left else 0.0
    kind = found.kind
    if kind == "peak":
        if held.stones and at in held.open:
            worth += found.peak
    elif kind == "exchange":
        if _can_pay(held, found.pay) and (
            not near or not found.for_peak or any(game.peak_piles.get(t) for t in gaps(board, at))
        ):
            gains = held.gains
            for k, _ in found.gain:
                if k not in gains:
                    gains[k] = _gain_worth(game, seat, k, memo)
            worth += sum(gains[k] * n for k, n in found.gain)
    elif kind == "container":
        worth += SWAP_WORTH * _swaps(game, seat, memo)
    elif kind in ("resource", "half", "bike"):
        room, words = held.room, held.words
        for k, n in found.gives:
            per = words.get(k)
            if per is None:
                per = words[k] = _word_worth(game, seat, k, memo)
            worth += per * (n if k == "endorphin" else min(n, max(room, 0)))
    return worth


def _can_pay(held: Holdings, price: tuple[tuple[str, int], ...]) -> bool:
    """``b.can_pay`` over the holdings kept."""
    for w, n in price:  # a loop rather than ``all`` over a generator: one frame fewer
        if (held.endorphins if w == "endorphin" else held.backpack.get(w, 0)) < n:
            return False
    return True
