"""Database restart: the PostgreSQL under a running ``cairn serve`` stops and starts again
during a load. While it is down every answer is a 503 problem; within 5 seconds of it being
back the service answers normally again, with no restart of the service; and bot games that
were playing through the restart all finish."""

from __future__ import annotations

import json
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from service.store.migrate import upgrade
from tests.reliability.conftest import Served, run_cli
from tests.reliability.log import assert_gapless_and_whole, stored_events
from tests.reliability.tables import Game, is_problem

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

CLIENTS = 4
# A request that finds the database down waits the pool's 2 s for a connection before its 503
# (service.composition.open_pool). A client whose request went out while pg_ctl was still
# stopping gets that 503 up to 2 s into the window and sends its next at once, answered about
# 4 s in: with a 4 s window a full suite's load once left no answer inside it. With 8 s each
# client has at least one request sent and answered while the database is down.
DOWN_SECONDS = 8.0
RECOVERY_SECONDS = 5.0


class Cluster:
    """A PostgreSQL of this test's own (pgserver's binaries; as root it runs as 'pgserver')."""

    def __init__(self, home: Path) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs on machines with no XDG dirs
            import pgserver
            from pgserver._commands import pg_ctl

        self._pg_ctl = pg_ctl
        self.server: Any = pgserver.get_server(home / "pgdata", cleanup_mode="delete")
        info = self.server.get_postmaster_info()
        self.socket_dir = info.socket_dir

    def url(self, database: str = "postgres") -> str:
        uri: str = self.server.get_uri(database)
        return uri

    def stop(self) -> None:
        self._run(["-w", "-m", "fast", "stop"])

    def start(self) -> None:
        log = str(self.server.log)
        self._run(["-w", "-o", '-h ""', "-o", f"-k {self.socket_dir}", "-l", log, "start"])

    def _run(self, args: list[str]) -> None:
        self._pg_ctl(args, pgdata=self.server.pgdata, user=self.server.system_user, timeout=30)

    def close(self) -> None:
        self.server.cleanup()


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    home = Path(tempfile.mkdtemp(prefix="cairn-restart-pg-"))
    home.chmod(0o755)  # the unprivileged PostgreSQL user must reach its data directory
    cluster = Cluster(home)
    try:
        yield cluster
    finally:
        cluster.close()


@dataclass(frozen=True)
class Answer:
    sent: float
    answered: float
    status: int
    problem: bool


def _load(url: str, answers: list[Answer], stop: threading.Event) -> list[str]:
    """Play games with keyed commands, retrying each until it is acknowledged."""
    games: list[str] = []
    with httpx.Client(timeout=15) as client:
        game: Game | None = None
        move = 0
        while not stop.is_set():
            sent = time.monotonic()
            if game is None:
                response = client.post(f"{url}/games", json=_counting())
                if response.status_code == 201:
                    game = Game.from_created(url, response.json())
                    games.append(game.game_id)
                    move = 0
            else:
                response = game.send(client, move % 2, key=f"{game.game_id}-{move}")
                if response.status_code == 200:
                    move += 1
                    game = None if response.json()["is_terminal"] else game
            answered = time.monotonic()
            answers.append(Answer(sent, answered, response.status_code, is_problem(response)))
            if response.status_code == 503:
                time.sleep(0.05)
    return games


def _counting() -> dict[str, Any]:
    seats = [{"kind": "player", "player": f"p{i}"} for i in range(2)]
    return {"ruleset": "counting", "seats": seats, "options": {"target": 10}}


def test_a_database_restart_is_503s_then_recovery_without_restarting_the_service(
    cluster: Cluster, tmp_path: Path
) -> None:
    url = cluster.url("cairn")
    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute("CREATE DATABASE cairn")
    upgrade(url)
    server = Served(url, tmp_path / "serve.log").start()
    answers: list[Answer] = []
    stop = threading.Event()
    try:
        with ThreadPoolExecutor(CLIENTS) as pool:
            loads = [pool.submit(_load, server.url, answers, stop) for _ in range(CLIENTS)]
            time.sleep(1.0)
            cluster.stop()
            down = time.monotonic()
            time.sleep(DOWN_SECONDS)
            up_from = time.monotonic()
            cluster.start()
            up = time.monotonic()
            time.sleep(RECOVERY_SECONDS + 3.0)
            stop.set()
            games = [g for load in loads for g in load.result(timeout=60)]
        assert server.process is not None and server.process.poll() is None, "it restarted"
    finally:
        stop.set()
        server.stop()
    statuses = {a.status for a in answers}
    assert statuses <= {200, 201, 503}, f"unexpected statuses {statuses}\n{server.tail()}"
    while_down = [a for a in answers if down <= a.sent and a.answered < up_from]
    assert while_down, "no request was answered while the database was down"
    assert all(a.status == 503 and a.problem for a in while_down)
    settled = [a for a in answers if a.sent >= up + RECOVERY_SECONDS]
    assert settled and all(a.status in (200, 201) for a in settled), server.tail()
    first_ok = min(a.answered for a in answers if a.sent >= up and a.status in (200, 201))
    assert first_ok - up < RECOVERY_SECONDS
    for game_id in games:
        assert_gapless_and_whole(stored_events(url, game_id))


BOT_GAMES = 20
BOT_SEATS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
FINISH_SECONDS = 60.0


def test_bot_games_playing_through_a_database_restart_all_finish_and_audit_clean(
    cluster: Cluster, tmp_path: Path
) -> None:
    """The issue's run: twenty bot-only games play while PostgreSQL restarts fast. A bot turn
    that fails is retried with backoff, so every game finishes, without help from a client
    or a restart of the service, and audits clean."""
    url = cluster.url("cairn")
    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute("CREATE DATABASE cairn")
    upgrade(url)
    server = Served(url, tmp_path / "serve.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=15) as client:
            body = {"ruleset": "peninsula", "seats": BOT_SEATS}
            games = [client.post("/games", json=body).json()["game_id"] for _ in range(BOT_GAMES)]
            unfinished = [
                g for g in games if client.get(f"/games/{g}").json()["is_terminal"] is False
            ]
            cluster.stop()
            cluster.start()
            deadline = time.monotonic() + FINISH_SECONDS
            while unfinished and time.monotonic() < deadline:
                time.sleep(0.2)
                unfinished = [g for g in unfinished if not _is_over(client, g)]
        assert unfinished == [], f"{len(unfinished)} bot games stalled\n{server.tail()}"
    finally:
        server.stop()
    assert "bots.failed" in server.log.read_text(), "the restart never interrupted a bot"
    audit = run_cli(url, "audit", *games, "--json")
    assert audit.returncode == 0, audit.stdout + audit.stderr
    verdicts = [json.loads(line)["verdict"] for line in audit.stdout.splitlines()]
    assert verdicts == ["clean"] * BOT_GAMES
    for game_id in games:
        assert_gapless_and_whole(stored_events(url, game_id))


def _is_over(client: httpx.Client, game_id: str) -> bool:
    try:
        response = client.get(f"/games/{game_id}")
    except httpx.TransportError:
        return False
    return response.status_code == 200 and bool(response.json()["is_terminal"])
