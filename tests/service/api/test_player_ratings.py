"""GET /players/{id}/ratings: a player's ratings over time per ruleset, each rated game's
change from the projection's rating_changes, and the deviation inactivity has grown now."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from service.projections.ratings import INACTIVITY_C, INITIAL_SIGMA
from tests.service.api.conftest import Server
from tests.service.api.test_league_brackets import _league, _round
from tests.service.api.test_leagues import _problem, organiser

pytestmark = pytest.mark.storage
__all__ = ["organiser"]  # the fixture, used by name


def test_a_players_ratings_over_time(
    server: Server, http: httpx.Client, organiser: dict[str, Any]
) -> None:
    lid, players = _league(http, organiser, "round-robin", ["ann", "bob", "cyd"])
    for _ in range(3):  # three players: two games each, one bye each
        _round(http, organiser, lid, players, seat=0)
    ann = players["ann"]
    body = http.get(f"/players/{ann['player_id']}/ratings").json()
    assert body["rating_period_days"] == 7 and body["initial_sigma"] == INITIAL_SIGMA
    (counting,) = body["rulesets"]
    assert counting["ruleset"] == "counting" and counting["games"] == 2
    history = counting["history"]
    assert len(history) == 2 and all(g["league_id"] == lid for g in history)
    for game in history:
        assert math.isclose(game["change"], game["display_after"] - game["display_before"])
        assert math.isclose(game["display_after"], game["mu_after"] - 3 * game["sigma_after"])
        assert game["rated_at"] is not None
    assert history[0]["sigma_after"] > history[1]["sigma_after"]
    assert math.isclose(history[-1]["mu_after"], counting["mu"])
    assert counting["idle_periods"] == 0 and counting["sigma_now"] == counting["sigma"]
    by_name = http.get(f"/players/{ann['name']}/ratings").json()
    assert by_name["rulesets"][0]["history"] == history
    _problem(http.get("/players/nobody-at-all/ratings"), 404, "unknown_player")


def test_an_idle_player_shows_a_wider_deviation_now(
    server: Server, http: httpx.Client, organiser: dict[str, Any]
) -> None:
    lid, players = _league(http, organiser, "round-robin", ["ann", "bob"])
    _round(http, organiser, lid, players, seat=0)
    ann = players["ann"]
    before = http.get(f"/players/{ann['player_id']}/ratings").json()["rulesets"][0]
    # the projection's row as if the last game were five weeks ago
    with server.cairn.store.pool.connection() as conn:
        conn.execute(
            "UPDATE ratings SET rated_at = %s WHERE player_id = %s",
            (datetime.now(UTC) - timedelta(weeks=5, hours=1), ann["player_id"]),
        )
    now = http.get(f"/players/{ann['player_id']}/ratings").json()["rulesets"][0]
    assert now["idle_periods"] == 5 and now["sigma"] == before["sigma"]
    assert math.isclose(now["sigma_now"] ** 2, before["sigma"] ** 2 + 5 * INACTIVITY_C**2)
    assert now["display_now"] < now["display"]
