"""The SSE stream delivers every visible event exactly once, across reconnects."""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import httpx
import pytest

from service.application.players import Accounts
from service.store.players import Players
from tests.service.api.conftest import Server
from tests.service.api.playing import Table, read_stream, sse

pytestmark = pytest.mark.storage


def test_every_event_arrives_once_across_a_reconnect(server: Server, http: httpx.Client) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "random"}]
    table = Table.create(server, http, "counting", seats)
    server.quiet()
    # No wait for the server to LISTEN: it listens only once a stream opens, and wakes the
    # stream when it does (tests/service/api/test_live_wakeups.py).
    received: list[dict[str, Any]] = []
    first_part = read_stream(table, 0, None, until_seq=table.events(0)["events"][-1]["seq"])
    received += first_part
    # Play on while nobody listens, then resume from the last id seen.
    for _ in range(2):
        table.step()
    last_id = int(received[-1]["id"])
    done = threading.Event()

    def listen() -> None:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            headers = {**table.auth(0), "Last-Event-ID": str(last_id)}
            with client.stream("GET", f"/games/{table.game_id}/stream", headers=headers) as r:
                for message in sse(r.iter_lines()):
                    received.append(message)
                    if message.get("event") == "end":
                        break
        done.set()

    listener = threading.Thread(target=listen)
    listener.start()
    while len(received) == len(first_part):
        assert listener.is_alive(), "the stream closed early"
        time.sleep(0.01)
    table.play_out()
    assert done.wait(30), "the stream did not end after the game did"
    listener.join()
    assert received[-1]["event"] == "end"
    streamed = [m for m in received if m.get("event") != "end"]
    ids = [int(m["id"]) for m in streamed]
    assert len(ids) == len(set(ids)), "no duplicate"
    assert ids == sorted(ids)
    # Every event seat 0 could see while the game was live; a page read after the end may
    # also carry events that the end made public, and nothing else.
    expected = [
        e.seq
        for e in server.cairn.store.read(server.host.game(table.game_id).game_id)
        if e.visibility in ("public", "seat:0")
    ]
    assert set(expected) <= set(ids), "no gap"
    assert set(ids) - set(expected) <= set(range(last_id + 1, table.version() + 1))
    assert [m["data"]["seq"] for m in streamed] == ids


def test_a_spectator_stream_of_a_finished_game_replays_and_ends(
    server: Server, http: httpx.Client
) -> None:
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
    table = Table.create(server, http, "counting", bots)
    server.quiet()
    messages = read_stream(table, None, None, until_seq=10**9)
    assert messages[-1]["event"] == "end" and messages[-1]["data"]["result"] is not None
    assert [int(m["id"]) for m in messages[:-1]] == list(range(1, table.version() + 1))
    tail = read_stream(table, None, table.version() - 1, until_seq=10**9)
    assert [int(m["id"]) for m in tail[:-1]] == [table.version()]


def test_a_seats_stream_ends_once_its_token_is_rotated(server: Server, http: httpx.Client) -> None:
    """An open stream sends a seat's events only while the token it was opened with acts
    for the seat: a player who rotates a leaked token cuts off whoever streams with it."""
    accounts = Accounts(Players(server.cairn.store.pool))
    player, token = accounts.create(f"rue-{uuid.uuid4().hex[:6]}")
    seats = [{"kind": "open"}, {"kind": "player", "player": "bo"}]
    created = http.post("/games", json={"ruleset": "counting", "seats": seats}).json()
    game, bo = created["game_id"], {"Authorization": f"Bearer {created['seats'][1]['token']}"}
    taken = http.post(f"/games/{game}/seats", json={}, headers={"Authorization": f"Bearer {token}"})
    assert taken.status_code == 200, taken.text
    version = http.get(f"/games/{game}").json()["version"]
    received: list[dict[str, Any]] = []
    opened, done = threading.Event(), threading.Event()

    def listen() -> None:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            auth = {"Authorization": f"Bearer {token}"}
            with client.stream("GET", f"/games/{game}/stream", headers=auth) as response:
                for message in sse(response.iter_lines()):
                    received.append(message)
                    opened.set()
                    if message.get("event") in ("end", "revoked"):
                        break
        done.set()

    listener = threading.Thread(target=listen)
    listener.start()
    assert opened.wait(15), "the stream sent nothing"
    fresh = {"Authorization": f"Bearer {accounts.rotate(player)}"}
    to_act = http.get(f"/games/{game}").json()["to_act"]
    moved = http.post(
        f"/games/{game}/commands",
        json={"command": {"type": "add", "amount": 1}},
        headers=fresh if to_act == [0] else bo,
    )
    assert moved.status_code == 200, moved.text
    assert done.wait(15), "the stream went on after its token was rotated"
    listener.join()
    assert received[-1]["event"] == "revoked"
    assert max(int(m.get("id", 0)) for m in received) <= version, "the move was sent"
