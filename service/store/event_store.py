"""The PostgreSQL event store: games, appends with an expected version, results, snapshots.

Appends are optimistic. A decision's rows, and what goes with them, are written by one call
of ``cairn_append`` (migrations 0011, 0012; ``service.store.appending``), in one transaction, at
``expected_version + 1 ...``. A writer that lost the race hits the primary
key ``(game_id, seq)``; a writer that skipped ahead hits the foreign key to the previous seq.
Both surface as ``VersionConflict``. The system's decisions due right after a seat's are
appended with it (``then``): one call of ``cairn_append_decisions`` (migration 0013) for them
all, so one statement, one commit and one wake-up; each is still a decision of its own in
the log. A new game's opening decision and the system's after it are one such call too,
inside the transaction that writes the game's row and secrets: for most games one round
trip in all (``create_game``).

``NOTIFY cairn_events`` is sent right after the commit, in a transaction of its own. Queued
inside the appending transaction, it would make PostgreSQL serialise every notifying
commit behind one global lock held across the WAL flush, which cut 8 writers' throughput
to a third (bench/HISTORY.md). The price: if the process dies between the commit and the
NOTIFY, live readers are not woken for that append, so a listener also re-reads on a
timeout; nothing is lost, since readers always read from the log.

Store connections run in autocommit: a single statement is its own transaction (one round
trip instead of BEGIN, statement, COMMIT), and ``conn.transaction()`` wraps the places
where several statements must be atomic.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, suppress
from functools import cached_property
from typing import TYPE_CHECKING, Any
from uuid import UUID

import psycopg
from psycopg import errors as pg_errors
from psycopg.types.json import Jsonb

if TYPE_CHECKING:
    from service.projections.league_tables import LeagueViews

from service.projections.tracking import Tracking
from service.store import appending, opening
from service.store.analyses import Analyses
from service.store.appending import append_call
from service.store.creators import Creators
from service.store.credentials import Secrets, insert_secrets
from service.store.errors import (
    ChainMismatch,
    GameExists,
    UnknownGame,
    VersionConflict,
    constraint_of,
)
from service.store.horizon import worker_states
from service.store.leagues import LeagueStore
from service.store.locks import try_game_lock
from service.store.players import Players, require_players
from service.store.reads import EventReads
from service.store.recorders import FollowUp, Idempotency
from service.store.records import (
    GENESIS_HASH,
    Appended,
    Decision,
    GameRecord,
    StoredEvent,
    stored_events,
)
from service.store.refusals import Refusals
from service.store.seats import SeatTokens
from service.store.statements import ANNOUNCE, CHANNEL, copy_prefix, insert_game
from service.store.subscriptions import Subscriptions, adopt_game, bind_seats
from service.store.verbatim import insert_verbatim
from service.store.webhooks import Webhooks


class EventStore(EventReads):
    """All SQL Cairn runs against its event store lives here: the writes in this class,
    the reads in ``EventReads`` (reads.py)."""

    # -- companions (service.store.recorders.Store), on the same pool --------------------------

    @cached_property
    def tokens(self) -> SeatTokens:
        return SeatTokens(self.pool)

    @cached_property
    def refusals(self) -> Refusals:
        return Refusals(self.pool)

    @cached_property
    def creators(self) -> Creators:
        return Creators(self.pool)

    @cached_property
    def players(self) -> Players:
        return Players(self.pool)

    @cached_property
    def webhooks(self) -> Webhooks:
        return Webhooks(self.pool)

    @cached_property
    def subscriptions(self) -> Subscriptions:
        return Subscriptions(self.pool)

    @cached_property
    def leagues(self) -> LeagueStore:
        return LeagueStore(self.pool)

    @cached_property
    def tracking(self) -> Tracking:
        return Tracking(self.pool)

    @cached_property
    def league_views(self) -> LeagueViews:
        # imported when first used: the projection's module needs the league application,
        # which needs this store's package
        from service.projections.league_tables import LeagueViews

        return LeagueViews(self.pool)

    @cached_property
    def analyses(self) -> Analyses:
        return Analyses(self.pool)

    def game_lock(self, game_id: UUID) -> AbstractContextManager[bool]:
        """The game's advisory lock, across every process on this database."""
        return try_game_lock(self.pool, game_id)

    def ping(self) -> None:
        """Touch the database; raises DatabaseUnavailable if it cannot answer."""
        with self.connection() as conn:
            conn.execute("SELECT 1")

    def workers(self) -> dict[str, str]:
        """On Citus, whether each worker answers (a game on one that does not cannot be
        played, the others can); empty on one PostgreSQL."""
        with self.connection() as conn:
            return worker_states(conn)

    # -- games ---------------------------------------------------------------------------

    def create_game(
        self,
        game: GameRecord,
        decision: Decision,
        seated: Sequence[UUID] = (),
        secrets: Secrets | None = None,
        then: Sequence[FollowUp] = (),
    ) -> Appended:
        """Insert a game row, a fork's copied prefix, its opening decision, the system's
        decisions ``then`` due after it, and the hashes of the ``secrets`` it hands out,
        in one transaction with one wake-up; every event of the new game, as stored.

        A new game that copies nothing and binds no seat (most of them) is one exchange
        (``appending.opened``), and its events are built here as ``append`` builds them,
        not read back. ``seated[i]`` is the player account bound to seat i (a league's
        game): bound in the same transaction, with their and the league's webhooks copied
        in before the opening decision, so that it already notifies them
        (``service.store.subscriptions``). Raises ``GameExists`` if the id is taken,
        ``UnknownGame`` for a fork of a game that is not stored, and ``UnknownPlayer`` for
        a seat bound to no account.
        """
        start = game.fork_at or 0
        moved = [each for each in ((decision, None), *then) if each[0].events]
        try:
            with self.connection() as conn:
                if game.parent_id is None and not seated:
                    call = _opening(game, start, GENESIS_HASH, moved)
                    wake = wake_up(game.game_id, start + _count(moved))
                    answer = appending.opened(conn, opening.statements(game, secrets), call, wake)
                    return _made(game, start, GENESIS_HASH, moved, call, answer)
                return self._create_in_steps(conn, game, moved, seated, secrets)
        except pg_errors.UniqueViolation as exc:
            if constraint_of(exc) == "games_pkey":
                raise GameExists(game.game_id) from exc
            raise

    def _create_in_steps(
        self,
        conn: psycopg.Connection[Any],
        game: GameRecord,
        moved: Sequence[FollowUp],
        seated: Sequence[UUID],
        secrets: Secrets | None,
    ) -> Appended:
        """A fork's or a league game's opening: its steps read (the parent's prefix, the
        seats' accounts and their hooks) before they write, so they go one by one."""
        start = game.fork_at or 0
        with conn.transaction():
            # The events come after the game row, so the transaction announces itself to
            # the feed before it writes anything.
            conn.execute(ANNOUNCE)
            insert_game(conn, game)
            if secrets is not None:
                insert_secrets(conn, game.game_id, secrets)
            if seated:
                require_players(conn, seated)
                bind_seats(conn, game.game_id, seated)
                adopt_game(conn, game.game_id)
            prev = GENESIS_HASH
            if game.parent_id is not None:
                prev = copy_prefix(conn, game.parent_id, game.game_id, start)
            call = _opening(game, start, prev, moved)
            answer = None if call is None else appending.within(conn, call)
        self._notify_on(conn, game.game_id, start + _count(moved))
        if game.parent_id is not None:  # the copied prefix is the parent's, read back
            return Appended(self.read(game.game_id), answer.outboxed if answer else 0)
        return _made(game, start, prev, moved, call, answer)

    def insert_verbatim(self, game: GameRecord, events: Sequence[StoredEvent], source: str) -> None:
        """An imported game and its events as recorded elsewhere (``service.store.verbatim``)."""
        insert_verbatim(self, game, events, source)

    def finish(self, game_id: UUID, result: dict[str, Any]) -> None:
        """Record the result on the game row (a projection of the final event)."""
        with self.connection() as conn:
            self._finish(conn, game_id, result)

    def _finish(self, conn: psycopg.Connection[Any], game_id: UUID, result: dict[str, Any]) -> None:
        conn.execute(
            "UPDATE games SET status = 'finished', result = %s, finished_at = now()"
            " WHERE game_id = %s AND status <> 'finished'",
            (Jsonb(result), game_id),
        )

    # -- appends ---------------------------------------------------------------------------

    def append(
        self,
        game_id: UUID,
        expected_version: int,
        expected_hash: str,
        decision: Decision,
        idempotency: Idempotency | None = None,
        result: dict[str, Any] | None = None,
        then: Sequence[FollowUp] = (),
    ) -> Appended:
        """Append one decision after ``expected_version`` (whose hash is ``expected_hash``),
        then each of ``then``, in one transaction with one wake-up.

        ``idempotency`` records ``(key, request_hash, response)`` and ``result`` marks the
        game finished, both in the same transaction as the events. The answer counts the
        outbox rows ``cairn_append`` wrote (migration 0012).
        """
        start = expected_version + 1
        try:
            with self.connection() as conn:
                return self._insert(
                    conn, game_id, start, expected_hash, decision, idempotency, result, then
                )
        except pg_errors.IntegrityError as exc:
            raise self._refusal(game_id, expected_version, expected_hash) from exc

    def _refusal(self, game_id: UUID, expected_version: int, expected_hash: str) -> Exception:
        """Why an append was refused, read after the fact (a refusal costs one more query).

        The database refused one of: the primary key (another decision took the seq), the
        chain (no event at ``expected_version``, or its hash is not ``expected_hash``), the
        game's foreign key, or the idempotency key's row (taken by an earlier attempt).
        """
        with self.connection() as conn:
            row = conn.execute(
                "SELECT EXISTS (SELECT FROM games WHERE game_id = %(g)s) AS known,"
                " (SELECT max(seq) FROM events WHERE game_id = %(g)s) AS head,"
                " (SELECT hash FROM events WHERE game_id = %(g)s AND seq = %(v)s) AS there",
                {"g": game_id, "v": expected_version},
            ).fetchone()
        assert row is not None
        if not row["known"]:
            return UnknownGame(game_id)
        head = int(row["head"] or 0)
        if head != expected_version:
            return VersionConflict(game_id, expected_version, head)
        there = GENESIS_HASH if expected_version == 0 else row["there"]
        if there != expected_hash:
            return ChainMismatch(game_id, expected_version)
        return VersionConflict(game_id, expected_version, head)

    def _notify_on(self, conn: psycopg.Connection[Any], game_id: UUID, seq: int) -> None:
        """Wake live readers; called after the commit (see the module docstring for why)."""
        # Sent through libpq directly: psycopg's execute machinery cost as much client CPU as
        # the NOTIFY itself, which showed with 8 writers (bench/HISTORY.md).
        # The append is already durable; a lost wake-up only delays live readers until their
        # next timeout, while reporting a failure would make the caller retry it.
        with suppress(psycopg.OperationalError):
            conn.pgconn.exec_(wake_up(game_id, seq).encode())

    def _insert(
        self,
        conn: psycopg.Connection[Any],
        game_id: UUID,
        start_seq: int,
        prev_hash: str,
        decision: Decision,
        idempotency: Idempotency | None = None,
        result: dict[str, Any] | None = None,
        then: Sequence[FollowUp] = (),
    ) -> Appended:
        moved = [(decision, result), *then]
        if then:
            # A decision and the system's after it: one call, where it was a call a decision
            # in a BEGIN ... COMMIT block (migration 0013; some rulesets' moves are five or more).
            call = appending.decisions_call(game_id, start_seq, prev_hash, moved, idempotency)
        else:
            call = append_call(game_id, start_seq, prev_hash, decision, idempotency, result)
        end = start_seq + len(call.hashes) - 1
        answer = appending.committed(conn, call, wake_up(game_id, end))
        decisions = [each for each, _ in moved]
        return Appended(
            stored_events(
                game_id, start_seq, prev_hash, decisions, call.hashes, answer.recorded_at
            ),
            answer.outboxed,
        )

    # -- snapshots -------------------------------------------------------------------------

    def save_snapshot(self, game_id: UUID, engine: str, seq: int, state: bytes) -> None:
        # A snapshot is a disposable cache, so its commit need not wait for the WAL flush:
        # one lost in a crash is simply rebuilt, and loads stop paying for a disk sync. The
        # setting is local to the statement's own transaction, so this is one round trip.
        with self.connection() as conn:
            conn.execute(
                "WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))"
                " INSERT INTO snapshots (game_id, engine, seq, state)"
                " SELECT %s, %s, %s, %s FROM quick ON CONFLICT DO NOTHING",
                (game_id, engine, seq, state),
            )

    def delete_snapshots(self, game_id: UUID | None = None) -> int:
        with self.connection() as conn:
            if game_id is None:
                return conn.execute("DELETE FROM snapshots").rowcount
            return conn.execute("DELETE FROM snapshots WHERE game_id = %s", (game_id,)).rowcount


def _opening(
    game: GameRecord, start: int, prev_hash: str, moved: Sequence[FollowUp]
) -> appending.AppendCall | None:
    """The call that writes a new game's decisions after seq ``start``, if it has any."""
    if not moved:
        return None
    return appending.decisions_call(game.game_id, start + 1, prev_hash, moved, None)


def _count(moved: Sequence[FollowUp]) -> int:
    return sum(len(each.events) for each, _ in moved)


def _made(
    game: GameRecord,
    start: int,
    prev_hash: str,
    moved: Sequence[FollowUp],
    call: appending.AppendCall | None,
    answer: appending.Answer | None,
) -> Appended:
    """A new game's events as the call wrote them (none without one)."""
    if call is None or answer is None:
        return Appended([], 0)
    decisions = [each for each, _ in moved]
    stored = stored_events(
        game.game_id, start + 1, prev_hash, decisions, call.hashes, answer.recorded_at
    )
    return Appended(stored, answer.outboxed)


def wake_up(game_id: UUID, seq: int) -> str:
    """The NOTIFY that wakes live readers for ``game_id`` up to ``seq``. The payload is a UUID
    and an integer, so the literal needs no quoting."""
    return f"NOTIFY {CHANNEL}, '{UUID(str(game_id))}:{int(seq)}'"


__all__: Sequence[str] = ("CHANNEL", "EventStore")
