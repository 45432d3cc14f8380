"""Nothing a seat may not see leaves through any endpoint, at any step of any ruleset's game.

At every step of a full game, every endpoint is called as every seat and as a spectator, and
each response is walked as JSON: none of ``ruleset.secrets(state, viewer)`` may appear as a
subtree (nor a long secret string inside a text), and the seed never appears before the end.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from domain.core import registry
from tests.service.api.conftest import Server
from tests.service.api.playing import Table, assert_hidden, read_stream

pytestmark = pytest.mark.storage


def seed_of(server: Server, table: Table) -> str:
    stored = server.cairn.store.read(server.host.game(table.game_id).game_id)
    seed: str = next(e.payload["seed"] for e in stored if e.type == "game.seed_sealed")
    return seed


class Walker:
    """Calls every endpoint as one viewer and checks each response against its secrets."""

    def __init__(self, server: Server, table: Table, seat: int | None) -> None:
        self.server, self.table, self.seat = server, table, seat
        self.streamed: int | None = None  # the stream's Last-Event-ID for this viewer

    def check(self, secrets: list[Any], step: int) -> None:
        table, seat, http = self.table, self.seat, self.table.http
        auth = table.auth(seat)
        where = f"step {step}, seat {seat}"
        game = f"/games/{table.game_id}"
        version = table.version()
        bodies = [
            http.get(game, headers=auth),
            http.get(game, headers=auth, params={"at": max(1, version // 2)}),
            http.get(f"{game}/events", headers=auth, params={"limit": 1000}),
            http.get(f"{game}/events", headers=auth, params={"after": version // 2}),
            http.get("/games", params={"limit": 100}),
        ]
        if seat is not None:
            bodies.append(http.get(f"{game}/legal-commands", headers=auth))
            bodies.append(table.send(seat, {"type": "no_such_command"}))
            bodies.append(table.send(seat, {"type": "x"}, expected_version=0))
        for response in bodies:
            assert response.status_code < 500, response.text
            assert_hidden(response.text, secrets, f"{where}: {response.request.url.path}")
        self._check_stream(secrets, where)

    def _check_stream(self, secrets: list[Any], where: str) -> None:
        visible = self.table.events(self.seat)["events"]
        last = visible[-1]["seq"] if visible else 0
        if last == (self.streamed or 0):
            return
        messages = read_stream(self.table, self.seat, self.streamed, last)
        for message in messages:
            assert_hidden(json.dumps(message["data"]), secrets, f"{where}: stream")
        self.streamed = int(messages[-1]["id"])


@pytest.mark.parametrize("ruleset", [r.id for r in registry.all_rulesets()])
def test_no_endpoint_leaks_hidden_information(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    rules = registry.get(ruleset)
    count = min(max(rules.min_seats, 2), rules.max_seats)
    seats = [{"kind": "player", "player": f"p{i}"} for i in range(count)]
    table = Table.create(server, http, ruleset, seats)
    seed = seed_of(server, table)
    walkers = [Walker(server, table, seat) for seat in [None, *range(count)]]
    step = 0
    while True:
        loaded = server.cairn.load(table.game_id)
        if rules.is_terminal(loaded.state):
            break
        for walker in walkers:
            secrets = [seed, *rules.secrets(loaded.state, walker.seat)]
            walker.check(secrets, step)
        assert server.cairn.load(table.game_id).version == loaded.version, "nothing appended"
        assert table.step()
        step += 1
    log = table.events()
    assert log["log_is_public"]
    assert any(seed in str(e["payload"]) for e in log["events"]), "the seed is revealed at the end"


def test_the_leak_detector_finds_subtrees_and_embedded_strings() -> None:
    secret_order = [3, 1, 2]
    with pytest.raises(AssertionError):
        assert_hidden(json.dumps({"a": [{"deck": [3, 1, 2]}]}), [secret_order], "probe")
    with pytest.raises(AssertionError):
        assert_hidden(json.dumps({"detail": "the seed is abcdef123"}), ["abcdef123"], "probe")
    with pytest.raises(AssertionError):
        assert_hidden(json.dumps([{"k": {"x": 1}}]), [{"x": 1}], "probe")
    assert_hidden(json.dumps({"deck": [3, 1], "n": 2}), [secret_order, [1, 3]], "probe")
