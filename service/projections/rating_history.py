"""A player's ratings over time, per ruleset: every rated game's change as the ratings
projection kept it (``rating_changes``), and the deviation as inactivity has grown it now.

Reads only the projection's tables. ``now`` is the reader's clock, passed in: a rating's
``sigma_now`` is its sigma rested up to then (``ratings.rested``), so a player who has not
played for weeks shows a wider deviation, and a lower conservative rating, than after their
last game.
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
from service.store.connections import connection


def ratings_over_time(pool: Any, player_id: UUID, now: datetime) -> dict[str, Any]:
    with connection(pool) as conn:
        ratings = conn.execute(
            "SELECT ruleset, mu, sigma, games, rated_at FROM ratings WHERE player_id = %s"
            " ORDER BY ruleset",
            (player_id,),
        ).fetchall()
        changes = conn.execute(
            "SELECT ruleset, league_id::text, game_id::text, place, mu_before, sigma_before,"
            " mu_after, sigma_after, rated_at FROM rating_changes WHERE player_id = %s"
            " ORDER BY ordinal",
            (player_id,),
        ).fetchall()
    history: dict[str, list[dict[str, Any]]] = {}
    for c in changes:
        before, after = Rating(c[4], c[5]), Rating(c[6], c[7])
        history.setdefault(c[0], []).append(
            {
                "league_id": c[1],
                "game_id": c[2],
                "rated_at": c[8],
                "place": c[3],
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
