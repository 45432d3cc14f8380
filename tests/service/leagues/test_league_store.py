"""A league's stream keeps the event store's guarantees: append-only, chained, optimistic."""

from __future__ import annotations

import uuid

import psycopg
import pytest

from domain.core.registry import event_to_record
from domain.leagues.events import LeagueCreated, MemberJoined
from service.store import Decision, NewEvent, VersionConflict
from service.store.leagues import GENESIS_HASH, LeagueStore

pytestmark = pytest.mark.storage


def _decision(n: int) -> Decision:
    """A league's n-th decision: created first, then members (the feed's other consumers,
    the league projection among them, read these too, so they are real league events)."""
    event = (
        LeagueCreated("Stored", "counting", 2, "round-robin", (3, 0), "system")
        if n == 0
        else MemberJoined(str(uuid.uuid4()), "system")
    )
    name, schema, payload = event_to_record(event)
    return Decision((NewEvent(name, schema, payload, "public"),), "system", None)


def test_league_events_are_chained_append_only_and_optimistic(pool: object) -> None:
    store = LeagueStore(pool)
    league = uuid.uuid4()
    first = store.append(league, 0, GENESIS_HASH, _decision(0), create=True)
    second = store.append(league, 1, first[-1].hash, _decision(2))
    with pytest.raises(VersionConflict):
        store.append(league, 1, first[-1].hash, _decision(3))  # seq 2 is taken
    with pytest.raises(VersionConflict):
        store.append(league, 2, "f" * 64, _decision(3))  # not the head's hash
    assert [e.seq for e in store.read(league)] == [1, 2]
    assert store.read(league, after=1)[0].hash == second[-1].hash
    with pool.connection() as conn:  # type: ignore[attr-defined]
        for statement in ("UPDATE league_events SET payload = '{}'", "DELETE FROM league_events"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege), conn.transaction():
                conn.execute(statement + " WHERE league_id = %s", (league,))


def test_the_league_feed_returns_each_event_once_in_order(pool: object) -> None:
    store = LeagueStore(pool)
    league = uuid.uuid4()
    head = GENESIS_HASH
    for n in range(5):
        head = store.append(league, n, head, _decision(n), create=n == 0)[-1].hash
    seen, cursor = [], ""
    while page := store.feed(cursor, 2):
        seen += [(e.league_id, e.seq) for e in page]
        cursor = page[-1].cursor
    mine = [s for (lg, s) in seen if lg == league]
    assert mine == [1, 2, 3, 4, 5]
    assert len(seen) == len(set(seen))
