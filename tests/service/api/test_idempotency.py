"""An Idempotency-Key's first outcome, refusal included, answers every retry with it."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
END = {"type": "end_actions"}


def until_seat_may_end_actions(table: Table, seat: int) -> None:
    """Play the first legal command of whoever is to act, ending no one's actions, until
    ``seat`` may end its actions (the action phase of a round)."""
    for _ in range(500):
        if any(c["type"] == "end_actions" for c in table.legal(seat)):
            return
        acting = table.view()["to_act"][0]
        legal = table.legal(acting)
        command = next((c for c in legal if c["type"] != "end_actions"), legal[0])
        assert table.send(acting, command).status_code == 200
    raise AssertionError(f"seat {seat} never reached its actions")


def keyed(table: Table, seat: int, key: str, command: dict[str, Any]) -> httpx.Response:
    return table.send(seat, command, headers={"Idempotency-Key": key})


def test_a_refused_end_actions_is_not_applied_by_a_retry_a_round_later(
    server: Server, http: httpx.Client
) -> None:
    """The issue's sequence: seat 0 ends its actions with key K1, sends it again with K2
    (403, its actions are over); a round later, a retry of K2 must still be that 403."""
    table = Table.create(server, http, "peninsula", PLAYERS)
    until_seat_may_end_actions(table, 0)
    k1, k2 = f"K1-{uuid.uuid4()}", f"K2-{uuid.uuid4()}"
    first = keyed(table, 0, k1, END)
    assert first.status_code == 200, first.text
    refused = keyed(table, 0, k2, END)
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_turn"
    round_one = table.view()["view"]["round"]
    assert table.send(1, END).status_code == 200  # the round ends
    until_seat_may_end_actions(table, 0)
    assert table.view()["view"]["round"] == round_one + 1
    version = table.version()
    retried = keyed(table, 0, k2, END)
    assert (retried.status_code, retried.json()) == (refused.status_code, refused.json())
    assert table.version() == version, "nothing was appended for the retried refusal"
    again = keyed(table, 0, k1, END)
    assert again.status_code == 200 and again.json()["replayed"]
    assert again.json()["version"] == first.json()["version"]
    fresh = keyed(table, 0, f"K3-{uuid.uuid4()}", END)
    assert fresh.status_code == 200 and not fresh.json()["replayed"]


def test_every_kind_of_refusal_is_remembered(server: Server, http: httpx.Client) -> None:
    table = Table.create(server, http, "counting", PLAYERS)
    add = {"type": "add", "amount": 1}
    answers: dict[str, httpx.Response] = {
        "illegal": keyed(table, 0, "illegal", {"type": "add", "amount": 4}),
        "turn": keyed(table, 1, "turn", add),
        "other-seat": keyed(table, 0, "other-seat", {**add, "seat": 1}),
    }
    stale = table.send(0, add, expected_version=0, headers={"Idempotency-Key": "stale"})
    assert {k: r.status_code for k, r in answers.items()} == {
        "illegal": 422,
        "turn": 403,
        "other-seat": 403,
    }
    assert stale.status_code == 409
    assert table.send(0, add).status_code == 200  # now seat 1 is to act: "turn" is legal
    for key, first in answers.items():
        seat = 1 if key == "turn" else 0
        command = {"type": "add", "amount": 4} if key == "illegal" else add
        command = {**add, "seat": 1} if key == "other-seat" else command
        retried = keyed(table, seat, key, command)
        assert (retried.status_code, retried.json()) == (first.status_code, first.json()), key
    stale_again = table.send(0, add, expected_version=0, headers={"Idempotency-Key": "stale"})
    assert (stale_again.status_code, stale_again.json()) == (409, stale.json())
