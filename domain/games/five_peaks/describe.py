"""Events in words, for replays and feeds. Hidden draws are described by count only."""

from __future__ import annotations

from typing import assert_never

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
from domain.games.five_peaks.geometry import label


def _amounts(amounts: object) -> str:
    items = dict(amounts)  # type: ignore[call-overload]
    return ", ".join(f"{n} {k}" for k, n in sorted(items.items())) or "nothing"


def describe(event: Event) -> str:
    match event:
        case GameSetUp(market=market, columns=columns):
            return f"the hike begins; market {', '.join(market)}; panoramas {''.join(columns)}"
        case PilesShuffled():
            return "the face-down piles are shuffled"
        case CardPlayed(seat=s, card=card, option=option):
            return f"seat {s} plays {card}" + (f" (option {option + 1})" if option else "")
        case StageBegan(seat=s, stage=stage):
            return f"seat {s} now resolves: {stage.kind}"
        case PawnMoved(seat=s, to=to):
            return f"seat {s} moves to {to.label}"
        case ResourcesMoved(seat=s, paid=paid, gained=gained):
            return f"seat {s} pays {_amounts(paid)} and gains {_amounts(gained)}"
        case ResourceLeft(at=at, resource=r):
            return f"a {r} is left on {at.label}"
        case LeftTaken(seat=s, at=at, resources=r):
            return f"seat {s} takes {_amounts(r)} left on {at.label}"
        case TileRevealed(seat=s, tile=tile):
            return f"seat {s} draws terrain tile {tile}"
        case TilePlaced(seat=s, tile=tile, x=x, y=y, rotation=r):
            return f"seat {s} places {tile} at {label(x, y)}, turned {r * 90} degrees"
        case PeakPlaced(seat=s, peak=peak, at=at, terrain=t, bonus=bonus):
            extra = " (bonus)" if bonus else ""
            return f"seat {s} places {peak}{extra} at {at.label} and a {t} badge"
        case StonePlaced(seat=s, stone=stone, at=at):
            return f"seat {s} places its {stone} stone on {at.label}"
        case RewardsDue(seat=s, rewards=rewards):
            return f"seat {s} earns {', '.join(r.kind for r in rewards)}"
        case RewardDone(seat=s):
            return f"seat {s} is done with a reward"
        case MarketTaken(seat=s, card=card, cost=cost):
            return f"seat {s} takes {card} from the market" + (f" for {cost}" if cost else " free")
        case MarketRefilled(cards=cards):
            return f"the market gets {', '.join(cards) or 'nothing'}"
        case MarketCycled(seat=s):
            return f"seat {s} puts the market under the deck"
        case CardBoxed(seat=s, card=card):
            return f"seat {s} boxes {card}"
        case PanoramaBought(seat=s, card=card):
            return f"seat {s} buys panorama {card}"
        case PanoramaBoxed(card=card):
            return f"panorama {card} goes to the box"
        case PileReturned(seat=s):
            return f"seat {s} takes its played cards back"
        case CampfireDrawn(seat=s, cards=cards):
            return f"seat {s} draws {len(cards)} campfire cards"
        case CampfireKept(seat=s, card=card):
            return f"seat {s} keeps campfire card {card}"
        case CampfireReturned(seat=s, cards=cards):
            return f"seat {s} returns {len(cards)} campfire cards under the deck"
        case TurnEnded(seat=s, next=n):
            return f"seat {s} ends its turn; seat {n} is next"
        case EndTriggered(seat=s, reasons=reasons):
            return f"seat {s} triggers the end ({', '.join(reasons)}): final turns follow"
        case GameEnded(scores=scores):
            return f"the hike is over: {', '.join(map(str, scores))}"
        case _:
            assert_never(event)
