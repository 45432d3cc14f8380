"""legal_commands: everything the seat to act may do now, asked of the same predicates
``decide`` uses (``checks``), with the fast paths the bots lean on."""

from __future__ import annotations

from typing import assert_never

from domain.games.five_peaks import board as b
from domain.games.five_peaks import kept_commands as kept
from domain.games.five_peaks.checks import STAGE_OF, play_problem, seat_problem
from domain.games.five_peaks.commands import (
    BoxCard,
    BuyContainer,
    BuyPanorama,
    Command,
    Convert,
    Discard,
    DrawCampfire,
    Move,
    Pack,
    Pass,
    PlacePeak,
    PlaceTile,
    PlayCard,
    Refresh,
    Rest,
    TakeCard,
)
from domain.games.five_peaks.content import RESOURCES
from domain.games.five_peaks.geometry import Cell
from domain.games.five_peaks.state import Game, Stage


def candidates(game: Game, seat: int, over_limit: bool | None = None) -> tuple[Command, ...]:
    """Every command worth asking ``problem`` about now; ``over_limit``: ``is_over_limit``'s
    answer when the caller has it (``legal_commands`` and ``can_only_pass`` ask it first)."""
    hiker, stage, pack = game.hikers[seat], game.stage, b.content(game)
    out: list[Command] = [*kept.opening(seat)]
    if b.is_over_limit(game, seat) if over_limit is None else over_limit:
        return tuple(Discard(seat, r) for r in RESOURCES)
    if hiker.drawn:
        return kept.keeps(seat, hiker.drawn)
    if game.rewards:
        head = game.rewards[0]
        if head.kind == "market":
            out += [TakeCard(seat, i) for i in range(len(game.market))]
        elif head.kind == "campfire":
            out.append(DrawCampfire(seat))
        else:
            out += [PlacePeak(seat, at, t) for at, t in b.peak_spots(game, seat, head.terrain)]
        return tuple(out)
    match stage.kind:
        case "play":
            out += kept.plays(pack, seat, hiker.hand)
        case "move" | "shortcut" | "bike" | "glide":
            out += kept.moves(seat, b.reachable(game, seat))
        case "tile":
            out += [PlaceTile(seat, c, r) for c, _, _ in b.tile_spots(game, seat) for r in range(4)]
        case "space":
            out += kept.at_space(seat, hiker.stones)
        case "forage":
            out += kept.basics(seat, harvest=False)
        case "harvest":
            out += kept.basics(seat, harvest=True)
        case "pack":
            out.append(Pack(seat))
        case "buy":
            out += [TakeCard(seat, i) for i in range(len(game.market))]
        case "box":
            out += [BoxCard(seat, c) for c in sorted(set(hiker.hand))]
        case "observe":
            out.append(Refresh(seat))
        case "camp":
            out += [BuyPanorama(seat, c) for row in game.columns.values() for c in row]
            out.append(Rest(seat))
        case "done":
            pass
        case _:
            assert_never(stage.kind)
    return tuple(out)


def legal_commands(game: Game, seat: int) -> tuple[Command, ...]:
    if game.phase != "play" or seat != game.turn or not 0 <= seat < game.seats:
        return ()
    # ``problem`` for each candidate, with what is the same for all of them asked once
    over = b.is_over_limit(game, seat)
    found = candidates(game, seat, over)
    if not over and game.hikers[seat].drawn:
        # the candidates are then every way to keep one drawn card and return the rest,
        # which is all ``problem`` asks of a ``KeepCampfire``
        return found
    # every ``Move`` candidate is one of ``reachable``'s, so ``problem`` passes it while
    # moves are open
    free = Move if _moves_open(game, seat, over) else None
    # and every ``PlayCard`` while cards are open meets ``seat_problem``'s card check alone
    plays = PlayCard if _plays_open(game, seat, over) else None
    refused = _refused(game, seat)
    out: list[Command] = []
    for c in found:
        kind = c.__class__
        if kind is free:
            out.append(c)
        elif kind is plays:
            if play_problem(game, seat, c.card, c.option) is None:  # type: ignore[union-attr]
                out.append(c)
        elif kind not in refused and seat_problem(game, c, over) is None:
            out.append(c)
    return tuple(out)


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


def _moves_open(game: Game, seat: int, over_limit: bool) -> bool:
    """Whether ``seat_problem`` passes every ``Move`` to a ``reachable`` space: the seat to
    act is in a move stage, under its backpack's limit, with no campfire draw and no reward
    to resolve first (the checks ``seat_problem`` makes before the action's own)."""
    return (
        game.stage.kind in STAGE_OF[Move]
        and not over_limit
        and not game.hikers[seat].drawn
        and not game.rewards
    )


def _plays_open(game: Game, seat: int, over_limit: bool) -> bool:
    """Whether ``seat_problem`` asks a ``PlayCard`` its card check alone: the seat to act is
    in the play stage, under its backpack's limit, with no campfire draw and no reward to
    resolve first (as ``_moves_open`` for the moves)."""
    return (
        game.stage.kind in STAGE_OF[PlayCard]
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
    # ``_moves_open`` with ``stage`` for the game's
    if (
        stage.kind not in STAGE_OF[Move]
        or b.is_over_limit(game, seat)
        or game.hikers[seat].drawn
        or game.rewards
    ):
        return frozenset()
    return b.reachable(game, seat, stage)


def can_only_pass(game: Game, seat: int) -> bool:
    """Whether ``legal_commands(game, seat) == (Pass(seat),)``, without listing the rest
    once one other command is found legal."""
    if game.phase != "play" or seat != game.turn or not 0 <= seat < game.seats:
        return False
    over = b.is_over_limit(game, seat)
    if _moves_open(game, seat, over) and b.reachable(game, seat):
        return False  # a ``Move`` to any ``reachable`` space is legal (``legal_commands``)
    if not over and game.hikers[seat].drawn:
        return False  # keeping any of the drawn cards is legal (``legal_commands``)
    refused, passes = _refused(game, seat), False
    for command in candidates(game, seat, over):
        if command.__class__ in refused:
            continue
        if seat_problem(game, command, over) is None:
            if command.__class__ is not Pass:  # every candidate is the seat's own
                return False
            passes = True
    return passes
