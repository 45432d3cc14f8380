"""The event store's contract, against a real PostgreSQL."""

from __future__ import annotations

import itertools
import threading
import uuid

import psycopg
import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.application import Application
from service.store import Decision, EventStore, GameRecord, NewEvent, VersionConflict
from service.store.records import GENESIS_HASH, canonical_json, chain_hash, chain_hash_of_texts

pytestmark = pytest.mark.storage


def _new_game(store: EventStore) -> uuid.UUID:
    game = GameRecord.new("counting", "1", "none", 2)
    store.create_game(game, _decision(0))
    return game.game_id


def _decision(n: int, size: int = 1) -> Decision:
    events = tuple(NewEvent("test.ticked", 1, {"n": n, "i": i}, "public") for i in range(size))
    return Decision(events, "seat:0", {"type": "tick", "n": n})


def _append_with_retry(store: EventStore, game_id: uuid.UUID, n: int) -> None:
    while True:
        seq, digest = store.head(game_id)
        try:
            store.append(game_id, seq, digest, _decision(n))
            return
        except VersionConflict:
            continue


def test_a_decision_is_appended_whole_with_a_valid_chain(store: EventStore) -> None:
    game_id = _new_game(store)
    head = store.read(game_id)[-1]
    store.append(game_id, head.seq, head.hash, _decision(1, size=3))
    events = store.read(game_id)
    assert [e.seq for e in events] == [1, 2, 3, 4]
    assert [e.decision_seq for e in events] == [1, 2, 2, 2]
    assert events[0].prev_hash == GENESIS_HASH
    for before, after in itertools.pairwise(events):
        assert after.prev_hash == before.hash
    assert all(e.hash == e.expected_hash() for e in events)
    assert events[1].command == {"type": "tick", "n": 1} and events[2].command is None


def test_two_writers_at_the_same_version_one_wins_one_conflicts(store: EventStore) -> None:
    game_id = _new_game(store)
    head = store.read(game_id)[-1]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def write(n: int) -> None:
        barrier.wait()
        try:
            store.append(game_id, head.seq, head.hash, _decision(n))
            outcomes.append("won")
        except VersionConflict as conflict:
            assert conflict.actual == head.seq + 1
            outcomes.append("conflict")

    threads = [threading.Thread(target=write, args=(n,)) for n in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "won"]
    assert store.version(game_id) == head.seq + 1


def test_an_append_that_skips_ahead_is_a_conflict_not_a_gap(store: EventStore) -> None:
    game_id = _new_game(store)
    with pytest.raises(VersionConflict):
        store.append(game_id, 5, GENESIS_HASH, _decision(1))
    assert store.version(game_id) == 1


def test_sixteen_writers_fifty_appends_each_all_land_gapless(store: EventStore) -> None:
    game_id = _new_game(store)
    threads = [
        threading.Thread(
            target=lambda w=w: [_append_with_retry(store, game_id, w * 100 + i) for i in range(50)]
        )
        for w in range(16)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = store.read(game_id)
    assert [e.seq for e in events] == list(range(1, 802))
    assert sorted(e.payload["n"] for e in events[1:]) == sorted(
        w * 100 + i for w in range(16) for i in range(50)
    )
    assert all(b.prev_hash == a.hash for a, b in itertools.pairwise(events))
    assert all(e.hash == e.expected_hash() for e in events)


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE events SET payload = '{}'::jsonb WHERE game_id = %s",
        "DELETE FROM events WHERE game_id = %s",
        "TRUNCATE events CASCADE",
    ],
)
def test_events_are_append_only(store: EventStore, database_url: str, statement: str) -> None:
    game_id = _new_game(store)
    with psycopg.connect(database_url) as conn, pytest.raises(psycopg.Error, match="append-only"):
        conn.execute(statement, (game_id,) if "%s" in statement else None)
    assert store.version(game_id) == 1


def test_notify_fires_after_commit(store: EventStore, database_url: str) -> None:
    game_id = _new_game(store)
    with psycopg.connect(database_url, autocommit=True) as listener:
        listener.execute("LISTEN cairn_events")
        head = store.read(game_id)[-1]
        store.append(game_id, head.seq, head.hash, _decision(7, size=2))
        payloads = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
    assert payloads == [f"{game_id}:3"]


def test_the_global_feed_never_misses_or_repeats_under_concurrent_appends(
    store: EventStore,
) -> None:
    games = [_new_game(store) for _ in range(8)]
    start = store.read_all(limit=1_000_000)
    cursor = start[-1].cursor if start else None
    seen: list[tuple[uuid.UUID, int]] = []
    done = threading.Event()

    def write(game_id: uuid.UUID) -> None:
        for i in range(40):
            _append_with_retry(store, game_id, i)

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


def test_a_late_committing_transaction_is_not_skipped(store: EventStore, database_url: str) -> None:
    game_a, game_b = _new_game(store), _new_game(store)
    with psycopg.connect(database_url) as slow:
        head_a = store.read(game_a)[-1]
        slow_store_insert = (
            "INSERT INTO events (game_id, seq, type, schema_version, payload, visibility,"
            " decision_seq, prev_hash, hash) VALUES (%s, %s, 'test.late', 1, '{}', 'public',"
            " %s, %s, 'x')"
        )
        slow.execute(slow_store_insert, (game_a, head_a.seq + 1, head_a.seq + 1, head_a.hash))
        head_b = store.read(game_b)[-1]
        store.append(game_b, head_b.seq, head_b.hash, _decision(1))
        everything = store.read_all(limit=1_000_000)
        cursor = everything[-1].cursor if everything else None
        assert all(e.game_id != game_b or e.seq != 2 for e in everything), (
            "an event committed behind an open transaction must wait for it"
        )
        slow.commit()
    later = store.read_all(cursor, limit=1_000_000)
    assert {(e.game_id, e.seq) for e in later} >= {(game_a, 2), (game_b, 2)}


def test_idempotency_key_three_times_one_append_three_identical_answers(
    app: Application,
) -> None:
    game = app.create_game("counting", seats=2, seed="cd" * 32)
    answers = [
        app.act(game.game_id, 0, {"type": "add", "amount": 1}, idempotency_key="k-1")
        for _ in range(3)
    ]
    assert app.store.version(game.game_id) == game.version + 1
    assert len({(a.version, tuple(e.hash for e in a.events)) for a in answers}) == 1
    assert [a.replayed for a in answers] == [False, True, True]


def test_snapshots_are_a_disposable_cache(app: Application) -> None:
    from service.application import loading

    game = app.create_game("counting", seats=2, seed="ef" * 32, options={"target": 20})
    for _ in range(4):
        app.act(game.game_id, 0, {"type": "draw"})
        app.act(game.game_id, 1, {"type": "draw"})
    before = app.view(game.game_id, None)
    original, loading.SNAPSHOT_EVERY = loading.SNAPSHOT_EVERY, 4
    try:
        fresh = Application(app.store)
        fresh.act(game.game_id, 0, {"type": "add", "amount": 1})
        _, snapshot_seen = app.store.opening(game.game_id, [loading.engine_fingerprint("counting")])
        assert snapshot_seen is not None
        with_snapshot = Application(app.store).view(game.game_id, None)
        app.store.delete_snapshots(game.game_id)
        without = Application(app.store).view(game.game_id, None)
    finally:
        loading.SNAPSHOT_EVERY = original
    assert with_snapshot == without
    assert with_snapshot["version"] == before["version"] + 1


@given(
    payload=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=8,
    ),
    actor=st.none() | st.text(),
    kind=st.text(),
)
def test_the_appenders_hash_is_the_documented_hash(
    payload: object, actor: str | None, kind: str
) -> None:
    """The appender spells the hashed body out by hand; it must equal canonical JSON's."""
    command = {"type": "x", "p": payload}
    expected = chain_hash(
        GENESIS_HASH,
        seq=3,
        type=kind,
        schema_version=2,
        visibility="seat:1",
        actor=actor,
        payload=payload,
        command=command,
    )
    assert expected == chain_hash_of_texts(
        GENESIS_HASH,
        seq=3,
        type=kind,
        schema_version=2,
        visibility="seat:1",
        actor=actor,
        payload_text=canonical_json(payload),
        command_text=canonical_json(command),
    )
