"""Live play's endings become league results: a resignation is a loss, an abandonment a void
game (docs/live-play.md, docs/leagues.md)."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest

from domain.core.live import Resign
from service.application import Application
from service.application.live import abandon, time_out
from service.clock import ManualClock
from service.leagues import LeagueService, league_service
from service.projections.reading import fixtures_of, ratings_of, standings_of
from service.store import Store
from tests.service.leagues.season import sign_up
from tests.support.counting import Add, Draw


@pytest.fixture
def service(any_store: Store) -> LeagueService:
    return league_service(Application(any_store))


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


def test_a_resigned_seat_ranks_behind_every_seat_that_did_not(service: LeagueService) -> None:
    """#25: with on_resign: bot a resigned seat ranked by its bot's score, even first."""
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, ("ann", "bob", "cyd"), tag)
    options = {"target": 5, "on_resign": "bot"}
    league = service.leagues.create(boss, f"Bots {tag}", "counting", 3, options=options)
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    (fixture,) = service.leagues.schedule(league, boss)
    game, cairn = UUID(fixture.game_id), service.leagues.cairn
    loaded = cairn.load(game)
    (quitter,) = loaded.ruleset.to_act(loaded.state)
    cairn.act(game, quitter, Draw(seat=quitter))  # the only card drawn: the best score
    cairn.act(game, quitter, Resign(seat=quitter))
    while not (loaded := cairn.load(game)).ruleset.is_terminal(loaded.state):
        (seat,) = loaded.ruleset.to_act(loaded.state)
        cairn.act(game, seat, Add(seat=seat, amount=1))
    assert loaded.ruleset.result(loaded.state).ranks[quitter] == 1  # the bot's score led
    service.catch_up()
    (row,) = fixtures_of(service, league)
    assert row["places"][quitter] == 3
    assert sorted(row["places"]) == [1, 1, 3]


def test_a_timed_out_seat_ranks_behind_every_seat_that_did_not(any_store: Store) -> None:
    """#25: a timed-out seat ranks behind every seat that did not, whatever its score (here
    the best: the only card drawn), as a resigned one does; the others share first."""
    clock = ManualClock()
    service = league_service(Application(any_store, clock=clock))
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, ("ann", "bob", "cyd"), tag)
    options = {"target": 5, "time_control": "fischer", "bank_seconds": 60, "increment_seconds": 0}
    league = service.leagues.create(boss, f"Clocks {tag}", "counting", 3, options=options)
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    (fixture,) = service.leagues.schedule(league, boss)
    game, cairn = UUID(fixture.game_id), service.leagues.cairn
    loaded = cairn.load(game)
    (flagged,) = loaded.ruleset.to_act(loaded.state)
    cairn.act(game, flagged, Draw(seat=flagged))  # the only card drawn: the best score
    for _ in range(2):
        loaded = cairn.load(game)
        (seat,) = loaded.ruleset.to_act(loaded.state)
        cairn.act(game, seat, Add(seat=seat, amount=1))
    clock.advance(61)  # its turn again, and its bank runs out
    assert time_out(cairn, game)
    while not (loaded := cairn.load(game)).ruleset.is_terminal(loaded.state):
        (seat,) = loaded.ruleset.to_act(loaded.state)
        cairn.act(game, seat, Add(seat=seat, amount=1))
    assert loaded.state.live.out == {flagged}
    assert max(loaded.ruleset.result(loaded.state).scores) == loaded.state.hands[flagged][0]
    service.catch_up()
    (row,) = fixtures_of(service, league)
    assert row["places"][flagged] == 3 and sorted(row["places"]) == [1, 1, 3]
