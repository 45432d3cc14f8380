"""Playing beside bots and other seats: a stale ``expected_version`` is refused only when what
the seat may do changed since it read, and the refusal says what happened (docs/api.md,
"Playing against bots")."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

HUMANS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]


def test_the_create_answer_s_version_still_works_after_a_bot_moved(
    server: Server, http: httpx.Client
) -> None:
    seats = [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "random"}]
    created = http.post("/games", json={"ruleset": "sealed", "seats": seats})
    assert created.status_code == 201, created.text
    table = Table(server, http, created.json()["game_id"], {0: created.json()["seats"][0]["token"]})
    server.quiet()
    version = created.json()["version"]
    assert table.version() > version, "the bot sealed its word after the game was created"
    sent = table.send(0, table.legal(0)[0], expected_version=version)
    assert sent.status_code == 200, "the bot's move changed nothing seat 0 could do"


def test_a_simultaneous_phase_beside_another_seat_has_no_conflicts(
    server: Server, http: httpx.Client
) -> None:
    """Two seats of Peninsula's action phase: each decides on the version it read, the other
    moves first, and nothing is refused, since the other's move leaves its options alone."""
    table = Table.create(server, http, "peninsula", HUMANS)
    rng = random.Random(3)
    stale_accepted = 0
    for _ in range(60):
        view = table.view()
        if view["is_terminal"]:
            break
        version, to_act = view["version"], view["to_act"]
        if to_act == [0, 1]:
            mine, theirs = rng.choice(table.legal(0)), rng.choice(table.legal(1))
            assert table.send(1, theirs).status_code == 200
            moved = table.version() > version
            sent = table.send(0, mine, expected_version=version)
            assert sent.status_code == 200, sent.text
            stale_accepted += moved
        else:
            seat = to_act[0]
            assert (
                table.send(
                    seat, rng.choice(table.legal(seat)), expected_version=version
                ).status_code
                == 200
            )
    assert stale_accepted >= 3, "the test must exercise stale versions"


def test_a_conflict_lists_what_the_seat_may_see_changed(server: Server, http: httpx.Client) -> None:
    table = Table.create(server, http, "counting", HUMANS)
    read = table.version()
    assert table.view()["to_act"] == [0]
    assert table.send(0, {"type": "draw"}).status_code == 200  # public taken, private card
    refused = table.send(1, {"type": "add", "amount": 1}, expected_version=read)
    assert refused.status_code == 409, "seat 1 could do nothing at its version; now it may"
    body = refused.json()
    assert body["code"] == "version_conflict" and body["current_version"] == table.version()
    assert [c["type"] for c in body["changed"]] == ["counting.card_taken"], (
        "seat 0's card is hidden"
    )
    assert body["changed"][0]["actor"] == "seat:0" and body["changed"][0]["text"]
    assert (
        table.send(
            1, {"type": "add", "amount": 1}, expected_version=body["current_version"]
        ).status_code
        == 200
    )


@pytest.mark.parametrize("offset", [-1, 1])
def test_a_version_no_client_could_have_read_is_refused(
    server: Server, http: httpx.Client, offset: int
) -> None:
    table = Table.create(server, http, "counting", HUMANS)
    version = table.version()  # the end of the set-up decision: one before is inside it
    refused = table.send(0, {"type": "add", "amount": 1}, expected_version=version + offset)
    assert refused.status_code == 409 and "changed" not in refused.json()
    assert table.version() == version
