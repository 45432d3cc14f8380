"""Round deadlines and vacations over HTTP (issue #25): a league's deadline policy and
round duration, a round scheduled with a deadline (a time, a duration, or the league's
default), bad ones refused as problems, a deadline that passed shown in the fixtures once
swept, and a member's vacation pausing their clock."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import httpx
import pytest

from service.application import Application
from service.clock import ManualClock
from service.deadlines import DeadlineSweep
from service.leagues import league_service
from service.sweep import Sweeper
from tests.service.api.conftest import Server
from tests.service.api.test_leagues import _player, _problem, auth, organiser  # noqa: F401

pytestmark = pytest.mark.storage

BODY = {"ruleset": "counting", "seats": 2, "options": {"target": 5}}


def _league(http: httpx.Client, organiser: dict[str, Any], **settings: Any) -> str:  # noqa: F811
    tag = uuid.uuid4().hex[:6]
    boss = auth(organiser["token"])
    made = http.post("/leagues", json={**BODY, "name": f"Due {tag}", **settings}, headers=boss)
    assert made.status_code == 201, made.text
    lid: str = made.json()["league_id"]
    for name in ("ann", "bob"):
        player = _player(http, organiser, f"{name}-{tag}")
        joined = http.post(f"/leagues/{lid}/members", json={"player": player["name"]}, headers=boss)
        assert joined.status_code == 200, joined.text
    return lid


def test_deadline_settings_are_set_and_shown(
    http: httpx.Client,
    organiser: dict[str, Any],  # noqa: F811
) -> None:
    boss = auth(organiser["token"])
    for bad, status, code in (
        ({"deadline_policy": "coin"}, 400, "invalid_request"),
        ({"round_seconds": 10}, 400, "invalid_request"),
    ):
        body = {**BODY, "name": "Bad", **bad}
        _problem(http.post("/leagues", json=body, headers=boss), status, code)
    lid = _league(http, organiser, deadline_policy="adjudicate", round_seconds=86_400)
    shown = http.get(f"/leagues/{lid}").json()
    assert (shown["deadline_policy"], shown["round_seconds"]) == ("adjudicate", 86_400)
    plain = http.get(f"/leagues/{_league(http, organiser)}").json()
    assert (plain["deadline_policy"], plain["round_seconds"]) == ("forfeit", None)


def test_a_round_takes_the_league_duration_by_default(
    http: httpx.Client,
    organiser: dict[str, Any],  # noqa: F811
) -> None:
    lid = _league(http, organiser, round_seconds=7 * 86_400)
    (fixture,) = http.post(f"/leagues/{lid}/rounds", headers=auth(organiser["token"])).json()
    assert fixture["deadline"] is not None and fixture["deadline"].endswith("Z")


def test_a_round_is_scheduled_with_a_deadline(
    http: httpx.Client,
    organiser: dict[str, Any],  # noqa: F811
) -> None:
    boss = auth(organiser["token"])
    lid = _league(http, organiser)
    rounds = f"/leagues/{lid}/rounds"
    for bad in (
        {"deadline": "tomorrow"},
        {"deadline": "2099-01-01T12:00:00"},  # no zone
        {"deadline": "2000-01-01T12:00:00Z"},  # past
        {"deadline": "2099-01-01T12:00:00Z", "duration_seconds": 3600},
    ):
        _problem(http.post(rounds, params=bad, headers=boss), 422, "invalid_command")
    assert http.get(f"/leagues/{lid}/fixtures").json() == []  # nothing scheduled by a refusal
    (fixture,) = http.post(
        rounds, params={"deadline": "2027-01-01T12:00:00+01:00"}, headers=boss
    ).json()
    assert fixture["deadline"] == "2027-01-01T11:00:00Z"
    listed = http.get(f"/leagues/{lid}/fixtures").json()
    assert [f["deadline"] for f in listed] == ["2027-01-01T11:00:00Z"]


def test_a_passed_deadline_shows_in_the_fixtures_and_standings(
    http: httpx.Client,
    server: Server,
    organiser: dict[str, Any],  # noqa: F811
) -> None:
    lid = _league(http, organiser, deadline_policy="void")
    boss = auth(organiser["token"])
    made = http.post(f"/leagues/{lid}/rounds", params={"duration_seconds": 3600}, headers=boss)
    (fixture,) = made.json()
    # another process of the service, whose clock is past the deadline, sweeps
    later = ManualClock(server.cairn.clock.now_ms() + 3_600_000)
    other = league_service(Application(server.cairn.store, clock=later))
    Sweeper(server.cairn.store, [DeadlineSweep(other.leagues)], 60.0).sweep()
    (shown,) = http.get(f"/leagues/{lid}/fixtures").json()
    assert shown["status"] == "abandoned" and "deadline" in shown["reason"]
    assert server.cairn.store.game(UUID(fixture["game_id"])).is_finished


def test_a_member_takes_a_vacation_over_http(
    http: httpx.Client,
    server: Server,
    organiser: dict[str, Any],  # noqa: F811
) -> None:
    tag = uuid.uuid4().hex[:6]
    boss = auth(organiser["token"])
    options = {"target": 5, "time_control": "correspondence", "days_per_move": 3}
    body = {**BODY, "name": f"Post {tag}", "options": options, "vacation_days": 4}
    made = http.post("/leagues", json=body, headers=boss)
    assert made.status_code == 201 and made.json()["vacation_days"] == 4, made.text
    lid = made.json()["league_id"]
    ann, bob = _player(http, organiser, f"ann-{tag}"), _player(http, organiser, f"bob-{tag}")
    for p in (ann, bob):
        assert http.post(f"/leagues/{lid}/members", json={"player": p["name"]}, headers=boss)
    (fixture,) = http.post(f"/leagues/{lid}/rounds", headers=boss).json()
    url = f"/leagues/{lid}/vacations"
    _problem(http.post(url, json={"days": 1}), 401, "unauthorized")
    _problem(http.post(url, json={"days": 0}, headers=auth(ann["token"])), 400, "invalid_request")
    _problem(http.post(url, json={"days": 1}, headers=boss), 422, "not_member")
    _problem(http.post(url, json={"days": 5}, headers=auth(ann["token"])), 422, "vacation_used_up")
    taken = http.post(url, json={"days": 3}, headers=auth(ann["token"]))
    assert taken.status_code == 201, taken.text
    shown = taken.json()
    assert (shown["player_id"], shown["days"], shown["left"]) == (ann["player_id"], 3, 1)
    assert shown["until"] - shown["start"] == 3 * 86_400_000
    _problem(http.post(url, json={"days": 1}, headers=auth(ann["token"])), 422, "on_vacation")
    events = server.cairn.store.read(UUID(fixture["game_id"]))
    assert [e.type for e in events].count("live.clock_paused") == 1


def test_deadlines_and_vacations_are_in_the_openapi_document(http: httpx.Client) -> None:
    paths = http.get("/schema/openapi.json").json()["paths"]
    rounds = paths["/leagues/{league_id}/rounds"]["post"]
    assert {p["name"] for p in rounds["parameters"]} >= {"deadline", "duration_seconds"}
    assert "post" in paths["/leagues/{league_id}/vacations"]
