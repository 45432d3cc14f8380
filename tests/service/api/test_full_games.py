"""Every registered ruleset plays to its end through HTTP: bots and a test client together."""

from __future__ import annotations

import httpx
import pytest

from tests.service.api.conftest import RULESETS, Server
from tests.service.api.playing import Table, seats_for

pytestmark = pytest.mark.storage


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_with_bots_and_a_client_ends_with_a_result(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=1))
    final = table.play_out()
    assert final["is_terminal"] and final["status"] == "finished"
    result = final["result"]
    assert len(result["scores"]) == len(result["ranks"]) == len(final["seats"])
    assert min(result["ranks"]) == 1
    actors = {e["actor"] for e in table.all_events()}
    assert "seat:0" in actors, "the client played"
    assert f"seat:{len(final['seats']) - 1}" in actors, "the bot played"
    listed = http.get("/games", params={"ruleset": ruleset, "status": "finished"}).json()
    assert table.game_id in {g["game_id"] for g in listed["games"]}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_of_bots_only_plays_itself_to_the_end(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=99))
    assert table.tokens == {}
    server.quiet(timeout=60)
    final = table.view()
    assert final["is_terminal"] and final["result"] is not None
    assert table.events()["log_is_public"]
    events = table.all_events()
    assert any(e["type"] == "game.seed_revealed" for e in events)
    assert any(e["type"] == "game.seed_sealed" for e in events), "the whole log is public"
