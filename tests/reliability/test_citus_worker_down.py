"""On Citus, a worker that cannot be reached stalls only the games on it: the games on the
other workers are loaded and played, the lost worker's games answer "database unavailable"
(a 503), /health says "degraded" and names the worker, the global feed holds (returns
nothing new: it reads every shard), and once the worker is back its games go on and the
feed hands on everything played meanwhile. The worker is made unreachable for one scratch
database only, by pointing its node at a port where nothing listens (``citus_update_node``).
Skipped without ``CAIRN_CITUS_URL``."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

import psycopg
import pytest
from litestar.testing import TestClient
from psycopg_pool import ConnectionPool

from service import bots
from service.api.app import create_app
from service.application import Application
from service.composition import assemble
from service.store import DatabaseUnavailable, EventStore
from tests.support.citus import citus_scratch, citus_url

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port  # closed again: connections to it are refused


@contextmanager
def _unreachable(url: str, port: int) -> Iterator[str]:
    """The worker at ``port`` moved, for this database's coordinator, to a dead port."""
    dead = _closed_port()
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT nodeid FROM pg_dist_node WHERE nodeport = %s", (port,))
        found = row.fetchone()
        assert found is not None
        conn.execute(
            "SELECT citus_update_node(%s, '127.0.0.1', %s, force => true)", (found[0], dead)
        )
    try:
        yield f"127.0.0.1:{dead}"
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "SELECT citus_update_node(%s, '127.0.0.1', %s, force => true)", (found[0], port)
            )


def _game_on_each_worker(url: str, create: Any) -> dict[int, UUID]:
    games: dict[int, UUID] = {}
    with psycopg.connect(url) as conn:
        while len(games) < 2:
            game = create()
            row: Any = conn.execute(
                "SELECT nodeport FROM pg_dist_shard_placement"
                " WHERE shardid = get_shard_id_for_distribution_column('games', %s)",
                (game,),
            ).fetchone()
            games.setdefault(int(row[0]), game)
    return games


def _feed_end(store: EventStore) -> str | None:
    cursor = None
    while page := store.read_all(cursor):
        cursor = page[-1].cursor
    return cursor


def _move(app: Application, game: UUID) -> int:
    seat, command = next((s, c[0]) for s in (0, 1) if (c := app.legal_commands(game, s)))
    return app.act(game, seat, command).version


def test_a_worker_down_stalls_only_its_games_and_health_names_it() -> None:
    with (
        citus_scratch(citus_url()) as url,
        ConnectionPool(url, min_size=1, max_size=4, open=True) as pool,
    ):
        store = EventStore(pool)
        service = assemble(store, bots=False, sweep_every=None)
        app = service.cairn
        games = _game_on_each_worker(
            url, lambda: app.create_game("counting", 2, {"target": 20}, setup=DECK).game_id
        )
        (up, healthy), (down, lost) = sorted(games.items())
        cursor = _feed_end(store)
        with TestClient(create_app(service)) as client:
            assert client.get("/health").json()["status"] == "ok"
            with _unreachable(url, down) as dead:
                before = store.version(healthy)
                assert _move(app, healthy) == before + 1
                assert app.load(healthy).version == before + 1
                # the feed holds while a worker does not answer (it reads every shard, and a
                # prepared transaction there could still commit below the horizon): nothing
                # new, rather than the rows' query failing on that worker (horizon.py)
                assert store.read_all(cursor) == []
                with pytest.raises(DatabaseUnavailable):
                    _move(app, lost)
                answer = client.get(f"/games/{lost}")
                assert answer.status_code == 503
                health = client.get("/health")
                assert health.status_code == 200
                assert health.json() == {
                    "status": "degraded",
                    "database": "ok",
                    "workers": {f"127.0.0.1:{up}": "ok", dead: "down"},
                }
            assert _move(app, lost) == store.version(lost)
            assert client.get("/health").json()["status"] == "ok"
            # back: the feed hands on what was played meanwhile, the healthy game's move too
            assert {e.game_id for e in store.read_all(cursor)} == {healthy, lost}
        service.close()


def test_bots_on_a_lost_workers_game_wait_for_it_and_resume_without_the_sweep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The driver backs off while the game's worker cannot be reached, past the retries it
    gives other failures, and plays on once the worker is back (no sweep runs here)."""
    monkeypatch.setattr(bots, "RETRIES", 1)
    monkeypatch.setattr(bots, "RETRY_LONGEST", 0.2)
    seats = [{"kind": "bot", "bot": "random"}] * 2
    with (
        citus_scratch(citus_url()) as url,
        ConnectionPool(url, min_size=1, max_size=4, open=True) as pool,
    ):
        app = Application(EventStore(pool))  # no driver yet: the bots have not moved
        games = _game_on_each_worker(
            url,
            lambda: (
                app.create_game("counting", 2, {"target": 5}, setup=DECK, seat_info=seats).game_id
            ),
        )
        _, lost = max(games.items())
        start = app.store.version(lost)
        driver = bots.BotDriver(app, workers=1)
        try:
            with _unreachable(url, max(games)):
                driver.kick(lost)
                time.sleep(2)  # about ten attempts, past RETRIES
            assert driver.wait_idle(30)
            assert app.store.game(lost).status == "finished"
            assert app.store.version(lost) > start
        finally:
            driver.close()
