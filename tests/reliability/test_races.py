"""Race and retry against a real ``cairn serve``: 32 clients on one game lose and duplicate
nothing, and a command sent three times with one Idempotency-Key is applied once."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.reliability.conftest import Served
from tests.reliability.log import (
    assert_gapless_and_whole,
    decision_ends,
    decisions,
    stored_events,
)
from tests.reliability.tables import Game, is_problem

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

CLIENTS = 32
TARGET = 20  # counting ends when the count reaches it: 20 "add 1" decisions
# docs/api.md: not-your-turn and acting for another seat are 403s; a stale version is 409.
REFUSALS = {403, 409, 422}


@pytest.fixture(scope="module")
def served(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    log = Path(tmp_path_factory.mktemp("races")) / "serve.log"
    server = Served(database_url, log).start()
    try:
        yield server
    finally:
        server.stop()


def test_32_clients_on_one_game_lose_and_duplicate_nothing(
    served: Served, database_url: str
) -> None:
    with httpx.Client(timeout=30) as client:
        game = Game.create(client, served.url, TARGET)
    statuses: list[int] = []
    accepted: list[int] = []
    unproblematic: list[str] = []
    barrier = threading.Barrier(CLIENTS)
    deadline = time.monotonic() + 90

    def hammer(client_no: int) -> None:
        seat = client_no % 2
        versioned = client_no % 4 >= 2  # half send expected_version: stale ones get a 409
        with httpx.Client(timeout=30) as client:
            barrier.wait()
            known = 0
            while time.monotonic() < deadline:
                expected = known if versioned else None
                response = game.send(client, seat, expected_version=expected)
                statuses.append(response.status_code)
                if response.status_code == 200:
                    accepted.append(response.json()["version"])
                    known = response.json()["version"]
                    continue
                if not is_problem(response):
                    unproblematic.append(response.text)
                body = response.json()
                if body.get("code") == "game_over":
                    return
                if response.status_code == 409:
                    known = body["current_version"]  # docs/api.md: a 409 names the head

    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(hammer, range(CLIENTS)))

    assert set(statuses) <= {200, *REFUSALS}, f"unexpected statuses {set(statuses)}"
    assert {403, 409} <= set(statuses), "the clients did not actually race"
    assert unproblematic == []
    events = stored_events(database_url, game.game_id)
    assert_gapless_and_whole(events)
    assert decisions(events)["add"] == TARGET == len(accepted)
    assert len(set(accepted)) == len(accepted), "two acknowledgements of one version"
    assert sorted(accepted) == decision_ends(events, "add")


def test_a_command_sent_three_times_with_one_key_is_applied_once(
    served: Served, database_url: str
) -> None:
    with httpx.Client(timeout=30) as client:
        game = Game.create(client, served.url, TARGET)
    clients = [httpx.Client(timeout=30) for _ in range(3)]
    try:
        for move in range(TARGET):
            seat = move % 2
            key = f"move-{move}"
            barrier = threading.Barrier(3)

            def send(
                client: httpx.Client,
                seat: int = seat,
                key: str = key,
                barrier: threading.Barrier = barrier,
            ) -> httpx.Response:
                barrier.wait()
                return game.send(client, seat, key=key)

            with ThreadPoolExecutor(3) as pool:
                responses = list(pool.map(send, clients))
            assert [r.status_code for r in responses] == [200] * 3, [r.text for r in responses]
            versions = {r.json()["version"] for r in responses}
            assert len(versions) == 1, "three answers to one key"
            # And a late retry, after everything settled, still answers the same.
            late = game.send(clients[0], seat, key=key)
            assert late.status_code == 200 and late.json()["version"] in versions
    finally:
        for client in clients:
            client.close()
    events = stored_events(database_url, game.game_id)
    assert_gapless_and_whole(events)
    assert decisions(events)["add"] == TARGET


def _answer(response: httpx.Response) -> tuple[Any, ...]:
    """What a client learns from one answer: the status, and the version or the problem."""
    body = response.json()
    if response.status_code == 200:
        return 200, body["version"], tuple(e["seq"] for e in body["events"])
    return response.status_code, body.get("code"), body.get("detail"), body.get("current_version")


def test_32_clients_sending_every_command_three_times_with_one_key_get_one_answer_each(
    served: Served, database_url: str
) -> None:
    """Copies of one keyed command race other clients' commands, which move the turn on
    between copies: a refused copy must stay refused, an applied one stay applied."""
    with httpx.Client(timeout=30) as client:
        game = Game.create(client, served.url, TARGET)
    answers: dict[str, list[tuple[Any, ...]]] = {}
    barrier = threading.Barrier(CLIENTS)
    deadline = time.monotonic() + 90

    def hammer(client_no: int) -> None:
        seat = client_no % 2
        versioned = client_no % 4 >= 2
        known = 0
        with httpx.Client(timeout=30) as client:
            barrier.wait()
            for move in itertools.count():
                if time.monotonic() > deadline:
                    return
                key = f"c{client_no}-m{move}"
                expected = known if versioned else None
                copies = [
                    game.send(client, seat, key=key, expected_version=expected) for _ in range(3)
                ]
                answers[key] = [_answer(r) for r in copies]
                first = copies[0].json()
                if copies[0].status_code == 200:
                    known = first["version"]
                elif copies[0].status_code == 409:
                    known = first["current_version"]
                elif first.get("code") == "game_over":
                    return

    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(hammer, range(CLIENTS)))

    differing = {k: a for k, a in answers.items() if len(set(a)) != 1}
    assert differing == {}, f"{len(differing)} of {len(answers)} keys got different answers"
    statuses = {a[0][0] for a in answers.values()}
    assert {200, 403, 409} <= statuses, f"the clients did not actually race: {statuses}"
    events = stored_events(database_url, game.game_id)
    assert_gapless_and_whole(events)
    applied = [k for k, a in answers.items() if a[0][0] == 200]
    assert decisions(events)["add"] == TARGET == len(applied), "each applied once"
