"""A solo league's results are scored but not rated, and never stop the projection."""

from __future__ import annotations

import uuid
from typing import Any

from domain.core.registry import event_to_record
from domain.leagues.commands import Fixture
from domain.leagues.events import (
    Event,
    LeagueCreated,
    MemberJoined,
    ResultRecorded,
    RoundScheduled,
    SeasonStarted,
)
from service.application import Application
from service.leagues import league_service
from service.projections.reading import ratings_of, standings_of
from service.store import Decision, NewEvent, Store
from service.store.leagues import GENESIS_HASH


def test_solo_results_count_in_the_standings_and_are_not_rated(any_store: Store) -> None:
    service = league_service(Application(any_store))
    ann, _ = service.accounts.create(f"solo-{uuid.uuid4().hex[:6]}")
    me = str(ann.player_id)
    league, version, head = uuid.uuid4(), 0, GENESIS_HASH
    game = str(uuid.uuid4())
    history: list[Event] = [
        LeagueCreated("Solo", "peninsula", 1, "balanced", (1,), "system"),
        MemberJoined(me, "system"),
        SeasonStarted(1),
        RoundScheduled(1, 1, (Fixture(game, (me,)),), ()),
        ResultRecorded(game, (me,), (1,), (42,)),
    ]
    for event in history:
        name, schema, payload = event_to_record(event)
        decision = Decision((NewEvent(name, schema, payload, "public"),), "system", None)
        stored = service.leagues.store.append(league, version, head, decision, create=not version)
        version, head = stored[-1].seq, stored[-1].hash
    service.catch_up()
    (row,) = standings_of(service, league)
    assert (row["points"], row["played"], row["score"]) == (1, 1, 42)
    assert ratings_of(service, league) == []
    kept: Any = standings_of(service, league)
    service.projection.rebuild()
    assert standings_of(service, league) == kept
