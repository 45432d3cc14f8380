"""decide(state, command) holds every rule check; evolve(state, event) only applies facts."""

from __future__ import annotations

from types import MappingProxyType
from typing import assert_never

from domain.core import Luck
from domain.games.peloponnes import bidding, disasters, flow, income, settle, supply
from domain.games.peloponnes.commands import (
    Bid,
    BuySeaTile,
    ChooseEndBonus,
    ChooseIncome,
    CollectIncome,
    Command,
    DrawChits,
    EndRound,
    MarkWithCoin,
    MoveBid,
    PayNow,
    PayUnpaid,
    RevealTiles,
    SaveTiles,
    ScoreGame,
    SettleBids,
    Strike,
    Supply,
    Withdraw,
)
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
from domain.games.peloponnes.state import Game, Realm, Stake, updated


def decide(game: Game, command: Command) -> tuple[Event, ...]:
    return step(game, command)[0]


def step(game: Game, command: Command) -> tuple[tuple[Event, ...], Game]:
    """``decide``'s events and the game they reach (``Rules.step``): ``follow`` evolves
    them to find the phases they complete, so the platform need not fold them again."""
    return follow(game, _decide(game, command))


def _decide(game: Game, command: Command) -> tuple[Event, ...]:
    match command:
        case Bid():
            return bidding.bid(game, command)
        case MoveBid():
            return bidding.move_bid(game, command)
        case Withdraw():
            return bidding.withdraw(game, command)
        case BuySeaTile():
            return bidding.buy_sea_tile(game, command)
        case PayNow():
            return settle.pay_now(game, command)
        case MarkWithCoin():
            return settle.mark_with_coin(game, command)
        case ChooseIncome():
            return income.choose_income(game, command)
        case SaveTiles():
            return disasters.save_tiles(game, command)
        case PayUnpaid():
            return supply.pay_unpaid(game, command)
        case ChooseEndBonus():
            return flow.choose_end_bonus(game, command)
        case RevealTiles():
            return flow.reveal_tiles(game)
        case Supply():
            return supply.supply(game)
        case SettleBids():
            return settle.settle_bids(game)
        case CollectIncome():
            return income.collect_income(game)
        case DrawChits():
            return disasters.draw_chits(game)
        case Strike():
            return disasters.strike(game)
        case EndRound():
            return flow.end_round(game)
        case ScoreGame():
            return flow.score_game(game)
        case _:
            assert_never(command)


def follow(game: Game, events: tuple[Event, ...]) -> tuple[tuple[Event, ...], Game]:
    """``events``, then the opening of each phase they complete (a consequence decided
    once, here, and stored: evolve never works out what comes next); and the game after
    them all."""
    after = game
    for event in events:
        after = evolve(after, event)
    opened: list[Event] = []
    while flow.is_complete(after):
        began = flow.next_phase(after)
        opened.append(began)
        after = evolve(after, began)
    return (*events, *opened), after


def _pop(game: Game, seat: int) -> tuple[int, ...]:
    """The seats still to decide once ``seat`` has (only if it was the one awaited)."""
    if game.awaiting and game.awaiting[0] == seat:
        return game.awaiting[1:]
    return game.awaiting


def _moved(game: Game, seat: int) -> tuple[int, ...]:
    """A seat's count of bids and purchases this round (``moves_this_round``). Passing and
    the decisions the rules ask of it are not counted: the platform's command cap then
    never keeps a seat from finishing what it must do."""
    return tuple(m + (i == seat) for i, m in enumerate(game.moves))


def evolve(game: Game, event: Event) -> Game:
    match event:
        # the most frequent facts first (counted over bot games): a match tries its cases in
        # order
        case PhaseBegan():
            return _phase_began(game, event)
        case BidPlaced():
            seat = event.seat
            displaced = game.bid_on(event.tile) if event.outbid is not None else None
            stake = Stake(tile=event.tile, seat=seat, amount=event.amount)
            bids = tuple(b for b in game.bids if b.tile != event.tile)
            return updated(
                game,
                bids=(*bids, stake),
                displaced=displaced,
                waiting=game.waiting[1:],
                moves=_moved(game, seat),
            )
        case TileTaken():
            realm = game.realm(event.seat)
            if game.content.tile(event.tile).kind == "building":
                realm = realm.add(event.change, buildings=(*realm.buildings, event.tile))
            else:
                realm = realm.add(event.change, lands=(*realm.lands, event.tile))
            return game.with_realm(event.seat, realm)
        case Compensated() | Fed() | Suffered():
            return game.add(event.seat, event.change)
        case BidMoved():
            stake = Stake(tile=event.tile, seat=event.seat, amount=event.amount)
            return updated(
                game, bids=(*game.bids, stake), displaced=None, moves=_moved(game, event.seat)
            )
        case Withdrew():
            seat = event.seat
            waiting = game.waiting if event.outbid else game.waiting[1:]
            return updated(
                game,
                displaced=None,
                waiting=waiting,
                withdrawn=game.withdrawn | {seat},
            )
        case SeaTileBought():
            seat = event.seat
            realm = game.realm(seat)
            return game.with_realm(
                seat,
                realm.add(event.change, sea=(*realm.sea, event.tile)),
                sea_display=tuple(t for t in game.sea_display if t != event.tile),
                sea_bought=game.sea_bought | {seat},
                moves=_moved(game, seat),
            )
        case TilesRevealed():
            stacks = dict(game.stacks)
            stacks[event.stack] = stacks[event.stack][len(event.auction) + len(event.conquest) :]
            return updated(
                game,
                stacks=MappingProxyType(stacks),
                auction=event.auction,
                conquest=event.conquest,
                supplies_due=game.supplies_due + event.supplies,
                resolved=True,
            )
        case BidsSettled():
            return updated(
                game,
                won=event.won,
                bids=(),
                auction=(),
                conquest=(),
                awaiting=event.awaiting,
                resolved=True,
            )
        case BuildingPaid():
            realm = game.realm(event.seat)
            unpaid = tuple(u for u in realm.unpaid if u != event.tile)
            return game.with_realm(
                event.seat,
                realm.add(event.change, unpaid=unpaid),
                awaiting=_pop(game, event.seat),
            )
        case BuildingMarked():
            realm = game.realm(event.seat)
            return game.with_realm(
                event.seat,
                realm.add(event.change, unpaid=(*realm.unpaid, event.tile)),
                awaiting=_pop(game, event.seat),
            )
        case IncomeCollected():
            realms = tuple(r.add(c) for r, c in zip(game.realms, event.changes, strict=True))
            return updated(game, realms=realms, awaiting=event.awaiting, resolved=True)
        case IncomeChosen():
            return game.with_realm(
                event.seat,
                game.realm(event.seat).add(event.change),
                awaiting=_pop(game, event.seat),
            )
        case ChitsDrawn():
            on = dict(game.chits_on)
            for chit in event.chits:
                if chit in on:
                    on[chit] += 1
            return updated(
                game,
                chit_pile=game.chit_pile[len(event.chits) :],
                chits_on=MappingProxyType(on),
                chits_drawn=event.chits,
                strikes=(*game.strikes, *event.strikes),
                resolved=True,
            )
        case DisasterStruck():
            return updated(
                game,
                strikes=game.strikes[1:],
                struck=(*game.struck, event.disaster),
                saving=event.disaster,
                awaiting=event.awaiting,
            )
        case TilesSaved():
            realm = game.realm(event.seat).add(event.change).without(event.lost)
            return game.with_realm(
                event.seat,
                realm,
                awaiting=_pop(game, event.seat),
            )
        case TilesLost():
            return game.with_realm(event.seat, game.realm(event.seat).without(event.tiles))
        case SupplyHeld():
            due = game.supplies_due - (game.phase != "final_supply")
            return updated(game, awaiting=event.awaiting, resolved=True, supplies_due=due)
        case UnpaidSettled():
            realm = game.realm(event.seat).add(event.change).without(event.lost)
            realm = updated(realm, unpaid=tuple(u for u in realm.unpaid if u not in event.paid))
            return game.with_realm(
                event.seat,
                realm,
                awaiting=_pop(game, event.seat),
            )
        case RoundEnded():
            return updated(game, order=event.order, resolved=True)
        case EndBonusChosen():
            realm = game.realm(event.seat)
            realm = realm.add(
                event.change,
                bonus_pp=realm.bonus_pp + event.pp,
                end_chosen=(*realm.end_chosen, event.tile),
            )
            return game.with_realm(
                event.seat,
                realm,
                awaiting=_pop(game, event.seat),
            )
        case GameEnded():
            return updated(game, phase="over", final_scores=event.scores, resolved=True)
        case GameBegan():
            return _began(game, event)
        case StacksShuffled():
            return updated(
                game,
                stacks=event.stacks,
                chit_pile=event.chits,
                luck=Luck(game.luck.seed, event.counter),
            )
        case _:
            assert_never(event)


def _began(game: Game, event: GameBegan) -> Game:
    content = game.content
    realms = tuple(
        Realm(civilization=name, holding=content.civilizations[name].start)
        for name in event.civilizations
    )
    chits = MappingProxyType({k: 0 for k in content.chits if k != "blank"})
    return updated(
        game,
        realms=realms,
        order=event.order,
        tile_sets=event.tile_sets,
        sea_display=event.sea_display,
        chits_on=chits,
        moves=(0,) * game.seats,
        luck=Luck(game.luck.seed, event.counter),
    )


def _phase_began(game: Game, event: PhaseBegan) -> Game:
    if event.phase == "reveal":
        return updated(
            game,
            phase=event.phase,
            round=event.round,
            awaiting=event.awaiting,
            resolved=False,
            won=(),
            sea_bought=frozenset(),
            withdrawn=frozenset(),
            saving=None,
            moves=(0,) * game.seats,
        )
    if event.phase == "bidding":
        return updated(
            game,
            phase=event.phase,
            round=event.round,
            awaiting=event.awaiting,
            resolved=False,
            waiting=game.order,
            bids=(),
            displaced=None,
        )
    return updated(
        game, phase=event.phase, round=event.round, awaiting=event.awaiting, resolved=False
    )
