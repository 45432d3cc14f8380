"""Predicates: what makes each command illegal now, shared by ``decide`` and
``legal_commands`` (in ``rules``). A problem is a stable code and a message a player
understands."""

from __future__ import annotations

from domain.games.five_peaks import board as b
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
from domain.games.five_peaks.content import BASICS, CONTAINERS, RESOURCES
from domain.games.five_peaks.frozen import held, stack_at
from domain.games.five_peaks.state import Game

Problem = tuple[str, str] | None
ILLEGAL = "illegal_action"
WRONG = "wrong_phase"
STAGE_OF = {
    Move: ("move", "shortcut", "bike", "glide"),
    PlaceTile: ("tile",),
    TakeLeft: ("space",),
    Collect: ("space",),
    Exchange: ("space",),
    Convert: ("space",),
    PlaceStone: ("space",),
    Forage: ("forage",),
    Harvest: ("harvest",),
    Pack: ("pack",),
    BoxCard: ("box",),
    Refresh: ("observe",),
    BuyPanorama: ("camp",),
    Rest: ("camp",),
    PlayCard: ("play",),
}
REWARD_COMMANDS = (TakeCard, DrawCampfire, PlacePeak)


def problem(game: Game, command: Command) -> Problem:
    seat = command.seat
    if game.phase != "play":
        return (WRONG, "the game is not being played")
    if not 0 <= seat < game.seats or seat != game.turn:
        return ("not_your_turn", f"it is seat {game.turn}'s turn")
    return seat_problem(game, command, b.is_over_limit(game, seat))


def seat_problem(game: Game, command: Command, over_limit: bool) -> Problem:
    """``problem`` for the seat to act, once the phase and the turn are known to be right;
    ``over_limit``: whether its backpack is over its limit (asked once per list of
    candidates by ``legal_commands``)."""
    seat = command.seat
    if over_limit:
        if not isinstance(command, Discard):
            return ("backpack_full", "your backpack is over its limit: put resources back first")
        return None if held(game.hikers[seat], command.resource) else (ILLEGAL, "you hold none")
    if game.hikers[seat].drawn:
        if not isinstance(command, KeepCampfire):
            return (WRONG, "choose which campfire card to keep first")
        return _keep_problem(game, command)
    if isinstance(command, BuyContainer):
        return _container_problem(game, command)
    if game.rewards:
        if isinstance(command, Pass):
            return None
        if not isinstance(command, REWARD_COMMANDS):
            return (WRONG, "resolve or forgo your reward first")
        return _reward_problem(game, command)
    return _stage_problem(game, command)


def _stage_problem(game: Game, command: Command) -> Problem:
    stage = game.stage
    if isinstance(command, Pass):
        if stage.kind in ("play", "tile", "camp"):
            return (WRONG, f"you cannot pass now: {_what(stage.kind)}")
        return None
    if isinstance(command, TakeCard):
        if stage.kind != "buy":
            return (WRONG, "you are not taking a market card now")
        return _market_problem(game, command, free=False)
    if isinstance(command, (Discard, KeepCampfire, DrawCampfire, PlacePeak)):
        return (WRONG, "there is nothing of that kind to resolve now")
    if stage.kind not in STAGE_OF[type(command)]:
        return (WRONG, f"not now: {_what(stage.kind)}")
    return action_problem(game, command)


def _what(kind: str) -> str:
    return {
        "play": "play a card from your hand",
        "tile": "place the revealed terrain tile",
        "camp": "buy a panorama or rest",
    }.get(kind, f"you are resolving {kind}")


def action_problem(game: Game, command: Command) -> Problem:
    """The command's own check, once the seat, its backpack, a campfire draw, its rewards
    and the stage are known to allow a command of its kind (``seat_problem``'s last step)."""
    seat, hiker, stage = command.seat, game.hikers[command.seat], game.stage
    match command:
        case PlayCard(card=card, option=option):
            return play_problem(game, seat, card, option)
        case Move(to=to):
            return (
                None if to in b.reachable(game, seat) else (ILLEGAL, "your pawn cannot stop there")
            )
        case PlaceTile(corner=corner, rotation=rotation):
            if rotation not in (0, 1, 2, 3):
                return ("invalid_command", "a rotation is 0 to 3 quarter turns")
            spots = {s[0] for s in b.tile_spots(game, seat)}
            return None if corner in spots else (ILLEGAL, "the tile cannot touch that corner")
        case TakeLeft():
            if stage.resolved:
                return (ILLEGAL, "left resources are taken before resolving the space")
            return None if game.left.get(b.pawn(game, seat)) else (ILLEGAL, "nothing is left here")
        case Collect():
            space = b.space_here(game, seat)
            if space.kind not in ("resource", "half", "bike") or not space.gives:
                return (ILLEGAL, "this space gives no resources")
            return (ILLEGAL, "you already resolved this space") if stage.resolved else None
        case Exchange():
            return _exchange_problem(game, seat)
        case Convert(give=give, take=take):
            if b.space_here(game, seat).kind != "container":
                return (ILLEGAL, "this is not a container exchange space")
            if give not in CONTAINERS or take not in CONTAINERS or give == take:
                return (ILLEGAL, "swap a basket, jar or pouch for a different one")
            if not held(hiker, give) or not game.bank.get(take):
                return (ILLEGAL, "you need the container and the bank one of the other")
            return None
        case PlaceStone(stone=stone):
            return _stone_problem(game, seat, stone)
        case Forage(resource=resource):
            ok = resource in BASICS and held(hiker, resource) > 0
            return None if ok else (ILLEGAL, "forage a mushroom, berry or herb you hold")
        case Harvest(resource=resource):
            if stage.count <= 0:
                return (ILLEGAL, "no harvest left on this card")
            ok = resource in BASICS and game.bank.get(resource, 0) > 0
            return None if ok else (ILLEGAL, "the bank has none of that")
        case Pack():
            trade = b.option_of(game, stage)
            if held(hiker, trade.give) < trade.count or not game.bank.get(trade.take):
                return (
                    ILLEGAL,
                    f"you need {trade.count} {trade.give} and a {trade.take} in the bank",
                )
            return None
        case BoxCard(card=card):
            spec = b.content(game).cards.get(card)
            if spec is None or card not in hiker.hand or spec.starting:
                return (ILLEGAL, "box a hiking card from your hand, not a starting card")
            return None
        case Refresh():
            return None if game.market or game.deck else (ILLEGAL, "there are no cards to cycle")
        case BuyPanorama(card=card):
            return _panorama_problem(game, seat, card)
        case Rest():
            return None
        case _:
            return (WRONG, "not now")


def play_problem(game: Game, seat: int, card: str, option: int) -> Problem:
    pack = b.content(game)
    if card not in game.hikers[seat].hand:
        return (ILLEGAL, "that card is not in your hand")
    spec = pack.cards[card]
    # the campfire "twice" variant is the one option past the card's own: the campfire
    # cards are asked about it alone, not at every option (``legal_commands`` asks each)
    n = len(spec.options)
    if not 0 <= option < n and not (option == n and _twice(game, seat, card)):
        return (ILLEGAL, "that card has no such option")
    if option < len(spec.options) and spec.options[option].effect == "place_tile":
        if not game.terrain_stack:
            return (ILLEGAL, "the terrain tile pile is empty")
        if not b.tile_spots(game, seat):
            return (ILLEGAL, "no new tile can touch your pawn's tile")
    return None


def _twice(game: Game, seat: int, card: str) -> bool:
    return any(f.card == card for f in b.fires(game, seat, "twice"))


def _exchange_problem(game: Game, seat: int) -> Problem:
    space = b.space_here(game, seat)
    if space.kind != "exchange":
        return (ILLEGAL, "this is not a resource exchange space")
    if not b.can_pay(game, seat, dict(space.pay)):
        return (ILLEGAL, "you cannot pay this exchange")
    if b.bank_backs_exchanges(game):
        short = _short_of(game, space.gain)
        if short:
            return (ILLEGAL, short)
    if dict(space.gain).get("peak") and not b.peak_spots(game, seat):
        return (ILLEGAL, "no peak tile can be placed beside your pawn's tile")
    return None


def _short_of(game: Game, gain: tuple[tuple[str, int], ...]) -> str:
    """Why an exchange would take the seat's payment for something it cannot have, or ""."""
    for word, n in gain:
        if word in RESOURCES and game.bank.get(word, 0) < n:
            left = game.bank.get(word, 0)
            return f"the bank has {left or 'no'} {word} left: this exchange gives {n}"
        if word == "market" and not game.market:
            return "the market is empty: this exchange gives a market card"
        if word == "campfire" and not game.fire_deck:
            return "the campfire deck is empty: this exchange gives a campfire card"
    return ""


def _stone_problem(game: Game, seat: int, stone: str) -> Problem:
    stack = stack_at(game, b.pawn(game, seat))
    if stack is None:
        return (ILLEGAL, "stones go on peak spaces")
    if game.stage.stoned:
        return (ILLEGAL, "one stone per stop")
    if stone not in game.hikers[seat].stones:
        return (ILLEGAL, "you have no such stone left")
    if any(s == seat for s, _ in stack.stones):
        return (ILLEGAL, "you already have a stone on this peak")
    if stack.stones:
        pack = b.content(game)
        if pack.stone(stone).size >= pack.stone(stack.stones[-1][1]).size:
            return (ILLEGAL, "only a smaller stone goes on another seat's stone")
    return None


def _panorama_problem(game: Game, seat: int, card: str) -> Problem:
    pack = b.content(game)
    if card not in {c for row in game.columns.values() for c in row}:
        return (ILLEGAL, "that panorama card is not revealed")
    spec = pack.panoramas[card]
    if spec.rank != b.next_rank(game, seat):
        return (ILLEGAL, f"your next panorama must be rank {b.next_rank(game, seat)}")
    return None if b.can_pay(game, seat, spec.cost) else (ILLEGAL, "you cannot pay its cost")


def _market_problem(game: Game, command: TakeCard, free: bool) -> Problem:
    if not 0 <= command.index < len(game.market):
        return (ILLEGAL, "no market card there")
    cost = b.content(game).cards[game.market[command.index]].cost
    if not free and game.hikers[command.seat].endorphins < cost:
        return (ILLEGAL, f"that card costs {cost} endorphins")
    return None


def _reward_problem(game: Game, command: Command) -> Problem:
    head = game.rewards[0]
    match command:
        case TakeCard():
            if head.kind != "market":
                return (WRONG, f"your next reward is a {head.kind}")
            return _market_problem(game, command, free=True)
        case DrawCampfire():
            if head.kind != "campfire":
                return (WRONG, f"your next reward is a {head.kind}")
            return None if game.fire_deck else (ILLEGAL, "the campfire deck is empty")
        case PlacePeak(at=at, terrain=terrain):
            if head.kind != "peak":
                return (WRONG, f"your next reward is a {head.kind}")
            spots = b.peak_spots(game, command.seat, head.terrain)
            return None if (at, terrain) in spots else (ILLEGAL, "a peak cannot go there")
        case _:
            return (WRONG, "resolve or forgo your reward first")


def _keep_problem(game: Game, command: KeepCampfire) -> Problem:
    drawn = list(game.hikers[command.seat].drawn)
    if command.card not in drawn:
        return (ILLEGAL, "keep one of the cards you drew")
    drawn.remove(command.card)
    if sorted(command.returned) != sorted(drawn):
        return (ILLEGAL, "return every other drawn card, each once")
    return None


def _container_problem(game: Game, command: BuyContainer) -> Problem:
    offers = b.fires(game, command.seat, "buy_container")
    if not offers:
        return (ILLEGAL, "you have no campfire card for that")
    if command.resource not in offers[0].containers or not game.bank.get(command.resource):
        return (ILLEGAL, "the bank has no such container")
    if game.hikers[command.seat].endorphins < offers[0].amount:
        return (ILLEGAL, f"that costs {offers[0].amount} endorphins")
    return None
