"""The lobby: open games listed with their seats, taken by a signed-in player's own token,
and a game that waits for its open seat before anyone, bot or player, moves. On both stores,
the outbox read through the store's interface (``WebhookRecorder.notices``)."""

from __future__ import annotations

import uuid
from uuid import UUID

import httpx

from service.application.players import Accounts
from tests.service.api.conftest import Server


def test_a_player_takes_an_open_seat_and_the_game_starts(
    any_server: Server, any_http: httpx.Client
) -> None:
    accounts = Accounts(any_server.cairn.store.players)
    _, token = accounts.create(f"eve-{uuid.uuid4().hex[:6]}")
    seats = [{"kind": "open"}, {"kind": "bot", "bot": "random"}]
    created = any_http.post(
        "/games", json={"ruleset": "counting", "seats": seats, "options": {"target": 5}}
    )
    assert created.status_code == 201, created.text
    game = created.json()["game_id"]
    opening = created.json()["version"]

    listed = any_http.get("/games", params={"status": "open", "ruleset": "counting", "limit": 100})
    entry = next(g for g in listed.json()["games"] if g["game_id"] == game)
    assert (entry["seats_taken"], entry["seats_free"]) == (1, 1)
    assert entry["options"]["target"] == 5

    # seat 0 is to act first, but even a bot seat waits while a seat is open
    any_server.quiet()
    assert any_http.get(f"/games/{game}").json()["version"] == opening
    refused = any_http.post(f"/games/{game}/seats", json={})
    assert refused.status_code == 401
    taken = any_http.post(
        f"/games/{game}/seats", json={}, headers={"Authorization": f"Bearer {token}"}
    )
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == 0
    again = any_http.post(
        f"/games/{game}/seats", json={}, headers={"Authorization": f"Bearer {token}"}
    )
    assert again.status_code == 409 and again.json()["code"] == "already_seated"
    still_open = any_http.get("/games", params={"status": "open", "limit": 100}).json()["games"]
    assert game not in {g["game_id"] for g in still_open}

    auth = {"Authorization": f"Bearer {token}"}
    while not (view := any_http.get(f"/games/{game}").json())["is_terminal"]:
        if view["to_act"] == [0]:
            moved = any_http.post(
                f"/games/{game}/commands",
                headers=auth,
                json={"command": {"type": "add", "amount": 1}},
            )
            assert moved.status_code == 200, moved.text
        else:
            any_server.quiet()


def test_a_seat_cannot_act_while_another_is_open(
    any_server: Server, any_http: httpx.Client
) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "open"}]
    created = any_http.post("/games", json={"ruleset": "counting", "seats": seats}).json()
    token = created["seats"][0]["token"]
    sent = any_http.post(
        f"/games/{created['game_id']}/commands",
        headers={"Authorization": f"Bearer {token}"},
        json={"command": {"type": "add", "amount": 1}},
    )
    assert sent.status_code == 422 and sent.json()["code"] == "waiting_for_players"
    invite = created["seats"][1]["invite"]
    joined = any_http.post(
        f"/games/{created['game_id']}/join", json={"invite": invite, "player": "bob"}
    )
    assert joined.status_code == 200
    sent = any_http.post(
        f"/games/{created['game_id']}/commands",
        headers={"Authorization": f"Bearer {token}"},
        json={"command": {"type": "add", "amount": 1}},
    )
    assert sent.status_code == 200, sent.text


def test_one_player_takes_one_seat_so_the_lobby_cannot_be_frozen(
    any_server: Server, any_http: httpx.Client
) -> None:
    """Issue #27: the same player token took both open seats (200 twice); it then acted as
    one of them only, and the other seat could never act."""
    accounts = Accounts(any_server.cairn.store.players)
    tokens = [accounts.create(f"{n}-{uuid.uuid4().hex[:6]}")[1] for n in ("fay", "gus")]
    fay, gus = ({"Authorization": f"Bearer {t}"} for t in tokens)
    seats = [{"kind": "open"}, {"kind": "open"}]
    created = any_http.post("/games", json={"ruleset": "counting", "seats": seats})
    game = created.json()["game_id"]
    assert any_http.post(f"/games/{game}/seats", json={}, headers=fay).json()["seat"] == 0
    for body in ({}, {"seat": 1}):
        again = any_http.post(f"/games/{game}/seats", json=body, headers=fay)
        assert (again.status_code, again.json()["code"]) == (409, "already_seated"), again.text
    open_games = any_http.get("/games", params={"status": "open", "limit": 100}).json()["games"]
    assert game in {g["game_id"] for g in open_games}, "seat 1 is still open"
    assert any_http.post(f"/games/{game}/seats", json={}, headers=gus).json()["seat"] == 1
    hal = {"Authorization": f"Bearer {accounts.create(f'hal-{uuid.uuid4().hex[:6]}')[1]}"}
    full = any_http.post(f"/games/{game}/seats", json={}, headers=hal)
    assert (full.status_code, full.json()["code"]) == (409, "no_open_seat")
    for seat, auth in enumerate((fay, gus)):
        moved = any_http.post(
            f"/games/{game}/commands", headers=auth, json={"command": {"type": "add", "amount": 1}}
        )
        assert moved.status_code == 200, (seat, moved.text)


def _owed(any_server: Server, hook_id: str) -> list[tuple[str, list[int]]]:
    """The notices written to the outbox for ``hook_id``: (kind, seats)."""
    notices = any_server.cairn.store.webhooks.notices(hook_id=UUID(hook_id))
    return [(n.kind, n.body["seats"]) for n in notices]


def test_taking_the_last_open_seat_by_invite_tells_the_first_seat_its_turn(
    any_server: Server, any_http: httpx.Client
) -> None:
    """As a lobby take does (docs/live-play.md, "Webhooks"): play starts with no decision
    when the last open seat is taken, so the taking itself writes the first ``your_turn``."""
    seats = [{"kind": "player", "player": "ann"}, {"kind": "open"}]
    created = any_http.post("/games", json={"ruleset": "counting", "seats": seats}).json()
    game, token = created["game_id"], created["seats"][0]["token"]
    hook = any_http.post(
        f"/games/{game}/webhooks",
        json={"url": "http://127.0.0.1:9/hook", "secret": "s" * 32},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert hook.status_code == 201, hook.text
    assert _owed(any_server, hook.json()["hook_id"]) == [], "nobody acts while a seat is open"
    joined = any_http.post(
        f"/games/{game}/join", json={"invite": created["seats"][1]["invite"], "player": "bob"}
    )
    assert joined.status_code == 200, joined.text
    assert _owed(any_server, hook.json()["hook_id"]) == [("your_turn", [0])]


def test_an_abandoned_games_open_seats_cannot_be_taken(
    any_server: Server, any_http: httpx.Client
) -> None:
    """A game abandoned while it waits keeps its open seats in its record, but neither its
    invite nor the lobby seats anyone there any more."""
    accounts = Accounts(any_server.cairn.store.players)
    _, token = accounts.create(f"fay-{uuid.uuid4().hex[:6]}")
    seats = [{"kind": "player", "player": "ann"}, {"kind": "open"}, {"kind": "open"}]
    created = any_http.post("/games", json={"ruleset": "counting", "seats": seats}).json()
    game = created["game_id"]
    abandoned = any_http.post(
        f"/games/{game}/abandon",
        json={"reason": "nobody came"},
        headers={"Authorization": f"Bearer {created['creator_token']}"},
    )
    assert abandoned.status_code == 200, abandoned.text

    joined = any_http.post(
        f"/games/{game}/join", json={"invite": created["seats"][1]["invite"], "player": "cid"}
    )
    assert joined.status_code == 422 and joined.json()["code"] == "game_over", joined.text
    taken = any_http.post(
        f"/games/{game}/seats", json={}, headers={"Authorization": f"Bearer {token}"}
    )
    assert taken.status_code == 422 and taken.json()["code"] == "game_over", taken.text
    assert [s["kind"] for s in any_http.get(f"/games/{game}").json()["seats"]] == [
        "player",
        "open",
        "open",
    ]
