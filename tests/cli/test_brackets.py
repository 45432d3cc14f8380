"""cairn league bracket and cairn league playoffs through click's runner, on PostgreSQL."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest

from service.application import Application
from service.store import EventStore
from tests.cli.test_leagues import lines, run
from tests.service.leagues.season import play_game

pytestmark = pytest.mark.storage


def _league(pairing: str, names: tuple[str, ...]) -> tuple[str, dict[str, Any], dict[str, Any]]:
    tag = uuid.uuid4().hex[:6]
    (boss,) = lines(run("player", "create", f"boss-{tag}", "--organiser", "--json"))
    players = {n: lines(run("player", "create", f"{n}-{tag}", "--json"))[0] for n in names}
    made = run(
        "league",
        "create",
        f"Cup {tag}",
        "--ruleset",
        "counting",
        "--seats",
        "2",
        "--pairing",
        pairing,
        "--option",
        "target=5",
        "--json",
        token=boss["token"],
    )
    assert made.exit_code == 0, made.output
    (league,) = lines(made)
    assert league["pairing"] == pairing
    names_ = [p["name"] for p in players.values()]
    assert (
        run("league", "add-player", league["league_id"], *names_, token=boss["token"]).exit_code
        == 0
    )
    return league["league_id"], boss, players


def _play_round(store: EventStore, lid: str, boss: dict[str, Any], players: dict[str, Any]) -> None:
    """Schedule a round and let seat 0 (the better seed) win every game."""
    token_of = {p["name"]: p["token"] for p in players.values()}
    for fixture in lines(run("league", "schedule", lid, "--json", token=boss["token"])):
        tokens = [token_of[n] for n in fixture["players"]]
        play_game(Application(store), UUID(fixture["game_id"]), tokens, winner=0)
    # a read catches the results up, as `cairn projections run` would
    assert run("league", "fixtures", lid, "--json").exit_code == 0


def test_a_knockout_bracket_from_the_command_line(store: EventStore) -> None:
    lid, boss, players = _league("knockout", ("ann", "bob", "cyd"))
    missing = run("league", "bracket", lid)
    assert missing.exit_code == 3 and "no bracket" in missing.output
    _play_round(store, lid, boss, players)
    (drawn,) = lines(run("league", "bracket", lid, "--json"))
    assert drawn["kind"] == "knockout" and len(drawn["seeds"]) == 3
    assert drawn["matches"][0]["bye"] and drawn["champion"] is None
    _play_round(store, lid, boss, players)
    (drawn,) = lines(run("league", "bracket", lid, "--json"))
    seed_one = drawn["seeds"][0]
    assert drawn["champion"] == seed_one["player_id"]
    text = run("league", "bracket", lid).stdout
    assert "round 1 match 1" in text and "bye" in text
    assert f"champion: {seed_one['name']}" in text


def test_playoffs_from_the_command_line(store: EventStore) -> None:
    lid, boss, players = _league("round-robin", ("ann", "bob", "cyd", "dee"))
    refused = run("league", "playoffs", lid, "2", "--json", token=boss["token"])
    assert refused.exit_code == 1 and "no_season" in refused.output
    for _ in range(3):
        _play_round(store, lid, boss, players)
    table = lines(run("league", "standings", lid, "--json"))
    (drawn,) = lines(run("league", "playoffs", lid, "2", "--json", token=boss["token"]))
    assert [s["player_id"] for s in drawn["seeds"]] == [r["player_id"] for r in table[:2]]
    assert drawn["kind"] == "playoffs" and drawn["start_round"] == 4
    _play_round(store, lid, boss, players)
    assert "champion: " + table[0]["name"] in run("league", "bracket", lid).stdout
    assert lines(run("league", "standings", lid, "--json")) == table
