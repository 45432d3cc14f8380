"""Rulesets, creating and listing games, invites, views at an earlier event, and forks."""

from __future__ import annotations

import hashlib
from typing import Any

import httpx
import jsonschema_rs  # schemathesis's JSON Schema validator
import pytest
from psycopg.rows import tuple_row

from domain.core import registry
from domain.core.registry import wire_name
from tests.service.api.conftest import RULESETS, Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]


def test_rulesets_list_options_content_and_a_schema_per_command(http: httpx.Client) -> None:
    listed = {r["id"] for r in http.get("/rulesets").json()}
    assert listed == set(RULESETS)
    for ruleset in registry.all_rulesets():
        body = http.get(f"/rulesets/{ruleset.id}").json()
        assert [o["name"] for o in body["options"]] == [o.name for o in ruleset.options]
        assert [o["default"] for o in body["options"]] == [o.default for o in ruleset.options]
        assert body["content_packs"][0]["content_hash"] == ruleset.content_hash
        assert set(body["commands"]) == {wire_name(t) for t in ruleset.command_types}
    add = http.get("/rulesets/counting").json()["commands"]["add"]
    assert add["properties"]["amount"] == {"enum": [1, 2, 3]}
    assert add["required"] == ["type", "amount"] and add["additionalProperties"] is False


def test_every_legal_command_fits_its_published_schema(server: Server, http: httpx.Client) -> None:
    for ruleset in registry.all_rulesets():
        schemas = http.get(f"/rulesets/{ruleset.id}").json()["commands"]
        count = min(max(ruleset.min_seats, 2), ruleset.max_seats)
        seats = [{"kind": "player", "player": f"p{i}"} for i in range(count)]
        table = Table.create(server, http, ruleset.id, seats)
        for seat in table.view()["to_act"]:
            for command in table.legal(seat):
                validator = jsonschema_rs.validator_for(schemas[command["type"]])
                assert validator.is_valid(command), command
                assert not validator.is_valid({**command, "unexpected": 1})
                assert not validator.is_valid({**command, "type": "other"})


def test_an_open_seat_is_joined_with_its_invite_code(server: Server, http: httpx.Client) -> None:
    created = http.post(
        "/games",
        json={"ruleset": "counting", "seats": [PLAYERS[0], {"kind": "open"}]},
    ).json()
    invite = created["seats"][1]["invite"]
    assert "token" not in created["seats"][1]
    game = created["game_id"]
    bad = http.post(f"/games/{game}/join", json={"invite": "wrong", "player": "cid"})
    assert bad.status_code == 401
    joined = http.post(f"/games/{game}/join", json={"invite": invite, "player": "cid"})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1
    token = joined.json()["token"]
    again = http.post(f"/games/{game}/join", json={"invite": invite, "player": "dan"})
    assert again.status_code == 401, "an invite is used once"
    view = http.get(f"/games/{game}", headers={"Authorization": f"Bearer {token}"}).json()
    assert view["seat"] == 1 and view["seats"][1] == {"kind": "player", "player": "cid"}
    mine = http.get("/games", params={"player": "cid"}).json()["games"]
    assert [g["game_id"] for g in mine] == [game]


def test_games_are_listed_with_filters_and_pages(server: Server, http: httpx.Client) -> None:
    name = "lister"
    made = [
        http.post(
            "/games",
            json={
                "ruleset": "counting",
                "seats": [{"kind": "player", "player": name}, {"kind": "open"}],
            },
        ).json()["game_id"]
        for _ in range(3)
    ]
    first = http.get("/games", params={"player": name, "limit": 2}).json()
    assert len(first["games"]) == 2 and first["next_offset"] == 2
    rest = http.get("/games", params={"player": name, "limit": 2, "offset": 2}).json()
    assert rest["next_offset"] is None
    assert {g["game_id"] for g in first["games"] + rest["games"]} == set(made)
    assert all(g["status"] == "active" for g in first["games"])
    none = http.get("/games", params={"player": name, "status": "finished"}).json()
    assert none["games"] == []
    assert http.get("/games", params={"limit": 0}).status_code == 400


def test_a_view_at_an_earlier_event_is_that_position(server: Server, http: httpx.Client) -> None:
    table = Table.create(server, http, "counting", PLAYERS)
    start = table.view(0)
    for _ in range(3):
        table.step()
    assert table.view(0, at=start["version"])["view"] == start["view"]
    assert table.view(0, at=1)["version"] == start["version"], "a decision is shown whole"
    table.play_out()
    spectator = table.view(None, at=start["version"])
    assert spectator["seat"] is None and spectator["view"]["hand"] is None


def fork(http: httpx.Client, table: Table, seat: int | None, **body: Any) -> httpx.Response:
    return http.post(f"/games/{table.game_id}/forks", json=body, headers=table.auth(seat))


def test_forking_a_live_game_needs_a_seat_and_fresh_luck(
    server: Server, http: httpx.Client
) -> None:
    table = Table.create(server, http, "counting", PLAYERS)
    for _ in range(2):
        table.step()
    at = table.version()
    assert fork(http, table, None, at=at).status_code == 401
    same = fork(http, table, 0, at=at, luck="same")
    assert same.status_code == 409 and same.json()["code"] == "fork_refused"
    humans = fork(http, table, 0, at=at, seats=PLAYERS)
    assert humans.status_code == 403, "another human seat would see seat 1's hand"
    made = fork(http, table, 0, at=at)
    assert made.status_code == 201, made.text
    child = made.json()
    assert child["parent_id"] == table.game_id and child["fork_at"] == at
    assert child["seats"][1] == {"seat": 1, "kind": "bot", "bot": "random"}
    token = child["seats"][0]["token"]
    assert token != table.tokens[0]
    view = http.get(f"/games/{child['game_id']}", headers={"Authorization": f"Bearer {token}"})
    assert view.status_code == 200 and view.json()["parent_id"] == table.game_id
    old = http.get(f"/games/{child['game_id']}", headers=table.auth(0))
    assert old.status_code == 401, "the parent's token does not open the fork"
    assert table.version() == at, "the parent is untouched"


def test_a_finished_game_forks_freely_with_the_same_luck(
    server: Server, http: httpx.Client
) -> None:
    table = Table.create(server, http, "counting", PLAYERS)
    start = table.version()
    table.play_out()
    made = fork(http, table, None, at=start, luck="same", seats=PLAYERS)
    assert made.status_code == 201, made.text
    child = made.json()
    tokens = {s["seat"]: s["token"] for s in child["seats"]}
    child_table = Table(server, http, child["game_id"], tokens)
    assert child_table.view(0)["view"] == table.view(0, at=start)["view"]
    assert child_table.play_out()["is_terminal"]
    inside = fork(http, table, None, at=start - 1)
    assert inside.status_code == 409, "a fork starts between two decisions"


def test_tokens_and_invites_are_stored_only_as_hashes(server: Server, http: httpx.Client) -> None:
    created = http.post(
        "/games", json={"ruleset": "counting", "seats": [PLAYERS[0], {"kind": "open"}]}
    ).json()
    secrets = [created["seats"][0]["token"], created["seats"][1]["invite"]]
    with server.cairn.store.pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
        rows = cur.execute(
            "SELECT token_hash, seat, purpose FROM seat_tokens WHERE game_id = %s",
            (created["game_id"],),
        ).fetchall()
    stored = " ".join(str(row) for row in rows)
    assert all(secret not in stored for secret in secrets)
    assert {tuple(row) for row in rows} == {
        (hashlib.sha256(secrets[0].encode()).hexdigest(), 0, "seat"),
        (hashlib.sha256(secrets[1].encode()).hexdigest(), 1, "invite"),
    }
