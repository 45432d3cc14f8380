"""``decide``: check a command by the shared predicates, then state its consequences."""

from __future__ import annotations

from typing import assert_never

from domain.core import RuleViolation
from domain.games.five_peaks import board as b
from domain.games.five_peaks import flow
from domain.games.five_peaks.actions import (
    convert,
    exchange,
    pack_card,
    place_stone,
    place_tile,
    play_card,
    take_left,
)
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
from domain.games.five_peaks.events import (
    CampfireDrawn,
    CampfireKept,
    CampfireReturned,
    CardBoxed,
    EndTriggered,
    Event,
    PawnMoved,
    PeakPlaced,
    ResourceLeft,
    RewardDone,
)
from domain.games.five_peaks.evolve import evolve, fold
from domain.games.five_peaks.frozen import built
from domain.games.five_peaks.market import buy_panorama, refresh, rest, take_card
from domain.games.five_peaks.rules import known_legal, legal_commands
from domain.games.five_peaks.state import Game


def decide(game: Game, command: Command) -> tuple[Event, ...]:
    return step(game, command)[0]


def step(game: Game, command: Command) -> tuple[tuple[Event, ...], Game]:
    """``decide``'s events and the game they reach (``Rules.step``): deciding evolves them
    to find the end's trigger and what the seat is left to do, so the platform need not
    fold them again."""
    # a command the seat's legal list holds for this very position (the bots choose from
    # it) passes ``problem`` by that list's definition; any other is checked
    if not known_legal(game, command):
        found = problem(game, command)
        if found is not None:
            raise RuleViolation(*found)
    seat = command.seat
    events = consequences(game, command)
    after = fold(game, events)
    trigger = _end_trigger(game, after, seat)
    for event in trigger:
        after = evolve(after, event)
    settled, after = _settle(after, seat)
    return (*events, *trigger, *settled), after


SETTLE_LIMIT = 8


def _settle(after: Game, seat: int) -> tuple[tuple[Event, ...], Game]:
    """When the only thing left for the seat is to pass, it passes by itself: a reward it
    cannot take is forgone, a finished step or turn ends (docs/rules/five-peaks.md, Turns).
    ``after``: the position the seat's decision led to; returned with the position after
    the passes."""
    more: list[Event] = []
    for _ in range(SETTLE_LIMIT):
        if (
            after.phase != "play"
            or after.turn != seat
            or after.stage.kind in ("play", "tile", "camp")
        ):
            break
        if after.hikers[seat].drawn and not b.is_over_limit(after, seat):
            # a campfire draw to keep from: its legal commands are every way to keep one
            # card (``rules._legal``), never a lone pass, and the greedy bot chooses its
            # keep without them (``bots._kept_campfire``), so they are not made here (a
            # draw of 5 makes 120)
            break
        # the whole list, not a yes or no: the position keeps it, and when more than a
        # pass is left the seat (a bot in a rollout) asks for that very list next
        legal = legal_commands(after, seat)
        if len(legal) != 1 or legal[0].__class__ is not Pass:
            break
        passed = consequences(after, legal[0])
        more += passed
        after = fold(after, passed)
    return tuple(more), after


def _end_trigger(game: Game, after: Game, seat: int) -> tuple[Event, ...]:
    """The end comes when 2 of the 3 conditions hold (Game End); the seat that made the
    second one true (``game`` before its decision, ``after`` it) finishes its turn, then
    every seat takes one final turn."""
    if game.final_turns is not None:
        return ()
    reasons = b.end_reasons(after)
    if after.phase == "play" and len(reasons) >= b.content(game).end_conditions:
        return (EndTriggered(seat=seat, reasons=reasons),)
    return ()


def consequences(game: Game, command: Command) -> tuple[Event, ...]:
    seat = command.seat
    match command:
        case PlayCard():
            return play_card(game, command)
        case Move(to=to):
            moved = built(PawnMoved, {"seat": seat, "to": to})
            return (moved, flow.stage(seat, "space", game.stage, at=to))
        case PlaceTile():
            return place_tile(game, command)
        case TakeLeft():
            return take_left(game, seat)
        case Collect():
            gives = dict(b.space_here(game, seat).gives)
            return (
                *flow.gain(game, seat, gives),
                flow.stage(seat, "space", game.stage, resolved=True),
            )
        case Exchange():
            return exchange(game, seat)
        case Convert():
            return convert(game, command)
        case PlaceStone():
            return place_stone(game, command)
        case Forage(resource=resource):
            per = b.option_of(game, game.stage).endorphins
            return (flow.resources_moved(seat, {resource: 1}, {"endorphin": per}),)
        case Harvest(resource=resource):
            return _harvest(game, seat, resource)
        case Pack():
            return pack_card(game, seat)
        case TakeCard():
            return take_card(game, command)
        case BoxCard(card=card):
            per = b.option_of(game, game.stage).endorphins
            return (CardBoxed(seat, card), flow.resources_moved(seat, {}, {"endorphin": per}))
        case Refresh():
            return refresh(game, seat)
        case BuyPanorama():
            return buy_panorama(game, command)
        case Rest():
            return rest(game, seat)
        case DrawCampfire():
            size = b.content(game).campfire_draw
            return (CampfireDrawn(seat, game.fire_deck[:size]),)
        case KeepCampfire(card=card, returned=returned):
            return (CampfireKept(seat, card), CampfireReturned(seat, returned), RewardDone(seat))
        case PlacePeak(at=at, terrain=terrain):
            head = game.rewards[0]
            peak = game.peak_piles[terrain][0]
            return (PeakPlaced(seat, peak, at, terrain, head.bonus), RewardDone(seat))
        case Discard(resource=resource):
            return (flow.resources_moved(seat, {resource: 1}, {}),)
        case BuyContainer(resource=resource):
            price = b.fires(game, seat, "buy_container")[0].amount
            return (flow.resources_moved(seat, {"endorphin": price}, {resource: 1}),)
        case Pass():
            if game.rewards:
                return (RewardDone(seat),)
            return flow.finish_step(game, seat)
        case _:
            assert_never(command)


def _harvest(game: Game, seat: int, resource: str) -> tuple[Event, ...]:
    """Bank to backpack, then one more onto the pawn's space if the bank still has one
    (Small harvest; the Note after Observe)."""
    events = list(flow.gain(game, seat, {resource: 1}))
    after = fold(game, events)
    if after.bank.get(resource, 0) > 0:
        events.append(ResourceLeft(b.pawn(game, seat), resource))
    events.append(flow.stage(seat, "harvest", game.stage, count=game.stage.count - 1))
    return tuple(events)
