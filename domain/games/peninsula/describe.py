"""Events in words, for replays: "seat 2 drew a village at C4, street to C5"."""

from __future__ import annotations

from typing import assert_never

from domain.core import GameCreated, Reseeded, SeedRevealed, SeedSealed
from domain.games.peninsula.cards import card_label
from domain.games.peninsula.events import (
    ActionsEnded,
    ArchitectMoved,
    BridgeBuilt,
    CardDrafted,
    CardRevealed,
    CardsFlipped,
    CoastSteepened,
    Event,
    FinalWindowOpened,
    GameEnded,
    GameSetUp,
    HarborDrawn,
    HarborTicketsGained,
    IconChanged,
    IconDrawn,
    IconFilled,
    IconsChosen,
    IconTraded,
    LandmarkBonusUsed,
    LandmarkUnlocked,
    LifesaverUsed,
    MissionClaimed,
    PileShuffled,
    RoundEnded,
    StackTopShown,
    TicketUnlocked,
)


def describe(event: Event) -> str:
    match event:
        case GameCreated(seats=seats):
            return f"a game of Peninsula for {seats} seat{'s' * (seats != 1)} was created"
        case SeedSealed():
            return "the seed was sealed"
        case Reseeded():
            return "the game was reseeded: the undrawn cards will come in a new order"
        case SeedRevealed(seed=seed):
            return f"the seed was revealed: {seed}"
        case GameSetUp():
            return _set_up(event)
        case PileShuffled(order=order):
            return f"the {len(order)} undrawn icon cards were shuffled"
        case StackTopShown(card=card):
            return f"the next card of the pile is {card_label(card)}"
        case CardDrafted(seat=seat, kept=kept, left=left):
            return f"seat {seat} drafted {kept}/{left}, keeping the {kept} and leaving the {left}"
        case IconsChosen(seat=seat, icons=icons, lifesaver=lifesaver):
            how = " with a lifesaver, across the river" if lifesaver else ""
            return f"seat {seat} chose the {icons[0]} and the {icons[1]}{how}"
        case LifesaverUsed(seat=seat, icon=icon):
            return f"seat {seat} crossed off a lifesaver to take the {icon}"
        case LandmarkBonusUsed(seat=seat, landmark=n, bonus=bonus):
            return f"seat {seat} used the {bonus.replace('_', ' ')} bonus of landmark {n}"
        case IconDrawn(seat=seat, icon=icon, at=at, arrow=arrow, segments=segments):
            return f"seat {seat} drew a {icon} at {at}{_drawn_extra(icon, arrow, segments)}"
        case IconTraded(seat=seat, icon=icon):
            return f"seat {seat} traded the {icon} for a move"
        case IconChanged(seat=seat, icon=icon, into=into):
            return f"seat {seat} turned the {icon} into a {into} with the rainbow"
        case ArchitectMoved(seat=seat, path=path, by=by, ticket=ticket):
            via = " via " + ", ".join(str(h) for h in path[:-1]) if len(path) > 1 else ""
            spent = f", using ticket {ticket}" if ticket else ""
            return f"seat {seat} moved to {path[-1]} by {by.replace('_', ' ')}{via}{spent}"
        case LandmarkUnlocked(seat=seat, landmark=n):
            return f"seat {seat} unlocked landmark {n}"
        case IconFilled(seat=seat, at=at, icon=icon):
            return f"seat {seat} filled the {icon} at {at}"
        case TicketUnlocked(seat=seat, ticket=ticket, kind=kind, reason=reason):
            why = {"missions": "two missions", "forest3": "a 3rd forest", "forest5": "a 5th forest"}
            return f"seat {seat} unlocked {kind} ticket {ticket} for {why[reason]}"
        case MissionClaimed(seat=seat, mission=letter, icon=icon, placement=placement, vp=vp):
            where = ", ".join(str(h) for h in placement)
            return f"seat {seat} claimed mission {letter} ({vp} VP) with the {icon} at {where}"
        case HarborTicketsGained(seat=seat, count=count):
            return f"seat {seat} gained {count} harbor tickets for this round"
        case HarborDrawn(seat=seat, sea=sea, land=land):
            return f"seat {seat} drew a harbor at {sea} linked to {land}"
        case CoastSteepened(seat=seat, at=at, segments=segments):
            return f"seat {seat} doubled the cliffs at {at} to {segments} segments"
        case BridgeBuilt(seat=seat, a=a, b=b):
            return f"seat {seat} built a bridge between {a} and {b}"
        case ActionsEnded(seat=seat):
            return f"seat {seat} ended its actions"
        case RoundEnded(round=n, next_active=active):
            return f"round {n} ended; seat {active} is the active seat"
        case CardRevealed(card=card):
            return f"{card_label(card)} was revealed"
        case CardsFlipped(cards=cards):
            lefts = " and ".join(c[0] for c in cards)
            rights = " and ".join(c[1] for c in cards)
            return f"two cards were flipped: {lefts} left of the river, {rights} right of it"
        case FinalWindowOpened(rounds=rounds):
            return f"the pile is empty: the game ends after {rounds} rounds; last fills and claims"
        case GameEnded(scores=scores):
            return "the game ended: " + ", ".join(f"seat {i} {s} VP" for i, s in enumerate(scores))
        case _:
            assert_never(event)


def _set_up(event: GameSetUp) -> str:
    missions = ", ".join(event.missions) or "none"
    challenge = f"challenge {event.challenge}; " if event.challenge else ""
    return (
        f"{challenge}{event.mode} game on map {event.map}; missions {missions}; "
        f"{len(event.removed)} cards removed; seat {event.start_seat} starts"
    )


def _drawn_extra(icon: str, arrow: object, segments: int) -> str:
    if icon == "village":
        return f", street to {arrow}"
    if icon == "boat":
        return f", canal to {arrow}"
    if icon == "cliffs":
        return f" ({segments} segments)"
    return ""
