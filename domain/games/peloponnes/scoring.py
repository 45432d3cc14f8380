"""Scores: the lower of prestige (tiles plus a point per 3 coins) and 3 per inhabitant.

Reference, End of game and score: "Score = the lower of: prestige points on tiles plus one
prestige point per 3 coins, rounded down; 3 x inhabitants." "Adopted tie-break: the higher
of the two values wins. If that is also tied, the victory is shared." (the ``tie_break``
option can share every tie instead).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from domain.core import Result, Score
from domain.games.peloponnes.civilization import tile_prestige
from domain.games.peloponnes.state import Game

COINS_PER_PRESTIGE = 3
PRESTIGE_PER_INHABITANT = 3


@dataclass(frozen=True)
class Sides:
    """The two values a seat's score is the lower of."""

    tiles: int
    bonus: int
    coins: int
    population: int

    @property
    def prestige(self) -> int:
        return self.tiles + self.bonus + self.coins

    @property
    def score(self) -> int:
        return min(self.prestige, self.population)

    @property
    def higher(self) -> int:
        return max(self.prestige, self.population)


def sides(game: Game, seat: int) -> Sides:
    realm = game.realm(seat)
    return Sides(
        tiles=tile_prestige(game, realm) - realm.bonus_pp,
        bonus=realm.bonus_pp,
        coins=realm.holding.coins // COINS_PER_PRESTIGE,
        population=PRESTIGE_PER_INHABITANT * realm.holding.inhabitants,
    )


def breakdown(game: Game, seat: int) -> dict[str, int]:
    """Points by category, summing to the score: prestige from tiles, end-of-game bonuses and
    coins, less what the inhabitants cap (``population_cap``: 0 when they cap nothing)."""
    seat_sides = sides(game, seat)
    return {
        "tiles": seat_sides.tiles,
        "bonus": seat_sides.bonus,
        "coins": seat_sides.coins,
        "population_cap": min(0, seat_sides.population - seat_sides.prestige),
    }


def scores(game: Game) -> tuple[Score, ...]:
    """Each seat's score if the game ended now (running totals for the view)."""
    if not game.realms:
        return ()
    return tuple(Score.of(breakdown(game, s)) for s in range(game.seats))


def final_scores(game: Game) -> tuple[int, ...]:
    return tuple(sides(game, s).score for s in range(game.seats))


def _key(game: Game, seat: int) -> tuple[int, ...]:
    seat_sides = sides(game, seat)
    if game.options.get("tie_break", "higher_value") == "shared":
        return (seat_sides.score,)
    return seat_sides.score, seat_sides.higher


def final_ranks(game: Game) -> tuple[int, ...]:
    """Competition ranks over (score, the higher of the two values): seats equal on both
    share a rank."""
    keys = [_key(game, s) for s in range(game.seats)]
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


def result(game: Game) -> Result | None:
    if game.phase != "over":
        return None
    parts = tuple(MappingProxyType(breakdown(game, s)) for s in range(game.seats))
    both = [sides(game, s) for s in range(game.seats)]
    verdict = {
        "prestige": [s.prestige for s in both],
        "population": [s.population for s in both],
        "tie_break": game.options.get("tie_break", "higher_value"),
    }
    return Result(
        scores=game.final_scores,
        ranks=final_ranks(game),
        breakdown=parts,
        verdict=MappingProxyType(verdict),
    )
