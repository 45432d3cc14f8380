"""A forfeit or a void an organiser records ends the game itself (issue #25): a system
decision in the game, its clocks stopped, no more turn notices, and the league's record
untouched by the game's own ending."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest

from domain.core import RuleViolation
from domain.core.liveplay import clocked, deadline
from domain.leagues.commands import RecordForfeit
from service.application import Application
from service.application.leagues import actor_of
from service.leagues import LeagueService, league_service
from service.projections.reading import fixtures_of, ratings_of, standings_of
from service.store import Store
from tests.service.leagues.season import sign_up

CLOCKS = {"target": 5, "time_control": "fischer", "bank_seconds": 300, "increment_seconds": 3}


@pytest.fixture
def service(any_store: Store) -> LeagueService:
    return league_service(Application(any_store))


def _round(service: LeagueService) -> tuple[UUID, Any, UUID, dict[str, Any]]:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, ("ann", "bob"), tag)
    league = service.leagues.create(boss, f"Clocks {tag}", "counting", 2, options=CLOCKS)
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    (fixture,) = service.leagues.schedule(league, boss)
    by_id = {str(m.player.player_id): m.player for m in members.values()}
    seated = {seat: by_id[p] for seat, p in enumerate(fixture.players)}
    return league, boss, UUID(fixture.game_id), seated


def _hear_and_play(service: LeagueService, game: UUID) -> int:
    """Webhooks on both seats, and one move, which tells the other seat it is its turn:
    the game's version after it."""
    hooks = service.leagues.cairn.store.webhooks
    for seat in (0, 1):
        hooks.register(game, "http://127.0.0.1:9/hook", "s" * 32, "seat", str(seat), seat)
    loaded = service.leagues.cairn.load(game)
    (seat,) = loaded.ruleset.to_act(loaded.state)
    version = service.leagues.cairn.act(game, seat, {"type": "add", "amount": 1}).version
    assert _notices_after(service, game, version - 1) == ["your_turn"]
    return version


def _notices_after(service: LeagueService, game: UUID, version: int) -> list[str]:
    written = service.leagues.cairn.store.webhooks.notices(game_id=game)
    return [n.kind for n in written if n.body["version"] > version]


def _assert_over(service: LeagueService, game: UUID) -> Any:
    loaded = service.leagues.cairn.load(game)
    ruleset, state = loaded.ruleset, loaded.state
    assert ruleset.is_terminal(state)
    assert clocked(ruleset, state) == frozenset() and deadline(ruleset, state) is None
    with pytest.raises(RuleViolation) as caught:
        service.leagues.cairn.act(game, 0, {"type": "add", "amount": 1})
    assert caught.value.code == "game_over"
    return ruleset.result(state)


def test_a_recorded_forfeit_ends_the_game_as_a_system_decision(service: LeagueService) -> None:
    league, boss, game, seated = _round(service)
    before = _hear_and_play(service, game)
    loaded = service.leagues.cairn.load(game)
    assert deadline(loaded.ruleset, loaded.state) is not None
    service.leagues.forfeit(league, boss, game, [seated[0]], "did not turn up")
    result = _assert_over(service, game)
    assert result.ranks == (2, 1)
    assert result.verdict["ending"] == "forfeited"
    assert result.verdict["reason"] == "did not turn up"
    assert _notices_after(service, game, before) == ["game_ended", "game_ended"]  # one a seat
    service.catch_up()
    (fixture,) = fixtures_of(service, league)
    assert fixture["status"] == "forfeited" and fixture["reason"] == "did not turn up"
    assert fixture["scores"] == [0, 0]
    assert fixture["names"] == [seated[0].name, seated[1].name]
    table = {r["player_id"]: r["points"] for r in standings_of(service, league)}
    assert table == {str(seated[1].player_id): 3, str(seated[0].player_id): 0}
    assert ratings_of(service, league) == []  # a forfeit is not rated, whatever the game says


def test_a_recorded_void_ends_the_game_with_no_winner(service: LeagueService) -> None:
    league, boss, game, _ = _round(service)
    before = _hear_and_play(service, game)
    service.leagues.abandon(league, boss, game, "the club closed")
    result = _assert_over(service, game)
    assert result.ranks == (0, 0) and result.verdict["ending"] == "abandoned"
    assert _notices_after(service, game, before) == ["game_ended", "game_ended"]  # one a seat
    service.catch_up()
    (fixture,) = fixtures_of(service, league)
    assert (fixture["status"], fixture["reason"]) == ("abandoned", "the club closed")


def test_a_double_forfeit_ends_the_game_with_no_winner(service: LeagueService) -> None:
    league, boss, game, seated = _round(service)
    service.leagues.forfeit(league, boss, game, list(seated.values()), "neither came")
    assert _assert_over(service, game).ranks == (0, 0)
    service.catch_up()
    assert fixtures_of(service, league)[0]["status"] == "forfeited"


def test_a_game_left_running_by_a_crash_is_ended_at_the_next_scheduling(
    service: LeagueService,
) -> None:
    league, boss, game, seated = _round(service)
    # the process died after the league's record and before the game's decision
    forfeit = RecordForfeit(actor_of(boss), str(game), (str(seated[1].player_id),), "gone")
    service.leagues.execute(league, forfeit)
    loaded = service.leagues.cairn.load(game)
    assert not loaded.ruleset.is_terminal(loaded.state)
    service.leagues.schedule(league, boss)  # the next round ends what the last one left
    result = _assert_over(service, game)
    assert result.ranks == (1, 2)
    assert (result.verdict["ending"], result.verdict["reason"]) == ("forfeited", "gone")
    assert service.leagues.end_decided_games(league) == 0, "ended once"
