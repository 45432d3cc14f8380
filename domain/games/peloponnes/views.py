"""What a seat or a spectator may see, and which events are hidden.

Everything on the table is public: every seat's mat and row of tiles, the rows with their
bids, the sea tiles, the disaster tiles and the chits drawn. Hidden are only the order of
each stack's undrawn tiles and of the undrawn chits (in the server-only StacksShuffled).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import PUBLIC, SERVER, Viewer
from domain.games.peloponnes.bidding import price
from domain.games.peloponnes.content.model import CHITS_TO_STRIKE
from domain.games.peloponnes.events import Event, StacksShuffled
from domain.games.peloponnes.flow import to_act
from domain.games.peloponnes.scoring import breakdown, sides
from domain.games.peloponnes.state import Game, Realm

HIDDEN_ORDER_MIN = 3
"""Below this many items an undrawn order is no secret worth listing: a one- or two-item
list could equal a public list by coincidence."""


def view(game: Game, viewer: Viewer) -> Mapping[str, Any]:
    if game.phase == "setup":
        return {"phase": "setup"}
    rounds = game.content.rounds
    out: dict[str, Any] = {
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


def _offer(game: Game, tile: str) -> dict[str, Any]:
    stake = game.bid_on(tile)
    return {
        "tile": tile,
        "price": price(game, tile),
        "bid": None if stake is None else {"seat": stake.seat, "amount": stake.amount},
    }


def _bidding(game: Game) -> dict[str, Any]:
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


def _disasters(game: Game) -> dict[str, Any]:
    return {
        "chits": dict(game.chits_on),
        "to_strike": CHITS_TO_STRIKE,
        "chits_left": len(game.chit_pile),
        "struck": list(game.struck),
        "pending": list(game.strikes),
        "saving": game.saving if game.phase == "disasters" else None,
    }


def _seat(game: Game, seat: int, realm: Realm) -> dict[str, Any]:
    """A seat's mat and its row in table order: buildings from the leftmost (the newest)
    to the civilization tile, then lands from it to the rightmost (the newest)."""
    seat_sides = sides(game, seat)
    tableau = [
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
