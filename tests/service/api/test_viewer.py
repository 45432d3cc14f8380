"""The viewer's routes over HTTP: the board is drawn from the very view the API serves, a
seat's board needs that seat's token until the game's log is public, steps and choices are
told in words, and the pages are served."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import httpx
import pytest

from domain.core.drawing.board import Board
from service.api.rulesets import served_content
from service.viewer.drawings import draw
from tests.service.api.conftest import ADMIN_TOKEN, RULESETS, Server
from tests.service.api.playing import Table, seats_for
from tests.support.recordings import golden_replays
from tests.support.shipped import shipped_rulesets

pytestmark = pytest.mark.storage

NDJSON = {"Content-Type": "application/x-ndjson"}


def drawn_from_api(http: httpx.Client, table: Table, seat: int | None, at: int) -> str:
    """The drawing of what ``GET /games/{id}?at=N`` shows this caller."""
    seen = table.view(seat, at=at)
    content = served_content(seen["ruleset"], seen["content_hash"])
    board = Board(seen["ruleset"], seen["view"], content, len(seen["seats"]), seat, seen["version"])
    return draw(board)


def imported(http: httpx.Client, path: Path) -> str:
    answer = http.post(
        "/replays",
        content=path.read_text(),
        headers={**NDJSON, "Authorization": f"Bearer {ADMIN_TOKEN}"},
    )
    assert answer.status_code in (200, 201), answer.text
    game_id: str = answer.json()["game_id"]
    return game_id


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_board_is_drawn_from_the_view_the_api_serves(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=1))
    server.quiet()
    at = table.view()["version"]
    for seat in (None, 0):
        answer = http.get(
            f"/games/{table.game_id}/board.svg", params={"at": at}, headers=table.auth(seat)
        )
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"].startswith("image/svg+xml")
        assert answer.text == drawn_from_api(http, table, seat, at)
        ElementTree.fromstring(answer.text)
    assert (
        http.get(f"/games/{table.game_id}/board.svg", headers=table.auth(0)).headers[
            "cache-control"
        ]
        == "private, no-store"
    ), "a seat's board is kept by no shared cache"


def test_a_live_game_s_seat_board_needs_that_seat_s_token(
    server: Server, http: httpx.Client
) -> None:
    table = Table.create(server, http, "peninsula", seats_for("peninsula", bots=0))
    url = f"/games/{table.game_id}/board.svg"
    refused = http.get(url, params={"seat": 1})
    assert refused.status_code == 401, refused.text
    assert refused.headers["content-type"].startswith("application/problem+json")
    other = http.get(url, params={"seat": 1}, headers=table.auth(0))
    assert other.status_code == 403 and other.json()["code"] == "not_a_seat"
    assert http.get(url, params={"seat": 1}, headers=table.auth(1)).status_code == 200
    assert http.get(url, params={"seat": 7}).json()["code"] == "no_such_seat"
    past = http.get(url, params={"at": table.view()["version"] + 5})
    assert past.status_code == 404 and past.json()["code"] == "no_such_event"
    assert http.get(f"/games/{table.game_id}/steps", params={"seat": 1}).status_code == 401


@pytest.mark.parametrize("ruleset", shipped_rulesets())
def test_a_finished_game_shows_any_seat_s_board_to_anyone(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    path = golden_replays(ruleset)[0]
    game_id = imported(http, path)
    steps = http.get(f"/games/{game_id}/steps").json()
    assert steps["log_is_public"] and steps["status"] == "finished"
    middle = steps["steps"][len(steps["steps"]) // 2]
    url = f"/games/{game_id}/board.svg"
    boards = {
        seat: http.get(
            url, params={"at": middle["at"], **({} if seat is None else {"seat": seat})}
        ).text
        for seat in (None, 0, 1)
    }
    assert all(b.startswith("<svg") for b in boards.values())
    assert "(you)" in boards[0] and "(you)" not in boards[None]
    assert boards[0] != http.get(url, params={"at": steps["steps"][-1]["at"]}).text


@pytest.mark.parametrize("ruleset", RULESETS)
def test_steps_tell_only_the_events_the_caller_may_see(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=1))
    server.quiet()
    for seat in (None, 0):
        told = http.get(f"/games/{table.game_id}/steps", headers=table.auth(seat)).json()
        feed = table.events(seat)["events"]
        assert [s["seq"] for s in told["steps"]] == [e["seq"] for e in feed]
        assert all(s["at"] >= s["seq"] and s["text"] for s in told["steps"])
        assert told["viewer"] == seat and not told["log_is_public"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_steps_after_an_event_are_the_tail_of_the_whole_steps(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    """What a live page asks for on every move: ``after=N`` answers exactly the steps with
    seq above N, each with the words and scores the whole answer gives it."""
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=1))
    for _ in range(3):
        if not table.step():
            break  # the sealed test ruleset ends in fewer moves
    server.quiet()
    url = f"/games/{table.game_id}/steps"
    for seat in (None, 0):
        whole = http.get(url, headers=table.auth(seat)).json()
        seqs = [s["seq"] for s in whole["steps"]]
        assert len(seqs) >= 3
        for after in sorted({0, 1, seqs[len(seqs) // 2], seqs[-2], seqs[-1]}):
            tail = http.get(url, headers=table.auth(seat), params={"after": after}).json()
            assert tail["steps"] == [s for s in whole["steps"] if s["seq"] > after], after
            assert tail["version"] == whole["version"]
    assert http.get(url, params={"after": -1}).status_code == 400


@pytest.mark.parametrize("ruleset", RULESETS)
def test_choices_are_the_legal_commands_in_words(
    server: Server, http: httpx.Client, ruleset: str
) -> None:
    table = Table.create(server, http, ruleset, seats_for(ruleset, bots=1))
    server.quiet()
    legal = http.get(f"/games/{table.game_id}/legal-commands", headers=table.auth(0)).json()
    offered = http.get(f"/games/{table.game_id}/choices", headers=table.auth(0)).json()
    assert offered["seat"] == 0 and offered["version"] == legal["version"]
    assert [c["command"] for c in offered["choices"]] == legal["commands"]
    assert all(c["text"] and "{" not in c["text"] for c in offered["choices"])
    assert http.get(f"/games/{table.game_id}/choices").status_code == 401


def test_the_pages_and_their_files_are_served(server: Server, http: httpx.Client) -> None:
    home = http.get("/viewer")
    assert home.status_code == 200 and "text/html" in home.headers["content-type"]
    page = http.get("/games/any/viewer")
    assert page.status_code == 200 and 'id="board"' in page.text and 'id="analysis"' in page.text
    league = http.get("/leagues/any/viewer")
    assert league.status_code == 200 and 'id="standings"' in league.text
    for name in ("viewer.js", "home.js", "viewer.css", "hints.js", "league.js", "league.css"):
        assert http.get(f"/viewer/static/{name}").status_code == 200, name


def test_the_viewer_s_json_routes_are_in_the_openapi_document(http: httpx.Client) -> None:
    paths: dict[str, Any] = http.get("/schema/openapi.json").json()["paths"]
    assert {
        "/games/{game_id}/board.svg",
        "/games/{game_id}/steps",
        "/games/{game_id}/choices",
    } <= set(paths)
    assert "/games/{game_id}/viewer" not in paths


def test_once_the_log_is_public_a_seat_may_look_as_another(
    server: Server, http: httpx.Client
) -> None:
    table = Table.create(server, http, "counting", seats_for("counting", bots=0))
    url = f"/games/{table.game_id}/board.svg"
    assert http.get(url, params={"seat": 1}, headers=table.auth(0)).status_code == 403
    table.play_out()
    assert http.get(url, params={"seat": 1}, headers=table.auth(0)).status_code == 200
    as_one = http.get(url, params={"seat": 1}).text
    assert (
        "seat 1" in as_one
        and as_one == http.get(url, params={"seat": 1}, headers=table.auth(1)).text
    )
