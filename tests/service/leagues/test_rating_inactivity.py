"""A rating's deviation grows with the rating periods its player goes without a game
(docs/leagues.md "Ratings"): the pure rule, and both codings of the projection's fold (a
store's step, incremental SQL on PostgreSQL, and the bulk rebuild) applying it from the
results' recorded times, on both stores."""

from __future__ import annotations

import math
import uuid
from datetime import UTC, datetime, timedelta

from domain.core.registry import event_to_record
from domain.leagues import Fixture
from domain.leagues.events import (
    Event,
    LeagueCreated,
    MemberJoined,
    ResultRecorded,
    RoundScheduled,
    SeasonStarted,
)
from service.application.leagues import decode_event
from service.projections.bulk import Folded
from service.projections.ratings import (
    INACTIVITY_C,
    INITIAL_SIGMA,
    RATING_PERIOD,
    Rating,
    idle_periods,
    initial,
    rate,
    rested,
)
from service.store import Store
from service.store.leagues import LeagueEvent

T0 = datetime(2026, 1, 5, 12, tzinfo=UTC)


def test_idle_periods_count_whole_weeks() -> None:
    assert timedelta(days=7) == RATING_PERIOD
    assert idle_periods(T0, T0 + timedelta(days=6, hours=23)) == 0
    assert idle_periods(T0, T0 + timedelta(days=15)) == 2
    assert idle_periods(None, T0) == idle_periods(T0, None) == idle_periods(T0, T0) == 0


def test_sigma_grows_by_c_squared_a_period_up_to_the_initial_sigma() -> None:
    settled = Rating(30.0, 2.0, 20, T0)
    assert rested(settled, T0 + timedelta(days=3)) == settled
    grown = rested(settled, T0 + timedelta(weeks=3))
    assert math.isclose(grown.sigma**2, 2.0**2 + 3 * INACTIVITY_C**2)
    assert grown.mu == settled.mu and grown.games == settled.games
    assert rested(settled, T0 + timedelta(weeks=1000)).sigma == INITIAL_SIGMA
    fresh = initial()
    assert rested(fresh, T0 + timedelta(weeks=50)) == fresh


def test_glickmans_recipe_a_seventh_of_the_initial_returns_in_100_periods() -> None:
    typical = Rating(25.0, INITIAL_SIGMA / 7, 30, T0)
    assert math.isclose(rested(typical, T0 + timedelta(weeks=100)).sigma, INITIAL_SIGMA)
    assert rested(typical, T0 + timedelta(weeks=99)).sigma < INITIAL_SIGMA


def test_a_wider_deviation_moves_the_next_result_further() -> None:
    settled = [Rating(25.0, 2.0, 20, T0), Rating(25.0, 2.0, 20, T0)]
    later = T0 + timedelta(weeks=20)
    fresh_after = rate(settled, (1, 2), later)
    idle_after = rate([rested(r, later) for r in settled], (1, 2), later)
    assert idle_after[0].mu - 25 > fresh_after[0].mu - 25 > 0
    assert idle_after[0].rated_at == later


def _season(a: str, b: str) -> list[tuple[Event, datetime]]:
    at = [T0, T0, T0, T0, T0, T0, T0 + timedelta(days=30), T0 + timedelta(days=30)]
    events: list[Event] = [
        LeagueCreated("Idle", "counting", 2, "round-robin", (3, 0), "boss"),
        MemberJoined(a, "boss"),
        MemberJoined(b, "boss"),
        SeasonStarted(1),
        RoundScheduled(1, 1, (Fixture("00000000-0000-0000-0000-0000000000a1", (a, b)),), ()),
        ResultRecorded("00000000-0000-0000-0000-0000000000a1", (a, b), (1, 2), (1, 0)),
        RoundScheduled(1, 2, (Fixture("00000000-0000-0000-0000-0000000000a2", (b, a)),), ()),
        ResultRecorded("00000000-0000-0000-0000-0000000000a2", (b, a), (1, 2), (1, 0)),
    ]
    return list(zip(events, at, strict=True))


def _stored(league: uuid.UUID, season: list[tuple[Event, datetime]]) -> list[LeagueEvent]:
    """The season as the league feed would give it, each event recorded at its time."""
    return [
        LeagueEvent(league, seq, *event_to_record(event), "boss", "", f"at-{seq}", at)
        for seq, (event, at) in enumerate(season, start=1)
    ]


def test_both_folds_grow_sigma_from_the_results_recorded_times(private_store: Store) -> None:
    """A private store: the step folds a page of events that no league's stream holds, so a
    later rebuild of a shared database would drop them."""
    league, a, b = uuid.uuid4(), str(uuid.uuid4()), str(uuid.uuid4())
    season = _season(a, b)
    folded = Folded()
    for ordinal, (event, at) in enumerate(season, start=1):
        folded.apply(league, event, ordinal, at)
    page = _stored(league, season)
    views = private_store.league_views
    private_store.tracking.ensure("inactivity")
    assert views.follow("inactivity", lambda at: page if not at else [], decode_event) == 8
    kept = [
        (c.player_id, c.place, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after, c.rated_at)
        for c in views.changes(league_id=league)
    ]
    rows = [(p, r.sigma, r.rated_at) for p, _, r in views.ratings([a, b])]
    bulk = sorted(
        (c[2], c[4], c[5], c[6], c[7], c[8], c[10]) for c in folded.changes if c[0] == league
    )
    first, second = kept[:2], kept[2:]
    assert sorted(kept, key=lambda r: (r[6], r[0])) == sorted(bulk, key=lambda r: (r[6], r[0]))
    after_first = {r[0]: r[5] for r in first}
    for player, _, _, sigma_before, _, _, at in second:
        # four idle weeks between the two results: sigma^2 grew by 4 c^2 before the game
        expected = math.sqrt(after_first[player] ** 2 + 4 * INACTIVITY_C**2)
        assert math.isclose(sigma_before, expected) and at == T0 + timedelta(days=30)
    assert {r[2] for r in rows} == {T0 + timedelta(days=30)}
