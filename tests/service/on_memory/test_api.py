"""The HTTP API served over the in-memory store: every
registered ruleset plays to its end with a client and bots, and bots alone; a keyed retry
appends once; a stream follows the game as it commits."""

from __future__ import annotations

import httpx
import pytest

from service.store.memory import MemoryStore
from tests.service.api.conftest import Server
from tests.service.api.playing import Table, read_stream, seats_for
from tests.service.on_memory.conftest import RULESETS


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_with_bots_and_a_client_ends_with_a_result(
    served: tuple[Server, httpx.Client],
    ruleset: str,
) -> None:
    server, http = served
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=1))
    final = table.play_out()
    assert final["is_terminal"] and final["status"] == "finished"
    assert min(final["result"]["ranks"]) == 1
    actors = {e["actor"] for e in table.all_events()}
    assert "seat:0" in actors and f"seat:{len(final['seats']) - 1}" in actors
    listed = http.get("/games", params={"ruleset": ruleset, "status": "finished"}).json()
    assert table.game_id in {g["game_id"] for g in listed["games"]}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_of_bots_only_plays_itself_to_the_end(
    served: tuple[Server, httpx.Client],
    ruleset: str,
) -> None:
    server, http = served
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=99))
    server.quiet(timeout=60)
    final = table.view()
    assert final["is_terminal"] and table.events()["log_is_public"]
    assert any(e["type"] == "game.seed_revealed" for e in table.all_events())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_keyed_command_sent_twice_is_applied_once(
    served: tuple[Server, httpx.Client],
    ruleset: str,
) -> None:
    server, http = served
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=0))
    server.quiet()
    seat = table.view()["to_act"][0]
    before = table.version()
    command = table.legal(seat)[0]
    key = {"Idempotency-Key": f"once-{ruleset}"}
    first = table.send(seat, command, headers=key, expected_version=before)
    again = table.send(seat, command, headers=key, expected_version=before)
    assert first.status_code == again.status_code == 200, first.text
    assert (first.json().pop("replayed"), again.json().pop("replayed")) == (False, True)
    assert {**first.json(), "replayed": True} == again.json()
    stale = table.send(seat, command, expected_version=before)
    assert stale.status_code in (409, 422), stale.text
    assert table.version() == first.json()["version"] > before


def test_a_stream_follows_the_game_as_it_commits(
    served: tuple[Server, httpx.Client],
) -> None:
    server, http = served
    table = Table.create(server, http, "counting", seats_for("counting", bots=0))
    start = table.version()
    table.send(0, table.legal(0)[0])
    store = server.cairn.store
    assert isinstance(store, MemoryStore) and store.listeners, "commits wake the streams"
    messages = read_stream(table, 1, start, until_seq=start + 1)
    assert [int(m["id"]) for m in messages if "id" in m][-1] == start + 1
