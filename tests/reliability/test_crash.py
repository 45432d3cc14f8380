"""Crash: SIGKILL ``cairn serve`` in the middle of a load and restart it. Every acknowledged
command is in the log, no decision is half-appended, retries of the commands that were in
flight apply once, and ``cairn audit --all`` is clean; then tampering with one stored event
makes the same audit fail at that seq."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID

import httpx
import pytest

from tests.reliability.conftest import Served, run_cli
from tests.reliability.log import assert_gapless_and_whole, decision_ends, stored_events
from tests.reliability.tables import Game
from tests.support.replaying import tampered

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

CLIENTS = 8
ACKS_BEFORE_KILL = 120


@dataclass
class Ledger:
    """What the clients saw: acknowledged versions per game, and commands left in flight."""

    games: dict[str, Game] = field(default_factory=dict)
    acked: dict[str, list[int]] = field(default_factory=dict)
    in_flight: list[tuple[str, int, str]] = field(default_factory=list)
    creates_in_flight: int = 0
    """Games asked for with no answer: each may or may not have been created."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self) -> int:
        with self.lock:
            return sum(len(v) for v in self.acked.values())


def _play(url: str, ledger: Ledger, client_no: int, stop: threading.Event) -> None:
    with httpx.Client(timeout=10) as client:
        while not stop.is_set():
            try:
                game = Game.create(client, url, target=20)
            except httpx.TransportError:
                with ledger.lock:
                    ledger.creates_in_flight += 1
                return
            with ledger.lock:
                ledger.games[game.game_id] = game
                ledger.acked[game.game_id] = []
            for move in range(20):
                key = f"{client_no}-{game.game_id}-{move}"
                try:
                    response = game.send(client, move % 2, key=key)
                except httpx.TransportError:
                    with ledger.lock:
                        ledger.in_flight.append((game.game_id, move % 2, key))
                    return
                assert response.status_code == 200, response.text
                with ledger.lock:
                    ledger.acked[game.game_id].append(response.json()["version"])


@pytest.fixture
def crashed(scratch_url: str, tmp_path: Path) -> Iterator[tuple[Served, Ledger]]:
    """A server killed mid-load and started again on the same port."""
    server = Served(scratch_url, tmp_path / "serve.log").start()
    ledger, stop = Ledger(), threading.Event()
    try:
        with ThreadPoolExecutor(CLIENTS) as pool:
            futures = [pool.submit(_play, server.url, ledger, n, stop) for n in range(CLIENTS)]
            deadline = time.monotonic() + 60
            while ledger.count() < ACKS_BEFORE_KILL and time.monotonic() < deadline:
                time.sleep(0.02)
            server.kill()
            stop.set()
            for future in futures:
                future.result(timeout=30)
        assert ledger.count() >= ACKS_BEFORE_KILL, server.tail()
        server.start()
        yield server, ledger
    finally:
        stop.set()
        server.stop()


def test_sigkill_mid_load_loses_no_acknowledged_command(
    crashed: tuple[Served, Ledger], scratch_url: str
) -> None:
    _, ledger = crashed
    with httpx.Client(timeout=10) as client:
        for game_id, seat, key in ledger.in_flight:
            # The client never heard back: it retries with the same key, and that is safe.
            retried = ledger.games[game_id].send(client, seat, key=key)
            assert retried.status_code == 200, retried.text
            ledger.acked[game_id].append(retried.json()["version"])
    for game_id, versions in ledger.acked.items():
        events = stored_events(scratch_url, game_id)
        assert_gapless_and_whole(events)
        assert sorted(versions) == decision_ends(events, "add"), f"game {game_id}"
    audit = run_cli(scratch_url, "audit", "--all", "--json")
    reports = [json.loads(line) for line in audit.stdout.splitlines() if line.startswith("{")]
    assert audit.returncode == 0, audit.stdout + audit.stderr
    # Every game a client heard of is audited; a create the kill cut off may have committed
    # without its answer, so at most that many more games are found.
    audited = {r["game_id"] for r in reports}
    assert set(ledger.games) <= audited
    assert len(audited - set(ledger.games)) <= ledger.creates_in_flight
    # a game still running is "active" (not yet auditable): nothing wrong was found in it
    assert {r["verdict"] for r in reports} <= {"clean", "active"}


def test_tampering_with_a_served_game_fails_audit_all_at_that_seq(
    crashed: tuple[Served, Ledger], scratch_url: str
) -> None:
    """The in-process version is tests/service/test_replay_tooling.py; this one goes through
    the served API and the ``cairn audit --all`` command."""
    _, ledger = crashed
    game_id = max(ledger.acked, key=lambda g: len(ledger.acked[g]))
    seq = stored_events(scratch_url, game_id)[-1]["seq"] // 2 + 1
    with tampered(scratch_url, UUID(game_id), seq):
        audit = run_cli(scratch_url, "audit", "--all", "--json")
    lines = [json.loads(line) for line in audit.stdout.splitlines() if line.startswith("{")]
    # with --json, the failure itself is the last line: {"error": {...}}
    *reports, closing = lines
    assert closing["error"]["exit_code"] == 1
    failed = [r for r in reports if r["verdict"] == "failed"]
    assert audit.returncode == 1, audit.stdout + audit.stderr
    assert [(r["game_id"], r["seq"]) for r in failed] == [(game_id, seq)]
