"""Round deadlines in the pure league decider: set when a round is scheduled (given, or the
league's round duration from the time passed in), and settled by the league's policy once
the time passed in is past it, exactly once."""

from __future__ import annotations

import pytest

from domain.core.codec import decode_fields
from domain.core.errors import RuleViolation
from domain.core.registry import event_to_record
from domain.leagues import Actor, Fixture, League, decide, fold
from domain.leagues.commands import SYSTEM_ACTOR as SYSTEM
from domain.leagues.commands import (
    AddMember,
    CreateLeague,
    RecordResult,
    ScheduleRound,
    SettleAtDeadline,
)
from domain.leagues.events import DeadlinePassed, DeadlinePolicySet, RoundDeadlineSet
from domain.leagues.pairing import next_plan
from domain.leagues.standings import season_table

BOSS = Actor("boss", is_organiser=True)
NOW = 1_800_000_000_000
DAY = 86_400_000


def league(**settings: object) -> League:
    command = CreateLeague(BOSS, "Autumn", "counting", 2, "round-robin", (3, 0), **settings)  # type: ignore[arg-type]
    state = fold(decide(League(), command))
    for p in ("ann", "bob", "cyd", "dee"):
        state = fold(decide(state, AddMember(BOSS, p)), state)
    return state


def schedule(state: League, at: int | None = NOW, deadline: int | None = None) -> League:
    plan = next_plan(state, "")
    fixtures = tuple(Fixture(f"g{state.round + 1}-{i}", t) for i, t in enumerate(plan.tables))
    return fold(decide(state, ScheduleRound(BOSS, fixtures, "", at, deadline)), state)


def settle(state: League, game: str, at: int, due: tuple[int, ...] = (0,)) -> DeadlinePassed:
    (event,) = decide(state, SettleAtDeadline(SYSTEM, game, at, due, (4, 7)))
    assert isinstance(event, DeadlinePassed)
    return event


def refusal(state: League, command: object) -> str:
    with pytest.raises(RuleViolation) as caught:
        decide(state, command)  # type: ignore[arg-type]
    return caught.value.code


def test_a_league_records_its_deadline_policy_and_round_duration() -> None:
    events = decide(
        League(),
        CreateLeague(
            BOSS, "A", "counting", 2, "round-robin", (3, 0), deadline_policy="void", round_ms=DAY
        ),
    )
    assert events[1] == DeadlinePolicySet("void", DAY, "boss")
    state = fold(events)
    assert (state.deadline_policy, state.round_ms) == ("void", DAY)


def test_a_league_without_deadline_settings_records_none_and_forfeits_by_default() -> None:
    events = decide(League(), CreateLeague(BOSS, "A", "counting", 2, "round-robin", (3, 0)))
    assert len(events) == 1
    assert fold(events).deadline_policy == "forfeit"


@pytest.mark.parametrize(
    "settings",
    [{"deadline_policy": "coin-toss"}, {"round_ms": 1000}, {"round_ms": 400 * DAY}],
)
def test_bad_deadline_settings_are_refused(settings: dict[str, object]) -> None:
    command = CreateLeague(BOSS, "A", "counting", 2, "round-robin", (3, 0), **settings)  # type: ignore[arg-type]
    assert refusal(League(), command) == "invalid_command"


def test_the_round_duration_counts_from_the_time_passed_in() -> None:
    state = schedule(league(round_ms=3 * DAY))
    assert {f.deadline for f in state.fixtures.values()} == {NOW + 3 * DAY}


def test_a_given_deadline_overrides_the_league_duration() -> None:
    state = schedule(league(round_ms=3 * DAY), deadline=NOW + DAY)
    assert {f.deadline for f in state.fixtures.values()} == {NOW + DAY}


def test_a_deadline_must_be_in_the_future() -> None:
    state = league()
    plan = next_plan(state, "")
    fixtures = tuple(Fixture(f"g{i}", t) for i, t in enumerate(plan.tables))
    assert refusal(state, ScheduleRound(BOSS, fixtures, "", NOW, NOW - 1)) == "invalid_command"


def test_a_round_without_deadline_has_none_and_cannot_be_settled() -> None:
    state = schedule(league())
    assert {f.deadline for f in state.fixtures.values()} == {None}
    assert (
        refusal(state, SettleAtDeadline(SYSTEM, "g1-0", NOW + DAY, (0,), (0, 0))) == "no_deadline"
    )


def test_a_deadline_only_the_second_round_has_applies_to_that_round_only() -> None:
    state = schedule(league())
    for f in list(state.fixtures.values()):
        state = fold(decide(state, RecordResult(SYSTEM, f.game_id, (1, 2), (1, 0))), state)
    state = schedule(state, deadline=NOW + DAY)
    by_round = {(f.round, f.deadline) for f in state.fixtures.values()}
    assert by_round == {(1, None), (2, NOW + DAY)}


def test_nothing_is_settled_before_the_deadline() -> None:
    state = schedule(league(), deadline=NOW + DAY)
    assert refusal(state, SettleAtDeadline(SYSTEM, "g1-0", NOW + DAY - 1, (0,), (0, 0))) == (
        "deadline_not_reached"
    )


def test_forfeit_the_seat_to_play_loses_and_scores_nothing() -> None:
    state = schedule(league(deadline_policy="forfeit"), deadline=NOW + DAY)
    fixture = state.fixtures["g1-0"]
    event = settle(state, "g1-0", NOW + DAY, due=(1,))
    assert event.forfeited == (fixture.players[1],) and event.places == (1, 2)
    after = fold((event,), state).fixtures["g1-0"]
    assert (after.status, after.settled, after.scoreless) == (
        "forfeited",
        "forfeit",
        (fixture.players[1],),
    )
    table = {s.player: s.points for s in season_table(fold((event,), state))}
    assert table[fixture.players[0]] == 3 and table[fixture.players[1]] == 0


def test_forfeit_at_four_seats_the_seats_due_score_nothing() -> None:
    """#25: forfeiters score nothing whatever the seat count; two seats due at a table of
    four share third place, which would otherwise pay a point each."""
    command = CreateLeague(BOSS, "Peaks", "counting", 4, "balanced", (3, 2, 1, 0))
    state = fold(decide(League(), command))
    for p in ("ann", "bob", "cyd", "dee"):
        state = fold(decide(state, AddMember(BOSS, p)), state)
    state = schedule(state, deadline=NOW + DAY)
    (event,) = decide(state, SettleAtDeadline(SYSTEM, "g1-0", NOW + DAY, (1, 2), (4, 7, 1, 0)))
    assert isinstance(event, DeadlinePassed)
    due = set(state.fixtures["g1-0"].players[1:3])
    assert set(event.forfeited) == due and event.places == (1, 3, 3, 1)
    table = {s.player: s.points for s in season_table(fold((event,), state))}
    assert table == {p: 0 if p in due else 3 for p in ("ann", "bob", "cyd", "dee")}


def test_forfeit_with_every_seat_due_forfeits_both() -> None:
    state = schedule(league(), deadline=NOW + DAY)
    event = settle(state, "g1-0", NOW + DAY, due=(0, 1))
    assert set(event.forfeited) == set(state.fixtures["g1-0"].players)


def test_forfeit_with_nobody_due_is_a_void() -> None:
    state = schedule(league(), deadline=NOW + DAY)
    event = settle(state, "g1-0", NOW + DAY, due=())
    assert event.policy == "void" and event.places == () and event.forfeited == ()


def test_void_gives_no_result() -> None:
    state = schedule(league(deadline_policy="void"), deadline=NOW + DAY)
    event = settle(state, "g1-0", NOW + 2 * DAY)
    assert (event.policy, event.places, event.forfeited) == ("void", (), ())
    assert fold((event,), state).fixtures["g1-0"].status == "abandoned"


def test_adjudicate_ranks_by_the_running_score() -> None:
    state = schedule(league(deadline_policy="adjudicate"), deadline=NOW + DAY)
    fixture = state.fixtures["g1-0"]
    event = settle(state, "g1-0", NOW + DAY)
    assert (event.places, event.scores) == ((2, 1), (4, 7))
    after = fold((event,), state)
    assert after.fixtures["g1-0"].status == "played"
    table = {s.player: s.points for s in season_table(after)}
    assert table[fixture.players[1]] == 3 and table[fixture.players[0]] == 0


def test_adjudicate_a_tie_shares_first_place() -> None:
    state = schedule(league(deadline_policy="adjudicate"), deadline=NOW + DAY)
    (event,) = decide(state, SettleAtDeadline(SYSTEM, "g1-0", NOW + DAY, (0,), (5, 5)))
    assert isinstance(event, DeadlinePassed) and event.places == (1, 1)


def test_settling_twice_is_refused() -> None:
    state = schedule(league(), deadline=NOW + DAY)
    state = fold((settle(state, "g1-0", NOW + DAY),), state)
    assert refusal(state, SettleAtDeadline(SYSTEM, "g1-0", NOW + DAY, (0,), (0, 0))) == (
        "already_decided"
    )


def test_a_game_finished_before_the_deadline_is_not_settled() -> None:
    state = schedule(league(), deadline=NOW + DAY)
    state = fold(decide(state, RecordResult(SYSTEM, "g1-0", (1, 2), (5, 1))), state)
    assert refusal(state, SettleAtDeadline(SYSTEM, "g1-0", NOW + DAY, (0,), (0, 0))) == (
        "already_decided"
    )


def test_only_the_league_organisers_or_the_system_settle() -> None:
    state = schedule(league(), deadline=NOW + DAY)
    command = SettleAtDeadline(Actor("ann"), "g1-0", NOW + DAY, (0,), (0, 0))
    assert refusal(state, command) == "not_organiser"


def test_the_new_events_survive_their_record() -> None:
    state = schedule(league(deadline_policy="adjudicate", round_ms=DAY))
    events = (
        DeadlinePolicySet("adjudicate", DAY, "boss"),
        RoundDeadlineSet(1, 1, NOW + DAY),
        settle(state, "g1-0", NOW + DAY),
    )
    for event in events:
        _, _, payload = event_to_record(event)
        assert decode_fields(type(event), payload) == event
