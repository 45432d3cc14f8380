"""OpenSkill ratings (Plackett-Luce) per player per ruleset.

Each rated game updates every seat's ``mu`` and ``sigma`` from the places: shared places are
passed to OpenSkill as equal ranks, which treats tied players alike. The display rating is
the conservative ``mu - 3 sigma`` (OpenSkill's ordinal), and a player with fewer than
``PROVISIONAL_GAMES`` rated games in a ruleset is marked provisional. Forfeits and
abandonments are not rated: no game was played out, nor are solo games (``is_rated``)
(docs/leagues.md).

Inactivity: before each rated game, and when a rating is read, sigma grows with the rating
periods (``RATING_PERIOD``) its player went without a rated game in the ruleset, as
Glicko's rating deviation does: sigma' = min(sqrt(sigma^2 + t c^2), the initial sigma)
for t idle periods (``rested``). The time is the result's own recorded time, so a rebuild
gives the same numbers.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from openskill.models import PlackettLuce

PROVISIONAL_GAMES = 5
MODEL = PlackettLuce()
"""OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""
INITIAL_SIGMA = 25 / 3
RATING_PERIOD = timedelta(days=7)
"""One rating period: a week without a rated game in a ruleset counts once."""
INACTIVITY_C = INITIAL_SIGMA * math.sqrt(48 / 49) / 10
"""Glickman's recipe for c (Glicko, "the value of c"): a typical settled deviation, a
seventh of the initial one, grows back to the initial in 100 idle periods (about two years
of weeks); c = sqrt((sigma0^2 - (sigma0/7)^2) / 100), about 0.825."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0
    rated_at: datetime | None = None
    """When its last rated game's result was recorded (None: never, or before 0009)."""

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


def idle_periods(since: datetime | None, until: datetime | None) -> int:
    """Whole rating periods from ``since`` to ``until`` (0 when either is unknown)."""
    if since is None or until is None or until <= since:
        return 0
    return (until - since) // RATING_PERIOD


def rested(rating: Rating, until: datetime | None) -> Rating:
    """The rating with sigma grown by the idle periods up to ``until``, never past the
    initial sigma (a rating already there, or a new one, stays as it is)."""
    periods = idle_periods(rating.rated_at, until)
    if not periods or rating.sigma >= INITIAL_SIGMA:
        return rating
    grown = math.sqrt(rating.sigma**2 + periods * INACTIVITY_C**2)
    return dataclasses.replace(rating, sigma=min(grown, INITIAL_SIGMA))


def rate(
    before: Sequence[Rating], places: Sequence[int], at: datetime | None = None
) -> list[Rating]:
    """Everyone's rating after one free-for-all game with these places (1 is best), the
    result recorded at ``at``; ``before`` are the ratings as rested up to then."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [
        Rating(team[0].mu, team[0].sigma, r.games + 1, at if at is not None else r.rated_at)
        for team, r in zip(after, before, strict=True)
    ]


def thousandths(rating: Rating) -> int:
    """The display rating as a whole number of thousandths: what league events record
    (their payloads are integers and text)."""
    return round(rating.display * 1000)
