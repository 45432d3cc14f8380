"""Live play over HTTP: resign, takebacks, abandon (who may), and clocks in the view."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from service.audit import audit_game
from tests.service.api.conftest import ADMIN_TOKEN, RULESETS, Server

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob", "cy", "di")]
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}


def _create(http: httpx.Client, seats: int = 2, **options: Any) -> dict[str, Any]:
    response = http.post(
        "/games",
        json={
            "ruleset": "counting",
            "seats": PLAYERS[:seats],
            "options": {"target": 20, **options},
            "setup": DECK,
        },
    )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    body["tokens"] = {s["seat"]: s["token"] for s in body["seats"]}
    return body


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _post(http: httpx.Client, game: dict[str, Any], path: str, token: str | None, **body: Any):  # type: ignore[no-untyped-def]
    headers = _bearer(token) if token else {}
    return http.post(f"/games/{game['game_id']}/{path}", json=body or None, headers=headers)


def test_resigning_at_two_seats_ends_the_game_for_the_other_seat(
    server: Server, http: httpx.Client
) -> None:
    game = _create(http)
    response = _post(http, game, "resign", game["tokens"][1])
    assert response.status_code == 200, response.text
    assert response.json()["is_terminal"] is True
    view = http.get(f"/games/{game['game_id']}").json()
    assert view["result"]["ranks"] == [1, 2]
    assert view["live"]["ending"] == "resigned"
    assert audit_game(server.cairn.store, game["game_id"]).is_clean
    again = _post(http, game, "resign", game["tokens"][0])
    assert again.status_code == 422 and again.json()["code"] == "game_over"


def test_a_takeback_over_http_and_its_refusal(server: Server, http: httpx.Client) -> None:
    game = _create(http, takebacks="free")
    token = game["tokens"][0]
    sent = http.post(
        f"/games/{game['game_id']}/commands",
        json={"command": {"type": "add", "amount": 2}},
        headers=_bearer(token),
    )
    assert sent.status_code == 200, sent.text
    taken = _post(http, game, "takebacks", token, decisions=1)
    assert taken.status_code == 200, taken.text
    assert [e["type"] for e in taken.json()["events"]] == ["live.stamped", "live.taken_back"]
    view = http.get(f"/games/{game['game_id']}", headers=_bearer(token)).json()
    assert view["view"]["count"] == 0 and view["to_act"] == [0]
    refused = _post(http, game, "takebacks", token, decisions=1)
    assert refused.status_code == 422
    assert refused.json()["code"] == "nothing_to_take_back"
    bad = _post(http, game, "takebacks", token, decisions=0)
    assert bad.status_code == 400


def test_a_casual_game_is_abandoned_only_by_its_creator_or_the_admin(
    server: Server, http: httpx.Client
) -> None:
    game = _create(http, seats=4)
    reason = {"reason": "the season was cancelled"}
    path = f"/games/{game['game_id']}/abandon"
    assert http.post(path, json=reason).status_code == 401
    seat = http.post(path, json=reason, headers=_bearer(game["tokens"][0]))
    assert seat.status_code == 403 and seat.json()["code"] == "not_organiser"
    empty = http.post(path, json={"reason": " "}, headers=_bearer(game["creator_token"]))
    assert empty.status_code == 400
    done = http.post(path, json=reason, headers=_bearer(game["creator_token"]))
    assert done.status_code == 200, done.text
    assert done.json()["by"] == "creator"
    view = http.get(f"/games/{game['game_id']}").json()
    assert view["result"]["ranks"] == [0, 0, 0, 0]
    assert view["result"]["verdict"]["reason"] == "the season was cancelled"
    other = _create(http)
    by_admin = http.post(
        f"/games/{other['game_id']}/abandon", json=reason, headers=_bearer(ADMIN_TOKEN)
    )
    assert by_admin.status_code == 200 and by_admin.json()["by"] == "admin"


def test_the_view_shows_the_clocks(http: httpx.Client) -> None:
    game = _create(http, time_control="fischer", bank_seconds=300, increment_seconds=3)
    shown = http.get(f"/games/{game['game_id']}").json()["live"]
    assert shown["time_control"] == "fischer"
    assert shown["running"] == [0]
    assert 290_000 < shown["clocks"][0] <= 300_000 and shown["clocks"][1] == 300_000
    assert shown["deadline"] is not None


def test_the_live_endpoints_are_in_the_document(http: httpx.Client) -> None:
    paths = http.get("/schema/openapi.json").json()["paths"]
    for path in ("resign", "takebacks", "takebacks/answer", "return", "abandon"):
        assert f"/games/{{game_id}}/{path}" in paths


def test_a_seat_or_the_creator_registers_a_webhook(http: httpx.Client) -> None:
    game = _create(http)
    path = f"/games/{game['game_id']}/webhooks"
    hook = {"url": "http://127.0.0.1:9/hook", "secret": "s" * 32}
    assert http.post(path, json=hook).status_code == 401
    by_seat = http.post(path, json=hook, headers=_bearer(game["tokens"][1]))
    assert by_seat.status_code == 201, by_seat.text
    assert by_seat.json()["owner"] == "seat" and by_seat.json()["seat"] == 1
    assert by_seat.headers["Location"].endswith(by_seat.json()["hook_id"])
    by_creator = http.post(path, json=hook, headers=_bearer(game["creator_token"]))
    assert by_creator.json()["owner"] == "creator" and by_creator.json()["seat"] is None
    short = http.post(path, json={**hook, "secret": "short"}, headers=_bearer(game["tokens"][0]))
    assert short.status_code == 400


def _accepts(http: httpx.Client, name: str, value: Any) -> httpx.Response:
    return http.post(
        "/games",
        json={"ruleset": "counting", "seats": PLAYERS[:2], "options": {name: value}},
    )


def test_every_ruleset_lists_the_live_options_post_games_accepts(http: httpx.Client) -> None:
    listings = {r: http.get(f"/rulesets/{r}").json()["live_options"] for r in RULESETS}
    first = listings[RULESETS[0]]
    assert all(listed == first for listed in listings.values()), "the same for every ruleset"
    names = [o["name"] for o in first]
    assert names == [
        "time_control",
        "bank_seconds",
        "increment_seconds",
        "allowance_seconds",
        "days_per_move",
        "on_timeout",
        "on_resign",
        "takebacks",
    ]
    for option in first:
        name = option["name"]
        assert option["description"], name
        if option["type"] == "string":
            assert option["default"] in option["choices"]
            for value in option["choices"]:
                answer = _accepts(http, name, value)
                assert answer.status_code == 201, (name, value, answer.text)
            refused = _accepts(http, name, "not-" + option["choices"][0])
        else:
            low, high = option["minimum"], option["maximum"]
            assert low <= option["default"] <= high and option["choices"] is None
            for value in (low, high):
                answer = _accepts(http, name, value)
                assert answer.status_code == 201, (name, value, answer.text)
            for value in (low - 1, high + 1, str(low)):
                refused = _accepts(http, name, value)
                assert refused.status_code == 422, (name, value, refused.text)
        # 422 invalid_option, as for a ruleset's own options (the one problem mapper)
        assert refused.status_code == 422, (name, refused.text)
        assert refused.json()["code"] == "invalid_option"


def test_a_finished_games_view_offers_no_takeback(http: httpx.Client) -> None:
    # issue #25: the view offered a takeback the decider then refused with game_over
    game = _create(http, takebacks="free")
    token = game["tokens"][0]
    sent = http.post(
        f"/games/{game['game_id']}/commands",
        json={"command": {"type": "add", "amount": 2}},
        headers=_bearer(token),
    )
    assert sent.status_code == 200, sent.text
    playing = http.get(f"/games/{game['game_id']}", headers=_bearer(token)).json()["live"]
    assert (playing["takeback_seat"], playing["takeback_decisions"]) == (0, 1)
    assert _post(http, game, "resign", game["tokens"][1]).json()["is_terminal"] is True
    shown = http.get(f"/games/{game['game_id']}", headers=_bearer(token)).json()["live"]
    assert (shown["takeback_seat"], shown["takeback_decisions"]) == (None, 0)
    refused = _post(http, game, "takebacks", token, decisions=1)
    assert refused.status_code == 422 and refused.json()["code"] == "game_over"
