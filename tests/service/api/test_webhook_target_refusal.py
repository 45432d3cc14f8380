"""Registering a webhook whose host is private is a 400 at the API, for a seat's hook and a
player's (service/application/targets.py; tests/service/test_webhook_targets.py tests the
rule itself and the check at delivery)."""

from __future__ import annotations

import uuid

import httpx
import pytest

from service.application import targets
from service.application.players import Accounts
from service.application.targets import PRIVATE_TARGETS
from service.store.players import Players
from tests.service.api.conftest import Server
from tests.support.targets import ISSUE_SPELLINGS, MALFORMED, NOT_PUBLIC, Rebinding, fake_resolve

SECRET = "a-shared-secret-of-some-length"
PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob")]


@pytest.fixture
def public_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PRIVATE_TARGETS, raising=False)


@pytest.fixture
def resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(targets, "resolve_host", fake_resolve)


@pytest.mark.storage
def test_registering_a_private_target_is_a_400_for_a_seat_and_for_a_player(
    server: Server, http: httpx.Client, public_only: None
) -> None:
    created = http.post("/games", json={"ruleset": "counting", "seats": PLAYERS})
    assert created.status_code == 201, created.text
    game = created.json()
    seat = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    hook = {"url": "http://127.0.0.1:9/hook", "secret": SECRET}
    refused = http.post(f"/games/{game['game_id']}/webhooks", json=hook, headers=seat)
    assert refused.status_code == 400, refused.text
    assert refused.json()["code"] == "webhook_target_refused"
    assert "CAIRN_WEBHOOK_PRIVATE_TARGETS" in refused.json()["detail"]
    _, token = Accounts(Players(server.cairn.store.pool)).create(f"ann-{game['game_id'][:6]}")
    mine = http.post(
        "/players/me/webhooks", json=hook, headers={"Authorization": f"Bearer {token}"}
    )
    assert mine.status_code == 400 and mine.json()["code"] == "webhook_target_refused"


GARBAGE = {"Authorization": "Bearer not-a-token-of-anyone"}
PROBES = [
    "http://localhost/hook",  # a private name
    "http://127.0.0.1:9/hook",
    "http://[::127.0.0.1]/hook",
    "http://93.184.216.34/hook",  # public: nothing is registered, so nothing is ever sent
]


def _hook_paths(server: Server, http: httpx.Client) -> list[str]:
    """Every path a webhook is registered at: a game's, a player's, a league's."""
    game = http.post("/games", json={"ruleset": "counting", "seats": PLAYERS}).json()
    _, boss = Accounts(Players(server.cairn.store.pool)).create(
        f"boss-{game['game_id'][:6]}", organiser=True
    )
    league = http.post(
        "/leagues",
        json={"name": f"Auth {game['game_id'][:6]}", "ruleset": "counting", "seats": 2},
        headers={"Authorization": f"Bearer {boss}"},
    ).json()
    return [
        f"/games/{game['game_id']}/webhooks",
        "/players/me/webhooks",
        f"/leagues/{league['league_id']}/webhooks",
    ]


@pytest.mark.storage
def test_a_garbage_token_is_a_401_whatever_the_url_on_every_webhook_endpoint(
    server: Server, http: httpx.Client, public_only: None
) -> None:
    """The token is checked before the url: what the url's host resolves to (private,
    unknown, public) is nobody's to learn without a token."""
    paths = _hook_paths(server, http)
    for path in paths:
        for url in PROBES:
            answer = http.post(path, json={"url": url, "secret": SECRET}, headers=GARBAGE)
            assert (answer.status_code, answer.json()["code"]) == (401, "unauthorized"), (
                path,
                url,
                answer.text,
            )
    for path in paths[1:]:
        assert http.get(path, headers=GARBAGE).status_code == 401
        assert http.delete(f"{path}/{uuid.uuid4()}", headers=GARBAGE).status_code == 401


def _tokens_for(server: Server, http: httpx.Client) -> list[tuple[str, dict[str, str]]]:
    """Each webhook endpoint with a token that may register there: a seat's, a player's, an
    organiser's."""
    game = http.post("/games", json={"ruleset": "counting", "seats": PLAYERS}).json()
    accounts = Accounts(Players(server.cairn.store.pool))
    _, player = accounts.create(f"hooker-{game['game_id'][:6]}")
    seat = game["seats"][0]["token"]
    _, boss = accounts.create(f"boss2-{game['game_id'][:6]}", organiser=True)
    league = http.post(
        "/leagues",
        json={"name": f"Targets {game['game_id'][:6]}", "ruleset": "counting", "seats": 2},
        headers={"Authorization": f"Bearer {boss}"},
    ).json()
    return [
        (f"/games/{game['game_id']}/webhooks", {"Authorization": f"Bearer {seat}"}),
        ("/players/me/webhooks", {"Authorization": f"Bearer {player}"}),
        (f"/leagues/{league['league_id']}/webhooks", {"Authorization": f"Bearer {boss}"}),
    ]  # fmt: skip


@pytest.mark.storage
def test_every_spelling_of_a_private_target_is_refused_on_every_endpoint(
    server: Server, http: httpx.Client, public_only: None, resolver: None
) -> None:
    for path, token in _tokens_for(server, http):
        for url in ISSUE_SPELLINGS + NOT_PUBLIC[:20] + MALFORMED[:3]:
            answer = http.post(path, json={"url": url, "secret": SECRET}, headers=token)
            assert (answer.status_code, answer.json()["code"]) == (
                400,
                "webhook_target_refused",
            ), (path, url, answer.text)


@pytest.mark.storage
def test_a_name_resolving_public_then_private_is_refused_on_every_endpoint(
    server: Server, http: httpx.Client, public_only: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for path, token in _tokens_for(server, http):
        rebinding = Rebinding("rebind.example.test")
        monkeypatch.setattr(targets, "resolve_host", rebinding)
        hook = {"url": "http://rebind.example.test/hook", "secret": SECRET}
        first = http.post(path, json=hook, headers=token)
        assert first.status_code == 201, first.text
        again = http.post(path, json=hook, headers=token)
        assert again.status_code == 400 and "127.0.0.1" in again.json()["detail"]
        if not path.startswith("/games/"):  # nothing is owed to it: remove it all the same
            http.delete(f"{path}/{first.json()['hook_id']}", headers=token)
