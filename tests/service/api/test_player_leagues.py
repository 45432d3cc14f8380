"""GET /players/{id}/leagues (#24): the leagues a player is a member of, each with the
player's next game (their first fixture still to be played), which the home page's
"My leagues" and the league page read."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from tests.service.api.test_leagues import _player, _problem, auth, organiser

pytestmark = pytest.mark.storage
__all__ = ["organiser"]  # the fixture, shared with the leagues' own API test


def league(http: httpx.Client, boss: dict[str, str], name: str) -> str:
    body = {"name": name, "ruleset": "counting", "seats": 2, "options": {"target": 5}}
    made = http.post("/leagues", json=body, headers=boss)
    assert made.status_code == 201, made.text
    league_id: str = made.json()["league_id"]
    return league_id


def leagues_of(http: httpx.Client, player: str) -> list[dict[str, Any]]:
    answer = http.get(f"/players/{player}/leagues")
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()
    return found


def test_a_player_s_leagues_and_next_game_in_each(
    http: httpx.Client, organiser: dict[str, Any]
) -> None:
    tag = uuid.uuid4().hex[:6]
    boss = auth(organiser["token"])
    ann, bob, cyd = (_player(http, organiser, f"{n}-{tag}") for n in ("ann", "bob", "cyd"))
    spring, autumn = league(http, boss, f"Spring {tag}"), league(http, boss, f"Autumn {tag}")
    assert leagues_of(http, ann["player_id"]) == []
    for member in (ann, bob):
        joining = http.post(f"/leagues/{spring}/join", headers=auth(member["token"]))
        assert joining.status_code == 200, joining.text
    assert http.post(f"/leagues/{autumn}/join", headers=auth(ann["token"])).status_code == 200

    joined = leagues_of(http, ann["player_id"])
    assert [(m["league_id"], m["name"]) for m in joined] == [
        (autumn, f"Autumn {tag}"),
        (spring, f"Spring {tag}"),
    ], "by name"
    assert {m["next_game"] for m in joined} == {None}, "nothing scheduled yet"
    assert leagues_of(http, cyd["player_id"]) == []

    (fixture,) = http.post(f"/leagues/{spring}/rounds", headers=boss).json()
    by_name = {m["league_id"]: m for m in leagues_of(http, ann["name"])}
    assert by_name[spring]["next_game"] == fixture["game_id"]
    assert (by_name[spring]["ruleset"], by_name[spring]["season"]) == ("counting", 1)
    assert by_name[autumn]["next_game"] is None
    assert leagues_of(http, bob["player_id"])[0]["next_game"] == fixture["game_id"]

    # a decided fixture is no next game; a member who left lists the league no more
    void = {"game_id": fixture["game_id"], "reason": "rain"}
    assert http.post(f"/leagues/{spring}/abandonments", json=void, headers=boss).status_code == 201
    assert {m["next_game"] for m in leagues_of(http, ann["player_id"])} == {None}
    assert http.post(f"/leagues/{spring}/leave", headers=auth(bob["token"])).status_code == 200
    assert leagues_of(http, bob["player_id"]) == []


def test_an_unknown_player_has_no_leagues(http: httpx.Client) -> None:
    _problem(http.get(f"/players/{uuid.uuid4()}/leagues"), 404, "unknown_player")


def test_a_player_s_leagues_are_in_the_openapi_document(http: httpx.Client) -> None:
    paths = http.get("/schema/openapi.json").json()["paths"]
    answer = paths["/players/{player_id}/leagues"]["get"]["responses"]["200"]
    assert "MembershipBody" in str(answer["content"]["application/json"]["schema"])
