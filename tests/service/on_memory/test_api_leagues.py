"""Leagues, owners' webhooks and analyses over HTTP on the in-memory store: a league
round from sign-up to standings and ratings, a player's webhook that a league game's notice
reaches, and an analysis job queued, run and read back. The same over PostgreSQL:
tests/service/api/test_leagues.py, test_owner_webhooks.py and test_analyses.py."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import uuid
from typing import Any

import httpx
import pytest

from service.analysis.jobs import jobs_for
from service.application.players import Accounts
from service.webhooks import Deliverer
from tests.service.api.conftest import Server
from tests.service.leagues.tiebreaks import recomputed_table
from tests.support.receiver import Receiver


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def http(served: tuple[Server, httpx.Client]) -> httpx.Client:
    return served[1]


@pytest.fixture
def server(served: tuple[Server, httpx.Client]) -> Server:
    return served[0]


@pytest.fixture
def boss(server: Server) -> dict[str, str]:
    """The first organiser, made outside the API (cairn player create NAME --organiser)."""
    accounts = Accounts(server.cairn.store.players)
    _, token = accounts.create(f"boss-{uuid.uuid4().hex[:6]}", organiser=True)
    return auth(token)


def _player(http: httpx.Client, boss: dict[str, str], name: str) -> dict[str, Any]:
    made = http.post("/players", json={"name": f"{name}-{uuid.uuid4().hex[:6]}"}, headers=boss)
    assert made.status_code == 201, made.text
    body: dict[str, Any] = made.json()
    return body


def _league(http: httpx.Client, boss: dict[str, str], *members: dict[str, Any]) -> str:
    body = {"name": f"Memory {uuid.uuid4().hex[:6]}", "ruleset": "counting", "seats": 2,
            "options": {"target": 5}}  # fmt: skip
    created = http.post("/leagues", json=body, headers=boss)
    assert created.status_code == 201, created.text
    lid: str = created.json()["league_id"]
    for member in members:
        joined = http.post(f"/leagues/{lid}/join", headers=auth(member["token"]))
        assert joined.status_code == 200, joined.text
    return lid


def _play(http: httpx.Client, game: str, tokens: list[str], winner: int) -> None:
    """The counting game to its end: the winner draws, the other adds 1."""
    while not (view := http.get(f"/games/{game}").json())["is_terminal"]:
        seat = view["to_act"][0]
        command = {"type": "draw"} if seat == winner else {"type": "add", "amount": 1}
        moved = http.post(
            f"/games/{game}/commands", headers=auth(tokens[seat]), json={"command": command}
        )
        assert moved.status_code == 200, moved.text


def test_a_league_season_from_sign_up_to_standings(
    http: httpx.Client, boss: dict[str, str]
) -> None:
    ann, bob = _player(http, boss, "ann"), _player(http, boss, "bob")
    lid = _league(http, boss, ann, bob)
    assert http.get(f"/leagues/{lid}").json()["members"] == [
        ann["player_id"],
        bob["player_id"],
    ]
    refused = http.post(f"/leagues/{lid}/rounds", headers=auth(ann["token"]))
    assert refused.status_code == 403 and refused.json()["code"] == "not_organiser"
    scheduled = http.post(f"/leagues/{lid}/rounds", headers=boss)
    assert scheduled.status_code == 201, scheduled.text
    (fixture,) = scheduled.json()
    token_of = {ann["player_id"]: ann["token"], bob["player_id"]: bob["token"]}
    tokens = [token_of[p] for p in fixture["players"]]
    _play(http, fixture["game_id"], tokens, winner=0)

    table = http.get(f"/leagues/{lid}/standings").json()
    assert [(r["player_id"], r["points"], r["played"], r["wins"]) for r in table] == [
        (fixture["players"][0], 3, 1, 1),
        (fixture["players"][1], 0, 1, 0),
    ]
    (played,) = http.get(f"/leagues/{lid}/fixtures").json()
    assert (played["status"], played["places"]) == ("played", [1, 2])
    rated = http.get(f"/leagues/{lid}/ratings").json()
    assert [r["player_id"] for r in rated] == fixture["players"]
    assert rated[0]["mu"] > 25 > rated[1]["mu"] and rated[0]["history"][0]["place"] == 1
    history = http.get(f"/players/{ann['player_id']}/history").json()
    assert [g["game_id"] for g in history["games"]] == [fixture["game_id"]]
    over_time = http.get(f"/players/{ann['player_id']}/ratings").json()
    assert [r["ruleset"] for r in over_time["rulesets"]] == ["counting"]


def _season_with_ties(http: httpx.Client, boss: dict[str, str]) -> tuple[str, list[Any]]:
    """Four members, two rounds: seat 0 wins every game of the first, every game of the
    second is a shared victory, so players stand level on points in pairs."""
    members = [_player(http, boss, n) for n in ("ann", "bob", "cyd", "dee")]
    lid = _league(http, boss, *members)
    token_of = {m["player_id"]: m["token"] for m in members}
    for winner in (0, None):
        scheduled = http.post(f"/leagues/{lid}/rounds", headers=boss)
        assert scheduled.status_code == 201, scheduled.text
        for fixture in scheduled.json():
            _play(http, fixture["game_id"], [token_of[p] for p in fixture["players"]], winner)
    fixtures: list[Any] = http.get(f"/leagues/{lid}/fixtures").json()
    return lid, fixtures


def test_standings_show_each_tiebreak_as_the_docs_define_it(
    http: httpx.Client, boss: dict[str, str]
) -> None:
    """#25: every row carries the league's tie-breaks in order with its numbers, equal to
    the ones recomputed from the games (tests/service/leagues/tiebreaks.py); the draw as a
    place in the drawn order ``GET /leagues/{id}`` shows."""
    lid, fixtures = _season_with_ties(http, boss)
    league = http.get(f"/leagues/{lid}").json()
    expected = recomputed_table(fixtures, league["draw"])
    table = http.get(f"/leagues/{lid}/standings").json()
    assert [{k: row[k] for k in expected[0]} for row in table] == expected
    points = [row["points"] for row in table]
    assert len(set(points)) < len(points), "players level on points"
    for name in ("buchholz", "sonneborn-berger"):  # head-to-head is 0 if the level never met
        assert any(t["value"] > 0 for r in table for t in r["tiebreaks"] if t["tiebreak"] == name)


def test_a_players_webhook_hears_their_league_game(
    server: Server, http: httpx.Client, boss: dict[str, str], receiver: Receiver
) -> None:
    ann, bob = _player(http, boss, "ann"), _player(http, boss, "bob")
    secret = "a-players-shared-secret"
    hooked = http.post(
        "/players/me/webhooks",
        json={"url": receiver.url, "secret": secret},
        headers=auth(ann["token"]),
    )
    assert hooked.status_code == 201, hooked.text
    lid = _league(http, boss, ann, bob)
    (fixture,) = http.post(f"/leagues/{lid}/rounds", headers=boss).json()
    seat = fixture["players"].index(ann["player_id"])
    if seat == 1:  # the opening decision told seat 0; one move makes it ann's turn
        bob_moves = {"command": {"type": "add", "amount": 1}}
        moved = http.post(
            f"/games/{fixture['game_id']}/commands", headers=auth(bob["token"]), json=bob_moves
        )
        assert moved.status_code == 200, moved.text

    delivered = Deliverer(server.cairn.store.webhooks, retry_first=0.05).deliver_due()
    assert delivered >= 1 and receiver.arrived.wait(5)
    notices = []
    for headers, body in receiver.seen:
        expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
        assert headers["X-Cairn-Signature"] == expected
        notices.append(json.loads(body))
    assert all(n["game_id"] == fixture["game_id"] for n in notices)
    assert all(n["seats"] == [seat] for n in notices), "ann's hook hears ann's seat only"
    # delivered is recorded: nothing is owed any more
    assert server.cairn.store.webhooks.claim(30) == []


def test_an_analysis_job_is_queued_run_and_read_back(server: Server, http: httpx.Client) -> None:
    jobs_for(server.cairn).jobs = 1  # the test machine's cores are the other tests'
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    created = http.post("/games", json={"ruleset": "peloponnes", "seats": bots})
    assert created.status_code == 201, created.text
    game = created.json()["game_id"]
    server.quiet()
    ask = {"bot": "random", "rollouts": 2, "seed": "memory"}
    started = http.post(f"/games/{game}/analyses", json=ask)
    assert started.status_code == 202, started.text
    job = started.json()
    deadline = time.monotonic() + 60
    while (polled := http.get(job["url"]).json())["status"] == "running":
        assert time.monotonic() < deadline, "the analysis did not end"
        time.sleep(0.05)
    assert polled["status"] == "done", polled
    assert polled["result"]["kind"] == "graph" and polled["done"] == polled["total"] > 0
    again = http.post(f"/games/{game}/analyses", json=ask).json()
    assert again["analysis_id"] == job["analysis_id"] and again["result"] == polled["result"]
