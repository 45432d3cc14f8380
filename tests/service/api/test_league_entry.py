"""Leagues that ask for rated games or a rating range to join, over HTTP (#25): the
requirements show in the league, and a join or an organiser's add outside them is a 422
with a clear code; the rating checked is the one GET /players/{id}/ratings shows now."""

from __future__ import annotations

import math
import uuid
from typing import Any

import httpx
import pytest

from tests.service.api.conftest import Server
from tests.service.api.test_league_brackets import _league, _round
from tests.service.api.test_leagues import _player, _problem, auth, organiser

pytestmark = pytest.mark.storage
__all__ = ["organiser"]  # the fixture, used by name


def _entry_league(http: httpx.Client, organiser: dict[str, Any], **entry: int) -> str:
    body = {
        "name": f"Entry {uuid.uuid4().hex[:6]}",
        "ruleset": "counting",
        "seats": 2,
        "options": {"target": 5},
        **entry,
    }
    made = http.post("/leagues", json=body, headers=auth(organiser["token"]))
    assert made.status_code == 201, made.text
    for key, value in entry.items():
        assert made.json()[key] == value
    lid: str = made.json()["league_id"]
    return lid


def test_entry_requirements_over_http(
    server: Server, http: httpx.Client, organiser: dict[str, Any]
) -> None:
    lid, players = _league(http, organiser, "round-robin", ["ann", "bob", "cyd"])
    for _ in range(3):
        _round(http, organiser, lid, players, seat=0)
    ann = players["ann"]
    rated = http.get(f"/players/{ann['player_id']}/ratings").json()["rulesets"][0]
    assert rated["games"] == 2
    newcomer = _player(http, organiser, f"dan-{uuid.uuid4().hex[:6]}")

    veterans = _entry_league(http, organiser, min_rated_games=2)
    refused = http.post(f"/leagues/{veterans}/join", headers=auth(newcomer["token"]))
    _problem(refused, 422, "too_few_rated_games")
    assert "at least 2 rated games in counting" in refused.json()["detail"]
    boss = auth(organiser["token"])
    add = {"player": newcomer["name"]}
    _problem(
        http.post(f"/leagues/{veterans}/members", json=add, headers=boss),
        422,
        "too_few_rated_games",
    )
    assert http.post(f"/leagues/{veterans}/join", headers=auth(ann["token"])).status_code == 200

    floor = math.floor(rated["display_now"])
    above = _entry_league(http, organiser, min_rating=floor + 1)
    _problem(
        http.post(f"/leagues/{above}/join", headers=auth(ann["token"])), 422, "rating_out_of_range"
    )
    within = _entry_league(http, organiser, min_rating=floor, max_rating=floor + 1)
    assert http.post(f"/leagues/{within}/join", headers=auth(ann["token"])).status_code == 200
    # the newcomer rates as new (0)
    below_zero = _entry_league(http, organiser, max_rating=-1)
    _problem(
        http.post(f"/leagues/{below_zero}/join", headers=auth(newcomer["token"])),
        422,
        "rating_out_of_range",
    )
    members = http.get(f"/leagues/{below_zero}").json()["members"]
    assert members == []


def test_impossible_entry_settings_are_refused(
    http: httpx.Client, organiser: dict[str, Any]
) -> None:
    body = {"name": "Bad", "ruleset": "counting", "seats": 2, "min_rating": 5, "max_rating": 1}
    _problem(
        http.post("/leagues", json=body, headers=auth(organiser["token"])), 422, "invalid_command"
    )
    body = {"name": "Bad", "ruleset": "counting", "seats": 2, "min_rated_games": -1}
    _problem(
        http.post("/leagues", json=body, headers=auth(organiser["token"])), 400, "invalid_request"
    )
