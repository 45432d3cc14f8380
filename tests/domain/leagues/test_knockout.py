"""Knock-out leagues and playoffs through the pure decider (docs/leagues.md "Knock-out and
playoffs"): seeding by rating then the seeded draw, standard placement, byes in the first
round only, ties by game score then seed, forfeits and voids, and the table left alone."""

from __future__ import annotations

import pytest

from domain.core.errors import RuleViolation
from domain.leagues import Actor, Fixture, League, decide, fold
from domain.leagues.bracket import Match, champion, placement, seeding, view
from domain.leagues.commands import (
    CreateLeague,
    RecordAbandonment,
    RecordForfeit,
    RecordResult,
    ScheduleRound,
    StartPlayoffs,
    StartSeason,
)
from domain.leagues.events import BracketDrawn, PlayerAdvanced
from domain.leagues.pairing import next_plan
from domain.leagues.standings import season_table
from tests.domain.leagues.driving import BOSS, join, new_league, play_round, seed_of


def knockout(players: int) -> League:
    return new_league(players, "knockout")


def schedule(state: League, ratings: dict[str, int] | None = None, seed: str = "") -> League:
    plan = next_plan(state, seed, ratings)
    tag = f"s{max(state.season, 1)}r{state.round + 1}"
    fixtures = tuple(Fixture(f"{tag}-{i}", t) for i, t in enumerate(plan.tables))
    command = ScheduleRound(BOSS, fixtures, seed, ratings=ratings or {})
    return fold(decide(state, command), state)


def open_games(state: League) -> list[str]:
    return [f.game_id for f in state.season_fixtures() if f.is_open]


def win_all(state: League, seat: int = 0) -> League:
    places = (1, 2) if seat == 0 else (2, 1)
    for game in open_games(state):
        state = fold(decide(state, RecordResult(BOSS, game, places, (0, 0))), state)
    return state


def test_standard_placement_puts_the_top_seeds_in_opposite_halves() -> None:
    assert placement(2) == (1, 2)
    assert placement(4) == (1, 4, 2, 3)
    assert placement(8) == (1, 8, 4, 5, 2, 7, 3, 6)


def test_seeds_follow_ratings_and_equal_ratings_the_seasons_draw() -> None:
    drawn = ("c", "a", "d", "b")
    assert seeding(("a", "b", "c", "d"), {"a": 10, "b": 30, "c": 10}, drawn) == (
        "b",
        "c",
        "a",
        "d",
    )


def test_a_knockout_league_pairs_two_seats() -> None:
    with pytest.raises(RuleViolation) as caught:
        decide(League(), CreateLeague(BOSS, "Cup", "peninsula", 3, "knockout", (2, 1, 0)))
    assert caught.value.code == "invalid_command"


def test_the_first_round_draws_the_bracket_seeded_by_rating() -> None:
    state = knockout(4)
    ratings = {"p00": 100, "p01": 400, "p02": 300, "p03": 200}
    plan = next_plan(state, "", ratings)
    command = ScheduleRound(BOSS, tuple(Fixture(f"g{i}", t) for i, t in enumerate(plan.tables)))
    events = decide(state, ScheduleRound(BOSS, command.fixtures, "", ratings=ratings))
    drawn = next(e for e in events if isinstance(e, BracketDrawn))
    assert drawn.seeds == ("p01", "p02", "p03", "p00")
    assert drawn.ratings == (400, 300, 200, 100)
    # 1 v 4 and 2 v 3, the better seed in seat 0
    assert plan.tables == (("p01", "p00"), ("p02", "p03"))


def test_other_tables_than_the_brackets_are_refused() -> None:
    state = knockout(4)
    swapped = (Fixture("g0", ("p00", "p01")), Fixture("g1", ("p02", "p03")))
    with pytest.raises(RuleViolation) as caught:
        decide(state, ScheduleRound(BOSS, swapped, "", ratings={"p00": 1}))
    assert caught.value.code == "wrong_fixtures"


def test_byes_go_through_in_the_first_round_only_and_the_winners_meet() -> None:
    state = schedule(knockout(6))  # equal ratings: join order is the draw without a seed
    assert state.bracket is not None
    assert [f.players for f in state.season_fixtures()] == [("p03", "p04"), ("p02", "p05")]
    assert set(state.bracket.advanced) == {(1, "p00"), (1, "p01")}
    state = schedule(win_all(state, seat=1))  # the lower seeds win
    assert [f.players for f in state.season_fixtures() if f.round == 2] == [
        ("p00", "p04"),
        ("p01", "p05"),
    ]
    state = schedule(win_all(state))
    assert [f.players for f in state.season_fixtures() if f.round == 3] == [("p00", "p01")]
    state = win_all(state, seat=1)
    assert champion(state.bracket) == "p01"  # type: ignore[arg-type]
    with pytest.raises(RuleViolation) as caught:
        schedule(state)
    assert caught.value.code == "bracket_complete"


def test_a_tied_game_goes_to_the_higher_score_then_the_better_seed() -> None:
    state = schedule(knockout(4))
    first, second = open_games(state)
    events = decide(state, RecordResult(BOSS, first, (1, 1), (3, 5)))
    assert events[-1] == PlayerAdvanced(1, 1, "p03", first, "tie-break")
    events = decide(state, RecordResult(BOSS, second, (1, 1), (4, 4)))
    assert events[-1] == PlayerAdvanced(1, 1, "p01", second, "tie-break")


def test_a_forfeit_sends_the_opponent_through_and_a_void_the_better_seed() -> None:
    state = schedule(knockout(4))
    first, second = open_games(state)
    forfeit = RecordForfeit(BOSS, first, ("p00",), "no show")
    assert decide(state, forfeit)[-1] == PlayerAdvanced(1, 1, "p03", first, "forfeit")
    void = RecordAbandonment(BOSS, second, "server fire")
    assert decide(state, void)[-1] == PlayerAdvanced(1, 1, "p01", second, "void")


def test_a_new_season_draws_a_new_bracket() -> None:
    state = win_all(schedule(win_all(schedule(knockout(4)))))
    state = fold(decide(state, StartSeason(BOSS)), state)
    assert state.bracket is None
    state = schedule(state, {"p03": 900}, seed_of(3))
    assert state.bracket is not None and state.bracket.seeds[0] == "p03"


def test_playoffs_take_the_top_of_the_table_and_leave_it_final() -> None:
    state = new_league(6)
    for _ in range(5):
        state = play_round(state)
    table = [s.player for s in season_table(state)]
    state = fold(decide(state, StartPlayoffs(BOSS, 4)), state)
    assert state.bracket is not None and state.bracket.seeds == tuple(table[:4])
    assert state.bracket.start_round == 6
    state = schedule(state)
    assert [f.players for f in state.season_fixtures() if f.round == 6] == [
        (table[0], table[3]),
        (table[1], table[2]),
    ]
    points = {s.player: s.points for s in season_table(state)}
    state = win_all(state, seat=1)
    assert {s.player: s.points for s in season_table(state)} == points
    state = win_all(schedule(state))
    assert champion(state.bracket) == table[2]  # type: ignore[arg-type]
    final = [m for m in view(state.bracket) if m.round == 2]  # type: ignore[arg-type]
    assert final == [Match(2, 1, (table[2], table[3]), (3, 4), False, table[2])]


@pytest.mark.parametrize(
    ("size", "code"), [(1, "invalid_command"), (7, "invalid_command"), (4, None)]
)
def test_playoffs_take_two_to_every_member(size: int, code: str | None) -> None:
    state = play_round(new_league(6))
    if code is None:
        assert isinstance(decide(state, StartPlayoffs(BOSS, size))[0], BracketDrawn)
        return
    with pytest.raises(RuleViolation) as caught:
        decide(state, StartPlayoffs(BOSS, size))
    assert caught.value.code == code


def test_playoffs_are_refused_before_the_season_twice_and_in_a_knockout_league() -> None:
    cases = [
        (new_league(4), "no_season"),
        (schedule(knockout(4)), "round_open"),
        (win_all(schedule(knockout(4))), "invalid_command"),
    ]
    drawn = fold(
        decide(play_round(new_league(4)), StartPlayoffs(BOSS, 2)), play_round(new_league(4))
    )
    cases.append((drawn, "bracket_drawn"))
    for state, code in cases:
        with pytest.raises(RuleViolation) as caught:
            decide(state, StartPlayoffs(BOSS, 2))
        assert caught.value.code == code
    with pytest.raises(RuleViolation) as caught:
        decide(play_round(new_league(4)), StartPlayoffs(Actor("p00"), 2))
    assert caught.value.code == "not_organiser"


def test_a_late_joiner_is_not_in_this_seasons_bracket() -> None:
    state = join(schedule(knockout(4)), "late")
    state = schedule(win_all(state))
    assert all("late" not in f.players for f in state.season_fixtures())


def test_playoffs_need_two_seat_tables() -> None:
    create = CreateLeague(BOSS, "Fours", "peninsula", 4, "balanced", (3, 2, 1, 0))
    state = fold(decide(League(), create))
    for p in ("a", "b", "c", "d"):
        state = join(state, p)
    state = schedule(state)
    state = fold(decide(state, RecordResult(BOSS, "s1r1-0", (1, 2, 3, 4), (0, 0, 0, 0))), state)
    with pytest.raises(RuleViolation) as caught:
        decide(state, StartPlayoffs(BOSS, 2))
    assert caught.value.code == "invalid_command"
