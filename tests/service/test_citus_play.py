"""On Citus, every statement of a command for one game goes to that game's shard and the
command commits in one phase (docs/scaling.md, issue #23). The evidence is Citus's own: the
planner's task counts (``EXPLAIN``), the commands the coordinator sends to the workers
(``citus.log_remote_commands``) and its two-phase commit records (``pg_dist_transaction``).
Skipped without ``CAIRN_CITUS_URL``."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from service.application import Application
from service.store import EventStore
from service.store.statements import GAME_COLUMNS, GAME_SQL, OPENING_SQL
from service.store.webhooks import Webhooks
from tests.support.citus import citus_scratch, citus_url

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob")]
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}
_SERVER = re.compile(r"on server \S+@[^:]+:(\d+)")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    with citus_scratch(citus_url()) as url:
        yield url


class RemoteCommands:
    """What the coordinator sends to the workers over this pool's connections."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int]] = []

    def configure(self, conn: psycopg.Connection[Any]) -> None:
        conn.autocommit = True
        conn.execute("SET citus.log_remote_commands = on")
        conn.add_notice_handler(self._heard)

    def _heard(self, diag: psycopg.errors.Diagnostic) -> None:
        found = _SERVER.search(diag.message_detail or "")
        if diag.message_primary and diag.message_primary.startswith("issuing") and found:
            with self.lock:
                self.sent.append((diag.message_primary, int(found.group(1))))

    def clear(self) -> None:
        with self.lock:
            self.sent.clear()


def _tasks(conn: psycopg.Connection[Any], query: str, params: Any) -> list[int]:
    row = conn.execute("EXPLAIN (FORMAT JSON) " + query, params).fetchone()
    assert row is not None
    return [int(n) for n in re.findall(r'"Task Count": (\d+)', json.dumps(row[0]))]


def _worker_of(conn: psycopg.Connection[Any], game_id: UUID) -> int:
    row = conn.execute(
        "SELECT nodeport FROM pg_dist_shard_placement"
        " WHERE shardid = get_shard_id_for_distribution_column('games', %s)",
        (game_id,),
    ).fetchone()
    assert row is not None
    return int(row[0])


def _two_phase_records(conn: psycopg.Connection[Any]) -> set[str]:
    return {str(r[0]) for r in conn.execute("SELECT gid FROM pg_dist_transaction").fetchall()}


def test_a_games_loads_are_planned_for_its_shard_alone(cluster: str) -> None:
    with ConnectionPool(cluster, min_size=1, max_size=2, open=True) as pool:
        app = Application(EventStore(pool))
        game = app.create_game("counting", 2, {"target": 20}, setup=DECK).game_id
        with psycopg.connect(cluster) as conn:
            assert _tasks(conn, GAME_SQL, {"g": game}) == [1]
            assert _tasks(conn, OPENING_SQL, {"g": game, "engines": ["any"], "at": 9}) == [1]
            # the form the store used before: the version correlated with the game row
            correlated = f"SELECT {GAME_COLUMNS} FROM games g WHERE g.game_id = %s"
            assert _tasks(conn, correlated, (game,)) != [1]


def test_plain_moves_go_to_the_games_worker_and_commit_in_one_phase(cluster: str) -> None:
    remote = RemoteCommands()
    with ConnectionPool(
        cluster, min_size=1, max_size=2, open=True, configure=remote.configure
    ) as pool:
        app = Application(EventStore(pool))
        game = app.create_game("counting", 2, {"target": 20}, setup=DECK, seat_info=PLAYERS).game_id
        Webhooks(pool).register(game, "http://127.0.0.1:9/", "a-secret", "creator", "", None)
        with psycopg.connect(cluster) as conn:
            worker = _worker_of(conn, game)
            before = _two_phase_records(conn)
        remote.clear()
        moves = 0
        while app.store.game(game).status != "finished":
            seat, command = next((s, c[0]) for s in (0, 1) if (c := app.legal_commands(game, s)))
            key = f"move-{moves}" if moves % 2 else None  # half with an idempotency record
            app.act(game, seat, command, idempotency_key=key)
            moves += 1
        with psycopg.connect(cluster) as conn:
            after = _two_phase_records(conn)
            outbox = conn.execute("SELECT count(*) FROM outbox WHERE game_id = %s", (game,))
            notices = outbox.fetchone()
            kept = conn.execute("SELECT count(*) FROM idempotency WHERE game_id = %s", (game,))
            keys = kept.fetchone()
        # the last move's append carried the system's reveal of the seed: two decisions in one
        # call of cairn_append_decisions (migration 0013)
        assert app.store.read(game)[-1].actor == "system"
    sent = list(remote.sent)
    assert moves >= 3 and notices and notices[0] > 0 and keys and keys[0] > 0
    assert sent, "no command reached a worker: the log of remote commands is not on"
    assert {port for _, port in sent} == {worker}
    assert [c for c, _ in sent if "PREPARE TRANSACTION" in c or "COMMIT PREPARED" in c] == []
    assert after - before == set()
