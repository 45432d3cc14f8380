"""Vacations on PostgreSQL (issue #25): a member's vacation pauses their clock in each of
their open league games until it ends, recorded in the league and in the game; the sweep
pauses what a process that died left running, and nothing is paused twice."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest

from domain.core import RuleViolation
from domain.leagues.commands import TakeVacation
from service.application import Application
from service.application.leagues import actor_of
from service.application.vacations import Vacations
from service.clock import ManualClock
from service.deadlines import DeadlineSweep
from service.leagues import LeagueService, league_service
from service.store import Store
from service.sweep import Sweeper
from tests.service.leagues.season import sign_up

DAY = 86_400
POST = {"target": 5, "time_control": "correspondence", "days_per_move": 2}


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def _round(service: LeagueService) -> tuple[UUID, UUID, dict[int, Any]]:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, ("ann", "bob"), tag)
    league = service.leagues.create(
        boss, f"Post {tag}", "counting", 2, options=POST, vacation_days=5
    )
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    (fixture,) = service.leagues.schedule(league, boss)
    by_id = {str(m.player.player_id): m.player for m in members.values()}
    return league, UUID(fixture.game_id), {s: by_id[p] for s, p in enumerate(fixture.players)}


def _deadline(service: LeagueService, game: UUID) -> int | None:
    loaded = service.leagues.cairn.load(game)
    return loaded.ruleset.deadline(loaded.state)


def _pauses(service: LeagueService, game: UUID) -> int:
    return sum(1 for e in service.leagues.cairn.store.read(game) if e.type == "live.clock_paused")


def test_a_vacation_pauses_the_members_clock_until_it_ends(
    any_store: Store, clock: ManualClock
) -> None:
    service = league_service(Application(any_store, clock=clock))
    league, game, seated = _round(service)
    start = clock.now_ms()
    assert _deadline(service, game) == start + 2 * DAY * 1000
    clock.advance(DAY)  # seat 0, to move, used one of its two days
    taken = Vacations(service.leagues).take(league, seated[0], 3)
    assert (taken.days, taken.until) == (3, clock.now_ms() + 3 * DAY * 1000)
    # the day left counts only once the vacation ends
    assert _deadline(service, game) == taken.until + DAY * 1000
    assert _pauses(service, game) == 1
    assert Vacations(service.leagues).left(league, str(seated[0].player_id)) == 2
    with pytest.raises(RuleViolation) as caught:
        Vacations(service.leagues).take(league, seated[0], 1)
    assert caught.value.code == "on_vacation"
    clock.advance(4 * DAY)
    with pytest.raises(RuleViolation) as caught:
        Vacations(service.leagues).take(league, seated[0], 3)
    assert caught.value.code == "vacation_used_up"


def test_the_sweep_pauses_a_game_a_dead_process_left_running(
    any_store: Store, clock: ManualClock
) -> None:
    first = league_service(Application(any_store, clock=clock))
    league, game, seated = _round(first)
    # the league's record, then the process dies before pausing the game
    first.leagues.execute(league, TakeVacation(actor_of(seated[1]), clock.now_ms(), 2))
    assert _pauses(first, game) == 0
    second = league_service(Application(any_store, clock=clock))
    sweep = Sweeper(any_store, [DeadlineSweep(second.leagues)], 60.0)
    sweep.sweep()
    sweep.sweep()  # nothing twice
    assert _pauses(second, game) == 1
    # seat 1 is not to move: the pause shows once its turn comes, after the vacation
    loaded = second.leagues.cairn.load(game)
    (seat,) = loaded.ruleset.to_act(loaded.state)
    second.leagues.cairn.act(game, seat, {"type": "add", "amount": 1})
    assert _deadline(second, game) == clock.now_ms() + 2 * DAY * 1000 + 2 * DAY * 1000
