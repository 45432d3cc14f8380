"""``cairn serve --workers 2`` on one database: commands, idempotency, the live stream and
bot play stay correct across processes, and each game's bots are driven by one worker at a
time (the holder of the game's advisory lock; workers name themselves in pg_stat_activity)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
import psycopg
import pytest
from psycopg_pool import ConnectionPool

from service.application import Application
from service.audit import audit_game
from service.store import EventStore
from service.store.locks import game_lock_key
from tests.reliability.conftest import SHIPPED_ONLY, Served
from tests.reliability.log import assert_gapless_and_whole, stored_events

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

RULESET = "peninsula"
BOTS = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
WAITING_GAMES = 12  # enough that a worker starting late still finds games left to drive


@pytest.fixture
def two_workers(scratch_url: str, tmp_path: Path) -> Iterator[tuple[Served, list[str]]]:
    """A 2-worker server, then all-bot games written behind its back: each worker's sweep
    (every second here) finds every one of them, so both go for every game's lock."""
    server = Served(
        scratch_url,
        tmp_path / "serve.log",
        module=SHIPPED_ONLY,
        workers=2,
        env={"CAIRN_SWEEP_SECONDS": "1"},
    )
    watcher: LockWatcher | None = None
    try:
        server.start()
        _wait_for_workers(scratch_url, 2)
        with ConnectionPool(scratch_url, min_size=1, max_size=2, open=True) as pool:
            cairn = Application(EventStore(pool))
            waiting = [
                str(cairn.create_game(RULESET, 2, seat_info=BOTS).game_id)
                for _ in range(WAITING_GAMES)
            ]
        watcher = LockWatcher(scratch_url, waiting)
        watcher.start()
        yield server, waiting
        _until_both_drove(scratch_url, watcher)
    finally:
        if watcher is not None:
            watcher.stop()
        server.stop()
    assert watcher is not None and watcher.errors == []
    assert watcher.double_holders == [], "a game's lock had two holders"
    assert len(watcher.holders) >= 2, f"only {watcher.holders} ever drove bots"


def _until_both_drove(url: str, watcher: LockWatcher, timeout: float = 120.0) -> None:
    """More all-bot games, a few a second, until a second worker has driven one.

    One worker may win every lock of the first games (it sweeps first and plays them out
    within a second), so which worker drives is a race; a worker that never drives any of
    a steady supply of games is the fault the fixture's last check reports."""
    deadline = time.monotonic() + timeout
    with ConnectionPool(url, min_size=1, max_size=2, open=True) as pool:
        cairn = Application(EventStore(pool))
        while len(watcher.holders) < 2 and time.monotonic() < deadline:
            for _ in range(3):
                game = cairn.create_game(RULESET, 2, seat_info=BOTS)
                watcher.keys[game_lock_key(game.game_id)] = str(game.game_id)
            time.sleep(1)


def _wait_for_workers(url: str, count: int, timeout: float = 180.0) -> None:
    """Until ``count`` serving processes (application_name cairn-<pid>) are connected.

    The bound is generous: on a loaded shared machine (load 15 seen in a full parallel run)
    two workers took over a minute to import and connect."""
    deadline = time.monotonic() + timeout
    with psycopg.connect(url, autocommit=True) as conn:
        while time.monotonic() < deadline:
            row = conn.execute(
                "SELECT count(DISTINCT application_name) FROM pg_stat_activity"
                " WHERE datname = current_database() AND application_name LIKE 'cairn-%%'"
            ).fetchone()
            if row is not None and row[0] >= count:
                return
            time.sleep(0.1)
    raise AssertionError(f"fewer than {count} workers connected")


class LockWatcher(threading.Thread):
    """Samples which worker holds each game's advisory lock, as often as it can."""

    def __init__(self, url: str, games: list[str]) -> None:
        super().__init__(daemon=True)
        self.url = url
        keys = {game_lock_key(UUID(g)): g for g in games}
        self.keys = keys
        self.holders: set[str] = set()
        self.double_holders: list[tuple[str, list[str]]] = []
        self.errors: list[str] = []
        self._halt = threading.Event()

    def stop(self) -> None:
        self._halt.set()
        self.join(10)

    def run(self) -> None:
        try:
            with psycopg.connect(self.url, autocommit=True) as conn:
                while not self._halt.is_set():
                    self._sample(conn)
                    time.sleep(0.005)
        except Exception as exc:  # reported by the fixture
            self.errors.append(repr(exc))

    def _sample(self, conn: psycopg.Connection[Any]) -> None:
        rows = conn.execute(
            "SELECT (l.classid::bigint << 32) | l.objid::bigint, a.application_name"
            " FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
        ).fetchall()
        by_key: dict[int, list[str]] = defaultdict(list)
        for raw, name in rows:
            key = raw - (1 << 64) if raw >= 1 << 63 else raw
            by_key[key].append(name)
            self.holders.add(name)
        for key, names in by_key.items():
            if len(names) > 1:
                self.double_holders.append((self.keys.get(key, str(key)), names))


def _wait_finished(url: str, game_ids: list[str], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    with httpx.Client(timeout=10) as client:
        for game_id in game_ids:
            while not client.get(f"{url}/games/{game_id}").json()["is_terminal"]:
                assert time.monotonic() < deadline, f"game {game_id} did not finish"
                time.sleep(0.1)


def test_two_workers_play_bots_once_each_and_keep_every_game_whole(
    two_workers: tuple[Served, list[str]], scratch_url: str
) -> None:
    server, waiting = two_workers
    _wait_finished(server.url, waiting)
    with ConnectionPool(scratch_url, min_size=1, max_size=2, open=True) as pool:
        store = EventStore(pool)
        for game_id in waiting:
            assert_gapless_and_whole(stored_events(scratch_url, game_id))
            assert audit_game(store, game_id).is_clean
    log = server.log.read_text()
    assert "bots.failed" not in log and "bots.illegal_choice" not in log


def test_two_workers_share_commands_idempotency_and_the_stream(
    two_workers: tuple[Served, list[str]], scratch_url: str
) -> None:
    server, _ = two_workers
    seats = [{"kind": "player", "player": "ada"}, BOTS[0]]
    with httpx.Client(timeout=10) as client:
        created = client.post(f"{server.url}/games", json={"ruleset": RULESET, "seats": seats})
        assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    auth = {"Authorization": f"Bearer {created.json()['seats'][0]['token']}"}
    streamed: list[int] = []
    reader = threading.Thread(
        target=_read_stream, args=(server.url, game_id, streamed), daemon=True
    )
    reader.start()
    moves = _play_human(server.url, game_id, auth, moves=6)
    final = _settled_version(server.url, game_id)
    deadline = time.monotonic() + 30
    while (not streamed or streamed[-1] < final) and time.monotonic() < deadline:
        time.sleep(0.05)
    events = stored_events(scratch_url, game_id)
    assert_gapless_and_whole(events)
    visible = [e["seq"] for e in events]
    assert streamed == sorted(set(streamed)), "the stream repeated or reordered an event"
    assert set(streamed) <= set(visible) and streamed[-1] >= final
    human = [e for e in events if e["command"] is not None and e["actor"] == "seat:0"]
    assert len(human) == moves


def _play_human(url: str, game_id: str, auth: dict[str, str], moves: int) -> int:
    """Send ``moves`` commands as seat 0, each three times at once with one key, every
    request on a fresh connection so the two workers share them."""
    played = 0
    deadline = time.monotonic() + 90
    while played < moves and time.monotonic() < deadline:
        with httpx.Client(timeout=10) as client:
            view = client.get(f"{url}/games/{game_id}").json()
            if view["is_terminal"]:
                return played
            legal = client.get(f"{url}/games/{game_id}/legal-commands", headers=auth).json()
        if not legal["commands"]:
            time.sleep(0.05)  # the bot's turn: some worker is playing it
            continue
        body = {"command": legal["commands"][0]}
        headers = {**auth, "Idempotency-Key": f"move-{played}"}

        def send(_: int, body: dict[str, Any] = body, headers: dict[str, str] = headers) -> Any:
            with httpx.Client(timeout=10) as fresh:
                return fresh.post(f"{url}/games/{game_id}/commands", json=body, headers=headers)

        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(send, range(3)))
        assert [a.status_code for a in answers] == [200] * 3, [a.text for a in answers]
        assert len({a.json()["version"] for a in answers}) == 1
        played += 1
    return played


def _settled_version(url: str, game_id: str) -> int:
    """The version once no bot must act (the human's turn or the end)."""
    deadline = time.monotonic() + 60
    with httpx.Client(timeout=10) as client:
        while time.monotonic() < deadline:
            view = client.get(f"{url}/games/{game_id}").json()
            if view["is_terminal"] or view["to_act"] == [0]:
                return int(view["version"])
            time.sleep(0.05)
    raise AssertionError("the bots did not settle")


def _read_stream(url: str, game_id: str, seen: list[int]) -> None:
    """Collect the ids of the stream's messages until it ends or the server stops."""
    deadline = time.monotonic() + 120
    timeout = httpx.Timeout(10, read=20)
    with (
        contextlib.suppress(httpx.TransportError),
        httpx.Client(timeout=timeout) as client,
        client.stream("GET", f"{url}/games/{game_id}/stream") as response,
    ):
        for line in response.iter_lines():
            if line.startswith("id:"):
                seen.append(int(line[3:].strip()))
            if line.startswith("event: end") or time.monotonic() > deadline:
                return
