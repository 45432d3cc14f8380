"""The global feed (``EventStore.read_all``) against a real PostgreSQL: it never skips a late
commit and never repeats an event, only appending transactions hold it back, and the cursor
is its only resume token."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest

from service.store import EventStore, StoredEvent
from tests.support.appending import RAW_EVENT, append_all, append_with_retry, new_game
from tests.support.databases import scratch_database

pytestmark = pytest.mark.storage


def _end(store: EventStore) -> str | None:
    """The cursor after everything the feed returns now."""
    everything = _drain(store, None)
    return everything[-1].cursor if everything else None


def _drain(store: EventStore, cursor: str | None) -> list[StoredEvent]:
    """Everything the feed returns after ``cursor`` now, page by page."""
    seen: list[StoredEvent] = []
    while True:
        batch = store.read_all(cursor, limit=500)
        if not batch:
            return seen
        seen += batch
        cursor = batch[-1].cursor


def _old_horizon_is_held_back_by(conn: psycopg.Connection[tuple[object, ...]], xid: str) -> bool:
    """Whether the horizon the feed used before (the oldest running transaction anywhere on
    the server) is held at or below ``xid``: the stranger really would have stalled it."""
    row = conn.execute(
        "SELECT pg_snapshot_xmin(pg_current_snapshot()) <= %s::text::xid8", (xid,)
    ).fetchone()
    return bool(row and row[0])


@contextmanager
def _idle_in_transaction(url: str) -> Iterator[str]:
    """A session that wrote something and then sits in its open transaction; yields its id."""
    with psycopg.connect(url) as stranger:
        stranger.execute("CREATE TEMP TABLE idle (n integer)")
        stranger.execute("INSERT INTO idle VALUES (1)")
        row = stranger.execute("SELECT pg_current_xact_id()::text").fetchone()
        assert row is not None
        yield str(row[0])
        stranger.rollback()


def test_a_session_idle_in_a_transaction_on_another_database_holds_nothing_back(
    store: EventStore, database_url: str
) -> None:
    cursor = _end(store)
    with (
        scratch_database(database_url, "cairn_stranger") as elsewhere,
        _idle_in_transaction(elsewhere) as stranger,
        psycopg.connect(database_url, autocommit=True) as probe,
    ):
        games = [new_game(store) for _ in range(3)]
        for n in range(5):
            for game_id in games:
                append_with_retry(store, game_id, n)
        assert _old_horizon_is_held_back_by(probe, stranger)
        seen = {(e.game_id, e.seq) for e in _drain(store, cursor)}
        assert seen >= {(g, s) for g in games for s in range(1, 7)}, "the stranger stalled it"


def test_an_open_transaction_in_this_database_that_appends_nothing_holds_nothing_back(
    store: EventStore, database_url: str
) -> None:
    cursor = _end(store)
    with (
        _idle_in_transaction(database_url) as stranger,
        psycopg.connect(database_url, autocommit=True) as probe,
    ):
        game_id = new_game(store)
        append_with_retry(store, game_id, 1)
        assert _old_horizon_is_held_back_by(probe, stranger)
        seen = {(e.game_id, e.seq) for e in _drain(store, cursor)}
        assert {(game_id, 1), (game_id, 2)} <= seen


def test_a_long_bulk_load_beside_a_tailing_reader_and_late_committing_writers(
    store: EventStore, database_url: str
) -> None:
    """A bulk load into another table stays open throughout. Writers append in two waves;
    between them, two appending transactions open and commit only after the second wave.
    The tailing reader reads the first wave while the late writers are still open, waits
    for them (the second wave commits behind them), and, the load still open, ends with
    every event exactly once."""
    cursor = _end(store)
    first, second, late_games = ([new_game(store) for _ in range(n)] for n in (4, 4, 2))
    load_open, load_done, late_go = threading.Event(), threading.Event(), threading.Event()
    late_open = threading.Barrier(3)
    seen: list[tuple[uuid.UUID, int]] = []
    stop_reading = threading.Event()

    def bulk_load() -> None:
        with psycopg.connect(database_url) as conn:
            conn.execute("CREATE TEMP TABLE imported (n integer, body text)")
            for chunk in range(20):
                conn.execute(
                    "INSERT INTO imported SELECT g, repeat('x', 100)"
                    " FROM generate_series(%s::integer, %s::integer) AS g",
                    (chunk * 1000, chunk * 1000 + 999),
                )
            load_open.set()
            load_done.wait(120)
            conn.commit()

    def late_writer(game_id: uuid.UUID) -> None:
        head = store.read(game_id)[-1]
        with psycopg.connect(database_url) as conn:
            conn.execute(RAW_EVENT, (game_id, head.seq + 1, head.seq + 1, head.hash, "late"))
            late_open.wait(120)
            late_go.wait(120)
            conn.commit()

    def wave(games: list[uuid.UUID]) -> None:
        threads = [
            threading.Thread(target=append_all, args=(store, g, range(30)))
            for g in games
            for _ in range(2)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def read() -> None:
        nonlocal cursor
        while not stop_reading.is_set():
            batch = store.read_all(cursor, limit=50)
            seen.extend((e.game_id, e.seq) for e in batch)
            if batch:
                cursor = batch[-1].cursor
            else:
                stop_reading.wait(0.01)

    loader = threading.Thread(target=bulk_load)
    reader = threading.Thread(target=read)
    lates = [threading.Thread(target=late_writer, args=(g,)) for g in late_games]
    loader.start()
    try:
        assert load_open.wait(120)
        reader.start()
        start = {(g, 1) for g in first + second + late_games}
        wave(first)
        for thread in lates:
            thread.start()
        late_open.wait(120)
        wave(second)
        first_wave = {(g, s) for g in first for s in range(1, 62)}
        _wait_until_seen(seen, start | first_wave)
        behind = {(g, s) for g in second for s in range(2, 62)}
        assert behind.isdisjoint(seen), "an event committed behind an open appender was read"
        late_go.set()
        for thread in lates:
            thread.join()
        late = {(g, 2) for g in late_games}
        # The bulk load is still open: it keeps the reader from nothing.
        _wait_until_seen(seen, start | first_wave | behind | late)
    finally:
        late_go.set()
        load_done.set()
        stop_reading.set()
        for thread in [loader, reader, *lates]:
            if thread.is_alive():
                thread.join(60)
    assert len(seen) == len(set(seen)), "the feed repeated an event"


def _wait_until_seen(seen: list[tuple[uuid.UUID, int]], wanted: set[tuple[uuid.UUID, int]]) -> None:
    """Wait (bounded) for the reader thread to have read ``wanted``; fail with what is missing."""
    done = threading.Event()
    for _ in range(3000):
        if wanted <= set(seen):
            return
        done.wait(0.02)
    missing = wanted - set(seen)
    raise AssertionError(f"the reader never read {len(missing)} events, e.g. {sorted(missing)[:3]}")


def test_a_late_commit_is_not_skipped_though_its_position_is_older(
    store: EventStore, database_url: str
) -> None:
    """The late event gets a global_position below events committed before it: resuming by
    position would skip it for good. The cursor waits for it instead."""
    game_a, game_b = new_game(store), new_game(store)
    with psycopg.connect(database_url) as slow:
        head_a = store.read(game_a)[-1]
        slow.execute(RAW_EVENT, (game_a, head_a.seq + 1, head_a.seq + 1, head_a.hash, "late"))
        append_with_retry(store, game_b, 1)
        everything = _drain(store, None)
        cursor = everything[-1].cursor if everything else None
        assert (game_b, 2) not in {(e.game_id, e.seq) for e in everything}, (
            "an event committed behind an open appending transaction must wait for it"
        )
        slow.commit()
    later = _drain(store, cursor)
    assert {(e.game_id, e.seq) for e in later} >= {(game_a, 2), (game_b, 2)}
    with psycopg.connect(database_url) as conn:
        positions: dict[uuid.UUID, int] = dict(
            conn.execute(
                "SELECT game_id, global_position FROM events WHERE seq = 2 AND game_id IN (%s, %s)",
                (game_a, game_b),
            ).fetchall()
        )
    assert positions[game_a] < positions[game_b], "the late event was not older by position"


def test_the_feed_never_misses_or_repeats_under_concurrent_appends(store: EventStore) -> None:
    games = [new_game(store) for _ in range(8)]
    cursor = _end(store)
    seen: list[tuple[uuid.UUID, int]] = []
    done = threading.Event()

    def write(game_id: uuid.UUID) -> None:
        for i in range(40):
            append_with_retry(store, game_id, i)

    def read() -> None:
        nonlocal cursor
        while True:
            finished = done.is_set()
            batch = store.read_all(cursor, limit=50)
            seen.extend((e.game_id, e.seq) for e in batch)
            if batch:
                cursor = batch[-1].cursor
            elif finished:
                return

    writers = [threading.Thread(target=write, args=(g,)) for g in games for _ in range(2)]
    reader = threading.Thread(target=read)
    reader.start()
    for w in writers:
        w.start()
    for w in writers:
        w.join()
    done.set()
    reader.join(timeout=60)
    expected = {(g, s) for g in games for s in range(2, 82)}
    assert len(seen) == len(set(seen)), "the feed repeated an event"
    assert set(seen) >= expected, "the feed missed an event"


def test_a_transaction_that_wrote_before_announcing_itself_cannot_append(
    store: EventStore, database_url: str
) -> None:
    """Its id may already lie below a horizon a reader passed, so the database refuses it."""
    game_id = new_game(store)
    head = store.read(game_id)[-1]
    with psycopg.connect(database_url) as conn:
        conn.execute("CREATE TEMP TABLE before (n integer)")
        conn.execute("INSERT INTO before VALUES (1)")
        with pytest.raises(psycopg.errors.ObjectNotInPrerequisiteState, match="before anything"):
            conn.execute(RAW_EVENT, (game_id, head.seq + 1, head.seq + 1, head.hash, "x"))
    assert store.version(game_id) == head.seq


def test_cursors_come_only_from_the_feed(store: EventStore) -> None:
    game_id = new_game(store)
    assert [e.cursor for e in store.read(game_id)] == [""]
    assert not hasattr(StoredEvent, "global_position")
    with pytest.raises(ValueError, match="not a feed cursor"):
        store.read_all("12")
