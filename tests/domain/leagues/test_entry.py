"""Leagues that ask for a minimum of rated games or a rating range to join (#25), through
the pure decider: settings checked at creation, every way in checked, clear codes."""

from __future__ import annotations

import pytest

from domain.core.codec import decode_fields
from domain.core.errors import RuleViolation
from domain.core.registry import event_to_record
from domain.leagues import Actor, League, decide, fold
from domain.leagues.commands import AddMember, CreateLeague, Entrant, Join
from domain.leagues.events import LeagueCreated
from tests.domain.leagues.driving import BOSS


def league(**entry: int | None) -> League:
    create = CreateLeague(BOSS, "Open", "peninsula", 2, "swiss", (1, 0), **entry)  # type: ignore[arg-type]
    return fold(decide(League(), create))


def refused(code: str, state: League, command: object) -> str:
    with pytest.raises(RuleViolation) as caught:
        decide(state, command)  # type: ignore[arg-type]
    assert caught.value.code == code
    return caught.value.message


@pytest.mark.parametrize(
    "entry",
    [
        {"min_rated_games": -1},
        {"min_rating": 10, "max_rating": 5},
        {"max_rating": 100_000},
    ],
)
def test_impossible_requirements_are_refused(entry: dict[str, int]) -> None:
    create = CreateLeague(BOSS, "Open", "peninsula", 2, "swiss", (1, 0), **entry)  # type: ignore[arg-type]
    refused("invalid_command", League(), create)


def test_too_few_rated_games_keeps_a_player_out_whoever_adds_them() -> None:
    state = league(min_rated_games=5)
    message = refused("too_few_rated_games", state, Join(Actor("ann"), Entrant(4, 20_000)))
    assert "at least 5 rated games in peninsula" in message and "has 4" in message
    refused("too_few_rated_games", state, AddMember(BOSS, "ann", Entrant(0, 0)))
    refused("too_few_rated_games", state, Join(Actor("ann")))  # unrated: no games
    assert decide(state, Join(Actor("ann"), Entrant(5, -3_000)))


def test_a_rating_range_takes_its_bounds_and_refuses_outside() -> None:
    state = league(min_rating=10, max_rating=20)
    for rating in (10_000, 15_500, 20_000):
        assert decide(state, Join(Actor("ann"), Entrant(9, rating)))
    message = refused("rating_out_of_range", state, Join(Actor("ann"), Entrant(9, 9_500)))
    assert "from 10 to 20 in peninsula" in message and "9.50" in message
    refused("rating_out_of_range", state, Join(Actor("ann"), Entrant(9, 9_999)))
    refused("rating_out_of_range", state, AddMember(BOSS, "ann", Entrant(9, 20_001)))
    # an unrated player rates as new: 0
    refused("rating_out_of_range", state, Join(Actor("ann")))
    open_top = league(min_rating=0)
    assert decide(open_top, Join(Actor("ann"), Entrant(0, 0)))


def test_a_league_without_requirements_takes_anyone() -> None:
    assert decide(league(), Join(Actor("ann"), Entrant(0, -50_000)))


def test_the_requirements_are_recorded_and_older_leagues_have_none() -> None:
    created = decide(
        League(),
        CreateLeague(
            BOSS,
            "Open",
            "peninsula",
            2,
            "swiss",
            (1, 0),
            min_rated_games=3,
            min_rating=1,
            max_rating=9,
        ),
    )[0]
    name, version, payload = event_to_record(created)
    assert (name, version) == ("league.created", 3)
    assert (payload["min_rated_games"], payload["min_rating"], payload["max_rating"]) == (3, 1, 9)
    older = {
        k: v for k, v in payload.items() if k not in ("min_rated_games", "min_rating", "max_rating")
    }
    read = decode_fields(LeagueCreated, older)
    assert (read.min_rated_games, read.min_rating, read.max_rating) == (None, None, None)
    assert decide(fold([read]), Join(Actor("ann")))
