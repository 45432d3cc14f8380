"""Events in words, for replays and feeds. Never names anything hidden."""

from __future__ import annotations

from typing import assert_never

from domain.games.peloponnes.events import (
    BidMoved,
    BidPlaced,
    BidsSettled,
    BuildingMarked,
    BuildingPaid,
    ChitsDrawn,
    Compensated,
    DisasterStruck,
    EndBonusChosen,
    Event,
    Fed,
    GameBegan,
    GameEnded,
    IncomeChosen,
    IncomeCollected,
    PhaseBegan,
    RoundEnded,
    SeaTileBought,
    StacksShuffled,
    Suffered,
    SupplyHeld,
    TilesLost,
    TilesRevealed,
    TilesSaved,
    TileTaken,
    UnpaidSettled,
    Withdrew,
)
from domain.games.peloponnes.goods import Goods


def goods_words(change: Goods) -> str:
    parts = [f"{v:+d} {k}" for k, v in change.nonzero().items()]
    return ", ".join(parts) or "nothing"


def _tiles(tiles: tuple[str, ...]) -> str:
    return ", ".join(tiles) or "none"


def describe(event: Event) -> str:
    match event:
        case GameBegan():
            civs = ", ".join(f"seat {s} {c}" for s, c in enumerate(event.civilizations))
            sea = f"; sea tiles {list(event.sea_display)}" if event.sea_display else ""
            return f"Civilizations: {civs}; turn order {list(event.order)}{sea}"
        case StacksShuffled():
            return "The stacks and the disaster chits are shuffled face down"
        case PhaseBegan():
            return f"Round {event.round}: {event.phase.replace('_', ' ')}"
        case TilesRevealed():
            conquest = f"; conquest row {_tiles(event.conquest)}" if event.conquest else ""
            supply = f"; {event.supplies} supply symbol(s)" if event.supplies else ""
            return f"Stack {event.stack}: auction row {_tiles(event.auction)}{conquest}{supply}"
        case SeaTileBought():
            return f"Seat {event.seat} buys sea tile {event.tile} ({goods_words(event.change)})"
        case BidPlaced():
            beat = f", outbidding seat {event.outbid}" if event.outbid is not None else ""
            return f"Seat {event.seat} bids {event.amount} on {event.tile}{beat}"
        case BidMoved():
            return f"Seat {event.seat} moves its {event.amount} coins onto {event.tile}"
        case Withdrew():
            return f"Seat {event.seat} {'withdraws' if event.outbid else 'passes'}"
        case BidsSettled():
            won = ", ".join(f"seat {b.seat} {b.tile} for {b.amount}" for b in event.won)
            return f"Bidding over: {won or 'no tile won'}; removed {_tiles(event.discarded)}"
        case TileTaken():
            return f"Seat {event.seat} places {event.tile} ({goods_words(event.change)})"
        case Compensated():
            return f"Seat {event.seat} took no tile: {goods_words(event.change)}"
        case BuildingPaid():
            return f"Seat {event.seat} pays for {event.tile} ({goods_words(event.change)})"
        case BuildingMarked():
            return f"Seat {event.seat} marks {event.tile} with a coin, to pay at the next supply"
        case IncomeCollected():
            return "Income: " + "; ".join(
                f"seat {s} {goods_words(c)}" for s, c in enumerate(event.changes)
            )
        case IncomeChosen():
            return f"Seat {event.seat} chooses {', '.join(event.goods)} as income"
        case ChitsDrawn():
            strikes = f"; {', '.join(event.strikes)} strikes" if event.strikes else ""
            return f"Disaster chits drawn: {', '.join(event.chits)}{strikes}"
        case DisasterStruck():
            immune = f" (immune: seats {list(event.immune)})" if event.immune else ""
            return f"{event.disaster.capitalize()} strikes{immune}"
        case Suffered():
            return f"Seat {event.seat} suffers the {event.disaster}: {goods_words(event.change)}"
        case TilesSaved():
            lost = f", loses {_tiles(event.lost)}" if event.lost else ""
            return f"Seat {event.seat} saves {_tiles(event.tiles)} from the {event.disaster}{lost}"
        case TilesLost():
            return f"Seat {event.seat} loses {_tiles(event.tiles)} ({event.reason})"
        case Fed():
            starved = f"; {event.starved} starve" if event.starved else ""
            return f"Seat {event.seat} feeds its people: {goods_words(event.change)}{starved}"
        case SupplyHeld():
            return "Supply: the inhabitants are fed"
        case UnpaidSettled():
            lost = f", loses {_tiles(event.lost)}" if event.lost else ""
            return f"Seat {event.seat} pays for {_tiles(event.paid)}{lost}"
        case RoundEnded():
            return f"Round {event.round} ends; next turn order {list(event.order)}"
        case EndBonusChosen():
            what = f"{event.pp} prestige" if event.pp else goods_words(event.change)
            return f"Seat {event.seat} takes {what} from {event.tile}"
        case GameEnded():
            return "Game over: " + ", ".join(
                f"seat {s} scores {score} (rank {rank})"
                for s, (score, rank) in enumerate(zip(event.scores, event.ranks, strict=True))
            )
        case _:
            assert_never(event)
