"""A browser-shaped client: CORS for the configured origin only, a stream opened the way an
``EventSource`` opens it (a ticket in the query, no header), keep-alives that never reach
its message handler."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from service.api import tickets
from service.application.players import Accounts
from service.store.credentials import token_hash
from service.store.players import Players
from tests.service.api.conftest import ORIGIN, Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

SEATS = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "random"}]


def test_a_preflight_from_the_allowed_origin_is_answered(
    server: Server, http: httpx.Client
) -> None:
    table = Table.create(server, http, "counting", SEATS)
    asked = {
        "Origin": ORIGIN,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
    }
    answer = http.options(f"/games/{table.game_id}/commands", headers=asked)
    assert answer.status_code in (200, 204), answer.text
    assert answer.headers["access-control-allow-origin"] == ORIGIN
    allowed = {h.strip().lower() for h in answer.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key"} <= allowed
    assert "POST" in answer.headers["access-control-allow-methods"]
    created = http.post(
        "/games", json={"ruleset": "counting", "seats": SEATS}, headers={"Origin": ORIGIN}
    )
    assert created.headers["access-control-allow-origin"] == ORIGIN
    assert "location" in created.headers["access-control-expose-headers"].lower()


def test_another_origin_gets_no_cors_headers(http: httpx.Client) -> None:
    other = {"Origin": "http://elsewhere.test", "Access-Control-Request-Method": "POST"}
    assert "access-control-allow-origin" not in http.options("/games", headers=other).headers
    listed = http.get("/rulesets", headers={"Origin": "http://elsewhere.test"})
    assert listed.status_code == 200 and "access-control-allow-origin" not in listed.headers


def event_source(lines: Iterator[str]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """What a browser's EventSource dispatches (the WHATWG algorithm, in short), handed to a
    naive handler that runs ``JSON.parse(e.data)``: (raw comment or "", event type, data)."""
    data: list[str] = []
    kind = "message"
    for line in lines:
        if line == "":
            if data:  # a comment-only block dispatches nothing
                yield "", kind, json.loads("\n".join(data))  # JSON.parse(e.data)
            data, kind = [], "message"
        elif line.startswith(":"):
            yield line, "", {}
        else:
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "data":
                data.append(value)
            elif field == "event":
                kind = value


def test_an_event_source_opens_the_stream_with_a_ticket_and_never_sees_a_keep_alive(
    server: Server, http: httpx.Client
) -> None:
    table = Table.create(server, http, "counting", SEATS)
    server.quiet()
    issued = http.post(f"/games/{table.game_id}/stream-tickets", headers=table.auth(0))
    assert issued.status_code == 200, issued.text
    body = issued.json()
    assert table.tokens[0] not in body["stream_url"], "the long-lived token is never in a URL"
    comments: list[str] = []
    messages: list[tuple[str, dict[str, Any]]] = []
    with http.stream("GET", body["stream_url"], headers={"Origin": ORIGIN}, timeout=30) as stream:
        assert stream.status_code == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        assert stream.headers["access-control-allow-origin"] == ORIGIN
        # A keep-alive comes once the stream has sent everything and waits for more.
        for comment, kind, data in event_source(stream.iter_lines()):
            if comment:
                comments.append(comment)
                break
            messages.append((kind, data))
    assert comments == [": keep-alive"]
    seen = [e["seq"] for e in table.events(0)["events"]]
    assert [d["seq"] for _, d in messages] == seen, "every visible event, as a message"
    assert all(kind == "message" for kind, _ in messages)


def test_a_ticket_opens_only_its_own_seat_s_stream(server: Server, http: httpx.Client) -> None:
    table = Table.create(server, http, "counting", SEATS)
    other = Table.create(server, http, "counting", SEATS)
    ticket = http.post(f"/games/{table.game_id}/stream-tickets", headers=table.auth(0)).json()
    url = f"/games/{other.game_id}/stream"
    assert http.get(url, params={"ticket": ticket["ticket"]}).status_code == 401, "another game"
    forged = ticket["ticket"][:-2] + ("AA" if not ticket["ticket"].endswith("AA") else "BB")
    mine = f"/games/{table.game_id}/stream"
    assert http.get(mine, params={"ticket": forged}).status_code == 401
    secret = server.host.config.ticket_secret
    game = uuid.UUID(table.game_id)
    holder = token_hash(table.tokens[0])
    old = time.time() - tickets.TICKET_SECONDS - 5
    expired = tickets.issue(secret, game, 0, holder, now=old)
    assert http.get(mine, params={"ticket": expired}).status_code == 401
    holders = server.host.tokens.holders
    assert tickets.seat_of(secret, game, tickets.issue(secret, game, 0, holder), holders) == 0
    assert tickets.seat_of(secret, game, tickets.issue(secret, game, 1, holder), holders) is None
    # a ticket opens streams and nothing else
    acting = {"Authorization": f"Bearer {ticket['ticket']}"}
    command = {"command": {"type": "draw"}}
    assert (
        http.post(f"/games/{table.game_id}/commands", json=command, headers=acting).status_code
        == 401
    )
    assert http.post(f"/games/{table.game_id}/stream-tickets").status_code == 401, "needs a token"


def _opens(http: httpx.Client, url: str) -> int:
    with http.stream("GET", url, headers={"Origin": ORIGIN}, timeout=30) as stream:
        return stream.status_code


def test_a_ticket_dies_with_the_token_it_was_asked_for_with(
    server: Server, http: httpx.Client
) -> None:
    """Issue #27: a ticket asked for with a player token still opened the stream for five
    minutes after the token was rotated or revoked."""
    _, token = Accounts(Players(server.cairn.store.pool)).create(f"ivy-{uuid.uuid4().hex[:6]}")
    seats = [{"kind": "open"}, {"kind": "bot", "bot": "random"}]
    game = http.post("/games", json={"ruleset": "counting", "seats": seats}).json()["game_id"]
    auth = {"Authorization": f"Bearer {token}"}
    assert http.post(f"/games/{game}/seats", json={}, headers=auth).status_code == 200
    before = http.post(f"/games/{game}/stream-tickets", headers=auth).json()["stream_url"]
    assert _opens(http, before) == 200
    rotated = http.post("/players/me/token", headers=auth)
    assert rotated.status_code == 200, rotated.text
    assert _opens(http, before) == 401, "a rotated token's ticket opens nothing"
    auth = {"Authorization": f"Bearer {rotated.json()['token']}"}
    after = http.post(f"/games/{game}/stream-tickets", headers=auth).json()["stream_url"]
    assert _opens(http, after) == 200
    assert http.post("/players/me/revoke", headers=auth).status_code in (200, 204)
    assert _opens(http, after) == 401, "a revoked token's ticket opens nothing"
