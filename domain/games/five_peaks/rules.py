"""legal_commands: everything the seat to act may do now, asked of the same predicates
``decide`` uses (``checks``), with the fast paths the bots lean on."""

from __future__ import annotations

import functools
from typing import assert_never

from domain.games.five_peaks import board as b
from domain.games.five_peaks import kept_commands as kept
from domain.games.five_peaks.checks import STAGE_OF, action_problem, seat_problem
from domain.games.five_peaks.commands import (
    BoxCard,
    BuyContainer,
    BuyPanorama,
    Command,
    Convert,
    DrawCampfire,
    Move,
    Pack,
    PlacePeak,
    PlaceTile,
    Refresh,
    Rest,
)
from domain.games.five_peaks.content import Content
from domain.games.five_peaks.frozen import built
from domain.games.five_peaks.geometry import Cell
from domain.games.five_peaks.state import LEGAL_MEMO, Game, Stage


def candidates(game: Game, seat: int, over_limit: bool | None = None) -> tuple[Command, ...]:
    """Every command worth asking ``problem`` about now; ``over_limit``: ``is_over_limit``'s
    answer when the caller has it (``legal_commands`` asks it first)."""
    hiker, stage, pack = game.hikers[seat], game.stage, b.content(game)
    out: list[Command] = [*kept.opening(seat)]
    if b.is_over_limit(game, seat) if over_limit is None else over_limit:
        return kept.discards(seat)
    if hiker.drawn:
        return kept.keeps(seat, hiker.drawn)
    if game.rewards:
        head = game.rewards[0]
        if head.kind == "market":
            out += kept.takes(seat, len(game.market))
        elif head.kind == "campfire":
            out.append(DrawCampfire(seat))
        else:
            # built without their interpreted ``__init__`` (``frozen.built``)
            spots = b.peak_spots(game, seat, head.terrain)
            out += [built(PlacePeak, {"seat": seat, "at": at, "terrain": t}) for at, t in spots]
        return tuple(out)
    match stage.kind:
        case "play":
            out += kept.plays(pack, seat, hiker.hand)
        case "move" | "shortcut" | "bike" | "glide":
            out += kept.moves(seat, b.reachable(game, seat))
        case "tile":
            out += [
                built(PlaceTile, {"seat": seat, "corner": c, "rotation": r})
                for c, _, _ in b.tile_spots(game, seat)
                for r in range(4)
            ]
        case "space":
            out += kept.at_space(seat, hiker.stones)
        case "forage":
            out += kept.basics(seat, harvest=False)
        case "harvest":
            out += kept.basics(seat, harvest=True)
        case "pack":
            out.append(kept.alone(Pack, seat))
        case "buy":
            out += kept.takes(seat, len(game.market))
        case "box":
            out += [BoxCard(seat, c) for c in sorted(set(hiker.hand))]
        case "observe":
            out.append(Refresh(seat))
        case "camp":
            out += [BuyPanorama(seat, c) for row in game.columns.values() for c in row]
            out.append(kept.alone(Rest, seat))
        case "done":
            pass
        case _:
            assert_never(stage.kind)
    return tuple(out)


def legal_commands(game: Game, seat: int) -> tuple[Command, ...]:
    if game.phase != "play" or seat != game.turn or not 0 <= seat < game.seats:
        return ()
    # the seat to act's list is kept on the position itself: a rollout asks it of the same
    # position up to three times (the settling after the decision that led there, the bot,
    # and the decider checking the bot's choice: ``known_legal``); ``changed`` leaves it
    # behind, so no other position, however derived, ever reads it
    kept_list: tuple[Command, ...] | None = game.__dict__.get(LEGAL_MEMO)
    if kept_list is None:
        kept_list = game.__dict__[LEGAL_MEMO] = _legal(game, seat)
    return kept_list


def known_legal(game: Game, command: Command) -> bool:
    """Whether ``command`` is one ``legal_commands`` already listed for this very position,
    so ``problem`` passes it by that list's definition. Never lists anything itself: an
    unlisted command (a client's, a bot's own, or a position never asked) is not known, and
    goes through ``problem`` as before."""
    kept_list: tuple[Command, ...] | None = game.__dict__.get(LEGAL_MEMO)
    if kept_list is None:
        return False
    # the very object: a bot hands back one of the list's (an equal command that is
    # another object is checked, as any other; ``in`` would call ``__eq__`` on the way).
    # ``any`` of a generator, which mypyc (``cairn compile``) makes a loop of pointer
    # comparisons, where ``any(map(is_, ...))`` made a call an item (2% of a compiled
    # greedy rollout)
    return any(listed is command for listed in kept_list)


def _legal(game: Game, seat: int) -> tuple[Command, ...]:
    """``legal_commands`` for the seat to act: every candidate ``problem`` passes, with what
    is the same for all of them asked once."""
    over = b.is_over_limit(game, seat)
    hiker = game.hikers[seat]
    if not over and hiker.drawn:
        # the candidates are then every way to keep one drawn card and return the rest,
        # which is all ``problem`` asks of a ``KeepCampfire``
        return kept.keeps(seat, hiker.drawn)
    if not _stage_open(game, seat, over):
        return _checked(game, seat, over, candidates(game, seat, over), ())
    # ``seat_problem`` asks each command of the open stage its own check alone
    # (``action_problem``), and the stages below answer that check for all of them at once
    kind = game.stage.kind
    if kind == "play":
        tiles = bool(game.terrain_stack) and bool(b.tile_spots(game, seat))
        twice = tuple(f.card for f in b.fires(game, seat, "twice"))
        return (*_head(game, seat), *_plays(b.content(game), seat, hiker.hand, twice, tiles))
    if kind in STAGE_OF[Move]:
        # every ``Move`` candidate is one of ``reachable``'s, which is all its check asks
        return (*_head(game, seat), *kept.moves(seat, b.reachable(game, seat)))
    if kind == "tile":
        # every candidate's corner is one of ``tile_spots``', its rotation 0 to 3
        return _checked(game, seat, over, candidates(game, seat, over), (PlaceTile,))
    if kind == "camp":
        return (*_head(game, seat), *_panoramas(game, seat), Rest(seat))
    return _checked(game, seat, over, candidates(game, seat, over), _OWN.get(kind, ()))


def _stage_open(game: Game, seat: int, over_limit: bool) -> bool:
    """Whether ``seat_problem`` asks a command of the stage's own kinds (``STAGE_OF``) its
    own check alone (``action_problem``): the seat to act is under its backpack's limit,
    with no campfire draw and no reward to resolve first."""
    return not over_limit and not game.hikers[seat].drawn and not game.rewards


def _head(game: Game, seat: int) -> tuple[Command, ...]:
    """The opening candidates (passing, buying each container) ``seat_problem`` passes in
    an open stage: a container only with a campfire card that buys one (``_refused``)."""
    opening = kept.opening(seat)
    if b.fires(game, seat, "buy_container"):
        return _checked(game, seat, False, opening, ())
    return opening[:1] if seat_problem(game, opening[0], False) is None else ()


def _checked(
    game: Game,
    seat: int,
    over: bool,
    found: tuple[Command, ...],
    own: tuple[type[Command], ...],
) -> tuple[Command, ...]:
    """The candidates ``found`` that ``seat_problem`` passes; ``own``: the classes of the
    open stage's own commands, which it asks ``action_problem`` alone."""
    refused = _refused(game, seat)
    out: list[Command] = []
    for c in found:
        kind = c.__class__
        if kind in refused:
            continue
        if kind in own:
            if kind is PlaceTile or action_problem(game, c) is None:
                out.append(c)
        elif seat_problem(game, c, over) is None:
            out.append(c)
    return tuple(out)


_OWN: dict[str, tuple[type[Command], ...]] = {}
for _kind, _stages in STAGE_OF.items():
    for _stage in _stages:
        _OWN[_stage] = (*_OWN.get(_stage, ()), _kind)
"""Per stage kind, the command classes whose check there is their own alone (``STAGE_OF``)."""


@functools.lru_cache(maxsize=kept.KEPT)
def _plays(
    pack: Content, seat: int, hand: tuple[str, ...], twice: tuple[str, ...], tiles: bool
) -> tuple[Command, ...]:
    """The ``PlayCard`` candidates ``play_problem`` passes: every card of the hand, each of
    its own options, except a tile's while no tile can be placed (``tiles``: the pile has
    one and a new tile can touch the pawn's), and its "twice" variant only for a card a
    campfire card lets the seat play twice (``twice``)."""
    out: list[Command] = []
    for c in kept.plays(pack, seat, hand):
        options = pack.cards[c.card].options
        option = c.option
        if option == len(options):
            if c.card in twice:
                out.append(c)
        elif tiles or options[option].effect != "place_tile":
            out.append(c)
    return tuple(out)


def _panoramas(game: Game, seat: int) -> tuple[Command, ...]:
    """The camp's ``BuyPanorama`` candidates ``action_problem`` passes: each is a revealed
    card (the candidates are the rows'); of the seat's next rank, and paid for."""
    pack, rank = b.content(game), b.next_rank(game, seat)
    return tuple(
        BuyPanorama(seat, c)
        for row in game.columns.values()
        for c in row
        if pack.panoramas[c].rank == rank and b.can_pay(game, seat, pack.panoramas[c].cost)
    )


def _refused(game: Game, seat: int) -> tuple[type[Command], ...]:
    """Candidate classes ``seat_problem`` refuses now whatever their fields: ``BuyContainer``
    without a campfire card that buys containers, and in a space stage ``Convert`` off a
    container exchange space (the first thing each one's own check asks)."""
    out: list[type[Command]] = []
    if not b.fires(game, seat, "buy_container"):
        out.append(BuyContainer)
    if game.stage.kind == "space":
        # ``get``: off a space, the plain check is left to fail as it always did
        space = b.board(game).spaces.get(b.pawn(game, seat))
        if space is not None and space.kind != "container":
            out.append(Convert)
    return tuple(out)


def _moves_open(game: Game, seat: int, over_limit: bool, stage: Stage | None = None) -> bool:
    """Whether ``seat_problem`` passes every ``Move`` to a ``reachable`` space: the seat to
    act is in a move stage (``stage``, or the game's), under its backpack's limit, with no
    campfire draw and no reward to resolve first (the checks ``seat_problem`` makes before
    the action's own)."""
    return (
        (stage or game.stage).kind in STAGE_OF[Move]
        and not over_limit
        and not game.hikers[seat].drawn
        and not game.rewards
    )


def legal_moves(game: Game, seat: int) -> tuple[Move, ...]:
    """The ``Move`` commands of ``legal_commands(game, seat)``, in the same order, without
    asking about the others (the greedy bot weighs a card by the moves it opens)."""
    if game.phase != "play" or seat != game.turn or not 0 <= seat < game.seats:
        return ()
    # the same candidates as ``legal_commands``, for the moves alone, all legal or none
    if not _moves_open(game, seat, b.is_over_limit(game, seat)):
        return ()
    return kept.moves(seat, b.reachable(game, seat))


def legal_stops(game: Game, seat: int, stage: Stage) -> frozenset[Cell]:
    """Where the ``Move``s of ``legal_moves(changed(game, stage=stage), seat)`` go, without
    the copy or the commands: the greedy bot weighs each card option of a play by the best
    of the moves the stage it begins opens (tests/domain/five_peaks/test_fast_weighing.py)."""
    if game.phase != "play" or seat != game.turn or not 0 <= seat < game.seats:
        return frozenset()
    if not _moves_open(game, seat, b.is_over_limit(game, seat), stage):
        return frozenset()
    return b.reachable(game, seat, stage)
