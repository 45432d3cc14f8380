"""Every bad input gets a 4xx problem, never a 5xx, and nothing is coerced silently."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]


def problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["status"] == status and body["code"]
    return body


def nested(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


def post(http: httpx.Client, url: str, body: str, **headers: str) -> httpx.Response:
    kind = {"Content-Type": "application/json"}
    return http.post(url, content=body.encode(), headers={**kind, **headers})


@pytest.mark.parametrize(
    ("depth", "inner"), [(965, "1"), (322, '"\\u0000"'), (33, "1"), (20_000, "1")]
)
def test_deeply_nested_bodies_are_400(
    server: Server, http: httpx.Client, depth: int, inner: str
) -> None:
    table = Table.create(server, http, "counting", PLAYERS)
    version = table.version()
    deep = nested(depth, inner)
    command = f'{{"command": {{"type": "add", "amount": 1, "x": {deep}}}}}'
    sent = post(http, f"/games/{table.game_id}/commands", command, **table.auth(0))
    assert "nesting" in problem(sent, 400)["detail"]
    for field in ("options", "setup"):
        body = f'{{"ruleset": "counting", "seats": {json.dumps(BOTS)}, "{field}": {{"a": {deep}}}}}'
        problem(post(http, "/games", body), 400)
    assert table.version() == version


def test_nesting_within_the_limit_is_read(server: Server, http: httpx.Client) -> None:
    table = Table.create(server, http, "counting", PLAYERS)
    command = f'{{"command": {{"type": "add", "amount": 1, "x": {nested(20)}}}}}'
    refused = post(http, f"/games/{table.game_id}/commands", command, **table.auth(0))
    body = problem(refused, 400)
    assert body["code"] == "invalid_command", "refused as no command of the game, not by depth"
    assert "unknown field(s): x" in body["detail"]


@pytest.mark.parametrize("kind", ["text/plain", "image/png", "application/x-www-form-urlencoded"])
def test_only_json_bodies_are_accepted(http: httpx.Client, kind: str) -> None:
    body = json.dumps({"ruleset": "counting", "seats": BOTS})
    problem(http.post("/games", content=body, headers={"Content-Type": kind}), 415)
    problem(http.post("/games", content=body), 415)
    made = http.post(
        "/games", content=body, headers={"Content-Type": "application/json; charset=utf-8"}
    )
    assert made.status_code == 201, made.text


@pytest.mark.parametrize(
    "name",
    ["ann\x1b[31m", "bell\x07", "evil\u202eann", "zero\u200bwidth", "line\u2028break", "a\x7f"],
)
def test_player_names_with_control_or_format_characters_are_refused(
    server: Server, http: httpx.Client, name: str
) -> None:
    seats = [{"kind": "player", "player": name}, PLAYERS[1]]
    problem(http.post("/games", json={"ruleset": "counting", "seats": seats}), 400)
    created = http.post(
        "/games", json={"ruleset": "counting", "seats": [PLAYERS[0], {"kind": "open"}]}
    )
    invite = created.json()["seats"][1]["invite"]
    game = created.json()["game_id"]
    problem(http.post(f"/games/{game}/join", json={"invite": invite, "player": name}), 400)
    joined = http.post(f"/games/{game}/join", json={"invite": invite, "player": "joiner"})
    assert joined.status_code == 200, "a refused join leaves the invite usable"
    finished = Table.create(server, http, "counting", BOTS)
    server.quiet()
    problem(http.post(f"/games/{finished.game_id}/forks", json={"at": 0, "seats": seats}), 400)


def test_names_are_kept_nfc_normalised_and_found_either_way(http: httpx.Client) -> None:
    decomposed = "Ame\u0301lie-nfc"
    composed = unicodedata.normalize("NFC", decomposed)
    assert composed != decomposed
    seats = [{"kind": "player", "player": decomposed}, PLAYERS[1]]
    created = http.post("/games", json={"ruleset": "counting", "seats": seats}).json()
    assert created["seats"][0]["player"] == composed
    for query in (composed, decomposed):
        found = http.get("/games", params={"player": query}).json()["games"]
        assert [g["game_id"] for g in found] == [created["game_id"]]


@pytest.mark.parametrize(
    ("setup", "why"),
    [
        ({"start_seat": True}, "a boolean is not a seat"),
        ({"start_seat": 1.0}, "a float is not a seat"),
        ({"missions": "ABCDEF"}, "a string is not a list of missions"),
        ({"bonuses": "abcdef"}, "a string is not a list of bonus cards"),
    ],
)
def test_peninsula_setup_is_not_coerced(
    http: httpx.Client, setup: dict[str, Any], why: str
) -> None:
    body = {"ruleset": "peninsula", "seats": PLAYERS, "setup": setup}
    assert problem(http.post("/games", json=body), 422)["code"] == "invalid_command", why


@pytest.mark.parametrize("value", ["1e3", "1.0", "+5", " 5", "0x10", "5_0", "٣"])
def test_integer_query_parameters_are_digits_only(
    server: Server, http: httpx.Client, value: str
) -> None:
    table = Table.create(server, http, "counting", PLAYERS)
    problem(http.get(f"/games/{table.game_id}", params={"at": value}), 400)
    problem(http.get(f"/games/{table.game_id}/events", params={"after": value}), 400)
    problem(http.get("/games", params={"limit": value}), 400)
    problem(http.get("/games", params={"offset": value}), 400)
    assert http.get(f"/games/{table.game_id}", params={"at": "3"}).status_code == 200


def test_a_wrong_method_is_405_with_allow(http: httpx.Client) -> None:
    response = http.delete("/games")
    body = problem(response, 405)
    assert body["code"] == "method_not_allowed"
    assert {m.strip() for m in response.headers["allow"].split(",")} >= {"GET", "POST"}


def test_request_schemas_forbid_what_the_server_refuses(http: httpx.Client) -> None:
    document = http.get("/schema/openapi.json").json()
    schemas = document["components"]["schemas"]
    for name in ("CreateGame", "JoinGame", "SendCommand", "ForkGame"):
        schema = next(s for key, s in schemas.items() if key.endswith(name))
        assert schema.get("additionalProperties") is False, name
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            # a replay file is NDJSON (docs/replay-format.md); every other body is JSON
            allowed = {"application/x-ndjson"} if path == "/replays" else {"application/json"}
            assert set(content) <= allowed, (method, path)


@pytest.mark.parametrize(
    "url",
    [
        "/players/%00/history",
        "/players/ann%00/history",
        "/rulesets/%00",
        "/rulesets/counting/content/%00",
        "/games/%00",
        "/games/%00/events",
        "/games/%00/viewer",
        "/leagues/%00/standings",
        "/games?player=%00",
        "/games?ruleset=count%00ing",
        "/games?%00=1",
        "/viewer?status=%00",
    ],
)
def test_u0000_in_a_path_or_query_parameter_is_a_400_without_a_token(
    http: httpx.Client, url: str
) -> None:
    """PostgreSQL text cannot hold U+0000: refused before any handler (a 400; a 404 where
    the parameter is a UUID, which it cannot be), never a 500."""
    answer = http.get(url)
    assert problem(answer, 404 if answer.status_code == 404 else 400)["code"] in {
        "invalid_request",
        "not_found",
    }


def test_u0000_in_a_parameter_of_a_post_is_a_400(http: httpx.Client) -> None:
    table = {"Authorization": "Bearer not-a-token"}
    assert post(http, "/games/%00/commands", "{}", **table).status_code == 400
    assert post(http, "/leagues/%00/join", "{}", **table).status_code == 400
    refused = http.post("/replays?x=%00", content=b"", headers={"Content-Type": "x"})
    assert problem(refused, 400)["code"] == "invalid_request"


@pytest.mark.parametrize(("depth", "refused_by_depth"), [(32, False), (33, True)])
def test_a_body_nested_one_past_the_limit_is_refused_by_depth(
    http: httpx.Client, depth: int, refused_by_depth: bool
) -> None:
    """Exactly as many opening brackets as levels: the screen that counts brackets before
    measuring the depth (service/api/screening.py) must not let the 33rd level through."""
    body = problem(post(http, "/games", nested(depth)), 400)
    assert ("nesting" in body["detail"]) is refused_by_depth, body
