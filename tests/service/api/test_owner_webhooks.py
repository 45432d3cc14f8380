"""A player's and a league's webhooks over HTTP: who may, problem+json refusals, secrets
shown once, and the operations in the OpenAPI document (delivery itself:
tests/service/test_owner_webhooks.py)."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from service.application.players import Accounts
from service.store.players import Players
from tests.service.api.conftest import Server

pytestmark = pytest.mark.storage

HOOK = {"url": "http://127.0.0.1:9/hook", "secret": "s" * 32}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _account(server: Server, organiser: bool = False) -> str:
    name = f"{'boss' if organiser else 'ann'}-{uuid.uuid4().hex[:6]}"
    _, token = Accounts(Players(server.cairn.store.pool)).create(name, organiser=organiser)
    return token


def _problem(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == code


def test_a_player_registers_lists_and_removes_their_own_webhooks(
    server: Server, http: httpx.Client
) -> None:
    me, other = auth(_account(server)), auth(_account(server))
    path = "/players/me/webhooks"
    _problem(http.post(path, json=HOOK), 401, "unauthorized")
    _problem(http.get(path), 401, "unauthorized")
    bad_url = http.post(path, json={**HOOK, "url": "ftp://x.test/h"}, headers=me)
    _problem(bad_url, 400, "invalid_request")
    _problem(http.post(path, json={**HOOK, "secret": "short"}, headers=me), 400, "invalid_request")
    given = http.post(path, json=HOOK, headers=me)
    assert given.status_code == 201, given.text
    body: dict[str, Any] = given.json()
    assert given.headers["location"] == f"{path}/{body['hook_id']}"
    assert body["owner"] == "player" and body["url"] == HOOK["url"]
    assert body["secret"] is None, "a secret given is not answered back"
    generated = http.post(path, json={"url": HOOK["url"]}, headers=me).json()
    assert len(generated["secret"]) >= 32, "a generated secret is shown once"
    listed = http.get(path, headers=me).json()
    assert [h["hook_id"] for h in listed] == [body["hook_id"], generated["hook_id"]]
    assert all(h["secret"] is None for h in listed), "never read back"
    assert http.get(path, headers=other).json() == []
    _problem(http.delete(f"{path}/{body['hook_id']}", headers=other), 404, "unknown_webhook")
    _problem(http.delete(f"{path}/not-a-uuid", headers=me), 404, "unknown_webhook")
    assert http.delete(f"{path}/{body['hook_id']}", headers=me).status_code == 204
    _problem(http.delete(f"{path}/{body['hook_id']}", headers=me), 404, "unknown_webhook")
    assert [h["hook_id"] for h in http.get(path, headers=me).json()] == [generated["hook_id"]]


def test_an_organiser_manages_a_leagues_webhooks(server: Server, http: httpx.Client) -> None:
    boss, player = auth(_account(server, organiser=True)), auth(_account(server))
    league = http.post(
        "/leagues",
        json={"name": f"Hooks {uuid.uuid4().hex[:6]}", "ruleset": "counting", "seats": 2},
        headers=boss,
    ).json()
    path = f"/leagues/{league['league_id']}/webhooks"
    _problem(http.post(path, json=HOOK), 401, "unauthorized")
    _problem(http.post(path, json=HOOK, headers=player), 403, "not_organiser")
    _problem(http.get(path, headers=player), 403, "not_organiser")
    _problem(http.post(f"/leagues/{uuid.uuid4()}/webhooks", json=HOOK, headers=boss), 404,
             "unknown_league")  # fmt: skip
    _problem(http.get("/leagues/nope/webhooks", headers=boss), 400, "bad_request")
    made = http.post(path, json={"url": HOOK["url"]}, headers=boss)
    assert made.status_code == 201, made.text
    hook = made.json()
    assert hook["owner"] == "league" and hook["owner_id"] == league["league_id"]
    assert hook["secret"] and made.headers["location"] == f"{path}/{hook['hook_id']}"
    assert [h["hook_id"] for h in http.get(path, headers=boss).json()] == [hook["hook_id"]]
    _problem(http.delete(f"{path}/{hook['hook_id']}", headers=player), 403, "not_organiser")
    mine = f"/players/me/webhooks/{hook['hook_id']}"
    _problem(http.delete(mine, headers=boss), 404, "unknown_webhook")  # not the player's own
    assert http.delete(f"{path}/{hook['hook_id']}", headers=boss).status_code == 204
    assert http.get(path, headers=boss).json() == []


def test_the_owner_webhook_operations_are_in_the_document(http: httpx.Client) -> None:
    paths = http.get("/schema/openapi.json").json()["paths"]
    operations = {
        op["operationId"]: (path, method)
        for path, item in paths.items()
        for method, op in item.items()
        if isinstance(op, dict) and "operationId" in op
    }
    assert operations["registerPlayerWebhook"] == ("/players/me/webhooks", "post")
    assert operations["listPlayerWebhooks"] == ("/players/me/webhooks", "get")
    assert operations["removePlayerWebhook"] == ("/players/me/webhooks/{hook_id}", "delete")
    assert operations["registerLeagueWebhook"] == ("/leagues/{league_id}/webhooks", "post")
    assert operations["listLeagueWebhooks"] == ("/leagues/{league_id}/webhooks", "get")
    assert operations["removeLeagueWebhook"] == (
        "/leagues/{league_id}/webhooks/{hook_id}",
        "delete",
    )
