"""The store contract for leagues' streams: chained, optimistic appends, the games a round
names registered with it, reads, and the league feed (service/store/recorders.py,
``LeagueRecorder``). That PostgreSQL refuses to change a stored league event is its own
test (tests/service/leagues/test_league_store.py)."""

from __future__ import annotations

import uuid

import pytest

from domain.core.registry import event_to_record
from domain.leagues.events import LeagueCreated, MemberJoined
from service.store import Decision, NewEvent, Store, VersionConflict
from service.store.leagues import GENESIS_HASH, UnknownLeague
from service.store.records import NonIntegerNumber


def league_decision(n: int) -> Decision:
    """A league's n-th decision: created first, then members (the feed's other consumers,
    the league projection among them, read these too, so they are real league events)."""
    event = (
        LeagueCreated("Stored", "counting", 2, "round-robin", (3, 0), "system")
        if n == 0
        else MemberJoined(str(uuid.uuid4()), "system")
    )
    name, schema, payload = event_to_record(event)
    return Decision((NewEvent(name, schema, payload, "public"),), "system", {"n": n})


def _league(store: Store, size: int = 1) -> tuple[uuid.UUID, str]:
    league, head = uuid.uuid4(), GENESIS_HASH
    for n in range(size):
        head = store.leagues.append(league, n, head, league_decision(n), create=n == 0)[-1].hash
    return league, head


def test_league_events_are_chained_and_optimistic(any_store: Store) -> None:
    leagues = any_store.leagues
    league = uuid.uuid4()
    first = leagues.append(league, 0, GENESIS_HASH, league_decision(0), create=True)
    second = leagues.append(league, 1, first[-1].hash, league_decision(2))
    assert [(e.seq, e.league_id) for e in first + second] == [(1, league), (2, league)]
    assert first[-1].hash != second[-1].hash and second[-1].type == "league.member_joined"
    with pytest.raises(VersionConflict):
        leagues.append(league, 1, first[-1].hash, league_decision(3))  # seq 2 is taken
    with pytest.raises(VersionConflict):
        leagues.append(league, 2, "f" * 64, league_decision(3))  # not the head's hash
    with pytest.raises(VersionConflict):
        leagues.append(league, 0, GENESIS_HASH, league_decision(0), create=True)  # made twice
    read = leagues.read(league)
    assert [e.seq for e in read] == [1, 2] and leagues.version(league) == 2
    assert [e.hash for e in read] == [first[-1].hash, second[-1].hash]
    assert read[0].payload == dict(league_decision(0).events[0].payload)
    assert read[0].recorded_at is not None and read[0].actor == "system"
    assert leagues.read(league, after=1)[0].hash == second[-1].hash
    assert leagues.read(league, after=2) == []


def test_a_league_never_made_has_no_events_and_takes_none(any_store: Store) -> None:
    never = uuid.uuid4()
    with pytest.raises(UnknownLeague):
        any_store.leagues.read(never)
    assert any_store.leagues.version(never) == 0
    with pytest.raises(VersionConflict):
        any_store.leagues.append(never, 0, GENESIS_HASH, league_decision(1))
    with pytest.raises(UnknownLeague):
        any_store.leagues.read(never)


def test_a_refused_league_append_stores_nothing(any_store: Store) -> None:
    league, head = _league(any_store)
    game = uuid.uuid4()
    with pytest.raises(VersionConflict):
        any_store.leagues.append(league, 0, GENESIS_HASH, league_decision(1), games=[game])
    assert any_store.leagues.version(league) == 1
    assert any_store.leagues.leagues_of([game]) == {}
    bad = Decision((NewEvent("league.member_joined", 1, {"x": 0.5}, "public"),), None, None)
    with pytest.raises(NonIntegerNumber):
        any_store.leagues.append(league, 1, head, bad)
    assert any_store.leagues.version(league) == 1


def test_a_rounds_games_are_registered_with_it(any_store: Store) -> None:
    league, head = _league(any_store)
    other, _ = _league(any_store)
    games = [uuid.uuid4(), uuid.uuid4()]
    any_store.leagues.append(league, 1, head, league_decision(1), games=games)
    stranger = uuid.uuid4()
    assert any_store.leagues.leagues_of([*games, stranger]) == {g: league for g in games}
    assert any_store.leagues.leagues_of([]) == {}
    assert sorted(any_store.leagues.games_of(league)) == sorted(games)
    assert any_store.leagues.games_of(other) == []
    known = any_store.leagues.leagues()
    assert known.index(league) < known.index(other)  # oldest first


def test_the_league_feed_returns_each_event_once_in_commit_order(private_store: Store) -> None:
    leagues = private_store.leagues
    one, head_one = _league(private_store, 3)
    two, _ = _league(private_store, 2)
    leagues.append(one, 3, head_one, league_decision(3))
    seen, cursor = [], ""
    while page := leagues.feed(cursor, 2):
        assert len(page) <= 2
        seen += [(e.league_id, e.seq) for e in page]
        cursor = page[-1].cursor
    assert seen == [(one, 1), (one, 2), (one, 3), (two, 1), (two, 2), (one, 4)]
    assert leagues.feed(cursor) == [] and leagues.count() == 6
    assert [e.seq for e in leagues.feed(None, 1000)] == [1, 2, 3, 1, 2, 4]
