"""The append's call on the wire (``service.store.appending``), against a real PostgreSQL."""

from __future__ import annotations

import socket
import threading
import uuid
from typing import Any

import psycopg
import pytest
from psycopg.pq import ConnStatus
from psycopg.rows import tuple_row
from psycopg_pool import ConnectionPool

from service.store import (
    ChainMismatch,
    Decision,
    EventStore,
    NewEvent,
    VersionConflict,
    appending,
)
from service.store.appending import append_call
from service.store.event_store import wake_up
from tests.support.appending import decision, new_game

pytestmark = pytest.mark.storage


def test_the_append_is_prepared_once_on_its_connection_and_survives_losing_it(
    database_url: str,
) -> None:
    """One connection, so that every append and the DEALLOCATE are on it: a prepared call
    dropped behind the store's back is prepared again, and the append goes through once."""
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        store = EventStore(pool)
        game_id = new_game(store)
        head = store.read(game_id)[-1]
        store.append(game_id, head.seq, head.hash, decision(1))
        with pool.connection() as conn:
            with conn.cursor(row_factory=tuple_row) as cur:
                cur.execute("SELECT name FROM pg_prepared_statements")
                assert ("cairn_append",) in cur.fetchall()
            conn.execute("DEALLOCATE cairn_append")
        head = store.read(game_id)[-1]
        stored = store.append(game_id, head.seq, head.hash, decision(2), ("k2", "h", {})).events
        assert [e.seq for e in store.read(game_id)] == [1, 2, 3]
        assert store.read(game_id)[-1] == stored[-1]
        with pytest.raises(VersionConflict):  # and a refusal is still the same refusal
            store.append(game_id, head.seq, head.hash, decision(3), ("k3", "h", {}))
        assert [e.seq for e in store.read(game_id)] == [1, 2, 3]


def test_a_follow_up_the_database_refuses_rolls_the_whole_call_back(database_url: str) -> None:
    """A follow-up the function refuses (one with no event) after the first decision's rows
    were written: the call leaves nothing; the connection appends on."""
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        store = EventStore(pool)
        game_id = new_game(store)
        head = store.read(game_id)[-1]
        empty = Decision((), "system", None)
        call = appending.decisions_call(
            game_id, 2, head.hash, [(decision(1), None), (empty, None)], ("k", "h", {})
        )
        with pool.connection() as conn, pytest.raises(psycopg.errors.InvalidParameterValue):
            appending.committed(conn, call, wake_up(game_id, 2))
        assert [e.seq for e in store.read(game_id)] == [1]
        assert store.idempotent_response(game_id, "k") is None
        stored = store.append(game_id, 1, head.hash, decision(1), then=[(decision(2), None)]).events
        assert [e.seq for e in store.read(game_id)] == [1, 2, 3]
        assert store.read(game_id)[1:] == stored


def test_a_follow_up_off_the_chain_is_refused_with_everything_before_it(
    database_url: str,
) -> None:
    """A decision and its follow-up after a head that moved: the primary key refuses the
    first row, and nothing of either decision is left."""
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        store = EventStore(pool)
        game_id = new_game(store)
        head = store.read(game_id)[-1]
        store.append(game_id, head.seq, head.hash, decision(1))
        with pytest.raises(VersionConflict):
            store.append(game_id, head.seq, head.hash, decision(2), then=[(decision(3), None)])
        assert [e.decision_seq for e in store.read(game_id)] == [1, 2]


def test_a_call_of_several_decisions_deallocated_is_prepared_and_sent_again(
    database_url: str,
) -> None:
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        store = EventStore(pool)
        game_id = new_game(store)
        head = store.read(game_id)[-1]
        store.append(game_id, head.seq, head.hash, decision(1))
        with pool.connection() as conn:
            conn.execute("DEALLOCATE cairn_append_decisions")
        head = store.read(game_id)[-1]
        store.append(game_id, head.seq, head.hash, decision(2), then=[(decision(3), None)])
        assert [e.decision_seq for e in store.read(game_id)] == [1, 2, 3, 4]


class _LostConnection:
    """A libpq connection that broke after its answers were read: no Sync will come."""

    status = ConnStatus.BAD

    def __init__(self, socket: int) -> None:
        self.socket = socket

    def flush(self) -> int:
        return 0

    def is_busy(self) -> bool:
        return False

    def get_result(self) -> None:
        return None

    def get_error_message(self, encoding: str = "utf-8") -> str:
        return "server closed the connection unexpectedly"


def test_a_connection_lost_while_answers_are_awaited_is_an_error_not_a_spin() -> None:
    """What a request thread found when the database stopped mid-append: it must fail at once
    (the pool replaces the connection and the request is a 503), not wait for ever for a Sync
    a lost connection never sends (which also starved the process's other threads)."""
    ours, theirs = socket.socketpair()
    outcome: list[BaseException] = []

    def wait() -> None:
        try:
            appending._answers(_LostConnection(ours.fileno()), syncs=1)  # type: ignore[arg-type]
        except BaseException as exc:
            outcome.append(exc)

    waiting = threading.Thread(target=wait, daemon=True)
    waiting.start()
    waiting.join(5)
    ours.close()
    theirs.close()
    assert not waiting.is_alive(), "still waiting for a Sync after 5 s"
    assert [type(e) for e in outcome] == [psycopg.OperationalError]
    assert "closed the connection" in str(outcome[0])


def test_a_connection_lost_under_a_new_games_append_is_the_database_unavailable(
    database_url: str,
) -> None:
    """A new game's first decision runs inside the caller's transaction (``within``). When
    the server drops that connection (a restart), the error is psycopg's OperationalError,
    which the API answers with 503 ``database_unavailable``; it was a bare DatabaseError,
    a 500 (tests/reliability/test_database_restart.py saw one)."""
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        store = EventStore(pool)
        game_id = new_game(store)
        head = store.read(game_id)[-1]
        call = append_call(game_id, 2, head.hash, decision(1), None, None)
        with psycopg.connect(database_url) as lost, psycopg.connect(database_url) as other:
            pid = lost.info.backend_pid
            other.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))
            with pytest.raises(psycopg.OperationalError):
                appending.within(lost, call)
        assert [e.seq for e in store.read(game_id)] == [1]


def _rows(conn: psycopg.Connection[Any], game_id: uuid.UUID) -> list[tuple[Any, ...]]:
    """Every column of the game's events but the game's id and what its transaction gives
    (tx, global_position, recorded_at)."""
    return conn.execute(
        "SELECT seq, prev_seq, type, schema_version, payload, visibility, actor, decision_seq,"
        " command, metadata, prev_hash, hash FROM events WHERE game_id = %s ORDER BY seq",
        (game_id,),
    ).fetchall()


def test_a_lone_event_is_inserted_as_the_very_row_the_function_writes(database_url: str) -> None:
    """The plain INSERT of a decision of one event and nothing else (``ONE``) against
    ``cairn_append``'s call for the same decisions, on two games alike: the same rows."""
    lone = [
        Decision(
            (NewEvent("test.placed", 2, {"hex": "C4", "name": 'Zoë "q"'}, "seat:1"),),
            "seat:1",
            {"type": "place", "hex": "C4"},
            {"ip": "10.0.0.1", "request": "r-1"},
        ),
        Decision((NewEvent("test.turned", 1, {"next": 2}, "public"),), None, None),
    ]
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        store = EventStore(pool)
        quick_game, plain_game = new_game(store), new_game(store)
        head = store.read(quick_game)[-1].hash
        assert head == store.read(plain_game)[-1].hash  # game ids are not hashed
        with pool.connection() as conn:
            for seq, each in enumerate(lone, start=2):
                quick = append_call(quick_game, seq, head, each, None, None)
                plain = appending.function_call(plain_game, seq, head, each, None, None)
                assert (quick.statement, plain.statement) == (appending.ONE, appending.APPEND)
                assert quick.hashes == plain.hashes
                appending.committed(conn, quick, wake_up(quick_game, seq))
                appending.committed(conn, plain, wake_up(plain_game, seq))
                head = quick.hashes[-1]
            assert _rows(conn, quick_game) == _rows(conn, plain_game)
            assert len(_rows(conn, quick_game)) == 3


def test_a_lone_events_insert_is_refused_as_the_call_is(database_url: str) -> None:
    """The guarantees are the schema's, so the plain INSERT is refused like the call: a lost
    race, a wrong head hash; and a statement dropped behind the store's back is made again."""
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        store = EventStore(pool)
        game_id = new_game(store)
        head = store.read(game_id)[-1]
        stored = store.append(game_id, head.seq, head.hash, decision(1)).events
        with pytest.raises(VersionConflict):
            store.append(game_id, head.seq, head.hash, decision(2))
        with pytest.raises(ChainMismatch):
            store.append(game_id, 2, "f" * 64, decision(2))
        with pool.connection() as conn:
            conn.execute("DEALLOCATE cairn_append_one")
        store.append(game_id, 2, stored[-1].hash, decision(3))
        assert [e.decision_seq for e in store.read(game_id)] == [1, 2, 3]
        assert all(e.hash == e.expected_hash() for e in store.read(game_id))


def _written(conn: psycopg.Connection[Any], game_id: uuid.UUID) -> dict[str, Any]:
    """Everything an append writes for a game, but its ids and times: the events, the key's
    record, the game's end, and the outbox rows (by the seat their hook hears)."""
    return {
        "events": _rows(conn, game_id),
        # a JSON null and no command read alike as None: the texts tell them apart
        "commands": conn.execute(
            "SELECT seq, command::text FROM events WHERE game_id = %s ORDER BY seq", (game_id,)
        ).fetchall(),
        "keys": conn.execute(
            "SELECT key, request_hash, response, refused FROM idempotency WHERE game_id = %s",
            (game_id,),
        ).fetchall(),
        "game": conn.execute(
            "SELECT status, result, finished_at IS NOT NULL FROM games WHERE game_id = %s",
            (game_id,),
        ).fetchall(),
        "outbox": conn.execute(
            "SELECT w.seat, o.kind, o.body FROM outbox o JOIN webhooks w USING (game_id, hook_id)"
            " WHERE o.game_id = %s ORDER BY w.seat, o.kind, o.body::text",
            (game_id,),
        ).fetchall(),
    }


def test_several_decisions_in_one_call_write_what_a_call_each_writes(database_url: str) -> None:
    """``decisions_call`` (one ``cairn_append_decisions``) against ``function_call`` for each
    decision in one transaction (the form before migration 0013), on two games alike: the
    same events, key record, game end and outbox rows, and the same count of them."""
    your_turn = {"kind": "your_turn", "seats": [1], "body": {"version": 6, "seats": [1]}}
    ended = {"kind": "game_ended", "seats": [0, 1], "body": {"version": 7, "seats": [0, 1]}}
    seat = Decision(
        (
            NewEvent("test.placed", 2, {"hex": "C4", "name": 'Zoë "q"\\n'}, "seat:0"),
            NewEvent("test.drawn", 1, {"tile": 7}, "seat:0"),
        ),
        "seat:0",
        {"type": "place", "hex": "C4"},
        {"ip": "10.0.0.1"},
    )
    moves: list[tuple[Decision, dict[str, Any] | None]] = [
        (seat, None),
        (Decision((NewEvent("test.scored", 1, {"points": [1, 2]}, "public"),), None, None), None),
        (
            Decision(
                (NewEvent("test.turned", 1, {}, "public"), NewEvent("test.dealt", 1, {}, "seat:1")),
                "system",
                {"type": "deal"},
                notices=(your_turn,),
            ),
            None,
        ),
        (
            Decision(
                (NewEvent("test.ended", 1, {"winner": 1}, "public"),),
                "system",
                {"type": "end"},
                notices=(ended,),
            ),
            {"winners": [1]},
        ),
    ]
    key = ("key-1", "c" * 64, {"version": 7, "from": 2, "to": 7, "to_act": []})
    with ConnectionPool(database_url, min_size=1, max_size=1, open=True) as pool:
        store = EventStore(pool)
        one_game, each_game = new_game(store), new_game(store)
        for game_id in (one_game, each_game):
            for hearing in (0, 1, None):
                store.webhooks.register(game_id, "https://h.example/", "s", "seat", "", hearing)
        head = store.read(one_game)[-1].hash
        one = appending.decisions_call(one_game, 2, head, moves, key)
        calls, start, prev = [], 2, head
        for n, (each, result) in enumerate(moves):
            calls.append(
                appending.function_call(
                    each_game, start, prev, each, key if n == 0 else None, result
                )
            )
            start, prev = start + len(each.events), calls[-1].hashes[-1]
        assert one.statement == appending.DECISIONS
        assert one.hashes == [h for call in calls for h in call.hashes]
        with pool.connection() as conn:
            answer = appending.committed(conn, one, wake_up(one_game, 7))
            with conn.transaction():
                counts = [appending.within(conn, call).outboxed for call in calls]
            assert answer.outboxed == sum(counts) == 5
            assert _written(conn, one_game) == _written(conn, each_game)
            assert [r["decision_seq"] for r in _rows(conn, one_game)] == [1, 2, 2, 4, 5, 5, 7]
        assert all(e.hash == e.expected_hash() for e in store.read(one_game))
