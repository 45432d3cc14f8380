"""Each command is logged as one structured entry: request, game, seat, command, outcome."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage


def test_commands_are_logged_with_their_context(
    server: Server, http: httpx.Client, logs: list[dict[str, Any]]
) -> None:
    players = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
    table = Table.create(server, http, "counting", players)
    seat = table.view()["to_act"][0]
    accepted = table.send(seat, {"type": "add", "amount": 1}, headers={"X-Request-ID": "req-1"})
    refused = table.send(seat, {"type": "add", "amount": 1}, headers={"X-Request-ID": "req-2"})
    assert accepted.status_code == 200 and refused.status_code == 403
    assert accepted.headers["x-request-id"] == "req-1"
    by_request = {e["request_id"]: e for e in logs if e["event"].startswith("command.")}
    expected = {
        "event": "command.accepted",
        "game_id": table.game_id,
        "seat": seat,
        "command": "add",
        "outcome": "accepted",
    }
    assert by_request["req-1"].items() >= expected.items()
    assert by_request["req-2"]["outcome"] == "refused"
    assert by_request["req-2"]["code"] == "not_your_turn"
    assert by_request["req-2"]["game_id"] == table.game_id
