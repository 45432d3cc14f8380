"""Fair round-robin schedules: balanced first seats, a drawn seat order, drop-outs and
late joins (#25)."""

from __future__ import annotations

from itertools import combinations

import pytest

from domain.core.codec import decode_fields
from domain.core.errors import RuleViolation
from domain.leagues import Fixture, decide, fold
from domain.leagues.commands import ScheduleRound
from domain.leagues.events import RoundScheduled
from domain.leagues.pairing import draw_order, next_plan, round_robin
from domain.leagues.standings import season_table
from tests.domain.leagues.driving import (
    BOSS,
    first_seats,
    games,
    join,
    last_round,
    leave,
    met,
    new_league,
    new_season,
    play_round,
    seed_of,
)


@pytest.mark.parametrize("n", range(3, 21))
def test_a_cycle_gives_every_player_seat_0_within_one_of_every_other(n: int) -> None:
    players = tuple(f"p{i}" for i in range(n))
    firsts = dict.fromkeys(players, 0)
    pairs = []
    for r in range(1, n + n % 2):
        for a, b in round_robin(players, r).tables:
            firsts[a] += 1
            pairs.append(frozenset((a, b)))
    assert max(firsts.values()) - min(firsts.values()) <= 1, firsts
    assert sorted(pairs, key=sorted) == sorted(
        (frozenset(p) for p in combinations(players, 2)), key=sorted
    )


def test_a_double_round_robin_swaps_every_seat() -> None:
    players = tuple("abcdefgh")
    for r in range(1, 8):
        second = {t[::-1] for t in round_robin(players, r + 7).tables}
        assert set(round_robin(players, r).tables) == second


@pytest.mark.parametrize("n", [4, 5, 8])
def test_a_leagues_second_cycle_swaps_every_seat_of_its_first(n: int) -> None:
    """The double round-robin as a season plays it (the drawn order, the league's round
    numbers), not only the pure circle: each table of the second cycle is a first-cycle
    table with its seats swapped."""
    state = play_round(new_league(n), seed_of(11))
    rounds = [last_round(state)]
    cycle = n - 1 + n % 2
    for _ in range(2 * cycle - 1):
        state = play_round(state)
        rounds.append(last_round(state))
    first = [t for tables in rounds[:cycle] for t in tables]
    second = [t[::-1] for tables in rounds[cycle:] for t in tables]
    assert len(first) == len(set(first)) == n * (n - 1) // 2
    assert sorted(first) == sorted(second)


def test_the_seat_order_is_drawn_from_the_seed_and_recorded() -> None:
    state = new_league(6)
    plan = next_plan(state, seed_of(7))
    fixtures = tuple(Fixture(f"g{i}", t) for i, t in enumerate(plan.tables))
    events = decide(state, ScheduleRound(BOSS, fixtures, seed_of(7)))
    scheduled = events[-1]
    assert isinstance(scheduled, RoundScheduled)
    assert scheduled.seed == seed_of(7)
    assert scheduled.order == draw_order(state.members, seed_of(7))
    assert sorted(scheduled.order) == sorted(state.members)
    assert scheduled.order != state.members
    assert scheduled.fixtures == fixtures
    assert round_robin(scheduled.order, 1).tables == plan.tables
    assert fold(events, state).season_seeds == {1: seed_of(7)}


def test_season_two_does_not_repeat_season_one() -> None:
    state = new_league(8)
    for _ in range(7):
        state = play_round(state, seed_of(1))
    first = [f.players for f in state.season_fixtures(1)]
    state = new_season(state)
    for _ in range(7):
        state = play_round(state, seed_of(2))
    second = [f.players for f in state.season_fixtures(2)]
    assert first != second
    assert sorted(map(frozenset, first), key=sorted) == sorted(map(frozenset, second), key=sorted)


def test_a_malformed_seed_is_refused() -> None:
    state = new_league(4)
    plan = next_plan(state)
    fixtures = tuple(Fixture(f"g{i}", t) for i, t in enumerate(plan.tables))
    with pytest.raises(RuleViolation) as caught:
        decide(state, ScheduleRound(BOSS, fixtures, "not hex"))
    assert caught.value.code == "invalid_command"


def test_a_round_recorded_before_the_draw_still_reads() -> None:
    old = {"season": 1, "round": 2, "fixtures": [{"game_id": "g", "players": ["a", "b"]}]}
    event = decode_fields(RoundScheduled, {**old, "byes": []})
    assert (event.seed, event.order) == ("", ())


def test_a_drop_out_after_round_three_of_eight_leaves_no_rematch_and_no_pair_unmet() -> None:
    """The organiser's report in #25: 5 rematches and 5 pairs who never met."""
    state = new_league(8)
    for _ in range(3):
        state = play_round(state, seed_of(3))
    state = leave(state, state.members[1])
    for _ in range(4):
        state = play_round(state)
    meetings = met(state)
    remaining = [frozenset(p) for p in combinations(state.members, 2)]
    assert all(meetings[p] == 1 for p in remaining)
    assert max(meetings.values()) == 1


def test_seats_stay_balanced_after_a_drop_out() -> None:
    """A game lost to the leaver moves a player's balance by one at most."""
    state = new_league(8)
    for _ in range(3):
        state = play_round(state, seed_of(4))
    state = leave(state, state.members[0])
    for _ in range(4):
        state = play_round(state)
    firsts, played = first_seats(state), games(state)
    assert all(abs(2 * firsts[p] - played[p]) <= 2 for p in state.members), firsts


def test_a_late_joiner_enters_at_the_next_round_with_nothing_before() -> None:
    """#25: a member who joins after the season's first round is in the table at once with
    nothing (no bye points or forfeits for the rounds before), and plays the next round."""
    state = join(play_round(play_round(new_league(4), seed_of(1))), "late")
    (row,) = (s for s in season_table(state) if s.player == "late")
    assert (row.points, row.played, row.forfeits) == (0, 0, 0)
    state = play_round(state)
    tables = last_round(state)
    seats = {p: seat for table in tables for seat, p in enumerate(table)}
    on_bye = "late" not in seats
    assert on_bye == (state.byes.get("late", 0) == 1)  # at a table, or the round's bye
    # play_round's seat 0 wins (1 point, as a bye scores); seat 1 earns nothing
    (row,) = (s for s in season_table(state) if s.player == "late")
    assert row.points == (1 if on_bye or seats["late"] == 0 else 0)
    assert row.played == (0 if on_bye else 1)
