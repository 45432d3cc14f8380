"""Every error status of the play API is problem+json with a code, and appends nothing."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.playing import Table
from tests.support import counting

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]


@pytest.fixture
def table(server: Server, http: httpx.Client) -> Iterator[Table]:
    table = Table.create(server, http, "counting", PLAYERS)
    before = table.version()
    yield table
    # Whatever a test sent, only the commands it meant to be accepted were appended.
    assert table.version() >= before


def problem(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["status"] == status and body["code"] == code, body
    assert body["title"] and body["detail"]
    return body


def to_act(table: Table) -> int:
    seats: list[int] = table.view()["to_act"]
    return seats[0]


def test_a_malformed_command_is_400_invalid_command_and_nothing_is_appended(table: Table) -> None:
    version = table.version()
    seat = to_act(table)
    body = problem(table.send(seat, {"type": "add", "amount": 4}), 400, "invalid_command")
    assert "amount" in body["detail"] and body["title"] == "Invalid command"
    problem(table.send(seat, {"type": "fly"}), 400, "invalid_command")
    extra = {"type": "add", "amount": 1, "x": 1}
    unknown = problem(table.send(seat, extra), 400, "invalid_command")
    assert "unknown field(s): x" in unknown["detail"]
    # malformed is malformed whatever version it expects: no 409 for a body that is no command
    stale = table.send(seat, {"type": "add", "amount": 1, "x": 1}, expected_version=version - 1)
    problem(stale, 400, "invalid_command")
    assert table.version() == version


def test_a_rule_violation_is_422_with_its_code_and_nothing_is_appended(table: Table) -> None:
    version = table.version()
    seat = to_act(table)
    body = problem(table.send(1 - seat, {"type": "draw"}), 403, "not_your_turn")
    assert body["title"] == "Not your turn"
    while table.view()["view"]["deck_size"]:
        table.send(to_act(table), {"type": "draw"})
    empty = problem(table.send(to_act(table), {"type": "draw"}), 422, "illegal_action")
    assert empty["title"] == "Illegal action" and "empty" in empty["detail"]
    assert table.version() > version


def test_a_stale_expected_version_is_409_with_the_current_version(table: Table) -> None:
    version = table.version()
    seat = to_act(table)
    body = problem(
        table.send(seat, {"type": "add", "amount": 1}, expected_version=version - 1),
        409,
        "version_conflict",
    )
    assert body["current_version"] == version
    assert table.version() == version
    accepted = table.send(seat, {"type": "add", "amount": 1}, expected_version=version)
    assert accepted.status_code == 200 and accepted.json()["version"] == version + 1


def test_acting_out_of_turn_or_as_another_seat_is_403(table: Table) -> None:
    version = table.version()
    seat = to_act(table)
    other = 1 - seat
    problem(table.send(other, {"type": "add", "amount": 1}), 403, "not_your_turn")
    problem(table.send(other, {"type": "add", "amount": 1, "seat": seat}), 403, "not_a_seat")
    problem(table.send(seat, {"type": "add", "amount": 1, "seat": other}), 403, "not_a_seat")
    assert table.version() == version


def test_a_missing_or_bad_token_is_401(server: Server, http: httpx.Client, table: Table) -> None:
    version = table.version()
    url = f"/games/{table.game_id}/commands"
    command = {"command": {"type": "add", "amount": 1}}
    problem(http.post(url, json=command), 401, "unauthorized")
    for header in ("Bearer nope", "Basic abc", "Bearer", table.tokens[0]):
        problem(
            http.post(url, json=command, headers={"Authorization": header}), 401, "unauthorized"
        )
    problem(http.get(f"/games/{table.game_id}/legal-commands"), 401, "unauthorized")
    elsewhere = Table.create(server, http, "counting", PLAYERS)
    foreign = {"Authorization": f"Bearer {elsewhere.tokens[0]}"}
    problem(http.post(url, json=command, headers=foreign), 401, "unauthorized")
    problem(http.get(f"/games/{table.game_id}", headers=foreign), 401, "unauthorized")
    assert table.version() == version


def test_an_unknown_game_is_404(http: httpx.Client, table: Table) -> None:
    auth = table.auth(0)
    for game in (str(uuid.uuid4()), "not-a-game"):
        problem(http.get(f"/games/{game}"), 404, "unknown_game")
        problem(http.get(f"/games/{game}/events"), 404, "unknown_game")
        problem(
            http.post(f"/games/{game}/commands", json={"command": {}}, headers=auth),
            404,
            "unknown_game",
        )
    problem(http.get("/rulesets/no-such-game"), 404, "unknown_ruleset")


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b"{", "malformed JSON"),
        (b"[]", "not an object"),
        (b'{"command": {"type": "add", "amount": 1}, "extra": 1}', "unknown field"),
        (b'{"command": {"type": "add", "amount": 1}, "expected_version": "4"}', "wrong type"),
        (b'{"command": "add"}', "wrong type"),
        (b'{"expected_version": 3}', "missing field"),
        (b'{"command": {"type": "add", "amount": 1}, "expected_version": -1}', "out of range"),
    ],
)
def test_bad_bodies_are_400_and_append_nothing(
    http: httpx.Client, table: Table, body: bytes, why: str
) -> None:
    version = table.version()
    response = http.post(
        f"/games/{table.game_id}/commands",
        content=body,
        headers={**table.auth(to_act(table)), "Content-Type": "application/json"},
    )
    problem(response, 400, "invalid_request")
    assert table.version() == version, why


def test_an_oversized_body_is_413(http: httpx.Client, table: Table) -> None:
    version = table.version()
    huge = {"command": {"type": "add", "amount": 1, "pad": "x" * 300_000}}
    response = http.post(
        f"/games/{table.game_id}/commands", json=huge, headers=table.auth(to_act(table))
    )
    assert problem(response, 413, "payload_too_large")["title"] == "Payload too large"
    assert table.version() == version


def test_bad_create_requests_are_4xx(http: httpx.Client) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    problem(http.post("/games", json={"ruleset": "nope", "seats": bots}), 404, "unknown_ruleset")
    problem(
        http.post("/games", json={"ruleset": "counting", "seats": bots[:1]}), 422, "invalid_command"
    )
    option = problem(
        http.post("/games", json={"ruleset": "counting", "seats": bots, "options": {"x": 1}}),
        422,
        "invalid_option",
    )
    assert option["title"] == "Invalid option"
    problem(
        http.post("/games", json={"ruleset": "counting", "seats": [{"kind": "robot"}] * 2}),
        400,
        "invalid_request",
    )
    problem(
        http.post("/games", json={"ruleset": "counting", "seats": [{"kind": "open", "x": 1}] * 2}),
        400,
        "invalid_request",
    )
    problem(
        http.post("/games", json={"ruleset": "counting", "seats": bots, "setup": {"a": "\u0000"}}),
        400,
        "invalid_request",
    )


def test_an_idempotent_retry_returns_the_first_outcome(table: Table) -> None:
    seat = to_act(table)
    key = {"Idempotency-Key": f"k-{uuid.uuid4()}"}
    first = table.send(seat, {"type": "add", "amount": 2}, headers=key)
    assert first.status_code == 200, first.text
    version = table.version()
    again = table.send(seat, {"type": "add", "amount": 2}, headers=key)
    assert again.status_code == 200, again.text
    assert again.json()["version"] == first.json()["version"] and again.json()["replayed"]
    assert table.version() == version
    problem(
        table.send(seat, {"type": "add", "amount": 1}, headers=key), 422, "idempotency_key_reused"
    )
    assert table.version() == version


def test_a_bug_in_a_ruleset_is_a_500_that_appends_nothing_and_tells_nothing(
    server: Server, http: httpx.Client
) -> None:
    """Only a RuleViolation is a 422: a KeyError inside a ruleset is the ruleset's bug."""
    with counting.buggy_installed():
        table = Table.create(server, http, "buggy", PLAYERS)
        before = table.version()
        response = table.send(to_act(table), {"type": "draw"})
        after = table.version()
    body = problem(response, 500, "internal_error")
    assert "secret" not in response.text and "KeyError" not in response.text
    assert body["detail"] == "something went wrong on our side; the request was logged"
    assert after == before


def test_health_on_one_postgresql_names_no_workers(server: Server) -> None:
    with server.client() as client:
        answer = client.get("/health")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok"}
