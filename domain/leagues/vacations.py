"""Vacations: days per season a member may take, during which their clocks stand still.

The days are whole (correspondence players count in days) and taken from ``at``, the time
the application passes in. Codes (stable): ``no_vacations``, ``vacation_used_up``,
``on_vacation``, and those of the decider.
"""

from __future__ import annotations

from domain.core.errors import RuleViolation
from domain.leagues.commands import CreateLeague, TakeVacation
from domain.leagues.events import VacationAllowanceSet, VacationTaken
from domain.leagues.state import League

DAY_MS = 86_400_000
MAX_DAYS = 366


def allowance_set(command: CreateLeague) -> tuple[VacationAllowanceSet, ...]:
    if command.vacation_days is None:
        return ()
    if not 0 <= command.vacation_days <= MAX_DAYS:
        raise RuleViolation("invalid_command", f"a vacation allowance is 0 to {MAX_DAYS} days")
    return (VacationAllowanceSet(command.vacation_days, command.by.player),)


def days_taken(state: League, player: str, season: int) -> int:
    return sum((u - s) // DAY_MS for n, p, s, u in state.vacations if (n, p) == (season, player))


def take(state: League, command: TakeVacation) -> VacationTaken:
    player = command.by.player
    if not state.is_member(player):
        raise RuleViolation("not_member", "you are not a member of this league")
    if not state.vacation_days:
        raise RuleViolation("no_vacations", "this league allows no vacations")
    if command.days < 1:
        raise RuleViolation("invalid_command", "take one day of vacation or more")
    season = max(state.season, 1)
    left = state.vacation_days - days_taken(state, player, season)
    if command.days > left:
        raise RuleViolation(
            "vacation_used_up", f"you have {left} days of vacation left this season"
        )
    if state.on_vacation(player, command.at) is not None:
        raise RuleViolation("on_vacation", "you are on vacation already")
    until = command.at + command.days * DAY_MS
    return VacationTaken(player, season, command.at, until, command.days)
