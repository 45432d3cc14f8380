"""A league's own organisers (issue #25): its creator and the co-organisers it names act on
it; another organiser does not, the operator (and the system) always may."""

from __future__ import annotations

import pytest

from domain.core.errors import RuleViolation
from domain.leagues import Actor, Fixture, League, decide, fold
from domain.leagues.commands import (
    SYSTEM_ACTOR,
    AddMember,
    AddOrganiser,
    CreateLeague,
    RecordAbandonment,
    RecordForfeit,
    RecordResult,
    RemoveOrganiser,
    ScheduleRound,
    StartSeason,
)
from domain.leagues.events import OrganiserAdded, OrganiserRemoved
from domain.leagues.pairing import plan_round

BOSS = Actor("boss", is_organiser=True)
RIVAL = Actor("rival", is_organiser=True)
ANN = Actor("ann")
OPERATOR = Actor("operator", is_organiser=True, is_operator=True)


def _league() -> League:
    state = fold(
        decide(League(), CreateLeague(BOSS, "Club", "peninsula", 2, "round-robin", (3, 0)))
    )
    for player in ("ann", "bob"):
        state = fold(decide(state, AddMember(BOSS, player)), state)
    return state


def _refused(code: str, state: League, command: object) -> None:
    with pytest.raises(RuleViolation) as caught:
        decide(state, command)  # type: ignore[arg-type]
    assert caught.value.code == code


def _fixtures(state: League) -> tuple[Fixture, ...]:
    return tuple(Fixture(f"g{i}", t) for i, t in enumerate(plan_round(state).tables))


def test_another_organiser_may_do_nothing_to_the_league() -> None:
    state = _league()
    _refused("not_league_organiser", state, AddMember(RIVAL, "cyd"))
    _refused("not_league_organiser", state, AddOrganiser(RIVAL, "rival"))
    _refused("not_league_organiser", state, StartSeason(RIVAL))
    _refused("not_league_organiser", state, ScheduleRound(RIVAL, _fixtures(state)))
    state = fold(decide(state, ScheduleRound(BOSS, _fixtures(state))), state)
    _refused("not_league_organiser", state, RecordForfeit(RIVAL, "g0", ("ann",), "late"))
    _refused("not_league_organiser", state, RecordAbandonment(RIVAL, "g0", "late"))
    _refused("not_league_organiser", state, RecordResult(RIVAL, "g0", (1, 2), (5, 0)))
    # a player with no organiser role hears the older code
    _refused("not_organiser", state, RecordAbandonment(ANN, "g0", "late"))
    _refused("not_organiser", state, RecordResult(ANN, "g0", (1, 2), (5, 0)))
    # the system records a finished game's result (service/application/league_endings.py)
    assert decide(state, RecordResult(SYSTEM_ACTOR, "g0", (1, 2), (5, 0)))


def test_a_co_organiser_acts_until_removed_and_the_creator_stays() -> None:
    state = _league()
    assert decide(state, AddOrganiser(BOSS, "ann")) == (OrganiserAdded("ann", "boss"),)
    state = fold(decide(state, AddOrganiser(BOSS, "ann")), state)
    assert state.organisers == ("boss", "ann")
    _refused("already_organiser", state, AddOrganiser(ANN, "boss"))
    state = fold(decide(state, AddMember(ANN, "cyd")), state)
    _refused("invalid_command", state, RemoveOrganiser(ANN, "boss"))
    _refused("not_league_organiser", state, RemoveOrganiser(BOSS, "rival"))
    assert decide(state, RemoveOrganiser(BOSS, "ann")) == (OrganiserRemoved("ann", "boss"),)
    state = fold(decide(state, RemoveOrganiser(BOSS, "ann")), state)
    assert state.organisers == ("boss",)
    _refused("not_organiser", state, AddMember(ANN, "dee"))


@pytest.mark.parametrize("actor", [OPERATOR, SYSTEM_ACTOR])
def test_the_operator_and_the_system_act_on_any_league(actor: Actor) -> None:
    state = fold(decide(_league(), AddMember(actor, "cyd")), _league())
    assert "cyd" in state.members
    state = fold(decide(state, AddOrganiser(actor, "rival")), state)
    assert decide(state, AddMember(RIVAL, "dee"))
