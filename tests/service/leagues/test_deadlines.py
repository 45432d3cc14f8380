"""Round deadlines enforced by the sweep on PostgreSQL (issue #25): a game unfinished at
its round's deadline is settled by the league's policy, in the league and by a system
decision in the game (which ends it); a restarted process settles a deadline that passed
while it was down on its first sweep, and nothing is ever settled twice."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest

from domain.leagues.commands import SYSTEM_ACTOR, SettleAtDeadline
from service.application import Application
from service.application.deadlines import Deadlines
from service.clock import ManualClock
from service.deadlines import DeadlineSweep
from service.leagues import LeagueService, league_service
from service.projections.reading import fixtures_of, ratings_of, standings_of
from service.store import Store
from service.sweep import Sweeper
from tests.service.leagues.season import sign_up

DAY = 86_400


def _process(any_store: Store, clock: ManualClock) -> tuple[LeagueService, Sweeper]:
    """One service process: its league service and its sweep, on the shared clock."""
    service = league_service(Application(any_store, clock=clock))
    return service, Sweeper(any_store, [DeadlineSweep(service.leagues)], 60.0)


def _round(
    service: LeagueService, policy: str, deadline_days: float | None = 2
) -> tuple[UUID, UUID, dict[int, Any]]:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, ("ann", "bob"), tag)
    league = service.leagues.create(
        boss,
        f"Deadlines {tag}",
        "counting",
        2,
        options={"target": 5},
        deadline_policy=policy,  # type: ignore[arg-type]
    )
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    now = service.leagues.cairn.clock.now_ms()
    deadline = None if deadline_days is None else now + int(deadline_days * DAY * 1000)
    (fixture,) = service.leagues.schedule(league, boss, deadline=deadline)
    by_id = {str(m.player.player_id): m.player for m in members.values()}
    return league, UUID(fixture.game_id), {s: by_id[p] for s, p in enumerate(fixture.players)}


def _move(service: LeagueService, game: UUID) -> int:
    """One move: the seat to play then is the other one."""
    loaded = service.leagues.cairn.load(game)
    (seat,) = loaded.ruleset.to_act(loaded.state)
    service.leagues.cairn.act(game, seat, {"type": "add", "amount": 1})
    return 1 - seat


def _over(service: LeagueService, game: UUID) -> Any:
    loaded = service.leagues.cairn.load(game)
    assert loaded.ruleset.is_terminal(loaded.state)
    return loaded.ruleset.result(loaded.state)


def _fixture(service: LeagueService, league: UUID) -> dict[str, Any]:
    service.catch_up()
    (fixture,) = fixtures_of(service, league)
    return fixture


def _points(service: LeagueService, league: UUID) -> dict[str, int]:
    return {r["player_id"]: r["points"] for r in standings_of(service, league)}


def _settlements(service: LeagueService, league: UUID) -> int:
    return sum(1 for e in service.leagues.store.read(league) if e.type == "league.deadline_passed")


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


def test_nothing_happens_before_the_deadline(any_store: Store, clock: ManualClock) -> None:
    service, sweep = _process(any_store, clock)
    league, game, _ = _round(service, "forfeit")
    clock.advance(2 * DAY - 1)
    sweep.sweep()
    assert not service.leagues.cairn.store.game(game).is_finished
    assert _fixture(service, league)["status"] == "scheduled"


def test_forfeit_the_seat_to_play_loses_at_the_deadline(
    any_store: Store, clock: ManualClock
) -> None:
    service, sweep = _process(any_store, clock)
    league, game, seated = _round(service, "forfeit")
    due = _move(service, game)
    clock.advance(2 * DAY)
    sweep.sweep()
    result = _over(service, game)
    assert result.verdict["ending"] == "forfeited"
    assert result.ranks[due] == 2 and result.ranks[1 - due] == 1
    fixture = _fixture(service, league)
    assert fixture["status"] == "forfeited" and "deadline" in fixture["reason"]
    assert fixture["deadline"] is not None
    late, on_time = str(seated[due].player_id), str(seated[1 - due].player_id)
    assert _points(service, league) == {on_time: 3, late: 0}
    assert ratings_of(service, league) == []


def test_void_ends_the_game_with_no_result(any_store: Store, clock: ManualClock) -> None:
    service, sweep = _process(any_store, clock)
    league, game, _ = _round(service, "void")
    clock.advance(3 * DAY)
    sweep.sweep()
    assert _over(service, game).ranks == (0, 0)
    assert _fixture(service, league)["status"] == "abandoned"
    assert set(_points(service, league).values()) == {0}


def test_adjudicate_ranks_by_the_running_score(any_store: Store, clock: ManualClock) -> None:
    service, sweep = _process(any_store, clock)
    league, game, _ = _round(service, "adjudicate")
    _move(service, game)
    clock.advance(2 * DAY)
    sweep.sweep()
    assert _over(service, game).verdict["ending"] == "abandoned"  # the league holds the places
    fixture = _fixture(service, league)
    # the counting game shows no score before its end: both are level, and share first
    assert (fixture["status"], fixture["places"]) == ("played", [1, 1])
    assert set(_points(service, league).values()) == {3}
    assert ratings_of(service, league) == []


def test_a_game_finished_in_time_keeps_its_own_result(any_store: Store, clock: ManualClock) -> None:
    service, sweep = _process(any_store, clock)
    league, game, _ = _round(service, "forfeit")
    while not service.leagues.cairn.store.game(game).is_finished:
        _move(service, game)
    clock.advance(3 * DAY)
    sweep.sweep()
    assert _fixture(service, league)["status"] == "played"
    assert _settlements(service, league) == 0


def test_a_round_without_a_deadline_is_never_settled(any_store: Store, clock: ManualClock) -> None:
    service, sweep = _process(any_store, clock)
    league, game, _ = _round(service, "forfeit", deadline_days=None)
    clock.advance(365 * DAY)
    sweep.sweep()
    assert not service.leagues.cairn.store.game(game).is_finished
    assert _fixture(service, league)["deadline"] is None


def test_a_restarted_process_settles_a_deadline_passed_while_it_was_down(
    any_store: Store, clock: ManualClock
) -> None:
    first, _ = _process(any_store, clock)
    league, game, _ = _round(first, "forfeit")
    clock.advance(5 * DAY)  # nobody swept: the process was down over the deadline
    second, sweep = _process(any_store, clock)
    sweep.sweep()
    assert _over(second, game).verdict["ending"] == "forfeited"
    assert _settlements(second, league) == 1


def test_a_crash_between_the_league_and_the_game_is_mended_by_the_sweep(
    any_store: Store, clock: ManualClock
) -> None:
    first, _ = _process(any_store, clock)
    league, game, _ = _round(first, "void")
    clock.advance(2 * DAY)
    # the league's record, then the process dies before the game's decision
    first.leagues.execute(
        league, SettleAtDeadline(SYSTEM_ACTOR, str(game), clock.now_ms(), (0,), (0, 0))
    )
    assert not first.leagues.cairn.store.game(game).is_finished
    second, sweep = _process(any_store, clock)
    sweep.sweep()
    assert _over(second, game).ranks == (0, 0)
    assert _settlements(second, league) == 1


def test_settling_is_idempotent_across_sweeps_and_processes(
    any_store: Store, clock: ManualClock
) -> None:
    first, sweep_one = _process(any_store, clock)
    second, sweep_two = _process(any_store, clock)
    league, game, _ = _round(first, "forfeit")
    clock.advance(2 * DAY)
    sweep_one.sweep()
    version = first.leagues.cairn.store.game(game).version
    sweep_two.sweep()
    sweep_one.sweep()
    assert Deadlines(second.leagues).settle(league, game) is False
    assert _settlements(first, league) == 1
    assert first.leagues.cairn.store.game(game).version == version


@pytest.mark.parametrize("policy", ["forfeit", "void", "adjudicate"])
def test_a_rebuild_projects_a_settled_round_as_the_incremental_path_did(
    any_store: Store, clock: ManualClock, policy: str
) -> None:
    service, sweep = _process(any_store, clock)
    league, game, _ = _round(service, policy)
    _move(service, game)
    clock.advance(2 * DAY)
    sweep.sweep()
    kept = (_fixture(service, league), _points(service, league))
    service.projection.rebuild()
    (fixture,) = fixtures_of(service, league)
    assert (fixture, _points(service, league)) == kept
