"""Bots: ``random`` plays any legal command; ``greedy`` heads for peaks and stones, buys
panoramas in rank order and so brings the end about. A bot's luck is its own entropy."""

from __future__ import annotations

from domain.core import Luck
from domain.games.five_peaks import board as b
from domain.games.five_peaks import kept_commands as kept
from domain.games.five_peaks.actions import began
from domain.games.five_peaks.checks import problem
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
from domain.games.five_peaks.content.model import FireSpec
from domain.games.five_peaks.decider import consequences
from domain.games.five_peaks.evolve import evolve
from domain.games.five_peaks.frozen import changed, held, load_of
from domain.games.five_peaks.outlooks import best_move_worth, move_worth
from domain.games.five_peaks.rules import legal_commands, legal_stops
from domain.games.five_peaks.state import Game
from domain.games.five_peaks.worths import (
    WORTH,
    gain_worth,
    lacking,
    space_worth,
    spare,
    word_worth,
)

HAND_TARGET = 9
"""The greedy bot stops buying hiking cards once it owns this many: a longer deck means
fewer camps, and so fewer panoramas."""
LIKED = ("run", "sightsee", "bike", "shortcut")
# any number of effects: a test ranks only a few (compiled by mypyc, the inferred type
# would be this length exactly, and the test's shorter rank a TypeError)
FIRE_RANK: tuple[str, ...] = (
    "stone_bonus", "bonus_peak", "backpack", "score_per_campfire", "twice:march",
    "twice:walk", "buy_container", "score_per_resource", "twice:training",
    "bonus_resource:mushroom", "bonus_resource:berry", "bonus_resource:herb",
    "score_per_endorphin",
)  # fmt: skip
"""The greedy bot's taste in campfire cards, by what a card does: its effect, or the effect
with the starting card it doubles or the resource it adds (``effect:detail``, the more
exact form first), in the rulebook's words and never a pack's card. A card the rank does
not name comes last."""


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


def _next_panorama(game: Game, seat: int) -> float:
    pack, rank = b.content(game), b.next_rank(game, seat)
    tops = [pack.panoramas[c] for c in game.columns.get(str(rank), ())]
    fit = [p for p in tops if p.rank == rank and b.can_pay(game, seat, p.cost)]
    return max((p.vp for p in fit), default=0)


def _score(game: Game, seat: int, command: Command) -> float:
    # the two commands scored most often, before the match tries each case in turn (the
    # command classes are unrelated, so no earlier case could have taken them)
    if isinstance(command, Move):
        return move_worth(game, seat, command.to)
    if isinstance(command, PlayCard):
        return _card_worth(game, seat, command)
    hiker = game.hikers[seat]
    match command:
        case Discard(resource=r):
            return 20 - word_worth(game, seat, r) + held(hiker, r) * 0.1
        case KeepCampfire(card=card):
            return _keep_worth(game, card)
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
                sum(gain_worth(game, seat, k) * n for k, n in gain.items())
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
            return space_worth(game, seat, b.pawn(game, seat)) - 1
        case TakeLeft() | Harvest() | Pack():
            room = b.backpack_limit(game, seat) - load_of(hiker)
            return 20 if room > 1 else 2
        case PlaceTile(rotation=rotation):
            return 10 - rotation * 0.01
        case Rest():
            return 5
        case Forage(resource=r):
            return 1 if held(hiker, r) > 3 else -1
        case Convert(give=give, take=take):
            # only from a spare container to a needed one, so that swaps never go round
            return 3 if spare(game, seat, give) and take in lacking(game, seat) else -1
        case BoxCard() | Refresh() | BuyContainer():
            return -1
        case Pass():
            return 0
    return 0


def _packs_needed(game: Game, seat: int, card: str) -> bool:
    """Whether a hiking card packs basics into a container the next panorama lacks."""
    needs = lacking(game, seat)
    return any(o.effect == "pack" and o.take in needs for o in b.content(game).cards[card].options)


def _card_worth(game: Game, seat: int, command: PlayCard) -> float:
    stage = began(b.content(game), command.card, command.option)
    if stage.kind == "camp":
        panorama = _next_panorama(game, seat)
        return 60 + panorama if panorama else 8 - 2 * len(game.hikers[seat].hand)
    if stage.kind in ("move", "shortcut", "bike", "glide"):
        # the position the card's events lead to (``_after``) differs from ``game`` in the
        # hand and the stage alone: the moves open read the stage and not the hand, and a
        # move's worth reads neither, so the stops of ``game`` under the stage stand in
        return best_move_worth(game, seat, legal_stops(game, seat, stage))
    if stage.kind == "tile":
        return 14
    if stage.kind == "buy":
        return 8 if game.hikers[seat].endorphins >= 3 and len(game.hikers[seat].hand) < 9 else -2
    if stage.kind in ("harvest", "pack"):
        # whether ``legal_commands`` offers a ``Harvest`` or ``Pack`` in the position the
        # card's events lead to (``_after``): that position differs from ``game`` in the hand
        # and the stage alone, and ``problem`` asks of these two the stage, the bank and the
        # backpack, not the hand, so ``game`` with the stage stands in, and only they are asked
        after = changed(game, stage=stage)
        asked = (
            kept.basics(seat, harvest=True)
            if stage.kind == "harvest"
            else (kept.alone(Pack, seat),)
        )
        return 9 if any(problem(after, c) is None for c in asked) else -3
    return -4


def greedy_bot(game: Game, seat: int, luck: Luck) -> Command:
    kept = _kept_campfire(game, seat)
    if kept is not None:
        return kept
    options = legal_commands(game, seat)
    if not options:
        raise ValueError(f"seat {seat} has nothing to do now")
    return _best(game, seat, options)


def _kept_campfire(game: Game, seat: int) -> KeepCampfire | None:
    """``_best`` over a campfire draw's ``legal_commands``, without making them: every way to
    keep one drawn card and return the rest in order (``kept_commands.keeps``: a draw of 5
    makes 120, each scored by its card alone). The first of the best scored is the first
    card with the best score, returning the rest as drawn (the first ordering). None when
    the list is not a draw's (``legal_commands`` and its ``candidates``, in that order)."""
    if game.phase != "play" or seat != game.turn or not 0 <= seat < game.seats:
        return None
    drawn = game.hikers[seat].drawn
    if not drawn or b.is_over_limit(game, seat):
        return None
    worths = {card: _keep_worth(game, card) for card in set(drawn)}
    top = max(worths.values())
    first = next(i for i, card in enumerate(drawn) if worths[card] == top)
    return KeepCampfire(seat, drawn[first], drawn[:first] + drawn[first + 1 :])


def _keep_worth(game: Game, card: str) -> int:
    return 100 - fire_place(b.content(game).fire(card))


def fire_place(spec: FireSpec) -> int:
    """The campfire card's place in ``FIRE_RANK``: its effect with its detail, else its
    effect alone, else after every ranked one."""
    exact = f"{spec.effect}:{spec.card or spec.resource}"
    for taste in (exact, spec.effect):
        if taste in FIRE_RANK:
            return FIRE_RANK.index(taste)
    return len(FIRE_RANK)


def _best(game: Game, seat: int, options: tuple[Command, ...]) -> Command:
    """The best scored of ``options``, the first of those scored alike."""
    scored = [(_score(game, seat, c), -i, c) for i, c in enumerate(options)]
    # the tuples themselves, not a key of their first two: ``-i`` differs between any two, so
    # the commands are never compared, and a key function is a call per option
    return max(scored)[2]
