"""Knock-out leagues and playoffs on both stores: seeds from the ratings projection, the
bracket played to its champion, the table left alone by bracket games, and a rebuild that
gives the same bracket rows (docs/leagues.md "Knock-out and playoffs")."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from domain.core.errors import RuleViolation
from domain.leagues.commands import Pairing
from service.application import Application
from service.leagues import LeagueService, league_service
from service.projections.reading import NoBracket, bracket_of, standings_of
from service.store import Store
from tests.service.leagues.season import play_round, sign_up, strength

NAMES = ("ann", "bob", "cyd", "dee")


@pytest.fixture
def service(any_store: Store) -> LeagueService:
    return league_service(Application(any_store))


def _league(service: LeagueService, boss: Any, members: dict[str, Any], pairing: Pairing) -> Any:
    league = service.leagues.create(
        boss, f"{pairing} {uuid.uuid4().hex[:6]}", "counting", 2, pairing, (3, 0), {"target": 5}
    )
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    return league


def _rated(service: LeagueService) -> tuple[Any, Any, dict[str, Any], str]:
    """Four players rated by a round-robin season in which the earlier name always wins."""
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, NAMES, tag)
    league = _league(service, boss, members, "round-robin")
    for _ in range(3):
        play_round(service, league, boss, members, strength(NAMES))
    return league, boss, members, tag


def _rows(service: LeagueService, league: Any) -> list[Any]:
    """The league's bracket rows, season by season (None: a season with no bracket)."""
    views = service.leagues.cairn.store.league_views
    summary = views.summary(league)
    assert summary is not None
    return [views.bracket(league, season) for season in range(1, summary.season + 1)]


def test_a_knockout_league_seeds_by_rating_and_plays_to_its_champion(
    service: LeagueService,
) -> None:
    _, boss, members, tag = _rated(service)
    cup = _league(service, boss, members, "knockout")
    upsets = strength(tuple(reversed(NAMES)))  # the lower seed wins every game
    play_round(service, cup, boss, members, upsets)
    bracket = bracket_of(service, cup)
    assert [s["name"] for s in bracket["seeds"]] == [f"{n}-{tag}" for n in NAMES]
    ratings = [s["rating"] for s in bracket["seeds"]]
    assert ratings == sorted(ratings, reverse=True)
    first = [m["names"] for m in bracket["matches"] if m["round"] == 1]
    assert first == [[f"ann-{tag}", f"dee-{tag}"], [f"bob-{tag}", f"cyd-{tag}"]]
    play_round(service, cup, boss, members, upsets)
    bracket = bracket_of(service, cup)
    final = bracket["matches"][-1]
    assert final["names"] == [f"cyd-{tag}", f"dee-{tag}"]
    assert final["status"] == "played" and final["decided_by"] == "result"
    assert bracket["champion"] == str(members["dee"].player.player_id)
    # bracket games decide the bracket, not the table
    assert {r["points"] for r in standings_of(service, cup)} == {0}
    with pytest.raises(RuleViolation) as caught:
        service.leagues.schedule(cup, boss)
    assert caught.value.code == "bracket_complete"
    kept = _rows(service, cup)
    service.projection.rebuild()
    assert _rows(service, cup) == kept


def test_playoffs_take_the_top_of_the_table_into_a_final(service: LeagueService) -> None:
    league, boss, members, tag = _rated(service)
    table = standings_of(service, league)
    with pytest.raises(NoBracket):
        bracket_of(service, league)
    service.leagues.start_playoffs(league, boss, 2)
    play_round(service, league, boss, members, strength(("bob", "ann", "cyd", "dee")))
    bracket = bracket_of(service, league)
    assert bracket["kind"] == "playoffs" and bracket["start_round"] == 4
    assert bracket["matches"][0]["names"] == [f"ann-{tag}", f"bob-{tag}"]
    assert bracket["champion"] == str(members["bob"].player.player_id)
    assert standings_of(service, league) == table
    kept = _rows(service, league)
    service.projection.rebuild()
    assert _rows(service, league) == kept
