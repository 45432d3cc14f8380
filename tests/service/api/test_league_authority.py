"""Scoped authority over HTTP (issue #25): a league's own organisers act on it and its games,
the operator (the admin token) on anything, and a casual game is abandoned only by its
creator or the operator. Each refusal is a 403 and changes nothing."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from service.application.players import Accounts
from service.store.players import Players
from tests.service.api.conftest import ADMIN_TOKEN, Server

pytestmark = pytest.mark.storage

HOOK = {"url": "http://127.0.0.1:9/hook", "secret": "s" * 32}
REASON = {"reason": "the club closed for the night"}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _problem(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code


@pytest.fixture
def world(server: Server, http: httpx.Client) -> dict[str, Any]:
    """Two organisers (``owner`` made the league, ``rival`` did not), three players, two of
    them members, and one round scheduled."""
    tag = uuid.uuid4().hex[:6]
    accounts = Accounts(Players(server.cairn.store.pool))
    made = {n: accounts.create(f"{n}-{tag}", organiser=n in ("owner", "rival")) for n in
            ("owner", "rival", "ann", "bob", "cyd")}  # fmt: skip
    people = {n: {"id": str(p.player_id), "name": p.name, "token": t} for n, (p, t) in made.items()}
    body = {"name": f"Club {tag}", "ruleset": "counting", "seats": 2, "options": {"target": 20}}
    made_league = http.post("/leagues", json=body, headers=auth(people["owner"]["token"]))
    assert made_league.status_code == 201, made_league.text
    lid = made_league.json()["league_id"]
    for n in ("ann", "bob"):
        assert http.post(f"/leagues/{lid}/join", headers=auth(people[n]["token"])).is_success
    rounds = http.post(f"/leagues/{lid}/rounds", headers=auth(people["owner"]["token"]))
    assert rounds.status_code == 201, rounds.text
    return {"people": people, "league": lid, "game": rounds.json()[0]["game_id"]}


def _state(http: httpx.Client, lid: str) -> tuple[Any, ...]:
    league = http.get(f"/leagues/{lid}").json()
    return league["members"], league["organisers"], http.get(f"/leagues/{lid}/fixtures").json()


def test_another_organiser_can_do_nothing_to_a_league_it_does_not_organise(
    http: httpx.Client, world: dict[str, Any]
) -> None:
    lid, game, people = world["league"], world["game"], world["people"]
    rival = auth(people["rival"]["token"])
    before = _state(http, lid)
    _problem(
        http.post(f"/leagues/{lid}/members", json={"player": people["cyd"]["name"]}, headers=rival),
        403,
        "not_league_organiser",
    )
    _problem(http.post(f"/leagues/{lid}/webhooks", json=HOOK, headers=rival), 403,
             "not_league_organiser")  # fmt: skip
    _problem(http.get(f"/leagues/{lid}/webhooks", headers=rival), 403, "not_league_organiser")
    forfeit = {"game_id": game, "players": [people["ann"]["name"]], "reason": "no show"}
    _problem(http.post(f"/leagues/{lid}/forfeits", json=forfeit, headers=rival), 403,
             "not_league_organiser")  # fmt: skip
    _problem(http.post(f"/games/{game}/abandon", json=REASON, headers=rival), 403,
             "not_league_organiser")  # fmt: skip
    _problem(http.post(f"/leagues/{lid}/organisers", json={"player": people["rival"]["name"]},
                       headers=rival), 403, "not_league_organiser")  # fmt: skip
    assert _state(http, lid) == before
    assert http.get(f"/games/{game}").json()["result"] is None


def test_an_organiser_cannot_abandon_a_strangers_casual_game(
    http: httpx.Client, world: dict[str, Any]
) -> None:
    seats = [{"kind": "player", "player": n} for n in ("x", "y")]
    casual = http.post("/games", json={"ruleset": "counting", "seats": seats}).json()
    path = f"/games/{casual['game_id']}/abandon"
    for who in ("owner", "rival"):
        _problem(http.post(path, json=REASON, headers=auth(world["people"][who]["token"])), 403,
                 "not_league_organiser")  # fmt: skip
    _problem(http.post(path, json=REASON, headers=auth(world["people"]["ann"]["token"])), 403,
             "not_organiser")  # fmt: skip
    assert http.get(f"/games/{casual['game_id']}").json()["result"] is None
    done = http.post(path, json=REASON, headers=auth(casual["creator_token"]))
    assert done.status_code == 200 and done.json()["by"] == "creator"


def test_a_named_co_organiser_acts_and_loses_the_right_when_removed(
    http: httpx.Client, world: dict[str, Any]
) -> None:
    lid, game, people = world["league"], world["game"], world["people"]
    owner, rival = auth(people["owner"]["token"]), auth(people["rival"]["token"])
    named = http.post(f"/leagues/{lid}/organisers", json={"player": people["rival"]["name"]},
                      headers=owner)  # fmt: skip
    assert named.status_code == 200, named.text
    assert named.json()["organisers"] == [people["owner"]["id"], people["rival"]["id"]]
    _problem(http.post(f"/leagues/{lid}/organisers", json={"player": people["rival"]["name"]},
                       headers=owner), 422, "already_organiser")  # fmt: skip
    added = http.post(f"/leagues/{lid}/members", json={"player": people["cyd"]["name"]},
                      headers=rival)  # fmt: skip
    assert added.status_code == 200 and people["cyd"]["id"] in added.json()["members"]
    assert http.post(f"/leagues/{lid}/webhooks", json=HOOK, headers=rival).status_code == 201
    # a co-organiser may not remove the creator
    _problem(http.delete(f"/leagues/{lid}/organisers/{people['owner']['name']}", headers=rival),
             422, "invalid_command")  # fmt: skip
    gone = http.delete(f"/leagues/{lid}/organisers/{people['rival']['name']}", headers=owner)
    assert gone.status_code == 200 and gone.json()["organisers"] == [people["owner"]["id"]]
    _problem(http.post(f"/games/{game}/abandon", json=REASON, headers=rival), 403,
             "not_league_organiser")  # fmt: skip
    done = http.post(f"/games/{game}/abandon", json=REASON, headers=owner)
    assert done.status_code == 200 and done.json()["by"] == f"organiser {people['owner']['name']}"


def test_a_player_who_is_named_co_organiser_needs_no_organiser_role(
    http: httpx.Client, world: dict[str, Any]
) -> None:
    lid, game, people = world["league"], world["game"], world["people"]
    cyd = auth(people["cyd"]["token"])
    forfeit = {"game_id": game, "players": [people["ann"]["name"]], "reason": "no show"}
    _problem(http.post(f"/leagues/{lid}/forfeits", json=forfeit, headers=cyd), 403,
             "not_organiser")  # fmt: skip
    http.post(f"/leagues/{lid}/organisers", json={"player": people["cyd"]["name"]},
              headers=auth(people["owner"]["token"]))  # fmt: skip
    recorded = http.post(f"/leagues/{lid}/forfeits", json=forfeit, headers=cyd)
    assert recorded.status_code == 201, recorded.text
    fixture = recorded.json()
    assert fixture["status"] == "forfeited"
    # issue #25's small things: a forfeit's scores are 0, and fixtures name their players
    assert fixture["scores"] == [0, 0]
    by_id = {p["id"]: p["name"] for p in people.values()}
    assert fixture["names"] == [by_id[p] for p in fixture["players"]]
    assert http.get(f"/leagues/{lid}/fixtures").json() == [fixture]


def test_the_operator_acts_on_any_league_and_any_game(
    http: httpx.Client, world: dict[str, Any]
) -> None:
    lid, game, people = world["league"], world["game"], world["people"]
    admin = auth(ADMIN_TOKEN)
    added = http.post(f"/leagues/{lid}/members", json={"player": people["cyd"]["name"]},
                      headers=admin)  # fmt: skip
    assert added.status_code == 200, added.text
    named = http.post(f"/leagues/{lid}/organisers", json={"player": people["rival"]["name"]},
                      headers=admin)  # fmt: skip
    assert named.status_code == 200, named.text
    assert http.post(f"/leagues/{lid}/webhooks", json=HOOK, headers=admin).status_code == 201
    voided = http.post(f"/leagues/{lid}/abandonments", json={"game_id": game, **REASON},
                       headers=admin)  # fmt: skip
    assert voided.status_code == 201 and voided.json()["status"] == "abandoned"
    # the operator joins nothing: it is no player
    _problem(http.post(f"/leagues/{lid}/join", headers=admin), 401, "unauthorized")
