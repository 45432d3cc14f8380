"""Webhooks and the notice outbox (migrations/versions/0006_live_play.py).

The outbox's rows are written with the events (``cairn_append``, migration 0011);
this module registers webhooks and hands owed notices to the deliverer. ``claim`` leases the
rows it returns (their next attempt moves on), so two processes do not send one notice at
the same time; a process that dies mid-delivery lets the lease run out and the notice is
sent again (at least once: receivers dedupe by notice id).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid4

from psycopg.rows import dict_row

from service.store.connections import connection
from service.store.subscriptions import OWNER_KINDS, WITHDRAW

CLAIMED = 5
NOTICE_ORDER = ("timed_out", "your_turn", "game_ended")
"""The order one decision gives its notices (``service.notices``). They are written in one
transaction, at one time, and the outbox keeps no order of its own, so ``notices`` orders a
decision's by kind."""
_IN_FORCE = "ON w.game_id = o.game_id AND w.hook_id = o.hook_id AND w.revoked_at IS NULL"
"""Owed rows of a removed hook (migration 0008) are never sent, nor waited for."""


@dataclass(frozen=True)
class Owed:
    """One notice owed to one webhook."""

    game_id: UUID
    notice_id: UUID
    kind: str
    body: dict[str, Any]
    attempts: int
    url: str
    secret: str
    seat: int | None = None
    """The seat a seat's webhook hears (None: not a seat's)."""
    seats: list[int] | None = None
    """The seats a player's webhook hears in this game (None: not a player's)."""


@dataclass(frozen=True)
class Written:
    """One notice the outbox holds for one webhook, sent or not."""

    game_id: UUID
    notice_id: UUID
    hook_id: UUID
    kind: str
    body: dict[str, Any]
    delivered: bool
    attempts: int
    """Tries made to send it, the successful one included."""
    last_error: str | None
    """Why the latest failed try failed (None: none has failed)."""


_LEASE = (
    "UPDATE outbox o SET next_at = now() + make_interval(secs => %s) FROM webhooks w"
    " WHERE o.game_id = %s AND o.notice_id = %s AND o.delivered_at IS NULL"
    " AND o.next_at <= now() AND w.game_id = o.game_id AND w.hook_id = o.hook_id"
    " AND w.revoked_at IS NULL"
    " RETURNING o.game_id, o.notice_id, o.kind, o.body, o.attempts, w.url, w.secret, w.seat,"
    " w.seats, w.hook_id, w.owner_kind"
)
"""Lease one owed row, naming its game, only while it is still due and its hook in force."""


class Webhooks:
    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def register(
        self, game_id: UUID, url: str, secret: str, owner_kind: str, owner: str, seat: int | None
    ) -> UUID:
        hook_id = uuid4()
        with connection(self.pool) as conn:
            conn.execute(
                "INSERT INTO webhooks (game_id, hook_id, url, secret, owner_kind, owner, seat)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (game_id, hook_id, url, secret, owner_kind, owner, seat),
            )
        return hook_id

    def claim(self, lease_seconds: float) -> list[Owed]:
        """Owed notices due now, oldest first (one decision's in ``NOTICE_ORDER``), leased
        to this process: their next attempt moves ``lease_seconds`` on before any is sent,
        so no open transaction waits on a receiver, and one another process leased first is
        left to it.

        Two steps, so that each lock is on one game's shard: the due rows are found without
        locks, then each is leased by an UPDATE of that one row that holds only while it is
        still due. Two processes racing for a row both reach its UPDATE; the second waits
        for the first's commit, finds the row no longer due, and leases nothing. (A single
        ``FOR UPDATE SKIP LOCKED`` over the outbox locked rows of every shard, which Citus
        refuses.)"""
        with connection(self.pool, autocommit=True) as conn:
            conn.row_factory = dict_row
            due = conn.execute(
                f"SELECT o.game_id, o.notice_id FROM outbox o JOIN webhooks w {_IN_FORCE}"
                " WHERE o.delivered_at IS NULL AND o.next_at <= now()"
                # oldest first, one decision's notices in the order it gave them
                " ORDER BY o.next_at, o.created_at, array_position(%s::text[], o.kind) LIMIT %s",
                (list(NOTICE_ORDER), CLAIMED),
            ).fetchall()
            if not due:
                return []
            # One statement, one transaction each: a lease is one row on one game's shard.
            rows = [
                leased
                for row in due
                if (leased := conn.execute(_LEASE, (lease_seconds, *row.values())).fetchone())
            ]
            revoked = _revoked_owner_hooks(conn, rows)
        owed = [
            Owed(**{k: v for k, v in row.items() if k not in ("hook_id", "owner_kind")})
            for row in rows
            if row["hook_id"] not in revoked
        ]
        if rows and not owed:
            # every row leased was a revoked hook's, now marked so: look again past them
            return self.claim(lease_seconds)
        return owed

    def delivered(self, owed: Owed) -> None:
        with connection(self.pool) as conn:
            conn.execute(
                "UPDATE outbox SET delivered_at = now(), attempts = attempts + 1"
                " WHERE game_id = %s AND notice_id = %s",
                (owed.game_id, owed.notice_id),
            )

    def failed(self, owed: Owed, error: str, retry_in: float) -> None:
        with connection(self.pool) as conn:
            conn.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = %s,"
                " next_at = now() + make_interval(secs => %s)"
                " WHERE game_id = %s AND notice_id = %s",
                (error[:500], retry_in, owed.game_id, owed.notice_id),
            )

    def notices(self, *, game_id: UUID | None = None, hook_id: UUID | None = None) -> list[Written]:
        """As ``WebhookRecorder.notices``: ties in time are one transaction's notices."""
        with connection(self.pool) as conn:
            rows = conn.execute(
                "SELECT game_id, notice_id, hook_id, kind, body, delivered_at IS NOT NULL,"
                " attempts, last_error FROM outbox WHERE (%s::uuid IS NULL OR game_id = %s)"
                " AND (%s::uuid IS NULL OR hook_id = %s)"
                " ORDER BY created_at, array_position(%s::text[], kind)",
                (game_id, game_id, hook_id, hook_id, list(NOTICE_ORDER)),
            ).fetchall()
        return [Written(*row) for row in rows]

    def next_due(self) -> float | None:
        """Seconds until the next owed notice is due (0 if one is due now; None if none)."""
        with connection(self.pool) as conn:
            row = conn.execute(
                # not greatest(0, ...): it skips a NULL, and turned "none owed" into "due now",
                # which kept the deliverer polling a hundred times a second
                "SELECT extract(epoch FROM min(o.next_at) - now())::float"
                f" FROM outbox o JOIN webhooks w {_IN_FORCE} WHERE o.delivered_at IS NULL"
            ).fetchone()
        return None if row is None or row[0] is None else max(0.0, float(row[0]))


def _revoked_owner_hooks(conn: Any, leased: list[dict[str, Any]]) -> set[UUID]:
    """The owners' hooks among ``leased`` revoked already, whose copy in that game is not
    marked yet (a revocation marks its owner's row first and then one game at a time,
    ``service.store.subscriptions``): they are sent nothing more, and their copy is marked
    now, one game per statement."""
    owners = [r["hook_id"] for r in leased if r["owner_kind"] in OWNER_KINDS]
    if not owners:
        return set()
    revoked = {
        row["hook_id"]
        for row in conn.execute(
            "SELECT hook_id FROM owner_webhooks WHERE hook_id = ANY(%s) AND revoked_at IS NOT NULL",
            (owners,),
        ).fetchall()
    }
    for row in leased:
        if row["hook_id"] in revoked:
            conn.execute(WITHDRAW, (row["game_id"], row["hook_id"]))
    return revoked
