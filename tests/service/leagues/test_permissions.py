"""Who may do what in a league, and that a refusal appends nothing."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest

from domain.core import RuleViolation
from service.application import Application, NotASeat
from service.leagues import LeagueService, league_service
from service.store import Store
from tests.service.leagues.season import sign_up
from tests.support.counting import Add


@pytest.fixture
def service(any_store: Store) -> LeagueService:
    return league_service(Application(any_store))


@pytest.fixture
def league(service: LeagueService) -> tuple[UUID, Any, dict[str, Any]]:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, ("ann", "bob"), tag)
    league_id = service.leagues.create(boss, f"L {tag}", "counting", 2, options={"target": 5})
    for m in members.values():
        service.leagues.join(league_id, m.player)
    return league_id, boss, members


def _refused(service: LeagueService, league_id: UUID, code: str, call: Any) -> None:
    before = service.leagues.store.version(league_id)
    games = len(service.leagues.store.games_of(league_id))
    with pytest.raises(RuleViolation) as caught:
        call()
    assert caught.value.code == code
    assert service.leagues.store.version(league_id) == before
    assert len(service.leagues.store.games_of(league_id)) == games


def test_a_player_cannot_schedule_and_no_game_is_created(
    service: LeagueService, league: tuple[UUID, Any, dict[str, Any]]
) -> None:
    league_id, _, members = league
    made = len(service.leagues.cairn.store.games(limit=10_000))
    _refused(
        service,
        league_id,
        "not_organiser",
        lambda: service.leagues.schedule(league_id, members["ann"].player),
    )
    assert len(service.leagues.cairn.store.games(limit=10_000)) == made


def test_a_forfeit_by_a_non_organiser_is_refused(
    service: LeagueService, league: tuple[UUID, Any, dict[str, Any]]
) -> None:
    league_id, boss, members = league
    (fixture,) = service.leagues.schedule(league_id, boss)
    ann = members["ann"].player
    _refused(
        service,
        league_id,
        "not_organiser",
        lambda: service.leagues.forfeit(league_id, ann, UUID(fixture.game_id), [ann], "late"),
    )
    service.leagues.forfeit(league_id, boss, UUID(fixture.game_id), [ann], "did not come")
    service.catch_up()
    _refused(
        service,
        league_id,
        "already_decided",
        lambda: service.leagues.forfeit(league_id, boss, UUID(fixture.game_id), [ann], "again"),
    )


def test_a_player_cannot_act_in_another_players_seat(
    service: LeagueService, league: tuple[UUID, Any, dict[str, Any]]
) -> None:
    league_id, boss, members = league
    (fixture,) = service.leagues.schedule(league_id, boss)
    game_id = UUID(fixture.game_id)
    tokens = service.leagues.cairn.tokens
    by_id = {str(m.player.player_id): m for m in members.values()}
    first, second = (by_id[p] for p in fixture.players)
    assert tokens.seat_for(game_id, first.token) == 0
    assert tokens.seat_for(game_id, second.token) == 1
    # the seat comes from the token: the second player's token names seat 1, whose command
    # for seat 0 is refused and appends nothing
    version = service.leagues.cairn.store.version(game_id)
    with pytest.raises(NotASeat):
        service.leagues.cairn.act(game_id, 1, Add(seat=0, amount=1))
    assert service.leagues.cairn.store.version(game_id) == version


def test_a_revoked_or_rotated_token_stops_working_at_once(
    service: LeagueService, league: tuple[UUID, Any, dict[str, Any]]
) -> None:
    league_id, boss, members = league
    (fixture,) = service.leagues.schedule(league_id, boss)
    game_id = UUID(fixture.game_id)
    tokens = service.leagues.cairn.tokens
    ann = members["ann"]
    assert tokens.seat_for(game_id, ann.token) is not None
    fresh = service.accounts.rotate(ann.player)
    assert tokens.seat_for(game_id, ann.token) is None
    assert tokens.seat_for(game_id, fresh) is not None
    service.accounts.revoke(ann.player)
    assert tokens.seat_for(game_id, fresh) is None


def test_members_leave_and_rejoin(
    service: LeagueService, league: tuple[UUID, Any, dict[str, Any]]
) -> None:
    league_id, _, members = league
    ann = members["ann"].player
    service.leagues.leave(league_id, ann)
    _refused(service, league_id, "not_member", lambda: service.leagues.leave(league_id, ann))
    service.leagues.join(league_id, ann)
    _refused(service, league_id, "already_member", lambda: service.leagues.join(league_id, ann))
