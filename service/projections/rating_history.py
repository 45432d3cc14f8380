"""A player's ratings over time, per ruleset: every rated game's change as the ratings
projection kept it (``rating_changes``), and the deviation as inactivity has grown it now.

Reads only the projection's rows (``Store.league_views``). ``now`` is the reader's clock,
passed in: a rating's ``sigma_now`` is its sigma rested up to then (``ratings.rested``), so
a player who has not played for weeks shows a wider deviation, and a lower conservative
rating, than after their last game.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from service.projections.ratings import (
    INACTIVITY_C,
    INITIAL_SIGMA,
    PROVISIONAL_GAMES,
    RATING_PERIOD,
    Rating,
    idle_periods,
    rested,
)
from service.store.league_recorders import LeagueViewRecorder


def ratings_over_time(views: LeagueViewRecorder, player_id: UUID, now: datetime) -> dict[str, Any]:
    """``views`` is the store's projection rows (``Store.league_views``)."""
    player = str(player_id)
    ratings = [
        (r[1], r[2].mu, r[2].sigma, r[2].games, r[2].rated_at) for r in views.ratings([player])
    ]
    history: dict[str, list[dict[str, Any]]] = {}
    for c in views.changes(player=player):
        before, after = Rating(c.mu_before, c.sigma_before), Rating(c.mu_after, c.sigma_after)
        history.setdefault(c.ruleset, []).append(
            {
                "league_id": str(c.league_id),
                "game_id": c.game_id,
                "rated_at": c.rated_at,
                "place": c.place,
                "mu_before": before.mu,
                "sigma_before": before.sigma,
                "mu_after": after.mu,
                "sigma_after": after.sigma,
                "display_before": before.display,
                "display_after": after.display,
                "change": after.display - before.display,
            }
        )
    rulesets = []
    for ruleset, mu, sigma, games, rated_at in ratings:
        rating = Rating(mu, sigma, games, rated_at)
        now_rating = rested(rating, now)
        rulesets.append(
            {
                "ruleset": ruleset,
                "mu": mu,
                "sigma": sigma,
                "display": rating.display,
                "games": games,
                "provisional": rating.is_provisional,
                "rated_at": rated_at,
                "idle_periods": idle_periods(rated_at, now),
                "sigma_now": now_rating.sigma,
                "display_now": now_rating.display,
                "history": history.get(ruleset, []),
            }
        )
    return {
        "player_id": str(player_id),
        "rating_period_days": RATING_PERIOD.days,
        "inactivity_c": INACTIVITY_C,
        "initial_sigma": INITIAL_SIGMA,
        "provisional_below": PROVISIONAL_GAMES,
        "rulesets": rulesets,
    }
