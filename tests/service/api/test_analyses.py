"""Analyses over HTTP: 202 with a job at once, the same job for the same request, polling,
the SSE progress stream, hints, and a live game's analyses kept to the viewer who asked."""

from __future__ import annotations

import json
import time
from typing import Any
from uuid import UUID

import httpx
import pytest

from service.analysis import Request
from service.analysis.jobs import jobs_for
from tests.service.api.conftest import Server
from tests.service.viewer.test_places_along_replays import drawn_places
from tests.support.sketches import held_graph

pytestmark = pytest.mark.storage

BOTS = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
QUICK = {"bot": "random", "rollouts": 2}


@pytest.fixture(autouse=True)
def one_process(server: Server) -> None:
    jobs_for(server.cairn).jobs = 1  # the test machine's cores are the other tests'


def created(http: httpx.Client, ruleset: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    response = http.post("/games", json={"ruleset": ruleset, "seats": seats})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def start(
    http: httpx.Client, game_id: str, token: str | None = None, **body: Any
) -> httpx.Response:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return http.post(f"/games/{game_id}/analyses", json={**QUICK, **body}, headers=headers)


def finished(http: httpx.Client, url: str, token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 60
    while True:
        job: dict[str, Any] = http.get(url, headers=headers).json()
        if job["status"] != "running" or time.monotonic() > deadline:
            return job
        time.sleep(0.05)


@pytest.fixture(scope="module")
def game(server: Server) -> str:
    with server.client() as http:
        game_id: str = created(http, "peloponnes", BOTS)["game_id"]
    server.quiet()
    return game_id


def test_an_analysis_starts_at_once_and_the_same_request_finds_the_same_job(
    http: httpx.Client, game: str
) -> None:
    first = start(http, game, seed="api-same")
    assert first.status_code == 202, first.text
    job = first.json()
    assert first.headers["Location"] == job["url"]
    again = start(http, game, seed="api-same")
    assert again.status_code == 202
    assert again.json()["analysis_id"] == job["analysis_id"]
    done = finished(http, job["url"])
    assert done["status"] == "done", done
    assert done["result"]["kind"] == "graph"
    assert done["done"] == done["total"] > 0
    assert start(http, game, seed="api-same").json()["result"] == done["result"]
    assert start(http, game, seed="api-other").json()["analysis_id"] != job["analysis_id"]


def test_the_stream_follows_the_job_to_its_end(http: httpx.Client, game: str) -> None:
    job = start(http, game, seed="api-stream").json()
    events = []
    with http.stream("GET", job["stream_url"]) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line.startswith("event:"):
                events.append(line.removeprefix("event:").strip())
            if events and events[-1] == "end":
                break
    assert events[-1] == "end"
    assert set(events) <= {"progress", "end"}


def test_hints_rank_the_commands_and_mark_the_played_one(http: httpx.Client, game: str) -> None:
    graph = finished(http, start(http, game, seed="api-hints").json()["url"])["result"]
    at = graph["points"][0]["at"]
    job = start(http, game, kind="hints", at=at, seed="api-hints").json()
    hints = finished(http, job["url"])["result"]
    assert hints["kind"] == "hints" and hints["at"] == at
    assert [h["rank"] for h in hints["hints"]] == list(range(1, len(hints["hints"]) + 1))
    assert sum(h["played"] for h in hints["hints"]) == 1


def test_each_hint_names_the_board_places_its_move_touches(http: httpx.Client, game: str) -> None:
    """The page draws a hint in place: its places are the board's own (``data-place``) on
    the deciding seat's board at that position."""
    graph = finished(http, start(http, game, seed="api-places").json()["url"])["result"]
    at = graph["points"][0]["at"]
    hints = finished(http, start(http, game, kind="hints", at=at, seed="api-places").json()["url"])
    seat = hints["result"]["seat"]
    board = http.get(f"/games/{game}/board.svg", params={"at": at, "seat": seat}).text
    drawn = drawn_places(board, seat)
    placed = [h for h in hints["result"]["hints"] if h["places"]]
    assert placed, "some hinted move is made on the board"
    for hint in placed:
        assert set(hint["places"]) <= drawn, (hint["text"], set(hint["places"]) - drawn)


def test_a_hint_names_the_places_its_seat_s_choice_of_that_move_named(
    http: httpx.Client,
) -> None:
    body = created(http, "peloponnes", PLAYERS)
    game_id, tokens = body["game_id"], {s["seat"]: s["token"] for s in body["seats"]}
    seat = http.get(f"/games/{game_id}").json()["to_act"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    offered = http.get(f"/games/{game_id}/choices", headers=auth).json()
    chose = next(c for c in offered["choices"] if c["places"])
    sent = http.post(
        f"/games/{game_id}/commands",
        json={"command": chose["command"], "expected_version": offered["version"]},
        headers=auth,
    )
    assert sent.status_code == 200, sent.text
    job = start(http, game_id, tokens[seat], kind="hints", at=offered["version"], top=64)
    hints = finished(http, job.json()["url"], tokens[seat])["result"]["hints"]
    played = next(h for h in hints if h["played"])
    assert (played["command"], played["places"]) == (chose["command"], chose["places"])
    by_command = {json.dumps(c["command"], sort_keys=True): c for c in offered["choices"]}
    for hint in hints:
        choice = by_command[json.dumps(hint["command"], sort_keys=True)]
        assert (hint["text"], hint["places"]) == (choice["text"], choice["places"])


def test_bad_requests_are_problems(http: httpx.Client, game: str) -> None:
    unknown_bot = start(http, game, bot="alphazero")
    assert unknown_bot.status_code == 400
    assert unknown_bot.headers["content-type"].startswith("application/problem+json")
    assert start(http, game, kind="hints").status_code == 400  # hints need at
    assert start(http, game, rollouts=0).status_code == 400
    assert start(http, game, kind="hints", at=1).status_code == 404  # no seat decides there
    missing = f"/games/{game}/analyses/00000000-0000-0000-0000-000000000000"
    assert http.get(missing).status_code == 404


def test_a_live_games_analysis_belongs_to_the_viewer_who_asked(
    server: Server, http: httpx.Client
) -> None:
    body = created(http, "peloponnes", PLAYERS)
    game_id = body["game_id"]
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    theirs = start(http, game_id, tokens[0], seed="live").json()
    spectators = start(http, game_id, None, seed="live").json()
    assert theirs["analysis_id"] != spectators["analysis_id"]
    assert finished(http, theirs["url"], tokens[0])["status"] == "done"
    assert http.get(theirs["url"]).status_code == 403
    assert (
        http.get(theirs["url"], headers={"Authorization": f"Bearer {tokens[1]}"}).status_code == 403
    )
    assert finished(http, spectators["url"])["status"] == "done"
    seat_one = {"Authorization": f"Bearer {tokens[1]}"}
    assert http.get(spectators["url"], headers=seat_one).status_code == 200


def test_a_running_graph_shows_its_sketch_until_its_result(
    server: Server, http: httpx.Client, game: str
) -> None:
    """While a graph runs, its job carries the graph so far (``partial``, every point at
    ``shown`` rollouts), left out for a caller who has that much already (``seen``); the
    stream says when a sketch comes; once done, the result alone."""
    request = Request("graph", "random", 8, "api-sketch")
    job, ended = held_graph(server.cairn, UUID(game), request, 2)
    url = f"/games/{game}/analyses/{job.analysis_id}"
    asked = {"kind": "graph", "bot": "random", "rollouts": 8, "seed": "api-sketch"}
    posted = http.post(f"/games/{game}/analyses", json=asked).json()
    running = http.get(url).json()
    assert posted == running and running["status"] == "running" and running["result"] is None
    assert running["shown"] == 2 and running["partial"]["rollouts"] == 8
    assert [p["rollouts"] for p in running["partial"]["points"][:-1]] == [2] * (
        len(ended["points"]) - 1
    )
    assert running["partial"]["points"][-1] == ended["points"][-1]  # the end, for certain
    assert [p["at"] for p in running["partial"]["points"]] == [p["at"] for p in ended["points"]]
    assert http.get(url, params={"seen": 1}).json()["partial"] == running["partial"]
    caught_up = http.get(url, params={"seen": 2}).json()
    assert caught_up["partial"] is None and caught_up["shown"] == 2
    assert http.get(url, params={"seen": -1}).status_code == 400
    with http.stream("GET", f"{url}/stream") as response:
        line = next(line for line in response.iter_lines() if line.startswith("data:"))
    assert json.loads(line.removeprefix("data:")) == {
        "status": "running",
        "done": running["done"],
        "total": running["total"],
        "shown": 2,
    }
    server.cairn.store.analyses.finished(job, ended)
    done = http.get(url).json()
    assert done["status"] == "done" and done["partial"] is None and done["shown"] == 0
    assert done["result"]["points"] == ended["points"]
