"""The store contract for the league projection's rows: folded from the league feed a page
per step, the same numbers as the reference fold (``bulk.Folded``, what a PostgreSQL
rebuild runs), a rebuild equal to what was kept step by step, and a step that fails
changing nothing (service/store/recorders.py, ``LeagueViewRecorder``). The events here are
real league events appended below the league application, so every value is known."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

import pytest

from domain.core.registry import event_to_record
from domain.leagues.commands import Fixture
from domain.leagues.events import (
    BracketDrawn,
    Event,
    LeagueCreated,
    MemberJoined,
    PlayerAdvanced,
    ResultRecorded,
    RoundScheduled,
    SeasonStarted,
)
from service.application.leagues import decode_event
from service.projections.bulk import Folded, StandingRow
from service.store import Decision, NewEvent, Store
from service.store.leagues import GENESIS_HASH, LeagueEvent

NAME = "contract-leagues"


def _append(store: Store, league: uuid.UUID, events: Sequence[Event], games: Any = ()) -> None:
    records = tuple(NewEvent(*event_to_record(e), "public") for e in events)
    version = store.leagues.version(league)
    head = store.leagues.read(league)[-1].hash if version else GENESIS_HASH
    decision = Decision(records, "system", None)
    store.leagues.append(league, version, head, decision, games=games, create=not version)


def _season(store: Store) -> tuple[uuid.UUID, list[str], str]:
    """A league of three: a and b play, c has the bye; a wins 7 to 2."""
    league, game = uuid.uuid4(), str(uuid.uuid4())
    a, b, c = (str(uuid.uuid4()) for _ in range(3))
    created = LeagueCreated("Contract", "counting", 2, "round-robin", (3, 0), "system")
    _append(store, league, [created, *(MemberJoined(p, "system") for p in (a, b, c))])
    fixtures = (Fixture(game, (a, b)),)
    scheduled = RoundScheduled(1, 1, fixtures, (c,), bye_points=3)
    _append(store, league, [SeasonStarted(1), scheduled], games=[uuid.UUID(game)])
    _append(store, league, [ResultRecorded(game, (a, b), (1, 2), (7, 2))])
    return league, [a, b, c], game


def _page(store: Store, limit: int = 3) -> Any:
    return lambda cursor: store.leagues.feed(cursor, limit)


def _follow(store: Store) -> int:
    store.tracking.ensure(NAME)
    total = 0
    while applied := store.league_views.follow(NAME, _page(store), decode_event):
        total += applied
    return total


def _reference(store: Store) -> Folded:
    folded = Folded()
    for ordinal, stored in enumerate(store.leagues.feed(None, 10_000), start=1):
        folded.apply(stored.league_id, decode_event(stored), ordinal, stored.recorded_at)
    return folded


def _rows(store: Store, league: uuid.UUID, players: list[str]) -> dict[str, Any]:
    views = store.league_views
    return {
        "summary": views.summary(league),
        "fixtures": views.fixtures(league),
        "standings": views.standings(league, 1),
        "ratings": views.ratings(players),
        "changes": views.changes(league_id=league),
        "with": [views.fixtures_with(p) for p in players],
    }


def test_a_season_folds_into_its_table_fixtures_and_ratings(private_store: Store) -> None:
    store = private_store
    league, (a, b, c), game = _season(store)
    assert _follow(store) == 7 and store.tracking.status(NAME).applied == 7
    views = store.league_views
    summary = views.summary(league)
    assert summary is not None and (summary.name, summary.season) == ("Contract", 1)
    assert summary.members == [a, b, c] and summary.points == [3, 0]
    (fixture,) = views.fixtures(league)
    assert fixture[0] == game and (fixture[1].status, fixture[1].places) == ("played", [1, 2])
    assert fixture[1].scores == [7, 2] and fixture[1].players == [a, b]
    assert views.standings(league, 1) == {
        a: StandingRow(points=3, played=1, wins=1, score=7),
        b: StandingRow(points=0, played=1, wins=0, score=2),
        c: StandingRow(points=3),  # the bye's points, no game
    }
    rated = {player: rating for player, _, rating in views.ratings([a, b, c], "counting")}
    assert set(rated) == {a, b} and rated[a].mu > 25 > rated[b].mu
    assert rated[a].games == rated[b].games == 1 and views.ratings([a], "other") == []
    changes = views.changes(league_id=league)
    assert sorted(ch.player_id for ch in changes) == sorted([a, b])
    assert [ch.place for ch in views.changes(player=a)] == [1]
    assert views.fixtures_with(c) == [] and views.fixtures_with(a)[0][:2] == (league, game)
    assert views.bracket(league, 1) is None and views.summary(uuid.uuid4()) is None
    reference = _reference(store)
    assert views.standings(league, 1) == {
        p: row for (lg, _, p), row in reference.standings.items() if lg == league
    }
    assert {(p, r): v for p, r, v in views.ratings([a, b])} == reference.ratings


def test_a_bracket_keeps_its_seeds_and_who_went_through(private_store: Store) -> None:
    store = private_store
    league, (a, b, c), game = _season(store)
    _append(store, league, [BracketDrawn(1, (a, b, c), 2, "playoffs", (1500, 1200, 900))])
    _append(store, league, [PlayerAdvanced(1, 1, a, "", "bye")])
    _follow(store)
    bracket = store.league_views.bracket(league, 1)
    assert bracket is not None and bracket.seeds == [a, b, c] and bracket.start_round == 2
    assert (bracket.kind, bracket.ratings) == ("playoffs", [1500, 1200, 900])
    assert bracket.advanced == [[1, a, "", "bye"]]
    assert store.league_views.fixtures(league, 1, from_round=2) == []
    assert [f[0] for f in store.league_views.fixtures(league, 1, from_round=1)] == [game]


def test_a_rebuild_ends_with_the_rows_kept_step_by_step(private_store: Store) -> None:
    store = private_store
    league, players, _ = _season(store)
    _follow(store)
    kept = _rows(store, league, players)
    pages: list[int] = []
    assert store.league_views.rebuild(NAME, _page(store, 2), decode_event, pages.append) == 7
    assert pages == [2, 2, 2, 1] and _rows(store, league, players) == kept
    assert store.tracking.status(NAME).applied == 7
    assert store.league_views.follow(NAME, _page(store), decode_event) == 0


def test_a_step_that_fails_changes_neither_rows_nor_cursor(private_store: Store) -> None:
    store = private_store
    league, players, _ = _season(store)
    store.tracking.ensure(NAME)
    store.league_views.follow(NAME, _page(store, 4), decode_event)  # up to the round
    before, at = _rows(store, league, players), store.tracking.status(NAME)

    def broken(stored: LeagueEvent) -> Event:
        if stored.type == ResultRecorded.NAME:
            raise ValueError("an event this projection cannot read")
        return decode_event(stored)

    with pytest.raises(ValueError):
        store.league_views.follow(NAME, _page(store, 10), broken)
    assert _rows(store, league, players) == before
    assert store.tracking.status(NAME).cursor == at.cursor
    assert store.league_views.follow(NAME, _page(store, 10), decode_event) == 3
    assert store.league_views.standings(league, 1)[players[0]].wins == 1
