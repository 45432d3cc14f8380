"""A league's creation: its settings checked once, when it is created, so that no round
can fail on them later (docs/leagues.md "The league's commands and codes").

Codes (stable): ``already_created``, ``not_organiser``, ``invalid_command``.
"""

from __future__ import annotations

from domain.core.errors import RuleViolation
from domain.leagues.authority import require_organiser
from domain.leagues.commands import CreateLeague
from domain.leagues.entry import check_settings
from domain.leagues.events import LeagueCreated
from domain.leagues.standings import TIEBREAKS
from domain.leagues.state import League

MAX_SEATS = 6
"""OpenSkill's Plackett-Luce is used for 1-6 seat free-for-all games (issue #15)."""
MAX_NAME = 64


def create(state: League, command: CreateLeague) -> LeagueCreated:
    if state.is_created:
        raise RuleViolation("already_created", "this league exists already")
    require_organiser(command.by, "create a league")
    name = command.name.strip()
    if not name or len(name) > MAX_NAME:
        raise RuleViolation("invalid_command", f"a league's name has 1 to {MAX_NAME} characters")
    if not 1 <= command.seats <= MAX_SEATS:
        raise RuleViolation("invalid_command", f"a league's tables have 1 to {MAX_SEATS} seats")
    if command.pairing in ("round-robin", "swiss", "knockout") and command.seats != 2:
        raise RuleViolation("invalid_command", f"{command.pairing} pairs two seats a table")
    if command.pairing == "balanced" and command.seats == 2:
        # two seats a table are paired by round-robin or Swiss, which never repeat early
        raise RuleViolation("invalid_command", "a two-seat league pairs by round-robin or swiss")
    if len(command.points) != command.seats or any(p < 0 for p in command.points):
        raise RuleViolation("invalid_command", "give league points (0 or more) for every place")
    if list(command.points) != sorted(command.points, reverse=True):
        raise RuleViolation("invalid_command", "a better place never earns fewer league points")
    tiebreaks = TIEBREAKS if command.tiebreaks is None else tuple(command.tiebreaks)
    if not set(tiebreaks) <= set(TIEBREAKS) or len(set(tiebreaks)) != len(tiebreaks):
        raise RuleViolation(
            "invalid_command", f"tie-breaks are some of {', '.join(TIEBREAKS)}, each once"
        )
    if command.bye_points is not None and not 0 <= command.bye_points <= command.points[0]:
        raise RuleViolation("invalid_command", "a bye scores 0 to a win's league points")
    check_settings(command.min_rated_games, command.min_rating, command.max_rating)
    return LeagueCreated(
        name=name,
        ruleset=command.ruleset,
        seats=command.seats,
        pairing=command.pairing,
        points=tuple(command.points),
        organiser=command.by.player,
        options=dict(command.options),
        bye_points=command.bye_points,
        tiebreaks=tiebreaks,
        min_rated_games=command.min_rated_games,
        min_rating=command.min_rating,
        max_rating=command.max_rating,
    )
