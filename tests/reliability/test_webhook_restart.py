"""A notice whose service was SIGKILLed before delivering it is delivered by the next start:
the outbox row was committed with the events, and the new process finds it owed."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.reliability.conftest import Served, free_port
from tests.support.receiver import Receiver

pytestmark = pytest.mark.storage

DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}
PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]


def _attempts(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT COALESCE(max(attempts), 0) FROM outbox").fetchone()
    return int(row[0]) if row else 0


def _owed(url: str) -> list[tuple[str, bool]]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT kind, delivered_at IS NOT NULL FROM outbox").fetchall()
    return [(kind, delivered) for kind, delivered in rows]


def test_a_notice_owed_when_the_service_was_killed_is_delivered_after_restart(
    scratch_url: str, tmp_path: Path
) -> None:
    port = free_port()  # nothing listens there yet: every delivery attempt fails
    env = {"CAIRN_WEBHOOK_RETRY_SECONDS": "0.2"}
    server = Served(scratch_url, tmp_path / "serve.log", env=env).start()
    receiver = Receiver()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            made = http.post(
                "/games",
                json={"ruleset": "counting", "seats": PLAYERS, "setup": DECK},
            ).json()
            game = made["game_id"]
            creator = {"Authorization": f"Bearer {made['creator_token']}"}
            hook = {"url": f"http://127.0.0.1:{port}/hook", "secret": "s" * 32}
            registered = http.post(f"/games/{game}/webhooks", json=hook, headers=creator)
            assert registered.status_code == 201, registered.text
            seat = {"Authorization": f"Bearer {made['seats'][0]['token']}"}
            sent = http.post(
                f"/games/{game}/commands",
                json={"command": {"type": "add", "amount": 1}},
                headers=seat,
            )
            assert sent.status_code == 200, sent.text
        # Killed once an attempt has failed (the receiver is down), not while one is leased:
        # a leased notice waits out its lease (service.webhooks.LEASE) before it is retried.
        deadline = time.monotonic() + 20
        while _attempts(scratch_url) < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        server.kill()
        assert _owed(scratch_url) == [("your_turn", False)]
        receiver.start(port)
        server.start()
        assert receiver.arrived.wait(30), server.tail()
        deadline = time.monotonic() + 10
        while _owed(scratch_url) != [("your_turn", True)] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _owed(scratch_url) == [("your_turn", True)]
    finally:
        server.stop()
        receiver.stop()
