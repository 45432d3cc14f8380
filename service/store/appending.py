"""An append on the wire: one call of ``cairn_append`` (migrations 0011 and 0012), or for a
decision that is one event and nothing else the plain INSERT of its row, or for a decision
with the system's decisions after it one call of ``cairn_append_decisions`` (migration
0013), each prepared once per connection, with the wake-up behind it, in one exchange
through libpq. Each answers its events' recorded_at and how many outbox rows it wrote (the
plain INSERT none).

psycopg's cursors and pipeline cost an append more client CPU than the server's whole work
(issue #26, bench/HISTORY.md). Here the parameters are texts, most of them the very texts the
hash was computed over, and the server takes their types from the function's signature (or
the events' columns).

The call is prepared outside any pipeline and any transaction. A Parse queued in a pipeline
behind a refused statement is skipped by the server, and a later append naming it would fail
(the libpq pipeline tried before this one did); a prepared statement, once made, outlives a
rolled-back transaction. Should it be gone all the same (a ``DEALLOCATE ALL``), the append is
prepared and sent again.
"""

from __future__ import annotations

import json
import select
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID
from weakref import WeakKeyDictionary

import psycopg
from psycopg.abc import Loader
from psycopg.errors import error_from_result
from psycopg.pq import ConnStatus, DiagnosticField, ExecStatus, Format, TransactionStatus
from psycopg.pq.abc import PGconn, PGresult

from service.store.records import Chained, Decision, canonical_json, chained
from service.store.statements import notices_param

APPEND = b"cairn_append"
"""The prepared call's name on every store connection."""
APPEND_SQL = (
    b"SELECT stamp, outboxed FROM cairn_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
)
ONE = b"cairn_append_one"
"""The prepared plain INSERT of a decision that is one event and nothing else."""
ONE_SQL = (
    b"INSERT INTO events (game_id, seq, type, schema_version, payload, visibility, actor,"
    b" decision_seq, command, metadata, prev_hash, hash)"
    b" VALUES ($1, $2, $3, $4, $5, $6, $7, $2, $8, $9, $10, $11) RETURNING recorded_at"
)
DECISIONS = b"cairn_append_decisions"
"""The prepared call of ``cairn_append_decisions`` (migration 0013): a decision and the
system's decisions after it, one call."""
DECISIONS_SQL = b"SELECT stamp, outboxed FROM cairn_append_decisions($1, $2, $3, $4, $5, $6, $7)"
STATEMENTS = {APPEND: APPEND_SQL, ONE: ONE_SQL, DECISIONS: DECISIONS_SQL}
_DONE = (ExecStatus.COMMAND_OK, ExecStatus.TUPLES_OK)
_LOST_STATEMENT = b"26000"  # invalid_sql_statement_name
_TIMESTAMPTZ = psycopg.adapters.types["timestamptz"].oid

# Each connection the call is prepared on, with the loader of its answer (a connection's
# time zone decides how a timestamptz reads, as it does for psycopg's own reads).
_prepared: WeakKeyDictionary[psycopg.Connection[Any], Loader] = WeakKeyDictionary()


@dataclass(frozen=True)
class Answer:
    """What one call wrote: its events' recorded_at and how many outbox rows."""

    recorded_at: datetime
    outboxed: int


@dataclass(frozen=True)
class AppendCall:
    """The prepared statement that appends one decision (``APPEND`` or ``ONE``), its
    parameters, and the hash of each of the decision's events."""

    statement: bytes
    params: list[bytes | None]
    hashes: list[str]


def append_call(
    game_id: UUID,
    start_seq: int,
    prev_hash: str,
    decision: Decision,
    idempotency: tuple[str, str, dict[str, Any]] | None,
    result: dict[str, Any] | None,
) -> AppendCall:
    """The decision's events chained from ``prev_hash``, and what goes with them.

    A decision of one event with nothing else to write (no idempotency record, result or
    notices: most of a game's decisions) is one plain INSERT of its row, the very row
    ``cairn_append`` would write: it skips the function's call and its JSON array on the
    server (issue #26, bench/HISTORY.md), and every guarantee is the schema's either way.
    """
    alone = idempotency is None and result is None and not decision.notices
    if alone and len(decision.events) == 1:
        return _one(game_id, chained(start_seq, prev_hash, decision)[0], decision)
    return function_call(game_id, start_seq, prev_hash, decision, idempotency, result)


def function_call(
    game_id: UUID,
    start_seq: int,
    prev_hash: str,
    decision: Decision,
    idempotency: tuple[str, str, dict[str, Any]] | None,
    result: dict[str, Any] | None,
) -> AppendCall:
    """``cairn_append``'s call for the decision, whatever it holds."""
    links = chained(start_seq, prev_hash, decision)
    command_text = canonical_json(decision.command)
    hashes = [link.hash for link in links]
    key, request_hash, response = idempotency or (None, None, None)
    params = [
        str(game_id).encode(),
        str(int(start_seq)).encode(),
        prev_hash.encode(),
        _text(decision.actor),
        None if decision.command is None else command_text.encode(),
        json.dumps(decision.metadata).encode(),
        _events_text(links).encode(),
        _text(key),
        _text(request_hash),
        None if idempotency is None else json.dumps(response).encode(),
        None if result is None else json.dumps(result).encode(),
        json.dumps(notices_param(decision.notices).obj).encode() if decision.notices else None,
    ]
    return AppendCall(APPEND, params, hashes)


def decisions_call(
    game_id: UUID,
    start_seq: int,
    prev_hash: str,
    decisions: Sequence[tuple[Decision, dict[str, Any] | None]],
    idempotency: tuple[str, str, dict[str, Any]] | None,
) -> AppendCall:
    """``cairn_append_decisions``' call: each of ``decisions`` (with the result it ends the
    game with, if it does) chained on the one before, the first from ``prev_hash``, and
    ``idempotency`` recorded with the first: the rows ``function_call``'s calls, one a
    decision, would write (tests/service/test_appending.py holds the two alike)."""
    head, hashes, texts, start = prev_hash, [], [], start_seq
    for decision, result in decisions:
        links = chained(start, prev_hash, decision)
        # the first link keeps the command's text, already spelled for its hash
        command = links[0].command_text if links else canonical_json(decision.command)
        notices = json.dumps(notices_param(decision.notices).obj) if decision.notices else "null"
        texts.append(
            f"[{json.dumps(decision.actor)},{command or 'null'},{json.dumps(decision.metadata)},"
            f"{_events_text(links)},{json.dumps(result)},{notices}]"
        )
        hashes += [link.hash for link in links]
        start += len(links)
        prev_hash = hashes[-1] if hashes else prev_hash
    key, request_hash, response = idempotency or (None, None, None)
    params = [
        str(game_id).encode(),
        str(int(start_seq)).encode(),
        head.encode(),
        ("[" + ",".join(texts) + "]").encode(),
        _text(key),
        _text(request_hash),
        None if idempotency is None else json.dumps(response).encode(),
    ]
    return AppendCall(DECISIONS, params, hashes)


def _events_text(links: Sequence[Chained]) -> str:
    """The events as the functions' JSON array of ``[type, schema_version, payload,
    visibility, hash]``. The payload goes in as the hashed text itself; the hash is hex, so
    needs no quoting."""
    events = ",".join(
        f"[{json.dumps(link.event.type)},{int(link.event.schema_version)},{link.payload_text},"
        f'{json.dumps(link.event.visibility)},"{link.hash}"]'
        for link in links
    )
    return f"[{events}]"


def _one(game_id: UUID, link: Chained, decision: Decision) -> AppendCall:
    """``ONE``'s parameters: the columns ``cairn_append`` gives its first event."""
    event = link.event
    params = [
        str(game_id).encode(),
        str(int(link.seq)).encode(),
        event.type.encode(),
        str(int(event.schema_version)).encode(),
        link.payload_text.encode(),
        event.visibility.encode(),
        _text(decision.actor),
        _text(link.command_text),
        json.dumps(decision.metadata).encode(),
        link.prev_hash.encode(),
        link.hash.encode(),
    ]
    return AppendCall(ONE, params, [link.hash])


def _text(value: str | None) -> bytes | None:
    return None if value is None else value.encode()


def committed(conn: psycopg.Connection[Any], call: AppendCall, wake: str) -> Answer:
    """Run ``call`` (the connection is idle, in autocommit: the call is a transaction by
    itself), then ``wake``, in one round trip: the call's answer.

    A seat's decision with the system's decisions after it is one call too
    (``decisions_call``), not several in a BEGIN ... COMMIT block: one statement on the
    server instead of one a decision and two for the block (issue #26); an implicit
    transaction of several statements would not be one Citus runs on a single worker in one
    phase, and a lone statement is.

    The wake-up is a transaction of its own, after the call's Sync, so that the commit does
    not queue behind PostgreSQL's global notify lock (event_store.py says why). It is sent
    even when the call is refused: a wake-up is only a hint, and a reader woken for nothing
    reads nothing new. Its own failure is ignored, since the append is durable by then.
    """
    with conn.lock:
        loader = _prepare(conn)
        answer = _exchange(conn, call, wake.encode())
        if answer.error_field(DiagnosticField.SQLSTATE) == _LOST_STATEMENT:
            del _prepared[conn]
            loader = _prepare(conn, again=True)
            answer = _exchange(conn, call, wake.encode())
        return _answer(conn, answer, loader)


def within(conn: psycopg.Connection[Any], call: AppendCall) -> Answer:
    """Run ``call`` inside the caller's transaction (the opening of a fork or of a league's
    game, whose steps read before they write), which commits and wakes the readers;
    unprepared, since a game is created once."""
    with conn.lock:
        answer = conn.pgconn.exec_params(STATEMENTS[call.statement], call.params)
    return _answer(conn, answer, _loader(conn))


Statement = tuple[bytes, Sequence[bytes | None]]
"""A statement's text with ``$n`` placeholders, and its parameters as texts."""


def opened(
    conn: psycopg.Connection[Any],
    statements: Sequence[Statement],
    call: AppendCall | None,
    wake: str,
) -> Answer | None:
    """A new game's opening in one round trip: ``BEGIN``, ``statements`` (the game's row and
    secrets, ``service.store.opening``), ``call`` (its decisions), ``COMMIT``, then ``wake``
    after the Sync, as ``committed`` sends it; ``call``'s answer (None without one).

    An explicit block, as the opening was before it was one exchange: every statement names
    the new game, so Citus runs the block on the game's worker. A refusal anywhere skips the
    rest up to the Sync, and the block, left failed, is rolled back here: nothing is written.
    Unprepared: a connection creates a game far less often than it appends a move.
    """
    sent: list[Statement] = [(b"BEGIN", ()), *statements]
    if call is not None:
        sent.append((STATEMENTS[call.statement], call.params))
    sent.append((b"COMMIT", ()))
    with conn.lock:
        pgconn = conn.pgconn
        try:
            pgconn.enter_pipeline_mode()
            for text, params in sent:
                pgconn.send_query_params(text, params)
            pgconn.pipeline_sync()
            pgconn.send_query_params(wake.encode(), None)
            pgconn.pipeline_sync()
            answers = _answers(pgconn, syncs=2)[: len(sent)]  # the wake-up's is ignored
            pgconn.exit_pipeline_mode()
        except BaseException:
            conn.close()
            raise
        refused = next((a for a in answers if a.status not in _DONE), None)
        if refused is not None:
            if pgconn.transaction_status == TransactionStatus.INERROR:
                pgconn.exec_(b"ROLLBACK")
            raise _failure(conn, refused)
        return None if call is None else _answer(conn, answers[-2], _loader(conn))


def _prepare(conn: psycopg.Connection[Any], again: bool = False) -> Loader:
    loader = _prepared.get(conn)
    if loader is None:
        for name, text in STATEMENTS.items():
            if again:  # one of them may have survived: it is made anew, a failure ignored
                conn.pgconn.exec_(b"DEALLOCATE " + name)
            answer = conn.pgconn.prepare(name, text)
            if answer.status != ExecStatus.COMMAND_OK:
                raise _failure(conn, answer)
        loader = _prepared[conn] = _loader(conn)
    return loader


def _loader(conn: psycopg.Connection[Any]) -> Loader:
    """How ``conn`` reads a timestamptz, as its own reads do."""
    kind = conn.adapters.get_loader(_TIMESTAMPTZ, Format.TEXT)
    assert kind is not None  # psycopg loads every built-in type
    return kind(_TIMESTAMPTZ, conn)


def _failure(conn: psycopg.Connection[Any], answer: PGresult) -> psycopg.Error:
    """The error ``answer`` carries. A connection lost under it is ``OperationalError``
    (the database unavailable: 503), as psycopg's own ``execute`` raises it; a result of a
    lost connection has no SQLSTATE, so ``error_from_result`` alone made it a bare
    ``DatabaseError`` (a 500 seen while the database restarted)."""
    if conn.pgconn.status == ConnStatus.BAD:
        message = (answer.error_message or b"").decode("utf-8", "replace").strip()
        return psycopg.OperationalError(message or "the connection was lost")
    return error_from_result(answer, encoding=conn.info.encoding)


def _answer(conn: psycopg.Connection[Any], answer: PGresult, loader: Loader) -> Answer:
    if answer.status != ExecStatus.TUPLES_OK:
        raise _failure(conn, answer)
    value = answer.get_value(0, 0)
    assert value is not None  # the last event's recorded_at
    stamp: datetime = loader.load(value)
    # ``APPEND`` answers the outbox rows it wrote as a second column; ``ONE`` writes none.
    outboxed = answer.get_value(0, 1) if answer.nfields > 1 else None
    return Answer(stamp, int(outboxed) if outboxed is not None else 0)


def _exchange(conn: psycopg.Connection[Any], call: AppendCall, wake: bytes) -> PGresult:
    """The call and the wake-up, each before a Sync of its own: the call's answer.

    A connection left mid-exchange (its socket failed, or the thread was interrupted) is
    closed, so that the pool replaces it rather than hand out one with answers pending."""
    pgconn = conn.pgconn
    try:
        pgconn.enter_pipeline_mode()
        pgconn.send_query_prepared(call.statement, call.params)
        pgconn.pipeline_sync()
        pgconn.send_query_params(wake, None)
        pgconn.pipeline_sync()
        answers = _answers(pgconn, syncs=2)
        pgconn.exit_pipeline_mode()
    except BaseException:
        conn.close()
        raise
    return answers[0]


def _answers(pgconn: PGconn, syncs: int) -> list[PGresult]:
    """Every result up to the ``syncs``-th Sync, waiting on the socket rather than in libpq:
    psycopg's ``get_result`` holds the GIL while it blocks, which would stall every other
    writer's thread."""
    poll = select.poll()
    poll.register(pgconn.socket, select.POLLIN)
    while pgconn.flush():  # nonblocking: what did not fit in the socket's buffer yet
        poll.modify(pgconn.socket, select.POLLIN | select.POLLOUT)
        poll.poll()
        pgconn.consume_input()
    poll.modify(pgconn.socket, select.POLLIN)
    answers: list[PGresult] = []
    while syncs:
        while pgconn.is_busy():
            poll.poll()
            pgconn.consume_input()
        answer = pgconn.get_result()
        if answer is None:
            if pgconn.status == ConnStatus.BAD:
                # A lost connection sends no Sync: asking again would spin here for ever,
                # holding the GIL, and stall every other request of the process.
                message = pgconn.get_error_message(encoding="utf-8").strip()
                raise psycopg.OperationalError(message or "the connection was lost")
            continue
        if answer.status == ExecStatus.PIPELINE_SYNC:
            syncs -= 1
        else:
            answers.append(answer)
    return answers
