"""Properties of balanced tables (three and four seats) for 6 to 12 players, members
leaving and joining at any round (#25, "Tests and proof"): every table full, only current
members seated and each once, the round's sit-outs those with the fewest byes, and no
repeat meeting while the seated players could be split into tables with none
(docs/leagues.md "Pairing", balanced tables)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.leagues import Fixture, League, decide, fold
from domain.leagues.commands import CreateLeague, RecordResult, ScheduleRound
from domain.leagues.pairing import meetings, next_plan
from domain.leagues.tables import repeat_meetings
from tests.domain.leagues.driving import BOSS, join, leave


def _league(players: int, seats: int) -> League:
    points = tuple(range(seats - 1, -1, -1))
    created = CreateLeague(BOSS, "Tables", "peloponnes", seats, "balanced", points)
    state = fold(decide(League(), created))
    for i in range(players):
        state = join(state, f"p{i:02d}")
    return state


def _play_round(state: League) -> League:
    """Schedule the pairing's round and play every table, seat order giving the places."""
    plan = next_plan(state)
    tag = f"r{state.round + 1}"
    fixtures = tuple(Fixture(f"{tag}-{i}", t) for i, t in enumerate(plan.tables))
    state = fold(decide(state, ScheduleRound(BOSS, fixtures)), state)
    for f in fixtures:
        places = tuple(range(1, len(f.players) + 1))
        recorded = RecordResult(BOSS, f.game_id, places, (0,) * len(f.players))
        state = fold(decide(state, recorded), state)
    return state


def _splits_without_repeat(
    players: Sequence[str], seats: int, met: Counter[frozenset[str]]
) -> bool:
    """Whether these players can sit at full tables with no pair that has met (exhaustive:
    the first player's table is tried with every choice of companions)."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    for companions in combinations(rest, seats - 1):
        if any(met[frozenset(pair)] for pair in combinations((first, *companions), 2)):
            continue
        if _splits_without_repeat([p for p in rest if p not in companions], seats, met):
            return True
    return False


@settings(max_examples=60, deadline=None)
@given(seats=st.sampled_from([3, 4]), extra=st.integers(0, 6), data=st.data())
def test_balanced_tables_with_drop_outs_and_late_joins(
    seats: int, extra: int, data: st.DataObject
) -> None:
    state, joined, gone = _league(2 * seats + extra, seats), 0, set[str]()
    for _ in range(5):
        if len(state.members) > 2 * seats and data.draw(st.integers(0, 3)) == 0:
            leaver = data.draw(st.sampled_from(state.members))
            state = leave(state, leaver)
            gone.add(leaver)
        if len(state.members) < 12 and data.draw(st.integers(0, 3)) == 0:
            state, joined = join(state, f"late{joined:02d}"), joined + 1
        met, byes = meetings(state), dict(state.byes)
        plan = next_plan(state)
        seated = [p for t in plan.tables for p in t]
        assert all(len(t) == seats for t in plan.tables), plan
        assert sorted(seated + list(plan.byes)) == sorted(state.members)
        assert len(plan.byes) == len(state.members) % seats and not gone & set(seated)
        fewest_seated = min(byes.get(p, 0) for p in seated)
        assert all(byes.get(p, 0) <= fewest_seated for p in plan.byes), (plan.byes, byes)
        if repeat_meetings(plan.tables, met):
            assert not _splits_without_repeat(seated, seats, met), (plan.tables, met)
        state = _play_round(state)
