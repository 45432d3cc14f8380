"""OpenSkill ratings (Plackett-Luce) per player per ruleset.

Each rated game updates every seat's ``mu`` and ``sigma`` from the places: shared places are
passed to OpenSkill as equal ranks, which treats tied players alike. The display rating is
the conservative ``mu - 3 sigma`` (OpenSkill's ordinal), and a player with fewer than
``PROVISIONAL_GAMES`` rated games in a ruleset is marked provisional. Forfeits and
abandonments are not rated: no game was played out, nor are solo games (``is_rated``)
(docs/leagues.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from service.store.connections import connection

PROVISIONAL_GAMES = 5
MODEL = PlackettLuce()
"""OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def display(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def is_provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def initial() -> Rating:
    fresh = MODEL.rating()
    return Rating(fresh.mu, fresh.sigma, 0)


def is_rated(seats: int) -> bool:
    """A solo game is scored in the standings but not rated: Plackett-Luce ranks players
    against each other, and one player alone has no one to be ranked against."""
    return seats >= 2


def rate(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Everyone's rating after one free-for-all game with these places (1 is best)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [
        Rating(team[0].mu, team[0].sigma, r.games + 1)
        for team, r in zip(after, before, strict=True)
    ]


def read_ratings(pool: Any, ruleset: str, players: Sequence[str]) -> dict[str, Rating]:
    """These players' ratings in a ruleset as the projection holds them (unrated: absent)."""
    with connection(pool) as conn:
        rows = conn.execute(
            "SELECT player_id::text, mu, sigma, games FROM ratings"
            " WHERE ruleset = %s AND player_id = ANY(%s::uuid[])",
            (ruleset, list(players)),
        ).fetchall()
    return {r[0]: Rating(r[1], r[2], r[3]) for r in rows}


def thousandths(rating: Rating) -> int:
    """The display rating as a whole number of thousandths: what league events record
    (their payloads are integers and text)."""
    return round(rating.display * 1000)
