"""Vacations in the pure league decider (issue #25): an allowance of days per member per
season, taken from the time passed in, never more than allowed, never two at once."""

from __future__ import annotations

import pytest

from domain.core.errors import RuleViolation
from domain.leagues import Actor, League, decide, fold
from domain.leagues.commands import AddMember, CreateLeague, StartSeason, TakeVacation
from domain.leagues.events import VacationAllowanceSet, VacationTaken

BOSS = Actor("boss", is_organiser=True)
ANN = Actor("ann")
NOW = 1_800_000_000_000
DAY = 86_400_000


def league(days: int | None = 10) -> League:
    command = CreateLeague(BOSS, "Post", "counting", 2, "round-robin", (3, 0), vacation_days=days)
    state = fold(decide(League(), command))
    for p in ("ann", "bob"):
        state = fold(decide(state, AddMember(BOSS, p)), state)
    return fold(decide(state, StartSeason(BOSS)), state)


def take(state: League, at: int, days: int, by: Actor = ANN) -> League:
    return fold(decide(state, TakeVacation(by, at, days)), state)


def refusal(state: League, command: TakeVacation) -> str:
    with pytest.raises(RuleViolation) as caught:
        decide(state, command)
    return caught.value.code


def test_the_allowance_is_recorded() -> None:
    events = decide(
        League(), CreateLeague(BOSS, "P", "counting", 2, "round-robin", (3, 0), vacation_days=7)
    )
    assert events[-1] == VacationAllowanceSet(7, "boss")
    assert fold(events).vacation_days == 7


def test_a_member_takes_days_from_now() -> None:
    state = league()
    (event,) = decide(state, TakeVacation(ANN, NOW, 3))
    assert event == VacationTaken("ann", 1, NOW, NOW + 3 * DAY, 3)
    state = fold((event,), state)
    assert state.on_vacation("ann", NOW + DAY) == NOW + 3 * DAY
    assert state.on_vacation("ann", NOW + 3 * DAY) is None
    assert state.on_vacation("bob", NOW + DAY) is None


def test_no_more_than_the_allowance_per_season() -> None:
    state = take(league(10), NOW, 6)
    assert refusal(state, TakeVacation(ANN, NOW + 7 * DAY, 5)) == "vacation_used_up"
    state = take(state, NOW + 7 * DAY, 4)
    assert refusal(state, TakeVacation(ANN, NOW + 20 * DAY, 1)) == "vacation_used_up"
    # a new season gives the days again
    state = fold(decide(state, StartSeason(BOSS)), state)
    assert take(state, NOW + 30 * DAY, 10).on_vacation("ann", NOW + 31 * DAY) is not None


def test_one_vacation_at_a_time() -> None:
    state = take(league(), NOW, 2)
    assert refusal(state, TakeVacation(ANN, NOW + DAY, 1)) == "on_vacation"


@pytest.mark.parametrize(
    ("days", "by", "allowance", "code"),
    [
        (0, ANN, 10, "invalid_command"),
        (1, Actor("zed"), 10, "not_member"),
        (1, ANN, None, "no_vacations"),
        (1, ANN, 0, "no_vacations"),
    ],
)
def test_refusals(days: int, by: Actor, allowance: int | None, code: str) -> None:
    assert refusal(league(allowance), TakeVacation(by, NOW, days)) == code


def test_a_bad_allowance_is_refused() -> None:
    command = CreateLeague(BOSS, "P", "counting", 2, "round-robin", (3, 0), vacation_days=400)
    with pytest.raises(RuleViolation) as caught:
        decide(League(), command)
    assert caught.value.code == "invalid_command"
