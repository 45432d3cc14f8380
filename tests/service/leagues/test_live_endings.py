"""Live play's endings become league results: a resignation is a loss, an abandonment a void
game (docs/live-play.md, docs/leagues.md)."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest

from domain.core.live import Resign
from service.application import Application
from service.application.live import abandon
from service.leagues import LeagueService, league_service
from service.projections.reading import fixtures_of, ratings_of, standings_of
from service.store import EventStore
from tests.service.leagues.season import sign_up

pytestmark = pytest.mark.storage


@pytest.fixture
def service(store: EventStore) -> LeagueService:
    return league_service(Application(store))


def _round(service: LeagueService) -> tuple[UUID, UUID, list[str]]:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, ("ann", "bob"), tag)
    league = service.leagues.create(boss, f"Live {tag}", "counting", 2, options={"target": 5})
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    (fixture,) = service.leagues.schedule(league, boss)
    return league, UUID(fixture.game_id), list(fixture.players)


def test_a_resignation_is_recorded_as_a_loss(service: LeagueService) -> None:
    league, game, players = _round(service)
    loaded = service.leagues.cairn.load(game)
    (seat,) = loaded.ruleset.to_act(loaded.state)
    service.leagues.cairn.act(game, seat, Resign(seat=seat))
    service.catch_up()
    (fixture,) = fixtures_of(service, league)
    assert fixture["status"] == "played"
    assert fixture["places"][seat] == 2 and fixture["places"][1 - seat] == 1
    table: dict[str, Any] = {r["player_id"]: r for r in standings_of(service, league)}
    assert table[players[1 - seat]]["points"] == 3 and table[players[seat]]["points"] == 0
    assert len(ratings_of(service, league)) == 2


def test_an_abandoned_game_is_void_in_its_league(service: LeagueService) -> None:
    league, game, _ = _round(service)
    abandon(service.leagues.cairn, game, "admin", "the server room flooded")
    service.catch_up()
    (fixture,) = fixtures_of(service, league)
    assert (fixture["status"], fixture["reason"]) == ("abandoned", "the server room flooded")
    assert {r["played"] for r in standings_of(service, league)} == {0}
    assert ratings_of(service, league) == []
