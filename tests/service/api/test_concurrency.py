"""Simultaneous phases: eight seats acting at once lose nothing and duplicate nothing."""

from __future__ import annotations

import threading
from collections import Counter
from uuid import UUID

import httpx
import pytest

from domain.core import registry
from service.store.locks import try_game_lock
from tests.service.api.conftest import Server
from tests.service.api.playing import Table

pytestmark = pytest.mark.storage

SEATS = 8


def test_eight_clients_sealing_at_once_lose_and_duplicate_nothing(
    server: Server, http: httpx.Client
) -> None:
    assert registry.get("sealed").max_seats >= SEATS
    seats = [{"kind": "player", "player": f"p{i}"} for i in range(SEATS)]
    table = Table.create(server, http, "sealed", seats)
    for round_ in range(2):
        assert table.view()["to_act"] == list(range(SEATS)), "every seat acts at once"
        barrier = threading.Barrier(SEATS)
        statuses: dict[int, int] = {}

        def seal(
            seat: int,
            round_: int = round_,
            barrier: threading.Barrier = barrier,
            statuses: dict[int, int] = statuses,
        ) -> None:
            with httpx.Client(base_url=server.url, timeout=30) as client:
                command = {"type": "seal", "word": f"s{seat}r{round_}w1"}
                headers = {**table.auth(seat), "Idempotency-Key": f"{seat}-{round_}"}
                barrier.wait()
                body = {"command": command}
                url = f"/games/{table.game_id}/commands"
                response = client.post(url, json=body, headers=headers)
                # A client that lost its answer retries with the same key: still once.
                retry = client.post(url, json=body, headers=headers)
                assert retry.json()["version"] == response.json()["version"]
                statuses[seat] = response.status_code

        threads = [threading.Thread(target=seal, args=(s,)) for s in range(SEATS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert statuses == {s: 200 for s in range(SEATS)}
    final = table.view()
    assert final["is_terminal"]
    history = final["view"]["history"]
    assert history == [[f"s{s}r{r}w1" for s in range(SEATS)] for r in range(2)]
    events = table.events()["events"]
    sealed = Counter(e["payload"]["seat"] for e in events if e["type"] == "sealed.word_sealed")
    assert sealed == {s: 2 for s in range(SEATS)}, "each seat sealed once per round"
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))


def test_only_one_holder_of_a_game_lock_at_a_time(server: Server) -> None:
    pool = server.cairn.store.pool
    game = UUID(int=12345)
    with try_game_lock(pool, game) as first:
        assert first
        with try_game_lock(pool, game) as second:
            assert not second
        with try_game_lock(pool, UUID(int=54321)) as other_game:
            assert other_game
    with try_game_lock(pool, game) as again:
        assert again


def test_two_drivers_on_one_all_bot_game_play_it_once(server: Server, http: httpx.Client) -> None:
    from service.application import Application
    from service.bots import BotDriver

    # A second "process": its own application and driver over the same database.
    other = BotDriver(Application(server.cairn.store))
    try:
        bots = [{"kind": "bot", "bot": "random"}] * SEATS
        table = Table.create(server, http, "sealed", bots)
        game = UUID(table.game_id)
        for _ in range(5):
            other.kick(game)
            assert server.host.bots is not None
            server.host.bots.kick(game)
        server.quiet(60)
        assert other.wait_idle(60)
    finally:
        other.close()
    final = table.view()
    assert final["is_terminal"]
    events = table.events()["events"]
    sealed = Counter(e["payload"]["seat"] for e in events if e["type"] == "sealed.word_sealed")
    assert sealed == {s: 2 for s in range(SEATS)}
