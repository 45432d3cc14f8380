"""A two-phase commit whose second phase fails on a worker is committed later by Citus's
recovery; a consumer tailing the feed still gets its events (service/store/horizon.py).

The fault, made on a real cluster: one transaction writes a game on each worker (two-phase,
as an operator's statement would), the coordinator is held between the two phases, the
backend on one worker that prepared it is terminated, and the coordinator is released, so
its COMMIT PREPARED fails there. The coordinator is held by synchronous replication to a
standby that does not exist: its commit waits after the workers prepared and before it sends
COMMIT PREPARED. The cluster's ``synchronous_standby_names`` is set for the test only and
reset after it. Skipped without ``CAIRN_CITUS_URL``.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from service.store import EventStore
from service.store.statements import ANNOUNCE
from tests.support.appending import RAW_EVENT, append_with_retry, new_game
from tests.support.citus import citus_scratch, citus_url

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

QUICK = "-c synchronous_commit=local"
"""Every session but the held one commits without waiting for the missing standby."""


def _until(condition: Callable[[], bool], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.02)


@contextmanager
def _standby_that_never_answers(url: str) -> Iterator[None]:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ALTER SYSTEM SET synchronous_standby_names = 'cairn_nobody'")
        conn.execute("SELECT pg_reload_conf()")
    try:
        yield
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ALTER SYSTEM RESET synchronous_standby_names")
            conn.execute("SELECT pg_reload_conf()")


def _node(url: str, port: int) -> str:
    return psycopg.conninfo.make_conninfo(url, port=port, options=QUICK)


def test_a_consumer_gets_the_events_of_a_commit_left_to_recovery() -> None:
    with citus_scratch(citus_url()) as url:
        quick = psycopg.conninfo.make_conninfo(url, options=QUICK)
        with psycopg.connect(quick, autocommit=True) as conn:
            ports = [
                int(r[0])
                for r in conn.execute(
                    "SELECT nodeport FROM pg_dist_node WHERE groupid <> 0 ORDER BY nodeport"
                ).fetchall()
            ]
            coordinator_node = conn.execute(
                "SELECT nodeid FROM pg_dist_node WHERE groupid = 0"
            ).fetchone()
        assert len(ports) >= 2 and coordinator_node is not None
        with ConnectionPool(quick, min_size=2, max_size=6, open=True) as pool:
            store = EventStore(pool)
            games = _one_game_per_worker(store, quick, ports[:2])
            seen: list[tuple[uuid.UUID, int]] = []
            stop = threading.Event()
            consumer = threading.Thread(target=_tail, args=(store, seen, stop))
            consumer.start()
            try:
                heads = [store.read(g)[-1] for g in games]
                held_pid: list[int] = []
                committed = threading.Event()

                def operator() -> None:
                    with psycopg.connect(url) as conn:  # waits for the standby on commit
                        held_pid.append(conn.info.backend_pid)
                        conn.execute(ANNOUNCE)
                        for game, head in zip(games, heads, strict=True):
                            conn.execute(
                                RAW_EVENT,
                                (game, head.seq + 1, head.seq + 1, head.hash, "two-phase"),
                            )
                        conn.commit()
                    committed.set()

                with _standby_that_never_answers(quick):
                    writer = threading.Thread(target=operator)
                    writer.start()
                    _until(lambda: all(_prepared(_node(url, p)) for p in ports[:2]), "PREPARE")
                    gpid = int(coordinator_node[0]) * 10_000_000_000 + held_pid[0]
                    with psycopg.connect(_node(url, ports[0]), autocommit=True) as worker:
                        killed = worker.execute(
                            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                            " WHERE application_name = %s",
                            (f"citus_internal gpid={gpid}",),
                        ).fetchall()
                    assert killed == [(True,)]
                    with psycopg.connect(quick, autocommit=True) as conn:
                        conn.execute("SELECT pg_cancel_backend(%s::integer)", (held_pid[0],))
                    assert committed.wait(30), "the held commit did not finish"
                    writer.join(30)
                # the first worker's part is still prepared; the second's is committed
                assert _prepared(_node(url, ports[0]))
                assert not _prepared(_node(url, ports[1]))
                # later commits, which a reader would move on to (new games: the prepared
                # rows hold their game's next seq until they are resolved)
                later = [new_game(store) for _ in range(3)]
                append_with_retry(store, games[1], 100)
                time.sleep(1)  # a tailing reader would have passed the prepared one by now
                with psycopg.connect(quick, autocommit=True) as conn:
                    conn.execute("SELECT recover_prepared_transactions()")
                assert not _prepared(_node(url, ports[0]))
                stored = _stored(store, [*games, *later])
                _until(lambda: set(seen) >= stored, "the consumer to catch up", 30)
            finally:
                stop.set()
                consumer.join(30)
    assert {(g, h.seq + 1) for g, h in zip(games, heads, strict=True)} <= stored
    assert len(seen) == len(set(seen)), "the consumer got an event twice"
    assert stored - set(seen) == set(), "the consumer skipped events"


def _one_game_per_worker(store: EventStore, url: str, ports: list[int]) -> list[uuid.UUID]:
    found: dict[int, uuid.UUID] = {}
    with psycopg.connect(url) as conn:
        while len(found) < len(ports):
            game = new_game(store)
            row = conn.execute(
                "SELECT nodeport FROM pg_dist_shard_placement"
                " WHERE shardid = get_shard_id_for_distribution_column('games', %s)",
                (game,),
            ).fetchone()
            assert row is not None
            found.setdefault(int(row[0]), game)
    return [found[p] for p in ports]


def _prepared(url: str) -> bool:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_prepared_xacts WHERE database = current_database()"
        ).fetchone()
    return bool(row and row[0])


def _tail(store: EventStore, seen: list[tuple[uuid.UUID, int]], stop: threading.Event) -> None:
    cursor = None
    while not stop.is_set():
        try:
            batch = store.read_all(cursor, limit=200)
        except Exception:  # a worker's connection killed under a read: read again
            time.sleep(0.05)
            continue
        seen.extend((e.game_id, e.seq) for e in batch)
        if batch:
            cursor = batch[-1].cursor
        else:
            time.sleep(0.02)


def _stored(store: EventStore, games: list[uuid.UUID]) -> set[tuple[uuid.UUID, int]]:
    with store.connection() as conn:
        rows: list[Any] = conn.execute(
            "SELECT game_id, seq FROM events WHERE game_id = ANY(%s)", (games,)
        ).fetchall()
    return {(r["game_id"], r["seq"]) for r in rows}
