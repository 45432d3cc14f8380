"""Scores: the lower of prestige (tiles plus a point per 3 coins) and 3 per inhabitant.

Reference, End of game and score: "Score = the lower of: prestige points on tiles plus one
prestige point per 3 coins, rounded down; 3 x inhabitants." "Adopted tie-break: the higher
of the two values wins. If that is also tied, the victory is shared." (the ``tie_break``
option can share every tie instead).
"""

from __future__ import annotations

from types import MappingProxyType

from domain.core import Result, Score
from domain.games.peloponnes.civilization import tile_prestige
from domain.games.peloponnes.state import Game

COINS_PER_PRESTIGE = 3
PRESTIGE_PER_INHABITANT = 3


def breakdown(game: Game, seat: int) -> dict[str, int]:
    realm = game.realm(seat)
    bonus = realm.bonus_pp
    tiles = tile_prestige(game, realm) - bonus
    coins = realm.holding.coins // COINS_PER_PRESTIGE
    prestige = tiles + bonus + coins
    population = PRESTIGE_PER_INHABITANT * realm.holding.inhabitants
    return {
        "tiles": tiles,
        "bonus": bonus,
        "coins": coins,
        "prestige": prestige,
        "population": population,
    }


def score_of(parts: dict[str, int]) -> int:
    return min(parts["prestige"], parts["population"])


def scores(game: Game) -> tuple[Score, ...]:
    """Each seat's score if the game ended now (running totals for the view)."""
    if not game.realms:
        return ()
    parts = [breakdown(game, s) for s in range(game.seats)]
    return tuple(Score(total=score_of(p), breakdown=MappingProxyType(p)) for p in parts)


def final_scores(game: Game) -> tuple[int, ...]:
    return tuple(score_of(breakdown(game, s)) for s in range(game.seats))


def _key(game: Game, seat: int) -> tuple[int, ...]:
    parts = breakdown(game, seat)
    if game.options.get("tie_break", "higher_value") == "shared":
        return (score_of(parts),)
    return score_of(parts), max(parts["prestige"], parts["population"])


def final_ranks(game: Game) -> tuple[int, ...]:
    """Competition ranks over (score, the higher of the two values): seats equal on both
    share a rank."""
    keys = [_key(game, s) for s in range(game.seats)]
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


def result(game: Game) -> Result | None:
    if game.phase != "over":
        return None
    parts = tuple(MappingProxyType(breakdown(game, s)) for s in range(game.seats))
    return Result(
        scores=game.final_scores,
        ranks=final_ranks(game),
        breakdown=parts,
        verdict=MappingProxyType({"tie_break": game.options.get("tie_break", "higher_value")}),
    )
