"""Knock-out leagues and playoffs over HTTP: the bracket as its own standings view, the
playoffs an organiser starts, and their refusals as problem+json."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import httpx
import pytest

from service.application import Application
from service.clock import ManualClock
from service.deadlines import DeadlineSweep
from service.leagues import league_service
from service.sweep import Sweeper
from tests.service.api.conftest import Server
from tests.service.api.test_leagues import _player, _problem, auth, organiser

pytestmark = pytest.mark.storage
__all__ = ["organiser"]  # the fixture, used by name


def _play(http: httpx.Client, game: str, tokens: list[str], winner: int | None) -> None:
    """Play a counting game over HTTP: ``winner``'s seat draws, the other adds 1 (None:
    both add, a shared victory)."""
    while not (view := http.get(f"/games/{game}").json())["is_terminal"]:
        seat = view["to_act"][0]
        command = {"type": "draw"} if seat == winner else {"type": "add", "amount": 1}
        moved = http.post(
            f"/games/{game}/commands", headers=auth(tokens[seat]), json={"command": command}
        )
        assert moved.status_code == 200, moved.text


def _league(
    http: httpx.Client,
    organiser: dict[str, Any],
    pairing: str,
    names: list[str],
    **settings: Any,
) -> tuple[str, dict[str, dict[str, Any]]]:
    boss = auth(organiser["token"])
    body = {
        "name": f"{pairing} {uuid.uuid4().hex[:6]}",
        "ruleset": "counting",
        "seats": 2,
        "pairing": pairing,
        "options": {"target": 5},
        **settings,
    }
    made = http.post("/leagues", json=body, headers=boss)
    assert made.status_code == 201, made.text
    lid = made.json()["league_id"]
    players = {n: _player(http, organiser, f"{n}-{uuid.uuid4().hex[:6]}") for n in names}
    for p in players.values():
        added = http.post(f"/leagues/{lid}/members", json={"player": p["name"]}, headers=boss)
        assert added.status_code == 200, added.text
    return lid, players


def _round(
    http: httpx.Client, organiser: dict[str, Any], lid: str, players: dict[str, Any], seat: int
) -> list[dict[str, Any]]:
    scheduled = http.post(f"/leagues/{lid}/rounds", headers=auth(organiser["token"]))
    assert scheduled.status_code == 201, scheduled.text
    token_of = {p["player_id"]: p["token"] for p in players.values()}
    for fixture in scheduled.json():
        _play(http, fixture["game_id"], [token_of[p] for p in fixture["players"]], seat)
    # a read catches the results up (the served follower would, a moment later)
    assert http.get(f"/leagues/{lid}/fixtures").status_code == 200
    fixtures: list[dict[str, Any]] = scheduled.json()
    return fixtures


def test_a_knockout_league_over_http(
    server: Server, http: httpx.Client, organiser: dict[str, Any]
) -> None:
    lid, players = _league(http, organiser, "knockout", ["ann", "bob", "cyd"])
    _problem(http.get(f"/leagues/{lid}/bracket"), 404, "no_bracket")
    (first,) = _round(http, organiser, lid, players, seat=1)  # one game and a bye
    bracket = http.get(f"/leagues/{lid}/bracket").json()
    assert bracket["kind"] == "knockout" and bracket["size"] == 4 and bracket["rounds"] == 2
    bye, game, final = bracket["matches"]
    assert bye["bye"] and bye["decided_by"] == "bye" and bye["seeds"] == [1]
    assert game["game_id"] == first["game_id"] and game["seeds"] == [2, 3]
    assert game["status"] == "played" and game["winner"] == first["players"][1]
    assert final["players"] == [bye["players"][0], game["winner"]]
    assert final["winner"] is None and final["game_id"] is None and bracket["champion"] is None
    (last,) = _round(http, organiser, lid, players, seat=0)
    bracket = http.get(f"/leagues/{lid}/bracket").json()
    assert bracket["champion"] == last["players"][0] == bye["players"][0]
    _problem(
        http.post(f"/leagues/{lid}/rounds", headers=auth(organiser["token"])),
        422,
        "bracket_complete",
    )
    _problem(http.get(f"/leagues/{lid}/bracket?season=2"), 404, "no_bracket")


def test_a_deadline_settles_a_bracket_game_and_the_bracket_goes_on(
    server: Server, http: httpx.Client, organiser: dict[str, Any]
) -> None:
    boss = auth(organiser["token"])
    names = ["ann", "bob", "cyd", "dee"]
    lid, players = _league(http, organiser, "knockout", names, deadline_policy="forfeit")
    token_of = {p["player_id"]: p["token"] for p in players.values()}
    made = http.post(f"/leagues/{lid}/rounds", params={"duration_seconds": 3600}, headers=boss)
    assert made.status_code == 201, made.text
    played, idle = made.json()
    _play(http, played["game_id"], [token_of[p] for p in played["players"]], winner=1)
    # nobody moves in the other game: at the deadline seat 0 is to play, and forfeits
    later = ManualClock(server.cairn.clock.now_ms() + 3_600_001)
    other = league_service(Application(server.cairn.store, clock=later))
    Sweeper(server.cairn.store, [DeadlineSweep(other.leagues)], 60.0).sweep()
    assert server.cairn.store.game(UUID(idle["game_id"])).is_finished
    bracket = http.get(f"/leagues/{lid}/bracket").json()
    settled = next(m for m in bracket["matches"] if m["game_id"] == idle["game_id"])
    assert settled["status"] == "forfeited" and settled["decided_by"] == "forfeit"
    assert settled["winner"] == idle["players"][1]  # the worse seed, who was not to play
    final = http.post(f"/leagues/{lid}/rounds", headers=boss)
    assert final.status_code == 201, final.text
    (game,) = final.json()
    assert sorted(game["players"]) == sorted([played["players"][1], idle["players"][1]])


def test_playoffs_over_http(http: httpx.Client, organiser: dict[str, Any]) -> None:
    lid, players = _league(http, organiser, "round-robin", ["ann", "bob", "cyd", "dee"])
    boss = auth(organiser["token"])
    url = f"/leagues/{lid}/playoffs"
    _problem(http.post(url, json={"size": 2}, headers=boss), 422, "no_season")
    for _ in range(3):
        _round(http, organiser, lid, players, seat=0)
    table = http.get(f"/leagues/{lid}/standings").json()
    ann = players["ann"]
    _problem(http.post(url, json={"size": 2}, headers=auth(ann["token"])), 403, "not_organiser")
    _problem(http.post(url, json={"size": 5}, headers=boss), 422, "invalid_command")
    _problem(http.post(url, json={"size": 1}, headers=boss), 400, "invalid_request")
    started = http.post(url, json={"size": 4}, headers=boss)
    assert started.status_code == 201, started.text
    seeds = [s["player_id"] for s in started.json()["seeds"]]
    assert seeds == [r["player_id"] for r in table]
    assert all(s["rating"] is None for s in started.json()["seeds"])
    _problem(http.post(url, json={"size": 4}, headers=boss), 422, "bracket_drawn")
    semis = _round(http, organiser, lid, players, seat=0)
    # 1 v 4 and 2 v 3, the better seed in seat 0 (listed by game id)
    assert sorted(f["players"] for f in semis) == sorted(
        [[seeds[0], seeds[3]], [seeds[1], seeds[2]]]
    )
    assert http.get(f"/leagues/{lid}/standings").json() == table


def test_the_bracket_routes_are_in_the_openapi_document(http: httpx.Client) -> None:
    paths = http.get("/schema/openapi.json").json()["paths"]
    assert paths["/leagues/{league_id}/bracket"]["get"]["operationId"] == "getBracket"
    assert paths["/leagues/{league_id}/playoffs"]["post"]["operationId"] == "startPlayoffs"
