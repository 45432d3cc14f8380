"""A round closes when its last game ends, not when the results process next looks (#25).

The league refuses the next round, a new season or the playoffs with ``round_open`` while a
game of the round is unfinished. Here no follower runs and nothing reads the league between
the last move and the organiser's command (``catch_up`` is never called), so the results
process has recorded nothing: the command itself must read the games' ends, and must still
refuse while a game runs.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from uuid import UUID

import pytest

from domain.core.errors import RuleViolation
from domain.leagues import Fixture
from domain.leagues.commands import RecordForfeit
from service.application import Application
from service.application.leagues import actor_of
from service.leagues import LeagueService, league_service
from service.store import Store
from service.store.players import Player
from tests.service.leagues.season import Member, play_game, sign_up

NAMES = ("ann", "bob", "cyd", "dee")


@pytest.fixture
def service(any_store: Store) -> LeagueService:
    # an application alone: no follower thread, no sweep
    return league_service(Application(any_store))


def _league(service: LeagueService) -> tuple[UUID, Player, dict[str, Member]]:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, NAMES, tag)
    league = service.leagues.create(boss, f"Closing {tag}", "counting", 2, options={"target": 5})
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    return league, boss, members


def _play(service: LeagueService, members: dict[str, Member], fixture: Fixture) -> None:
    """Play the table to its end: seat 0 wins."""
    tokens = {str(m.player.player_id): m.token for m in members.values()}
    game = UUID(fixture.game_id)
    play_game(service.leagues.cairn, game, [tokens[p] for p in fixture.players], 0)


def _refused_while_open(
    service: LeagueService, league: UUID, command: Callable[[], object], running: Fixture
) -> None:
    """Refused while ``running`` is unfinished; the round and season stay as they were."""
    before = service.leagues.load(league).state
    with pytest.raises(RuleViolation) as refused:
        command()
    assert refused.value.code == "round_open"
    after = service.leagues.load(league).state
    assert (after.season, after.round, after.bracket) == (before.season, before.round, None)
    assert after.fixtures[running.game_id].is_open


def test_the_next_round_opens_as_soon_as_the_last_game_ends(service: LeagueService) -> None:
    league, boss, members = _league(service)
    first, last = service.leagues.schedule(league, boss)
    _play(service, members, first)
    # one game still runs: refused, whatever was recorded of the other
    _refused_while_open(service, league, lambda: service.leagues.schedule(league, boss), last)
    _play(service, members, last)
    state = service.leagues.load(league).state
    assert state.fixtures[last.game_id].is_open, "nothing has recorded the last game yet"
    assert service.leagues.cairn.store.game(UUID(last.game_id)).status == "finished"
    second = service.leagues.schedule(league, boss)
    state = service.leagues.load(league).state
    assert state.round == 2 and len(second) == 2
    for fixture in (first, last):
        recorded = state.fixtures[fixture.game_id]
        assert (recorded.status, recorded.places) == ("played", (1, 2))
    # the results process, when it runs, finds both games recorded and records nothing twice
    version = service.leagues.store.version(league)
    service.catch_up()
    assert service.leagues.store.version(league) == version


def test_a_new_season_starts_as_soon_as_the_last_game_ends(service: LeagueService) -> None:
    league, boss, members = _league(service)
    for _ in range(len(NAMES) - 2):  # one round-robin cycle: three rounds
        for fixture in service.leagues.schedule(league, boss):
            _play(service, members, fixture)
    first, last = service.leagues.schedule(league, boss)
    _play(service, members, first)
    _refused_while_open(service, league, lambda: service.leagues.start_season(league, boss), last)
    _play(service, members, last)
    service.leagues.start_season(league, boss)
    state = service.leagues.load(league).state
    assert state.season == 2 and not state.fixtures[last.game_id].is_open


def test_the_playoffs_start_as_soon_as_the_last_game_ends(service: LeagueService) -> None:
    league, boss, members = _league(service)
    first, last = service.leagues.schedule(league, boss)
    _play(service, members, first)
    playoffs = lambda: service.leagues.start_playoffs(league, boss, 2)  # noqa: E731
    _refused_while_open(service, league, playoffs, last)
    _play(service, members, last)
    service.leagues.start_playoffs(league, boss, 2)
    assert service.leagues.load(league).state.bracket is not None


def test_a_refused_caller_records_and_ends_nothing(service: LeagueService) -> None:
    """Recording the finished games and ending the games of decided fixtures come after
    the caller's authority is checked: a member's or another organiser's refused schedule,
    new season or playoffs leaves the league and its games exactly as they were."""
    league, boss, members = _league(service)
    stranger, _ = service.accounts.create(f"other-{uuid.uuid4().hex[:6]}", organiser=True)
    first, last = service.leagues.schedule(league, boss)
    _play(service, members, first)  # finished, recorded by nothing yet
    # a forfeit whose process died before the game's decision: the game still runs
    gone = RecordForfeit(actor_of(boss), last.game_id, (last.players[1],), "gone")
    service.leagues.execute(league, gone)
    ann = members["ann"].player
    version = service.leagues.store.version(league)
    for by, code in ((ann, "not_organiser"), (stranger, "not_league_organiser")):
        for command in (
            lambda who: service.leagues.schedule(league, who),
            lambda who: service.leagues.start_season(league, who),
            lambda who: service.leagues.start_playoffs(league, who, 2),
        ):
            with pytest.raises(RuleViolation) as refused:
                command(by)
            assert refused.value.code == code
    assert service.leagues.store.version(league) == version
    assert service.leagues.load(league).state.fixtures[first.game_id].is_open
    assert service.leagues.cairn.store.game(UUID(last.game_id)).status != "finished"
    # the organiser's own command records the one, ends the other and goes on
    service.leagues.schedule(league, boss)
    state = service.leagues.load(league).state
    assert state.round == 2 and state.fixtures[first.game_id].status == "played"
    assert service.leagues.cairn.store.game(UUID(last.game_id)).status == "finished"
