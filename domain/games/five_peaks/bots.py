"""Bots: ``random`` plays any legal command; ``greedy`` heads for peaks and stones, buys
panoramas in rank order and so brings the end about. A bot's luck is its own entropy."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Luck
from domain.games.five_peaks import board as b
from domain.games.five_peaks.commands import (
    BoxCard,
    BuyContainer,
    BuyPanorama,
    Collect,
    Command,
    Convert,
    Discard,
    DrawCampfire,
    Exchange,
    Forage,
    Harvest,
    KeepCampfire,
    Move,
    Pack,
    Pass,
    PlacePeak,
    PlaceStone,
    PlaceTile,
    PlayCard,
    Refresh,
    Rest,
    TakeCard,
    TakeLeft,
)
from domain.games.five_peaks.content import CONTAINERS
from domain.games.five_peaks.decider import consequences
from domain.games.five_peaks.evolve import evolve
from domain.games.five_peaks.geometry import Board, Cell, graph, reach
from domain.games.five_peaks.rules import legal_commands, legal_moves
from domain.games.five_peaks.state import Game

WORTH = {"mushroom": 3, "berry": 3, "herb": 3, "basket": 6, "jar": 6, "pouch": 6, "endorphin": 2}
HAND_TARGET = 9
"""The greedy bot stops buying hiking cards once it owns this many: a longer deck means
fewer camps, and so fewer panoramas."""
LIKED = ("run", "sightsee", "bike", "shortcut")
REWARD_WORTH = {"peak": 30, "campfire": 18, "market": 8}
FIRE_RANK = (
    "great-tower", "summit-seeker", "big-backpack", "storyteller", "double-march",
    "double-walk", "happy-packer", "basket-weaver", "training-walk", "mushroom-lover",
    "berry-lover", "herb-lover", "cheerful-hiker",
)  # fmt: skip
"""The greedy bot's taste in campfire cards, by effect id; unknown ones come last."""


GREEDY_SHARE = (3, 4)
"""The random bot's decisions taken greedily: 3 in 4."""


def random_bot(game: Game, seat: int, luck: Luck) -> Command:
    """Any legal command, uniformly, one time in four; the greedy choice otherwise.

    Pure uniform play wanders for thousands of turns before two end conditions hold, so
    the random bot mixes in the greedy one to finish (docs/rules/five-peaks.md, Bots).
    """
    options = legal_commands(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    coin, luck = luck.draw_below(GREEDY_SHARE[1])
    if coin < GREEDY_SHARE[0]:
        return _best(game, seat, options)
    index, _ = luck.draw_below(len(options))
    return options[index]


def _after(game: Game, command: Command) -> Game:
    for event in consequences(game, command):
        game = evolve(game, event)
    return game


def _space_worth(game: Game, seat: int, at: Cell, near: bool = True) -> float:
    """What stopping on ``at`` is worth now; ``near`` False skips the costly check that a
    peak exchange has a free gap (for spaces only looked at from afar)."""
    space = b.board(game).spaces[at]
    hiker = game.hiker(seat)
    left = game.left.get(at)
    # most spaces hold nothing left: 0.0 is what the sum over nothing, halved, gives
    worth = sum(WORTH.get(k, 0) * n for k, n in left.items()) * 0.5 if left else 0.0
    if space.kind == "peak":
        stack = game.stack_at(at)
        if hiker.stones and stack and all(s != seat for s, _ in stack.stones):
            worth += 40 + 3 * b.content(game).peaks[space.peak].vp
    elif space.kind == "exchange":
        if b.can_pay(game, seat, dict(space.pay)):
            gain = dict(space.gain)
            peak_ok = not near or not gain.get("peak") or b.peak_spots(_at(game, seat, at), seat)
            if peak_ok:
                worth += sum(_gain_worth(game, seat, k) * n for k, n in gain.items())
    elif space.kind == "container":
        worth += SWAP_WORTH * _swaps(game, seat)
    elif space.kind in ("resource", "half", "bike"):
        room = b.backpack_limit(game, seat) - hiker.load  # only these kinds fill the pack
        for k, n in space.gives:
            worth += _worth(game, seat, k) * (n if k == "endorphin" else min(n, max(room, 0)))
    return worth


def _move_worth(game: Game, seat: int, to: Cell) -> float:
    """A ``Move``'s score: the stop's worth and half its outlook, kept in ``_memo`` (the card
    options weighed in one decision open many of the same stops). Besides the memo's inputs
    the stop's worth reads the peak piles (whether an exchange's peak has a gap to go to), so
    the answer is kept beside them."""
    memo = _memo(game, seat)
    key = ("move", to)
    held: tuple[Any, float] | None = memo.get(key)
    if held is not None and held[0] is game.peak_piles:
        return held[1]
    worth = _space_worth(game, seat, to) + _outlook(game, seat, to, memo) * 0.5
    memo[key] = (game.peak_piles, worth)
    return worth


def _at(game: Game, seat: int, at: Cell) -> Game:
    pawns = tuple(at if i == seat else p for i, p in enumerate(game.pawns))
    from dataclasses import replace

    return replace(game, pawns=pawns)


OUTLOOK = 5
"""How far (in path steps) the greedy bot looks for a good space beyond where it stops."""


def _outlook(game: Game, seat: int, start: Cell, memo: dict[Any, Any]) -> float:
    """How promising a pawn at ``start`` would be: the best space nearby, discounted by
    distance. Seen from afar a space's worth does not depend on where the pawns are, so the
    far worths are kept in ``memo`` (``_memo(game, seat)``) for the other moves weighed."""
    board = b.board(game)
    links = graph(board)
    # far worths by cell number (an int hashes in C, a ``Cell`` in Python), valid for the
    # graph they were numbered by
    held: tuple[Any, dict[int, float]] | None = memo.get(_FAR)
    if held is None or held[0] is not links:
        held = memo[_FAR] = (links, {})
    far, cells = held[1], links.cells
    best = 0.0
    for n, steps in _lookouts(board, start):
        worth = far.get(n)
        if worth is None:
            worth = far[n] = _space_worth(game, seat, cells[n], near=False)
        score = worth / steps
        if score > best:  # ``max(best, score)``: the same float
            best = score
    return best


_FAR = "far"


_MEMO = "_greedy_memo"


def _memo(game: Game, seat: int) -> dict[Any, Any]:
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


def _lookouts(board: Board, start: Cell) -> tuple[tuple[int, int], ...]:
    """The peak, exchange and container spaces within ``OUTLOOK`` steps of ``start``, as
    (cell number in ``graph(board)``, 1 + distance): fixed by the board, so kept on it."""
    key = ("lookouts", start)
    found: tuple[tuple[int, int], ...] | None = board.memo.get(key)
    if found is None:
        # ``distances(board, start, OUTLOOK)``, walked over cell numbers
        kinds = graph(board).kinds
        found = board.memo[key] = tuple(
            (n, 1 + d)
            for n, d in reach(board, start, OUTLOOK)
            if d > 0 and kinds[n] in ("peak", "exchange", "container")
        )
    return found


def _plan(game: Game, seat: int) -> Mapping[str, int]:
    """The cost of the panorama the seat works towards: of those it may buy next, the one it
    lacks least for (nothing when none is left for its rank)."""
    memo = _memo(game, seat)
    key = ("plan", seat)
    found: Mapping[str, int] | None = memo.get(key)
    if found is None:
        found = memo[key] = _planned(game, seat)
    return found


def _planned(game: Game, seat: int) -> Mapping[str, int]:
    pack, rank, hiker = b.content(game), b.next_rank(game, seat), game.hiker(seat)
    tops = [pack.panoramas[c] for c in game.columns.get(str(rank), ())]
    fit = [p for p in tops if p.rank == rank]
    if not fit:
        return {}
    return min(fit, key=lambda p: sum(max(0, n - hiker.held(k)) for k, n in p.cost.items())).cost


def _needs(game: Game, seat: int) -> Mapping[str, int]:
    """What the seat still lacks for the panorama it works towards."""
    memo = _memo(game, seat)
    key = ("needs", seat)
    found: Mapping[str, int] | None = memo.get(key)
    if found is None:
        hiker = game.hiker(seat)
        plan = _plan(game, seat).items()
        found = memo[key] = {k: n - hiker.held(k) for k, n in plan if n > hiker.held(k)}
    return found


SWAP_WORTH = 15
"""A container swapped for one the next panorama needs: worth about a needed container."""


def _spare(game: Game, seat: int, container: str) -> int:
    """Containers of a kind the seat holds beyond what its next panorama costs."""
    return max(0, game.hiker(seat).held(container) - _plan(game, seat).get(container, 0))


def _swaps(game: Game, seat: int) -> int:
    """How many swaps on a container exchange space would bring the next panorama closer:
    spare containers for missing ones the bank still has."""
    memo = _memo(game, seat)
    key = ("swaps", seat)
    found: int | None = memo.get(key)
    if found is None:
        found = memo[key] = _swaps_worked_out(game, seat)
    return found


def _swaps_worked_out(game: Game, seat: int) -> int:
    missing = sum(n for k, n in _needs(game, seat).items() if k in CONTAINERS and game.bank.get(k))
    return min(missing, sum(_spare(game, seat, c) for c in CONTAINERS))


def _gain_worth(game: Game, seat: int, word: str) -> float:
    return REWARD_WORTH.get(word) or _worth(game, seat, word)


def _worth(game: Game, seat: int, word: str) -> float:
    return WORTH.get(word, 0) * (2.5 if word in _needs(game, seat) else 1)


def _next_panorama(game: Game, seat: int) -> float:
    pack, rank = b.content(game), b.next_rank(game, seat)
    tops = [pack.panoramas[c] for c in game.columns.get(str(rank), ())]
    fit = [p for p in tops if p.rank == rank and b.can_pay(game, seat, p.cost)]
    return max((p.vp for p in fit), default=0)


def _score(game: Game, seat: int, command: Command) -> float:
    # the two commands scored most often, before the match tries each case in turn (the
    # command classes are unrelated, so no earlier case could have taken them)
    if isinstance(command, Move):
        return _move_worth(game, seat, command.to)
    if isinstance(command, PlayCard):
        return _card_worth(game, seat, command)
    hiker = game.hiker(seat)
    match command:
        case Discard(resource=r):
            return 20 - _worth(game, seat, r) + hiker.held(r) * 0.1
        case KeepCampfire(card=card):
            effect = b.content(game).fire(card).id
            rank = FIRE_RANK.index(effect) if effect in FIRE_RANK else len(FIRE_RANK)
            return 100 - rank
        case PlaceStone(stone=stone):
            return (
                80
                + b.content(game).stone(stone).multiplier
                * b.content(game).peaks[b.space_here(game, seat).peak].vp
            )
        case BuyPanorama(card=card):
            return 70 + b.content(game).panoramas[card].vp
        case PlacePeak() | DrawCampfire():
            return 60
        case Exchange():
            gain = dict(b.space_here(game, seat).gain)
            return (
                sum(_gain_worth(game, seat, k) * n for k, n in gain.items())
                - sum(WORTH.get(k, 0) * n for k, n in b.space_here(game, seat).pay)
                + 5
            )
        case TakeCard(index=index):
            card = game.market[index]
            cost = b.content(game).cards[card].cost
            if not game.rewards and len(hiker.hand) + len(hiker.played) >= HAND_TARGET:
                return -1
            return (
                12
                + cost
                + (4 if card in LIKED else 0)
                + (6 if _packs_needed(game, seat, card) else 0)
                - (0 if game.rewards else cost * 1.5)
            )
        case Collect():
            return _space_worth(game, seat, b.pawn(game, seat)) - 1
        case TakeLeft() | Harvest() | Pack():
            room = b.backpack_limit(game, seat) - hiker.load
            return 20 if room > 1 else 2
        case PlaceTile(rotation=rotation):
            return 10 - rotation * 0.01
        case Rest():
            return 5
        case Forage(resource=r):
            return 1 if hiker.held(r) > 3 else -1
        case Convert(give=give, take=take):
            # only from a spare container to a needed one, so that swaps never go round
            return 3 if _spare(game, seat, give) and take in _needs(game, seat) else -1
        case BoxCard() | Refresh() | BuyContainer():
            return -1
        case Pass():
            return 0
    return 0


def _packs_needed(game: Game, seat: int, card: str) -> bool:
    """Whether a hiking card packs basics into a container the next panorama lacks."""
    needs = _needs(game, seat)
    return any(o.effect == "pack" and o.take in needs for o in b.content(game).cards[card].options)


def _card_worth(game: Game, seat: int, command: PlayCard) -> float:
    after = _after(game, command)
    stage = after.stage
    if stage.kind == "camp":
        panorama = _next_panorama(game, seat)
        return 60 + panorama if panorama else 8 - 2 * len(game.hiker(seat).hand)
    if stage.kind in ("move", "shortcut", "bike", "glide"):
        return max((_score(after, seat, m) for m in legal_moves(after, seat)), default=-5)
    if stage.kind == "tile":
        return 14
    if stage.kind == "buy":
        return 8 if game.hiker(seat).endorphins >= 3 and len(game.hiker(seat).hand) < 9 else -2
    if stage.kind in ("harvest", "pack"):
        return 9 if any(isinstance(c, (Harvest, Pack)) for c in legal_commands(after, seat)) else -3
    return -4


def greedy_bot(game: Game, seat: int, luck: Luck) -> Command:
    options = legal_commands(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    return _best(game, seat, options)


def _best(game: Game, seat: int, options: tuple[Command, ...]) -> Command:
    """The best scored of ``options``, the first of those scored alike."""
    scored = [(_score(game, seat, c), -i, c) for i, c in enumerate(options)]
    return max(scored, key=lambda t: (t[0], t[1]))[2]
