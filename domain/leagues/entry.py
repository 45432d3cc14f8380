"""Who may enter a league: a minimum number of rated games in its ruleset, a rating range.

Ratings are the display rating (mu - 3 sigma) in the league's ruleset; the settings are
whole rating points, and a command names the entrant's rating in thousandths (league
payloads are integers), read by the application from the ratings projection with their
deviation grown by inactivity up to now. An unrated player has a new player's rating
(0) and no rated games. Codes: ``too_few_rated_games``, ``rating_out_of_range``.
"""

from __future__ import annotations

from domain.core.errors import RuleViolation
from domain.leagues.state import League

MAX_RATING = 1000
"""The settings' bound either way (display ratings stay far inside it)."""


def check_settings(
    min_rated_games: int | None, min_rating: int | None, max_rating: int | None
) -> None:
    if min_rated_games is not None and not 0 <= min_rated_games <= 10_000:
        raise RuleViolation("invalid_command", "a minimum of rated games is 0 to 10000")
    for bound in (min_rating, max_rating):
        if bound is not None and not -MAX_RATING <= bound <= MAX_RATING:
            raise RuleViolation(
                "invalid_command", f"a rating bound is -{MAX_RATING} to {MAX_RATING}"
            )
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        raise RuleViolation("invalid_command", "the lowest rating is above the highest")


def admit(state: League, rated_games: int, rating: int) -> None:
    """Refuse an entrant the league's requirements leave out (``rating`` in thousandths)."""
    wanted = state.min_rated_games
    if wanted is not None and rated_games < wanted:
        raise RuleViolation(
            "too_few_rated_games",
            f"this league takes players with at least {wanted} rated games in"
            f" {state.ruleset}; this player has {rated_games}",
        )
    low, high = state.min_rating, state.max_rating
    if (low is not None and rating < low * 1000) or (high is not None and rating > high * 1000):
        span = f"{'any' if low is None else low} to {'any' if high is None else high}"
        raise RuleViolation(
            "rating_out_of_range",
            f"this league takes ratings from {span} in {state.ruleset};"
            f" this player's is {rating / 1000:.2f}",
        )
