"""An append on the wire: one call of ``cairn_append`` (migrations 0011 and 0012), or for a
decision that is one event and nothing else the plain INSERT of its row, each prepared once
per connection, with the wake-up behind it, in one exchange through libpq. Each answers its
events' recorded_at and how many outbox rows it wrote (the plain INSERT none).

psycopg's cursors and pipeline cost an append more client CPU than the server's whole work
(issue #26, bench/README.md). Here the parameters are texts, most of them the very texts the
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
STATEMENTS = {APPEND: APPEND_SQL, ONE: ONE_SQL}
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
    server (issue #26, bench/README.md), and every guarantee is the schema's either way.
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
    # The payload goes in as the hashed text itself; the hash is hex, so needs no quoting.
    events = [
        f"[{json.dumps(link.event.type)},{int(link.event.schema_version)},{link.payload_text},"
        f'{json.dumps(link.event.visibility)},"{link.hash}"]'
        for link in links
    ]
    hashes = [link.hash for link in links]
    key, request_hash, response = idempotency or (None, None, None)
    params = [
        str(game_id).encode(),
        str(int(start_seq)).encode(),
        prev_hash.encode(),
        _text(decision.actor),
        None if decision.command is None else command_text.encode(),
        json.dumps(decision.metadata).encode(),
        ("[" + ",".join(events) + "]").encode(),
        _text(key),
        _text(request_hash),
        None if idempotency is None else json.dumps(response).encode(),
        None if result is None else json.dumps(result).encode(),
        json.dumps(notices_param(decision.notices).obj).encode() if decision.notices else None,
    ]
    return AppendCall(APPEND, params, hashes)


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


def committed(
    conn: psycopg.Connection[Any], calls: Sequence[AppendCall], wake: str
) -> list[Answer]:
    """Run ``calls`` as one transaction (the connection is idle, in autocommit), then
    ``wake``, in one round trip: each call's answer.

    One call is a transaction by itself. Several go in one explicit block, BEGIN ... COMMIT
    before the one Sync: an implicit transaction of several statements is not one Citus
    runs on a single worker in one phase. A block refused part-way is left aborted by its
    Sync (libpq's pipeline mode does not roll it back), so it is rolled back here.

    The wake-up is a transaction of its own, after the calls' Sync, so that the commit does
    not queue behind PostgreSQL's global notify lock (event_store.py says why). It is sent
    even when the calls are refused: a wake-up is only a hint, and a reader woken for
    nothing reads nothing new. Its own failure is ignored, since the append is durable by
    then.
    """
    with conn.lock:
        loader = _prepare(conn)
        answers = _exchange(conn, calls, wake.encode())
        if _lost(answers):
            del _prepared[conn]
            loader = _prepare(conn, again=True)
            answers = _exchange(conn, calls, wake.encode())
        return [_answer(conn, answer, loader) for answer in answers]


def within(conn: psycopg.Connection[Any], call: AppendCall) -> Answer:
    """Run ``call`` inside the caller's transaction (a new game's first decision), which
    commits and wakes the readers; unprepared, since a game is created once."""
    with conn.lock:
        answer = conn.pgconn.exec_params(STATEMENTS[call.statement], call.params)
    return _answer(conn, answer, _loader(conn))


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


def _lost(answers: list[PGresult]) -> bool:
    return any(a.error_field(DiagnosticField.SQLSTATE) == _LOST_STATEMENT for a in answers)


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


def _exchange(
    conn: psycopg.Connection[Any], calls: Sequence[AppendCall], wake: bytes
) -> list[PGresult]:
    """The calls (in a block if several) and the wake-up, each before a Sync of its own:
    the calls' answers, or the first refusal among the block's answers alone.

    A connection left mid-exchange (its socket failed, or the thread was interrupted) is
    closed, so that the pool replaces it rather than hand out one with answers pending."""
    pgconn = conn.pgconn
    block = len(calls) > 1
    try:
        pgconn.enter_pipeline_mode()
        if block:
            pgconn.send_query_params(b"BEGIN", None)
        for call in calls:
            pgconn.send_query_prepared(call.statement, call.params)
        if block:
            pgconn.send_query_params(b"COMMIT", None)
        pgconn.pipeline_sync()
        pgconn.send_query_params(wake, None)
        pgconn.pipeline_sync()
        answers = _answers(pgconn, syncs=2)
        pgconn.exit_pipeline_mode()
        if pgconn.transaction_status == TransactionStatus.INERROR:
            pgconn.exec_(b"ROLLBACK")
    except BaseException:
        conn.close()
        raise
    sent = answers[: len(calls) + 2 * block]
    refused = [a for a in sent if a.status == ExecStatus.FATAL_ERROR]
    return refused[:1] or sent[block : block + len(calls)]


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
