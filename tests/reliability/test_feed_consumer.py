"""A tailing consumer of the global feed, beside bot games and forks written by several
threads while a stranger sits idle in a transaction on another database: the consumer
ends with every stored event exactly once, and every game audits clean.

It runs on a scratch database of the test server, and also on a Citus cluster when
``CAIRN_CITUS_URL`` names the coordinator of one whose tables are distributed by
``cairn db distribute`` (``scripts/citus-cluster start`` does both; docs/scaling.md).
"""

from __future__ import annotations

import hashlib
import os
import random
import threading
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from psycopg.rows import tuple_row
from psycopg_pool import ConnectionPool

from service.application import Application
from service.audit import audit_game
from service.store import EventStore
from service.store.migrate import upgrade

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

WRITERS = 4
GAMES_PER_WRITER = 3
BOTS = {0: "random", 1: "random"}


@pytest.fixture(params=["postgres", "citus"])
def feed_url(request: pytest.FixtureRequest, scratch_url: str) -> str:
    if request.param == "postgres":
        return scratch_url
    citus = os.environ.get("CAIRN_CITUS_URL", "").strip()
    if not citus:
        pytest.skip("CAIRN_CITUS_URL names no Citus coordinator")
    # The cluster's database may predate the newest migration, as an operator's would
    # before `cairn db upgrade`: the step they run first.
    upgrade(citus)
    return citus


def _entropy(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def _fork_point(app: Application, game_id: uuid.UUID, rng: random.Random) -> int:
    """A seq between two decisions, after the set-up."""
    starts = [e.seq - 1 for e in app.store.read(game_id) if e.decision_seq == e.seq and e.seq > 2]
    return rng.choice(starts)


def _play(app: Application, writer: int, written: list[uuid.UUID]) -> None:
    """Games played by bots, each forked twice: while it is live (reshuffled luck) and once
    it is over (the same luck), both forks played to their end."""
    rng = random.Random(writer)
    for index in range(GAMES_PER_WRITER):
        label = f"feed:{writer}:{index}"
        seats = [{"kind": "bot", "bot": "random"}] * 2
        game = app.create_game("peninsula", 2, seat_info=seats).game_id
        tokens, _ = app.tokens.issue(game, [0])  # forking a live game takes a seat's token
        written.append(game)
        app.play_bots(game, BOTS, _entropy(label), max_commands=20)
        point = _fork_point(app, game, rng)
        live_fork = app.fork(game, point, luck="reshuffle", token=tokens[0]).game_id
        written.append(live_fork)
        app.play_bots(live_fork, BOTS, _entropy(label + ":live"))
        app.play_bots(game, BOTS, _entropy(label))
        late_fork = app.fork(game, _fork_point(app, game, rng), luck="same").game_id
        written.append(late_fork)
        app.play_bots(late_fork, BOTS, _entropy(label + ":late"))


@pytest.fixture
def stranger(feed_url: str) -> Iterator[None]:
    """A session on another database of the same server (``postgres``) holding a
    transaction id, idle, for the whole test."""
    with psycopg.connect(psycopg.conninfo.make_conninfo(feed_url, dbname="postgres")) as conn:
        conn.execute("CREATE TEMP TABLE stranger (n integer)")
        conn.execute("INSERT INTO stranger VALUES (1)")
        yield
        conn.rollback()


def test_a_tailing_consumer_gets_every_event_of_games_and_forks_once(
    feed_url: str, stranger: None
) -> None:
    with ConnectionPool(feed_url, min_size=2, max_size=WRITERS + 4, open=True) as pool:
        store = EventStore(pool)
        app = Application(store)
        start = store.read_all(limit=1_000_000)
        cursor = start[-1].cursor if start else None
        seen: list[tuple[uuid.UUID, int]] = []
        written: list[uuid.UUID] = []
        failures: list[BaseException] = []
        writing_done = threading.Event()

        def consume() -> None:
            nonlocal cursor
            while True:
                finished = writing_done.is_set()
                batch = store.read_all(cursor, limit=200)
                seen.extend((e.game_id, e.seq) for e in batch)
                if batch:
                    cursor = batch[-1].cursor
                elif finished:
                    return
                else:
                    writing_done.wait(0.01)

        def write(writer: int) -> None:
            try:
                _play(app, writer, written)
            except BaseException as exc:
                failures.append(exc)
                raise

        consumer = threading.Thread(target=consume)
        writers = [threading.Thread(target=write, args=(w,)) for w in range(WRITERS)]
        consumer.start()
        for thread in writers:
            thread.start()
        for thread in writers:
            thread.join()
        writing_done.set()
        consumer.join(120)
        assert failures == []
        stored = _stored(pool, written)
        reports = {game: audit_game(store, game) for game in written}
    assert len(written) == WRITERS * GAMES_PER_WRITER * 3
    assert len(seen) == len(set(seen)), "the consumer got an event twice"
    assert stored <= set(seen), f"the consumer missed {len(stored - set(seen))} events"
    assert {g: r.verdict for g, r in reports.items() if not r.is_clean} == {}


def _stored(pool: ConnectionPool[Any], games: list[uuid.UUID]) -> set[tuple[uuid.UUID, int]]:
    with pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
        rows = cur.execute(
            "SELECT game_id, seq FROM events WHERE game_id = ANY(%s)", (games,)
        ).fetchall()
    return {(game, seq) for game, seq in rows}
