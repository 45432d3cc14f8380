"""The league decider: who may do what, and what a result does to the standings."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from domain.core.codec import decode_fields
from domain.core.errors import RuleViolation
from domain.core.registry import event_to_record
from domain.leagues import Actor, Fixture, League, decide, fold
from domain.leagues.commands import (
    AddMember,
    CreateLeague,
    Join,
    Leave,
    RecordAbandonment,
    RecordForfeit,
    RecordResult,
    ScheduleRound,
    StartSeason,
)
from domain.leagues.events import Event, ForfeitRecorded, MemberJoined, RoundScheduled
from domain.leagues.pairing import next_plan
from domain.leagues.standings import (
    TIEBREAKS,
    Standing,
    apply,
    behind,
    ranked_by,
    season_table,
)
from domain.leagues.state import Scheduled

BOSS = Actor("boss", is_organiser=True)
ANN = Actor("ann")


def given(*events: Event) -> League:
    return fold(events)


def league(players: tuple[str, ...] = ("ann", "bob", "cyd", "dee"), **kw: object) -> League:
    settings: dict[str, object] = {
        "name": "Autumn",
        "ruleset": "peninsula",
        "seats": 2,
        "pairing": "round-robin",
        "points": (3, 0),
    }
    settings.update(kw)
    state = fold(decide(League(), CreateLeague(by=BOSS, **settings)))  # type: ignore[arg-type]
    for p in players:
        state = fold(decide(state, AddMember(BOSS, p)), state)
    return state


def schedule(state: League) -> League:
    plan = next_plan(state)
    fixtures = tuple(Fixture(f"g{state.round + 1}-{i}", t) for i, t in enumerate(plan.tables))
    return fold(decide(state, ScheduleRound(BOSS, fixtures)), state)


def refused(code: str, state: League, command: object) -> None:
    with pytest.raises(RuleViolation) as caught:
        decide(state, command)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_only_an_organiser_creates_a_league() -> None:
    refused("not_organiser", League(), CreateLeague(ANN, "x", "peninsula", 2, "swiss", (1, 0)))


def test_points_are_given_per_place_and_never_reward_a_worse_place() -> None:
    refused("invalid_command", League(), CreateLeague(BOSS, "x", "peninsula", 2, "swiss", (1,)))
    refused("invalid_command", League(), CreateLeague(BOSS, "x", "peninsula", 2, "swiss", (0, 1)))
    refused(
        "invalid_command", League(), CreateLeague(BOSS, "x", "peninsula", 3, "swiss", (2, 1, 0))
    )


def test_members_join_and_leave_and_only_organisers_add_others() -> None:
    state = league(())
    refused("not_organiser", state, AddMember(ANN, "bob"))
    assert decide(state, Join(ANN)) == (MemberJoined("ann", "ann"),)
    state = fold(decide(state, Join(ANN)), state)
    refused("already_member", state, Join(ANN))
    state = fold(decide(state, Leave(ANN)), state)
    assert state.members == ()
    refused("not_member", state, Leave(ANN))


def test_a_player_cannot_schedule_a_round() -> None:
    state = league()
    plan = next_plan(state)
    fixtures = tuple(Fixture(f"g{i}", t) for i, t in enumerate(plan.tables))
    refused("not_organiser", state, ScheduleRound(ANN, fixtures))


def test_scheduling_refuses_any_tables_but_the_pairings() -> None:
    state = league()
    refused(
        "wrong_fixtures",
        state,
        ScheduleRound(BOSS, (Fixture("a", ("ann", "bob")), Fixture("b", ("cyd", "dee")))),
    )


def test_the_first_round_starts_the_first_season() -> None:
    state = league()
    plan = next_plan(state)
    fixtures = tuple(Fixture(f"g{i}", t) for i, t in enumerate(plan.tables))
    events = decide(state, ScheduleRound(BOSS, fixtures))
    assert isinstance(events[-1], RoundScheduled)
    assert events[-1].season == 1 and events[-1].round == 1


def test_a_round_waits_for_the_last_one_to_finish() -> None:
    state = schedule(league())
    refused("round_open", state, ScheduleRound(BOSS, ()))
    refused("round_open", state, StartSeason(BOSS))


def test_a_result_is_recorded_once() -> None:
    state = schedule(league())
    game = next(iter(state.fixtures))
    record = RecordResult(BOSS, game, (1, 2), (10, 7))
    state = fold(decide(state, record), state)
    refused("already_decided", state, record)
    refused("unknown_fixture", state, RecordResult(BOSS, "nope", (1, 2), (1, 1)))


def test_a_forfeit_needs_an_organiser_and_a_reason() -> None:
    state = schedule(league())
    game = next(iter(state.fixtures))
    players = state.fixtures[game].players
    refused("not_organiser", state, RecordForfeit(ANN, game, (players[0],), "no show"))
    refused("invalid_command", state, RecordForfeit(BOSS, game, (players[0],), " "))
    refused("invalid_command", state, RecordForfeit(BOSS, game, ("zed",), "no show"))
    (event,) = decide(state, RecordForfeit(BOSS, game, (players[0],), "no show"))
    assert isinstance(event, ForfeitRecorded) and event.places == (2, 1)


def test_a_league_from_before_tiebreaks_orders_by_points_then_wins_then_scores() -> None:
    """Its league.created recorded no tie-breaks: it keeps the order it was run with."""
    created = fold(decide(League(), CreateLeague(BOSS, "Old", "peninsula", 2, "swiss", (3, 0))))
    assert created.tiebreaks == TIEBREAKS
    state = schedule(dataclasses.replace(league(), tiebreaks=None))
    games = list(state.fixtures.values())
    state = fold(decide(state, RecordResult(BOSS, games[0].game_id, (1, 2), (10, 3))), state)
    state = fold(decide(state, RecordResult(BOSS, games[1].game_id, (1, 2), (12, 11))), state)
    table = season_table(state)
    winners = [games[1].players[0], games[0].players[0]]
    assert [s.player for s in table[:2]] == winners  # equal points, 12 beats 10
    assert [s.points for s in table] == [3, 3, 0, 0]


def test_a_shared_victory_gives_both_the_first_places_points() -> None:
    state = schedule(league())
    game = next(iter(state.fixtures.values()))
    state = fold(decide(state, RecordResult(BOSS, game.game_id, (1, 1), (9, 9))), state)
    table = {s.player: s for s in season_table(state)}
    assert [table[p].points for p in game.players] == [3, 3]
    assert [table[p].wins for p in game.players] == [1, 1]


def test_an_abandoned_game_scores_nothing() -> None:
    state = schedule(league())
    game = next(iter(state.fixtures))
    state = fold(decide(state, RecordAbandonment(BOSS, game, "server fire")), state)
    assert all(
        s.played == 0 for s in season_table(state) if s.player in state.fixtures[game].players
    )


def test_a_swiss_season_of_four_never_pairs_a_rematch_in_three_rounds() -> None:
    state = league(pairing="swiss")
    met: set[frozenset[str]] = set()
    for _ in range(3):
        state = schedule(state)
        for fixture in state.season_fixtures():
            if fixture.is_open:
                pair = frozenset(fixture.players)
                assert pair not in met
                met.add(pair)
                record = RecordResult(BOSS, fixture.game_id, (1, 2), (5, 0))
                state = fold(decide(state, record), state)
    assert len(met) == 6


def _four_seat_forfeit() -> tuple[League, ForfeitRecorded]:
    state = schedule(league(pairing="balanced", seats=4, points=(3, 2, 1, 0)))
    (game,) = state.fixtures
    (event,) = decide(state, RecordForfeit(BOSS, game, ("bob", "dee"), "no show"))
    assert isinstance(event, ForfeitRecorded)
    return state, event


def test_forfeiters_score_nothing_whatever_the_seat_count() -> None:
    """#25: at four seats two forfeiters shared third place and each earned its point."""
    state, event = _four_seat_forfeit()
    assert event.scoreless == ("bob", "dee")
    points = {s.player: s.points for s in season_table(fold((event,), state))}
    assert points == {"ann": 3, "cyd": 3, "bob": 0, "dee": 0}


def test_a_forfeit_recorded_before_version_2_keeps_the_points_it_gave() -> None:
    state, event = _four_seat_forfeit()
    _, _, recorded = event_to_record(event)
    payload = {k: v for k, v in recorded.items() if k != "scoreless"}
    old = decode_fields(ForfeitRecorded, payload)
    points = {s.player: s.points for s in season_table(fold((old,), state))}
    assert points == {"ann": 3, "cyd": 3, "bob": 1, "dee": 1}


def test_a_bye_scores_a_win_by_default_and_what_the_league_sets() -> None:
    """#25: a Swiss bye scored nothing; lichess Swiss and FIDE give a win's points."""
    for setting, expected in ((None, 3), (1, 1)):
        state = schedule(league(("ann", "bob", "cyd"), pairing="swiss", bye_points=setting))
        (bye,) = [
            p for p in state.members if all(p not in f.players for f in state.fixtures.values())
        ]
        points = {s.player: s.points for s in season_table(state)}
        assert points[bye] == expected


def test_a_bye_of_a_round_recorded_before_version_2_scores_nothing() -> None:
    base = league(("ann", "bob", "cyd"), pairing="swiss")
    plan = next_plan(base)
    fixtures = tuple(Fixture(f"g{i}", t) for i, t in enumerate(plan.tables))
    started, scheduled = decide(base, ScheduleRound(BOSS, fixtures))
    assert isinstance(scheduled, RoundScheduled) and scheduled.bye_points == 3
    _, _, recorded = event_to_record(scheduled)
    old = decode_fields(RoundScheduled, {k: v for k, v in recorded.items() if k != "bye_points"})
    assert all(s.points == 0 for s in season_table(fold((started, old), base)))


def test_a_bye_never_scores_more_than_a_win() -> None:
    refused(
        "invalid_command",
        League(),
        CreateLeague(BOSS, "x", "peninsula", 2, "swiss", (1, 0), bye_points=2),
    )


def _two_rounds(tiebreaks: tuple[str, ...] | None) -> League:
    """Six players, two rounds, seat 0 always wins: ties on points everywhere."""
    state = league(("ann", "bob", "cyd", "dee", "eve", "fay"), tiebreaks=tiebreaks)
    for _ in range(2):
        state = schedule(state)
        for f in [f for f in state.fixtures.values() if f.is_open]:
            state = fold(decide(state, RecordResult(BOSS, f.game_id, (1, 2), (1, 0))), state)
    return state


def test_ties_on_points_go_by_buchholz_then_by_the_seeded_draw_never_the_id() -> None:
    state = _two_rounds(("buchholz",))
    table = season_table(state)
    points = {s.player: s.points for s in table}
    buchholz = {
        p: sum(
            points[o]
            for f in state.season_fixtures()
            if p in f.players
            for o in f.players
            if o != p
        )
        for p in points
    }
    keys = [(-s.points, -buchholz[s.player]) for s in table]
    assert keys == sorted(keys)
    for a, b in itertools.pairwise(table):
        if (a.points, buchholz[a.player]) == (b.points, buchholz[b.player]):
            order = state.season_orders[1] or state.members
            assert order.index(a.player) < order.index(b.player)


def _three_games() -> tuple[list[Scheduled], dict[str, Standing]]:
    """bob beats ann, ann beats cyd, dee beats cyd: ann, bob and dee level on 3 points."""
    fixtures = [
        Scheduled("f1", 1, 1, ("ann", "bob"), "played", (2, 1), (0, 1)),
        Scheduled("f2", 1, 2, ("ann", "cyd"), "played", (1, 2), (1, 0)),
        Scheduled("f3", 1, 2, ("dee", "cyd"), "played", (1, 2), (1, 0)),
    ]
    table: dict[str, Standing] = {}
    for f in fixtures:
        apply(table, (3, 0), f)
    return fixtures, table


def test_head_to_head_puts_the_winner_of_the_tied_players_game_first() -> None:
    fixtures, table = _three_games()
    drawn = ("ann", "bob", "cyd", "dee")
    by_draw = ranked_by(table.values(), fixtures, (3, 0), (), drawn)
    assert [s.player for s in by_draw] == ["ann", "bob", "dee", "cyd"]
    by_h2h = ranked_by(table.values(), fixtures, (3, 0), ("head-to-head",), drawn)
    assert [s.player for s in by_h2h] == ["bob", "ann", "dee", "cyd"]
    by_berger = ranked_by(table.values(), fixtures, (3, 0), ("sonneborn-berger",), drawn)
    # beaten opponents' points: ann beat cyd (0), bob beat ann (3), dee beat cyd (0)
    assert [s.player for s in by_berger] == ["bob", "ann", "dee", "cyd"]


def test_each_row_carries_its_tiebreak_numbers_in_the_order_they_apply() -> None:
    """#25: the league's tie-breaks only, the draw last wherever it was named, the draw's
    number the player's place in the drawn order."""
    fixtures, table = _three_games()
    drawn = ("ann", "bob", "cyd", "dee")
    ranked = ranked_by(table.values(), fixtures, (3, 0), ("draw", "head-to-head", "wins"), drawn)
    # head-to-head: bob took 3 from ann, level with him; ann's and dee's wins were over cyd
    assert [(s.player, s.tiebreaks) for s in ranked] == [
        ("bob", (("head-to-head", 3), ("wins", 1), ("draw", 2))),
        ("ann", (("head-to-head", 0), ("wins", 1), ("draw", 1))),
        ("dee", (("head-to-head", 0), ("wins", 1), ("draw", 4))),
        ("cyd", (("head-to-head", 0), ("wins", 0), ("draw", 3))),
    ]
    berger = ranked_by(table.values(), fixtures, (3, 0), ("buchholz", "sonneborn-berger"), drawn)
    # Buchholz: bob met ann (3), ann met bob and cyd (3 + 0), dee met cyd (0), cyd met ann
    # and dee (6); Sonneborn-Berger: bob's 3 over ann (3 x 3)
    assert {s.player: s.tiebreaks for s in berger} == {
        "bob": (("buchholz", 3), ("sonneborn-berger", 9)),
        "ann": (("buchholz", 3), ("sonneborn-berger", 0)),
        "dee": (("buchholz", 0), ("sonneborn-berger", 0)),
        "cyd": (("buchholz", 6), ("sonneborn-berger", 0)),
    }
    assert ranked_by(table.values(), fixtures, (3, 0), (), drawn)[0].tiebreaks == ()


def test_unknown_or_repeated_tiebreaks_are_refused() -> None:
    for bad in (("elo",), ("wins", "wins")):
        refused(
            "invalid_command",
            League(),
            CreateLeague(BOSS, "x", "peninsula", 2, "swiss", (1, 0), tiebreaks=bad),
        )


def test_seats_that_left_rank_behind_the_others_keeping_their_order() -> None:
    assert behind((1, 2, 3, 4), {0}) == (4, 1, 2, 3)
    assert behind((1, 1, 3, 4), {0, 1}) == (3, 3, 1, 2)
    assert behind((2, 1, 2), set()) == (2, 1, 2)


def test_a_league_created_before_bye_points_goes_on_scoring_byes_nothing() -> None:
    old = dataclasses.replace(league(("ann", "bob", "cyd"), pairing="swiss"), tiebreaks=None)
    state = schedule(old)
    assert sum(state.byes.values()) == 1
    assert all(s.points == 0 for s in season_table(state))
