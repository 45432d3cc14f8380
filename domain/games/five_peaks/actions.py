"""Playing a card, and resolving the space a pawn stopped on."""

from __future__ import annotations

import functools

from domain.games.five_peaks import board as b
from domain.games.five_peaks import flow
from domain.games.five_peaks.boards import board_of
from domain.games.five_peaks.commands import Convert, PlaceStone, PlaceTile, PlayCard
from domain.games.five_peaks.content import Content
from domain.games.five_peaks.events import (
    CardPlayed,
    Event,
    LeftTaken,
    ResourceLeft,
    StonePlaced,
    TilePlaced,
    TileRevealed,
)
from domain.games.five_peaks.frozen import built, peak_cells, stack_at
from domain.games.five_peaks.state import Game, Stage

STAGE_FOR = {
    "move": "move",
    "shortcut": "shortcut",
    "bike": "bike",
    "paraglide": "glide",
    "place_tile": "tile",
    "forage": "forage",
    "buy": "buy",
    "box": "box",
    "camp": "camp",
    "harvest": "harvest",
    "pack": "pack",
    "observe": "observe",
}


def play_card(game: Game, command: PlayCard) -> tuple[Event, ...]:
    seat, card, option = command.seat, command.card, command.option
    played = built(CardPlayed, {"seat": seat, "card": card, "option": option})
    # the stage a card option begins is fixed by the pack: ``began`` keeps it (a "twice"
    # campfire card's is a move; only a tile option's is a tile stage)
    stage = began(b.content(game), card, option)
    if stage.kind == "tile":
        return (played, TileRevealed(seat, game.terrain_stack[0]), flow.stage_began(seat, stage))
    return (played, flow.stage_began(seat, stage))


@functools.lru_cache(maxsize=4096)
def began(pack: Content, card: str, option: int) -> Stage:
    """The stage ``play_card`` begins for ``card`` played with ``option``: fixed by the pack,
    so kept. The greedy bot weighs each card option of a play by the stage it opens, and
    reading it here spares evolving the card's events (tests/domain/five_peaks/
    test_fast_worths.py holds the two to each other)."""
    spec = pack.cards[card]
    if option == len(spec.options):
        # a "twice" campfire card: one space, resolve, one space, resolve
        return flow.stage(0, "move", card=card, option=0, steps=(1,), again=1).stage
    chosen = spec.options[option]
    kind = STAGE_FOR[chosen.effect]
    return flow.stage(
        0, kind, card=card, option=option, steps=chosen.steps, count=chosen.times
    ).stage


def place_tile(game: Game, command: PlaceTile) -> tuple[Event, ...]:
    """The seat takes only the resources of the new square space at its own tile's corner
    (Discovery; Erica's example)."""
    seat = command.seat
    _, x, y = next(s for s in b.tile_spots(game, seat) if s[0] == command.corner)
    placed = TilePlaced(seat, game.revealed, x, y, command.rotation)
    from domain.games.five_peaks.evolve import evolve

    after = evolve(game, placed)
    square = board_of(b.content(game), after.placements, peak_cells(after)).spaces[command.corner]
    return (placed, *flow.gain(after, seat, dict(square.gives)), flow.stage(seat, "done"))


def take_left(game: Game, seat: int) -> tuple[Event, ...]:
    """All or none (Resources on the Board); over the limit, the seat then puts back what
    it chooses, old or new."""
    at = b.pawn(game, seat)
    return (LeftTaken(seat, at, dict(game.left[at])),)


def exchange(game: Game, seat: int) -> tuple[Event, ...]:
    space = b.space_here(game, seat)
    resolved = flow.stage(seat, "space", game.stage, resolved=True)
    return (*flow.gain(game, seat, dict(space.gain), dict(space.pay)), resolved)


def convert(game: Game, command: Convert) -> tuple[Event, ...]:
    seat = command.seat
    resolved = flow.stage(seat, "space", game.stage, resolved=True)
    return (flow.resources_moved(seat, {command.give: 1}, {command.take: 1}), resolved)


def place_stone(game: Game, command: PlaceStone) -> tuple[Event, ...]:
    """The reward comes when the stone is placed, not when the space is entered."""
    seat, at = command.seat, b.pawn(game, command.seat)
    stack = stack_at(game, at)
    assert stack is not None
    reward = dict(b.content(game).peaks[stack.peak].reward)
    stoned = flow.stage(seat, "space", game.stage, resolved=True, stoned=True)
    return (StonePlaced(seat, command.stone, at), *flow.gain(game, seat, reward), stoned)


def pack_card(game: Game, seat: int) -> tuple[Event, ...]:
    """Two of a resource for its container, then one more container onto the pawn's space
    while the bank has one (Mushroom basket, Berry jar, Herb pouch)."""
    option = b.option_of(game, game.stage)
    events: list[Event] = [*flow.gain(game, seat, {option.take: 1}, {option.give: option.count})]
    from domain.games.five_peaks.evolve import evolve

    after = game
    for event in events:
        after = evolve(after, event)
    if after.bank.get(option.take, 0) > 0:
        events.append(ResourceLeft(b.pawn(game, seat), option.take))
    return tuple(events)
