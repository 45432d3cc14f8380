"""Apply one fact. No rule, no draw, no file read: each event says what changed."""

from __future__ import annotations

from types import MappingProxyType
from typing import assert_never

from domain.core import Luck
from domain.games.five_peaks.content import pack_of
from domain.games.five_peaks.events import (
    CampfireDrawn,
    CampfireKept,
    CampfireReturned,
    CardBoxed,
    CardPlayed,
    EndTriggered,
    Event,
    GameEnded,
    GameSetUp,
    LeftTaken,
    MarketCycled,
    MarketRefilled,
    MarketTaken,
    PanoramaBought,
    PanoramaBoxed,
    PawnMoved,
    PeakPlaced,
    PileReturned,
    PilesShuffled,
    ResourceLeft,
    ResourcesMoved,
    RewardDone,
    RewardsDue,
    StageBegan,
    StonePlaced,
    TilePlaced,
    TileRevealed,
    TurnEnded,
)
from domain.games.five_peaks.frozen import added, changed, moved, with_hiker
from domain.games.five_peaks.geometry import Cell, Placement
from domain.games.five_peaks.state import Game, Hiker, Stage, StoneStack


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def _set_up(game: Game, event: GameSetUp) -> Game:
    content = pack_of(game)
    hikers = tuple(
        Hiker(
            hand=tuple(sorted(c.id for c in content.cards.values() if c.starting)),
            endorphins=content.starting_endorphins[seat],
            stones=tuple(s.id for s in content.stones),
        )
        for seat in range(game.seats)
    )
    # one face-up row per rank, of the columns the player-count marks put in play
    in_play = [c for c in content.panoramas.values() if c.column in event.columns]
    columns = {
        str(rank): tuple(sorted(c.id for c in in_play if c.rank == rank))
        for rank in sorted({c.rank for c in in_play})
    }
    start = next(s for s in content.start.spaces if s.kind == "parking").cell
    parking = Cell(start[0] - 2, start[1] - 2)
    return changed(
        game,
        phase="play",
        hikers=hikers,
        pawns=(parking,) * game.seats,
        placements=(Placement(content.start.id, -2, -2, 0),),
        bank=MappingProxyType(dict(content.supply)),
        market=event.market,
        columns=MappingProxyType(columns),
        stage=Stage("play"),
    )


def _shuffled(game: Game, event: PilesShuffled) -> Game:
    hikers = tuple(
        changed(h, drawn=()) if seat in event.redrawn else h for seat, h in enumerate(game.hikers)
    )
    piles = {"forest": event.forest, "alpine": event.alpine, "rocky": event.rocky}
    return changed(
        game,
        hikers=hikers,
        terrain_stack=event.terrain,
        peak_piles=MappingProxyType(piles),
        deck=event.deck,
        fire_deck=event.campfire,
        luck=Luck(game.luck.seed, event.counter),
    )


def _moved(game: Game, event: ResourcesMoved) -> Game:
    seat, gained, paid = event.seat, event.gained, event.paid
    hiker = game.hikers[seat]
    endorphins = gained.get("endorphin", 0) - paid.get("endorphin", 0)
    backpack = moved(hiker.backpack, gained, paid, skip="endorphin")
    hiker = changed(hiker, backpack=backpack, endorphins=hiker.endorphins + endorphins)
    hikers = list(game.hikers)
    hikers[seat] = hiker
    # the bank is paid what the backpack gives up, and gives what it gains
    bank = moved(game.bank, paid, gained, skip="endorphin")
    return changed(game, hikers=tuple(hikers), bank=bank)


def _left(game: Game, at: Cell, delta: dict[str, int], sign: int) -> Game:
    left = dict(game.left)
    here = added(left.get(at, {}), delta, sign)
    if here:
        left[at] = here
    else:
        left.pop(at, None)
    return changed(game, left=MappingProxyType(left))


def _stone(game: Game, event: StonePlaced) -> Game:
    peaks = tuple(
        changed(p, stones=(*p.stones, (event.seat, event.stone))) if p.at == event.at else p
        for p in game.peaks
    )
    hiker = game.hikers[event.seat]
    game = with_hiker(game, event.seat, changed(hiker, stones=_without(hiker.stones, event.stone)))
    return changed(game, peaks=peaks)


def _peak(game: Game, event: PeakPlaced) -> Game:
    piles = dict(game.peak_piles)
    piles[event.terrain] = piles[event.terrain][1:]
    hiker = game.hikers[event.seat]
    game = with_hiker(game, event.seat, changed(hiker, badges=(*hiker.badges, event.terrain)))
    return changed(
        game,
        peaks=(*game.peaks, StoneStack(event.peak, event.at)),
        peak_piles=MappingProxyType(piles),
        # a bonus peak answers the peaks placed before it and earns no bonus of its own
        turn_peaks=game.turn_peaks if event.bonus else (*game.turn_peaks, event.terrain),
    )


def _hiker(game: Game, seat: int, **changes: object) -> Game:
    return with_hiker(game, seat, changed(game.hikers[seat], **changes))


def evolve(game: Game, event: Event) -> Game:
    """Apply ``event``; ``moves`` counts the facts of the turn under way (the platform's cap
    on a seat's decisions per turn reads it), and a new turn starts it again. The luck's own
    facts are not counted, so a fork's fresh luck (``reshuffle``) leaves the count as it was."""
    after = _apply(game, event)
    if isinstance(event, _UNCOUNTED):
        return after
    if after is game:
        after = changed(game)
    # ``after`` is a copy no one else holds yet: counting the fact on it saves a second copy
    after.__dict__["moves"] = after.moves + 1
    return after


def fold(game: Game, events: tuple[Event, ...] | list[Event]) -> Game:
    """``evolve`` over ``events`` in order: the position they reach.

    A ``StageBegan`` after another fact of the same fold changes the stage (and counts the
    fact) on the copy the fold made itself, instead of copying the game once more: no one
    else holds that copy, and ``evolve`` would copy it whole to change these two fields. The
    copy carries no kept legal list (``changed`` dropped it and no one listed on it since),
    and every other memo on it is checked against the placements, peaks and holdings, which
    a stage does not change. ``game`` itself is never written; frozen from the outside."""
    after = game
    for event in events:
        if event.__class__ is StageBegan and after is not game:
            attributes = after.__dict__
            attributes["stage"] = event.stage
            attributes["moves"] = attributes["moves"] + 1
        else:
            after = evolve(after, event)
    return after


_UNCOUNTED = (TurnEnded, PilesShuffled, CampfireDrawn)
_PLAY = Stage("play")
"""A new turn's stage: one shared value, as frozen as any other."""


def _apply(game: Game, event: Event) -> Game:
    # The most frequent facts come first and match on the class alone: each case tried
    # costs, and a keyword pattern costs more than reading the fields afterwards.
    match event:
        case StageBegan():
            return changed(game, stage=event.stage)
        case CardPlayed():
            seat, card = event.seat, event.card
            hiker = game.hikers[seat]
            return _hiker(game, seat, hand=_without(hiker.hand, card), played=(*hiker.played, card))
        case TurnEnded():
            final = None if game.final_turns is None else game.final_turns - 1
            return changed(
                game,
                turn=event.next,
                turns_taken=game.turns_taken + 1,
                moves=0,
                stage=_PLAY,
                rewards=(),
                turn_peaks=(),
                trail=(),
                final_turns=final,
            )
        case ResourcesMoved():
            return _moved(game, event)
        case PawnMoved():
            seat, to = event.seat, event.to
            pawns = list(game.pawns)
            pawns[seat] = to
            return changed(game, pawns=tuple(pawns), trail=(*game.trail, game.pawns[seat], to))
        case GameSetUp():
            return _set_up(game, event)
        case PilesShuffled():
            return _shuffled(game, event)
        case ResourceLeft(at=at, resource=resource):
            bank = added(game.bank, {resource: 1}, -1)
            return changed(_left(game, at, {resource: 1}, 1), bank=MappingProxyType(dict(bank)))
        case LeftTaken(seat=seat, at=at, resources=resources):
            hiker = game.hikers[seat]
            game = _hiker(game, seat, backpack=added(hiker.backpack, resources))
            return _left(game, at, dict(resources), -1)
        case TileRevealed(tile=tile):
            return changed(game, revealed=tile, terrain_stack=game.terrain_stack[1:])
        case TilePlaced(tile=tile, x=x, y=y, rotation=rotation):
            placement = Placement(tile, x, y, rotation)
            return changed(game, revealed="", placements=(*game.placements, placement))
        case PeakPlaced():
            return _peak(game, event)
        case StonePlaced():
            return _stone(game, event)
        case RewardsDue(rewards=rewards):
            spent = any(r.bonus for r in rewards)
            turn_peaks = () if spent else game.turn_peaks
            return changed(game, rewards=(*game.rewards, *rewards), turn_peaks=turn_peaks)
        case RewardDone():
            return changed(game, rewards=game.rewards[1:])
        case MarketTaken(seat=seat, index=index, card=card):
            hiker = game.hikers[seat]
            game = _hiker(game, seat, hand=tuple(sorted((*hiker.hand, card))))
            return changed(game, market=game.market[:index] + game.market[index + 1 :])
        case MarketRefilled(cards=cards):
            return changed(game, market=(*game.market, *cards), deck=game.deck[len(cards) :])
        case MarketCycled(cards=cards):
            return changed(game, market=(), deck=(*game.deck, *cards))
        case CardBoxed(seat=seat, card=card):
            return _hiker(game, seat, hand=_without(game.hikers[seat].hand, card))
        case PanoramaBought(seat=seat, card=card):
            hiker = game.hikers[seat]
            game = _hiker(game, seat, panoramas=(*hiker.panoramas, card))
            return _column_popped(game, card)
        case PanoramaBoxed(card=card):
            game = changed(game, boxed_panoramas=(*game.boxed_panoramas, card))
            return _column_popped(game, card)
        case PileReturned(seat=seat):
            hiker = game.hikers[seat]
            return _hiker(game, seat, hand=tuple(sorted((*hiker.hand, *hiker.played))), played=())
        case CampfireDrawn(seat=seat, cards=cards):
            game = _hiker(game, seat, drawn=cards)
            return changed(game, fire_deck=game.fire_deck[len(cards) :])
        case CampfireKept(seat=seat, card=card):
            hiker = game.hikers[seat]
            drawn = _without(hiker.drawn, card)
            return _hiker(game, seat, campfire=(*hiker.campfire, card), drawn=drawn)
        case CampfireReturned(seat=seat, cards=cards):
            game = _hiker(game, seat, drawn=())
            return changed(game, fire_deck=(*game.fire_deck, *cards))
        case EndTriggered(reasons=reasons):
            return changed(game, final_turns=game.seats + 1, end_reasons=reasons)
        case GameEnded(scores=scores):
            return changed(game, phase="over", final_scores=scores)
        case _:
            assert_never(event)


def _column_popped(game: Game, card: str) -> Game:
    columns = {k: tuple(c for c in v if c != card) for k, v in game.columns.items()}
    return changed(game, columns=MappingProxyType(columns))
