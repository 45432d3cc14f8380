"""A round deadline on a knock-out bracket game (issue #25; docs/leagues.md "Knock-out and
playoffs"): settling it also sends a player through, as each policy reads for a game that
must have a winner, and the bracket goes on to its next round."""

from __future__ import annotations

import pytest

from domain.leagues import Fixture, League, decide, fold
from domain.leagues.bracket import champion
from domain.leagues.commands import (
    SYSTEM_ACTOR,
    AddMember,
    CreateLeague,
    DeadlinePolicy,
    RecordResult,
    ScheduleRound,
    SettleAtDeadline,
    StartPlayoffs,
)
from domain.leagues.events import DeadlinePassed, PlayerAdvanced
from domain.leagues.pairing import next_plan
from domain.leagues.standings import season_table
from tests.domain.leagues.driving import BOSS

NOW = 1_800_000_000_000
HOUR = 3_600_000
RATINGS = {"ann": 400, "bob": 300, "cyd": 200, "dee": 100}
"""Seeds 1 to 4: the first round is ann v dee and bob v cyd, the better seed in seat 0."""


def league(policy: DeadlinePolicy, pairing: str = "knockout") -> League:
    create = CreateLeague(
        BOSS, "Cup", "counting", 2, pairing, (3, 0), deadline_policy=policy, round_ms=HOUR
    )  # type: ignore[arg-type]
    state = fold(decide(League(), create))
    for player in RATINGS:
        state = fold(decide(state, AddMember(BOSS, player)), state)
    return state


def schedule(state: League, at: int = NOW) -> League:
    plan = next_plan(state, "", RATINGS)
    fixtures = tuple(Fixture(f"r{state.round + 1}-{i}", t) for i, t in enumerate(plan.tables))
    command = ScheduleRound(BOSS, fixtures, "", at, ratings=RATINGS)
    return fold(decide(state, command), state)


def game_of(state: League, player: str) -> str:
    (game,) = (f.game_id for f in state.season_fixtures() if f.is_open and player in f.players)
    return game


def settle(
    state: League, game: str, due: tuple[int, ...], scores: tuple[int, int] = (0, 0)
) -> tuple[DeadlinePassed, PlayerAdvanced]:
    command = SettleAtDeadline(SYSTEM_ACTOR, game, NOW + HOUR, due, scores)
    passed, advanced = decide(state, command)
    assert isinstance(passed, DeadlinePassed) and isinstance(advanced, PlayerAdvanced)
    return passed, advanced


@pytest.mark.parametrize(
    ("due", "through"),
    [((0,), "dee"), ((1,), "ann"), ((0, 1), "ann")],  # both due: the better seed
)
def test_a_forfeit_at_the_deadline_sends_the_seat_not_due_through(
    due: tuple[int, ...], through: str
) -> None:
    state = schedule(league("forfeit"))
    game = game_of(state, "ann")
    passed, advanced = settle(state, game, due)
    assert passed.policy == "forfeit"
    assert advanced == PlayerAdvanced(1, 1, through, game, "forfeit")


def test_nobody_due_is_a_void_and_the_better_seed_goes_through() -> None:
    state = schedule(league("forfeit"))
    game = game_of(state, "bob")
    passed, advanced = settle(state, game, ())
    assert passed.policy == "void"
    assert advanced == PlayerAdvanced(1, 1, "bob", game, "void")


def test_a_void_at_the_deadline_sends_the_better_seed_through() -> None:
    state = schedule(league("void"))
    game = game_of(state, "cyd")
    _, advanced = settle(state, game, (0,), (9, 1))
    assert advanced == PlayerAdvanced(1, 1, "bob", game, "void")


@pytest.mark.parametrize(
    ("scores", "through"),
    [((2, 7), "dee"), ((7, 2), "ann"), ((5, 5), "ann")],  # level: the better seed
)
def test_an_adjudication_sends_the_better_running_score_through(
    scores: tuple[int, int], through: str
) -> None:
    state = schedule(league("adjudicate"))
    game = game_of(state, "dee")
    _, advanced = settle(state, game, (0,), scores)
    assert advanced == PlayerAdvanced(1, 1, through, game, "adjudicated")


def test_the_bracket_goes_on_after_a_deadline_to_its_champion() -> None:
    state = schedule(league("forfeit"))
    # dee beats ann on the board; bob's and cyd's game runs out with cyd to play
    state = fold(decide(state, RecordResult(BOSS, game_of(state, "ann"), (2, 1), (0, 5))), state)
    command = SettleAtDeadline(SYSTEM_ACTOR, game_of(state, "cyd"), NOW + HOUR, (1,), (0, 0))
    state = fold(decide(state, command), state)
    state = schedule(state, NOW + 2 * HOUR)  # the final: the round is closed
    (final,) = (f for f in state.season_fixtures() if f.round == 2)
    assert final.players == ("bob", "dee")
    command = SettleAtDeadline(SYSTEM_ACTOR, final.game_id, NOW + 3 * HOUR, (1,), (3, 0))
    state = fold(decide(state, command), state)
    assert state.bracket is not None and champion(state.bracket) == "bob"


def test_a_playoff_game_settled_at_its_deadline_leaves_the_table_alone() -> None:
    state = league("adjudicate", "round-robin")
    for r in range(3):
        state = schedule(state, NOW + 2 * r * HOUR)
        for f in state.season_fixtures():
            if f.is_open:
                state = fold(decide(state, RecordResult(BOSS, f.game_id, (1, 2), (1, 0))), state)
    table = season_table(state)
    state = fold(decide(state, StartPlayoffs(BOSS, 2)), state)
    state = schedule(state, NOW + 10 * HOUR)
    (final,) = (f for f in state.season_fixtures() if f.is_open)
    command = SettleAtDeadline(SYSTEM_ACTOR, final.game_id, NOW + 11 * HOUR, (0,), (1, 4))
    state = fold(decide(state, command), state)
    assert state.bracket is not None and champion(state.bracket) == final.players[1]
    assert season_table(state) == table
