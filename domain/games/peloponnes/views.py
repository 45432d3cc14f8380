# cairn compile leaves this module interpreted: TypedDict views published as schemas
# (service/compiled.py).
"""What a seat or a spectator may see, and which events are hidden.

Everything on the table is public: every seat's mat and row of tiles, the rows with their
bids, the sea tiles, the disaster tiles and the chits drawn. Hidden are only the order of
each stack's undrawn tiles and of the undrawn chits (in the server-only StacksShuffled).
The view's shape is ``PeloponnesView``, which the OpenAPI document publishes.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from domain.core import PUBLIC, SERVER, Viewer
from domain.games.peloponnes.bidding import price
from domain.games.peloponnes.content.model import CHITS_TO_STRIKE, Disaster
from domain.games.peloponnes.events import Event, StacksShuffled
from domain.games.peloponnes.flow import to_act
from domain.games.peloponnes.scoring import breakdown, sides
from domain.games.peloponnes.state import Game, Phase, Realm

HIDDEN_ORDER_MIN = 3
"""Below this many items an undrawn order is no secret worth listing: a one- or two-item
list could equal a public list by coincidence."""


class Stake(TypedDict):
    seat: int
    amount: int


class Offer(TypedDict):
    """A tile of the auction or conquest row, its price now and the bid standing on it."""

    tile: str
    price: int
    bid: Stake | None


class Won(TypedDict):
    seat: int
    tile: str
    amount: int


class Bidding(TypedDict):
    bidder: int | None
    waiting: list[int]
    outbid: Stake | None
    withdrawn: list[int]
    sea_bought: list[int]


class Disasters(TypedDict):
    chits: dict[str, int]
    to_strike: int
    chits_left: int
    last_drawn: list[str]
    """The chits of the latest draw, face up in the order drawn, blanks included."""
    struck: list[Disaster]
    pending: list[Disaster]
    saving: Disaster | None


class TableauTile(TypedDict):
    tile: str
    kind: Literal["building", "civilization", "land"]
    unpaid: bool


class SeatView(TypedDict):
    """One seat's mat: its tracks (coins, goods, inhabitants), its row and its points."""

    seat: int
    civilization: str
    tracks: dict[str, int]
    tableau: list[TableauTile]
    sea: list[int]
    bonus_pp: int
    score: int
    score_parts: dict[str, int]


class PeloponnesView(TypedDict):
    """The table as one viewer sees it: all of it but the stacks' and chits' orders."""

    phase: Phase
    round: NotRequired[int]
    rounds: NotRequired[int]
    stack: NotRequired[str | None]
    order: NotRequired[list[int]]
    to_act: NotRequired[list[int]]
    awaiting: NotRequired[list[int]]
    tile_sets: NotRequired[list[str]]
    options: NotRequired[dict[str, Any]]
    stacks: NotRequired[dict[str, int]]
    auction: NotRequired[list[Offer]]
    conquest: NotRequired[list[Offer]]
    bidding: NotRequired[Bidding]
    won: NotRequired[list[Won]]
    sea_display: NotRequired[list[int]]
    supplies_due: NotRequired[int]
    disasters: NotRequired[Disasters]
    seats: NotRequired[list[SeatView]]
    you: NotRequired[int | None]
    scores: NotRequired[list[int]]


def view(game: Game, viewer: Viewer) -> PeloponnesView:
    if game.phase == "setup":
        return {"phase": "setup"}
    rounds = game.content.rounds
    out: PeloponnesView = {
        "phase": game.phase,
        "round": game.round,
        "rounds": len(rounds),
        "stack": rounds[game.round - 1] if 1 <= game.round <= len(rounds) else None,
        "order": list(game.order),
        "to_act": sorted(to_act(game)),
        "awaiting": list(game.awaiting),
        "tile_sets": sorted(game.tile_sets),
        "options": dict(game.options),
        "stacks": {letter: len(rest) for letter, rest in sorted(game.stacks.items())},
        "auction": [_offer(game, t) for t in game.auction],
        "conquest": [_offer(game, t) for t in game.conquest],
        "bidding": _bidding(game),
        "won": [{"seat": b.seat, "tile": b.tile, "amount": b.amount} for b in game.won],
        "sea_display": list(game.sea_display),
        "supplies_due": game.supplies_due,
        "disasters": _disasters(game),
        "seats": [_seat(game, s, r) for s, r in enumerate(game.realms)],
        "you": viewer,
    }
    if game.phase == "over":
        out["scores"] = list(game.final_scores)
    return out


def _offer(game: Game, tile: str) -> Offer:
    stake = game.bid_on(tile)
    return {
        "tile": tile,
        "price": price(game, tile),
        "bid": None if stake is None else {"seat": stake.seat, "amount": stake.amount},
    }


def _bidding(game: Game) -> Bidding:
    displaced = game.displaced
    return {
        "bidder": game.bidder if game.phase == "bidding" else None,
        "waiting": list(game.waiting) if game.phase == "bidding" else [],
        "outbid": None
        if displaced is None
        else {"seat": displaced.seat, "amount": displaced.amount},
        "withdrawn": sorted(game.withdrawn),
        "sea_bought": sorted(game.sea_bought),
    }


def _disasters(game: Game) -> Disasters:
    return {
        "chits": dict(game.chits_on),
        "to_strike": CHITS_TO_STRIKE,
        "chits_left": len(game.chit_pile),
        # drawn at the table for everyone to see (reference, A round 6); only the undrawn
        # pile's order is hidden
        "last_drawn": list(game.chits_drawn),
        "struck": list(game.struck),
        "pending": list(game.strikes),
        "saving": game.saving if game.phase == "disasters" else None,
    }


def _seat(game: Game, seat: int, realm: Realm) -> SeatView:
    """A seat's mat and its row in table order: buildings from the leftmost (the newest)
    to the civilization tile, then lands from it to the rightmost (the newest)."""
    seat_sides = sides(game, seat)
    tableau: list[TableauTile] = [
        {"tile": b, "kind": "building", "unpaid": b in realm.unpaid}
        for b in reversed(realm.buildings)
    ]
    tableau.append({"tile": realm.civilization, "kind": "civilization", "unpaid": False})
    tableau += [{"tile": land, "kind": "land", "unpaid": False} for land in realm.lands]
    return {
        "seat": seat,
        "civilization": realm.civilization,
        "tracks": realm.holding.as_dict(),
        "tableau": tableau,
        "sea": list(realm.sea),
        "bonus_pp": realm.bonus_pp,
        "score": seat_sides.score,
        "score_parts": {
            **breakdown(game, seat),
            "prestige": seat_sides.prestige,
            "population": seat_sides.population,
        },
    }


def visibility(event: Event) -> str:
    return SERVER if isinstance(event, StacksShuffled) else PUBLIC


def secrets(game: Game, viewer: Viewer) -> tuple[Any, ...]:
    hidden: list[Any] = [
        list(rest) for rest in game.stacks.values() if len(rest) >= HIDDEN_ORDER_MIN
    ]
    if len(game.chit_pile) >= HIDDEN_ORDER_MIN:
        hidden.append(list(game.chit_pile))
    return tuple(hidden)
