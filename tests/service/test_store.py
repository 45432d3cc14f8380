"""The event store's contract, against a real PostgreSQL."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
import threading
import unittest.mock
import uuid
from typing import Any

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from psycopg_pool import ConnectionPool

from service.application import Application
from service.store import (
    ChainMismatch,
    Decision,
    EventStore,
    GameExists,
    GameRecord,
    NewEvent,
    NonIntegerNumber,
    UnknownGame,
    VersionConflict,
    event_store,
)
from service.store.errors import constraint_of
from service.store.records import GENESIS_HASH, canonical_json, chain_hash, chain_hash_of_texts
from service.store.verbatim import insert_verbatim
from tests.support.appending import RAW_EVENT, append_all, append_with_retry, decision, new_game

pytestmark = pytest.mark.storage


def test_a_decision_is_appended_whole_with_a_valid_chain(store: EventStore) -> None:
    game_id = new_game(store)
    head = store.read(game_id)[-1]
    store.append(game_id, head.seq, head.hash, decision(1, size=3))
    events = store.read(game_id)
    assert [e.seq for e in events] == [1, 2, 3, 4]
    assert [e.decision_seq for e in events] == [1, 2, 2, 2]
    assert events[0].prev_hash == GENESIS_HASH
    for before, after in itertools.pairwise(events):
        assert after.prev_hash == before.hash
    assert all(e.hash == e.expected_hash() for e in events)
    assert events[1].command == {"type": "tick", "n": 1} and events[2].command is None


def test_two_writers_at_the_same_version_one_wins_one_conflicts(store: EventStore) -> None:
    game_id = new_game(store)
    head = store.read(game_id)[-1]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def write(n: int) -> None:
        barrier.wait()
        try:
            store.append(game_id, head.seq, head.hash, decision(n))
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
    game_id = new_game(store)
    with pytest.raises(VersionConflict):
        store.append(game_id, 5, GENESIS_HASH, decision(1))
    assert store.version(game_id) == 1


def test_sixteen_writers_fifty_appends_each_all_land_gapless(store: EventStore) -> None:
    game_id = new_game(store)
    threads = [
        threading.Thread(target=append_all, args=(store, game_id, range(w * 100, w * 100 + 50)))
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
    game_id = new_game(store)
    with psycopg.connect(database_url) as conn, pytest.raises(psycopg.Error, match="append-only"):
        conn.execute(statement, (game_id,) if "%s" in statement else None)
    assert store.version(game_id) == 1


def test_notify_fires_after_commit(store: EventStore, database_url: str) -> None:
    game_id = new_game(store)
    with psycopg.connect(database_url, autocommit=True) as listener:
        listener.execute("LISTEN cairn_events")
        head = store.read(game_id)[-1]
        store.append(game_id, head.seq, head.hash, decision(7, size=2))
        payloads = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
    assert payloads == [f"{game_id}:3"]


def test_a_failed_wake_up_after_the_commit_does_not_fail_the_append(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The NOTIFY rides in the append's exchange, after its COMMIT: when only the NOTIFY
    fails, the append is durable and is reported as made (a caller told otherwise would
    retry it), and the connection goes on working."""
    game_id = new_game(store)
    monkeypatch.setattr(event_store, "wake_up", lambda game_id, seq: "SELECT 1 / 0")
    for n in range(1, 8):
        head = store.read(game_id)[-1]
        stored = store.append(game_id, head.seq, head.hash, decision(n), (f"w{n}", "h", {})).events
        assert [e.seq for e in stored] == [head.seq + 1]
    assert store.version(game_id) == 8
    head = store.read(game_id)[-1]
    with pytest.raises(VersionConflict):  # a refusal is still a refusal
        store.append(game_id, head.seq - 1, store.read(game_id)[-2].hash, decision(9))
    assert store.version(game_id) == 8


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


# -- the store enforces its own chain ------------------------------------------------------


def test_an_append_with_a_wrong_head_hash_is_refused_at_write_time(store: EventStore) -> None:
    game_id = new_game(store)
    head = store.read(game_id)[-1]
    with pytest.raises(ChainMismatch, match="does not chain"):
        store.append(game_id, head.seq, "f" * 64, decision(1))
    assert store.version(game_id) == head.seq


def test_the_first_event_must_follow_the_genesis_hash(store: EventStore) -> None:
    game = GameRecord.new("counting", "1", "none", 2)
    store.create_game(game, Decision((), None, None))
    with pytest.raises(ChainMismatch):
        store.append(game.game_id, 0, "a" * 64, decision(1))
    store.append(game.game_id, 0, GENESIS_HASH, decision(1))
    assert store.version(game.game_id) == 1


def test_the_database_refuses_a_broken_link_whoever_writes_it(
    store: EventStore, database_url: str
) -> None:
    game_id = new_game(store)
    with psycopg.connect(database_url) as conn, pytest.raises(psycopg.errors.ForeignKeyViolation):
        conn.execute(RAW_EVENT, (game_id, 2, 2, "e" * 64, "x"))
    assert store.version(game_id) == 1


# -- store errors, not driver errors --------------------------------------------------------


def test_appending_to_an_unknown_game_is_unknown_game(store: EventStore) -> None:
    missing = uuid.uuid4()
    for version, digest in ((0, GENESIS_HASH), (3, "c" * 64)):
        with pytest.raises(UnknownGame) as raised:
            store.append(missing, version, digest, decision(1))
        assert raised.value.game_id == missing


def test_creating_a_game_twice_is_game_exists(store: EventStore) -> None:
    game = GameRecord.new("counting", "1", "none", 2)
    store.create_game(game, decision(0))
    with pytest.raises(GameExists):
        store.create_game(game, decision(0))
    assert store.version(game.game_id) == 1


def test_a_fork_of_an_unknown_game_is_unknown_game(store: EventStore) -> None:
    parent = uuid.uuid4()
    child = GameRecord.new("counting", "1", "none", 2, parent_id=parent, fork_at=0)
    with pytest.raises(UnknownGame) as raised:
        store.create_game(child, decision(0))
    assert raised.value.game_id == parent
    with pytest.raises(UnknownGame):
        store.game(child.game_id)


def test_a_fork_copies_the_prefix_and_goes_on_from_its_hash(store: EventStore) -> None:
    parent = new_game(store)
    for n in range(3):
        append_with_retry(store, parent, n)
    child = GameRecord.new("counting", "1", "none", 2, parent_id=parent, fork_at=3)
    stored = store.create_game(child, decision(9)).events
    copied = store.read(parent, until=3)
    assert [e.hash for e in stored[:3]] == [e.hash for e in copied]
    assert stored[3].prev_hash == copied[-1].hash and stored[3].seq == 4
    assert all(e.hash == e.expected_hash() for e in stored)


def test_importing_a_game_twice_is_game_exists(store: EventStore) -> None:
    original = new_game(store)
    game = dataclasses.replace(store.game(original), game_id=uuid.uuid4())
    events = store.read(original)
    insert_verbatim(store, game, events, "test")
    with pytest.raises(GameExists):
        insert_verbatim(store, game, events, "test")


def test_importing_a_fork_of_an_unknown_game_is_unknown_game(store: EventStore) -> None:
    original = new_game(store)
    orphan = uuid.uuid4()
    game = dataclasses.replace(
        store.game(original), game_id=uuid.uuid4(), parent_id=orphan, fork_at=0
    )
    with pytest.raises(UnknownGame) as raised:
        insert_verbatim(store, game, store.read(original), "test")
    assert raised.value.game_id == orphan


def test_an_import_with_a_broken_chain_is_chain_mismatch(store: EventStore) -> None:
    original = new_game(store)
    append_with_retry(store, original, 1)
    game = dataclasses.replace(store.game(original), game_id=uuid.uuid4())
    first, second = store.read(original)
    broken = dataclasses.replace(second, prev_hash="d" * 64)
    with pytest.raises(ChainMismatch) as raised:
        insert_verbatim(store, game, [first, broken], "test")
    assert raised.value.seq == 1
    with pytest.raises(UnknownGame):
        store.game(game.game_id)


# -- what is hashed is what is read back ----------------------------------------------------


def test_jsonb_respells_floats_which_is_why_events_refuse_them(database_url: str) -> None:
    sent = canonical_json({"big": 1e16, "negative_zero": -0.0, "half": 0.5})
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT %s::jsonb::text", (sent,)).fetchone()
    assert row is not None
    back = canonical_json(json.loads(row[0]))
    assert back != sent, "jsonb kept the spelling: the refusal below would be needless"
    assert '"big":10000000000000000' in back and '"negative_zero":0.0' in back


@pytest.mark.parametrize(
    "payload",
    [{"x": 1e16}, {"x": -0.0}, {"x": [1, {"y": 0.5}]}, {"x": float("inf")}],
    ids=["1e16", "-0.0", "nested", "inf"],
)
def test_an_event_with_a_non_integer_number_is_refused(
    store: EventStore, payload: dict[str, Any]
) -> None:
    game_id = new_game(store)
    head = store.read(game_id)[-1]
    event = NewEvent("test.measured", 1, payload, "public")
    with pytest.raises(NonIntegerNumber, match="integers only"):
        store.append(game_id, head.seq, head.hash, Decision((event,), "seat:0", None))
    with pytest.raises(NonIntegerNumber):
        store.append(game_id, head.seq, head.hash, Decision((), "seat:0", {"p": payload}))
    assert store.version(game_id) == head.seq


_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="\x00"))
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30) | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=st.dictionaries(_TEXT, _JSON, max_size=5), command=_JSON)
def test_every_payload_the_store_takes_reads_back_to_its_hash(
    store: EventStore, payload: dict[str, Any], command: Any
) -> None:
    game = GameRecord.new("counting", "1", "none", 2)
    event = NewEvent("test.anything", 1, payload, "public")
    store.create_game(game, Decision((event,), None, {"c": command}))
    (stored,) = store.read(game.game_id)
    assert stored.payload == payload and stored.command == {"c": command}
    assert stored.expected_hash() == stored.hash


def test_a_refused_append_leaves_nothing_behind_and_its_connection_sound(
    database_url: str,
) -> None:
    """The events, the idempotency row and the notices go in one exchange, one implicit
    transaction (``EventStore._insert``): a refused companion row takes the events with it,
    and a refused event row the companions. Over and over, so every pooled connection gets
    past psycopg's prepare threshold: a statement the server skipped after a refused one
    must not be taken for prepared by the connection's next append (one connection, so
    that every append is on it)."""
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        _append_and_refuse(EventStore(pool))


def _append_and_refuse(store: EventStore) -> None:
    game_id = new_game(store)
    for n in range(1, 21):
        head = store.read(game_id)[-1]
        store.append(game_id, head.seq, head.hash, decision(n), (f"k{n}", "h", {"n": n}))
        after = store.read(game_id)
        with pytest.raises(VersionConflict):  # the seq is taken: the key's row is skipped
            store.append(game_id, head.seq, head.hash, decision(n), (f"late{n}", "h", {}))
        assert store.read(game_id) == after
    with pytest.raises(VersionConflict):  # the key is taken: the events roll back
        store.append(game_id, after[-1].seq, after[-1].hash, decision(99), ("k1", "h", {}))
    assert store.read(game_id) == after


def test_a_refusal_is_known_by_its_constraint_on_one_server_and_on_a_citus_shard(
    database_url: str,
) -> None:
    """The store recognises a refusal by its constraint's name, which Citus gives a shard's
    copy with the shard's id after it: ``constraint_of`` takes that suffix off, so no
    constraint of the schema may end so itself (it would be read as another's)."""
    with psycopg.connect(database_url) as conn:
        names = [
            name
            for (name,) in conn.execute(
                "SELECT conname FROM pg_constraint c JOIN pg_namespace n"
                " ON n.oid = c.connamespace WHERE n.nspname = 'public'"
            ).fetchall()
        ]
        assert "games_pkey" in names and "events_chain" in names
        assert [name for name in names if re.search(r"_\d+$", name)] == []
        game_id = uuid.uuid4()
        insert = (
            "INSERT INTO games (game_id, ruleset, rules_version, content_hash, seats)"
            " VALUES (%s, 'x', '1', 'h', 1)"
        )
        conn.execute(insert, (game_id,))
        with pytest.raises(psycopg.errors.UniqueViolation) as refused:
            conn.execute(insert, (game_id,))
        conn.rollback()
    assert constraint_of(refused.value) == "games_pkey"
    # as a Citus coordinator relays a worker's refusal: the shard's name, in the message only
    relayed = {
        "constraint_name": None,
        "message_primary": 'duplicate key value violates unique constraint "games_pkey_102036"',
    }
    with unittest.mock.patch.multiple(type(refused.value.diag), **relayed):
        assert constraint_of(refused.value) == "games_pkey"
