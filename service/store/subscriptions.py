"""A player's or a league's webhooks (migrations 0008 and 0010).

A hook registered by an owner is copied into the per-game ``webhooks`` table for every game
it hears, so that a decision writes its outbox rows from game-scoped rows alone, in the
statement that appends its events:

* ``adopt_game`` copies the hooks of a game's owners (the players bound to its seats, the
  league that scheduled it) in the transaction that creates the game or binds a seat;
* ``register`` copies a new hook into its owner's active games after its own row is written.

Every transaction here writes one node, so on Citus each commits in one phase: the owner's
row (``owner_webhooks``, on the coordinator alone) in one, then each game's copy in one of
its own on that game's shard (docs/scaling.md). The hook is in force from its row's commit;
it is heard in each game from that game's copy on, and in all of them once ``register``
returns. ``revoke`` marks the row first, which stops every delivery at once
(``service.store.webhooks``), and then each game's copy. A process that dies between the two
steps leaves the row unsettled (``settled_at`` NULL) and the sweep's ``settle`` finishes it:
every step is idempotent.

Both sides take the owner's advisory lock first (``_lock``), and each game's copy re-reads
the owner's row and seats under it: without that a game created while a hook is registered
could be missed by both sides (each reading before the other commits), or a second seat
taken meanwhile lost from the copy. The lock is held only within one transaction, so
``register`` lists the owner's games after its row commits: a game created before then is
listed, one created after reads the row. Locks are taken in sorted order, and
``register``/``revoke`` take only their own, so no two of these wait on each other in a
cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal
from uuid import UUID, uuid4

import psycopg
from psycopg.rows import dict_row, tuple_row

from service.store.connections import connection

OwnerKind = Literal["player", "league"]
OWNER_KINDS: tuple[OwnerKind, ...] = ("player", "league")

# Each owner of the games named, with the seats a player holds (NULL for a league: all).
_OWNERS = """
SELECT game_id, 'player' AS kind, player_id::text AS owner, array_agg(seat ORDER BY seat) AS seats
FROM seat_players WHERE game_id = ANY(%(games)s) GROUP BY game_id, player_id
UNION ALL
SELECT game_id, 'league', league_id::text, NULL::integer[]
FROM league_games WHERE game_id = ANY(%(games)s)
"""
# The hooks in force of one owner (on the coordinator alone: read there, no worker).
_HOOKS_OF = """
SELECT hook_id, url, secret FROM owner_webhooks
WHERE owner_kind = %s AND owner = %s AND revoked_at IS NULL AND (%s::uuid IS NULL OR hook_id = %s)
"""
# A player who takes a second seat of a game hears it too: the copy's seats follow. One row
# per statement, naming its game: on Citus each goes to that game's shard. An INSERT ...
# SELECT joining the owners' rows (league_games is placed by league) to owner_webhooks was
# run through the coordinator and made creating a bound game commit in two phases
# (docs/scaling.md).
_COPY = """
INSERT INTO webhooks (game_id, hook_id, url, secret, owner_kind, owner, seats)
VALUES (%s, %s, %s, %s, %s, %s, %s)
ON CONFLICT (game_id, hook_id) DO UPDATE SET seats = EXCLUDED.seats
"""
_ACTIVE_GAMES = {
    "player": "SELECT DISTINCT sp.game_id FROM seat_players sp JOIN games g USING (game_id)"
    " WHERE sp.player_id = %s::uuid AND g.status = 'active'",
    # Not a join of league_games with games: they are placed by league and by game, and
    # Citus joins the two only by repartitioning; the league's games are named in the query.
    "league": "SELECT game_id FROM games WHERE status = 'active' AND game_id = ANY(ARRAY("
    "SELECT game_id FROM league_games WHERE league_id = %s::uuid))",
}
# The player's seats in one game, read in the transaction that writes its copy.
_SEATS = """
SELECT array_agg(seat ORDER BY seat) FROM seat_players WHERE game_id = %s AND player_id = %s::uuid
"""
# The games holding a copy of the hook still in force (each withdrawn on its own shard).
_HOLDING = "SELECT DISTINCT game_id FROM webhooks WHERE hook_id = %s AND revoked_at IS NULL"
WITHDRAW = (
    "UPDATE webhooks SET revoked_at = now() WHERE game_id = %s AND hook_id = %s"
    " AND revoked_at IS NULL"
)
SETTLE_AFTER_SECONDS = 60.0
"""How old an unsettled hook must be before the sweep finishes it (one being registered
right now is its registering process's to finish; doing it twice does no harm)."""


@dataclass(frozen=True)
class OwnerHook:
    hook_id: UUID
    owner_kind: str
    owner: str
    url: str
    created_at: datetime


def _lock(conn: psycopg.Connection[Any], owners: Sequence[tuple[str, str]]) -> None:
    for kind, owner in sorted(set(owners)):
        conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
            (f"cairn.owner_webhooks:{kind}:{owner}",),
        )


def bind_seats(conn: psycopg.Connection[Any], game_id: UUID, players: Sequence[UUID]) -> None:
    """Seat ``players[i]`` in seat i of ``game_id`` (kept if bound already)."""
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO seat_players (game_id, seat, player_id) VALUES (%s, %s, %s)"
            " ON CONFLICT DO NOTHING",
            [(game_id, seat, p) for seat, p in enumerate(players)],
        )


def adopt_game(conn: psycopg.Connection[Any], game_id: UUID) -> None:
    """Copy the hooks of ``game_id``'s owners into its webhooks; inside the caller's
    transaction, after its seats are bound (and before any decision that should notify)."""
    with conn.cursor(row_factory=tuple_row) as cur:
        owners = cur.execute(_OWNERS, {"games": [game_id]}).fetchall()
    if not owners:
        return
    _lock(conn, [(row[1], row[2]) for row in owners])
    _copy(conn, owners, None)


def _copy(
    conn: psycopg.Connection[Any], owners: Sequence[tuple[Any, ...]], hook: UUID | None
) -> None:
    """Copy the hooks of each ``(game_id, kind, owner, seats)`` (only ``hook`` if given)."""
    rows = []
    with conn.cursor(row_factory=tuple_row) as cur:
        for game_id, kind, owner, seats in owners:
            for hook_id, url, secret in cur.execute(_HOOKS_OF, (kind, owner, hook, hook)):
                rows.append((game_id, hook_id, url, secret, kind, owner, seats))
        if rows:
            cur.executemany(_COPY, rows)


class Subscriptions:
    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def register(self, kind: OwnerKind, owner: str, url: str, secret: str) -> OwnerHook:
        """A new hook of ``owner``, heard in every active game of theirs once this returns."""
        hook_id = uuid4()
        with connection(self.pool) as conn, conn.transaction():
            _lock(conn, [(kind, owner)])
            row = conn.execute(
                "INSERT INTO owner_webhooks (hook_id, owner_kind, owner, url, secret)"
                " VALUES (%s, %s, %s, %s, %s) RETURNING created_at",
                (hook_id, kind, owner, url, secret),
            ).fetchone()
        assert row is not None
        self._spread(kind, owner, hook_id)
        return OwnerHook(hook_id, kind, owner, url, row[0])

    def hooks(self, kind: OwnerKind, owner: str) -> list[OwnerHook]:
        """The owner's hooks in force, oldest first (their secrets are never read back)."""
        with connection(self.pool) as conn, conn.cursor(row_factory=dict_row) as cur:
            rows = cur.execute(
                "SELECT hook_id, owner_kind, owner, url, created_at FROM owner_webhooks"
                " WHERE owner_kind = %s AND owner = %s AND revoked_at IS NULL"
                " ORDER BY created_at, hook_id",
                (kind, owner),
            ).fetchall()
        return [OwnerHook(**row) for row in rows]

    def revoke(self, kind: OwnerKind, owner: str, hook_id: UUID) -> bool:
        """Stop the hook in every game; False if the owner has no such hook in force.

        Its per-game rows are marked, not deleted: outbox rows refer to them, and a decision
        committing right now may still write one, which is then never sent."""
        with connection(self.pool) as conn, conn.transaction():
            _lock(conn, [(kind, owner)])
            revoked = conn.execute(
                "UPDATE owner_webhooks SET revoked_at = now(), settled_at = NULL"
                " WHERE hook_id = %s AND owner_kind = %s AND owner = %s AND revoked_at IS NULL",
                (hook_id, kind, owner),
            ).rowcount
        if revoked:
            self._withdraw(hook_id)
        return bool(revoked)

    def settle(self, older_than: float = SETTLE_AFTER_SECONDS) -> int:
        """Finish the hooks a process left half registered or half revoked (a sweep chore);
        how many it settled."""
        with (
            connection(self.pool, autocommit=True) as conn,
            conn.cursor(row_factory=tuple_row) as cur,
        ):
            rows = cur.execute(
                "SELECT owner_kind, owner, hook_id, revoked_at IS NOT NULL FROM owner_webhooks"
                " WHERE settled_at IS NULL"
                " AND coalesce(revoked_at, created_at) < now() - make_interval(secs => %s)",
                (older_than,),
            ).fetchall()
        for kind, owner, hook_id, revoked in rows:
            if revoked:
                self._withdraw(hook_id)
            else:
                self._spread(kind, owner, hook_id)
        return len(rows)

    def _spread(self, kind: OwnerKind, owner: str, hook_id: UUID) -> None:
        """Copy the hook into each active game of its owner, one game per transaction, and
        then mark it settled (unless it was revoked meanwhile: then ``revoke`` settles it)."""
        with (
            connection(self.pool, autocommit=True) as conn,
            conn.cursor(row_factory=tuple_row) as cur,
        ):
            games = [r[0] for r in cur.execute(_ACTIVE_GAMES[kind], (owner,)).fetchall()]
            for game_id in games:
                with conn.transaction():
                    _lock(conn, [(kind, owner)])
                    seats = None  # a league's hook hears every seat
                    if kind == "player":
                        row = cur.execute(_SEATS, (game_id, owner)).fetchone()
                        seats = row[0] if row else None
                        if seats is None:
                            continue  # no seat of theirs there: nothing to hear
                    _copy(conn, [(game_id, kind, owner, seats)], hook_id)
            conn.execute(
                "UPDATE owner_webhooks SET settled_at = now() WHERE hook_id = %s"
                " AND revoked_at IS NULL",
                (hook_id,),
            )

    def _withdraw(self, hook_id: UUID) -> None:
        """Mark the hook's copy revoked in each game holding one, one game per transaction,
        and then mark the revoked hook settled."""
        with (
            connection(self.pool, autocommit=True) as conn,
            conn.cursor(row_factory=tuple_row) as cur,
        ):
            for (game_id,) in cur.execute(_HOLDING, (hook_id,)).fetchall():
                conn.execute(WITHDRAW, (game_id, hook_id))
            conn.execute(
                "UPDATE owner_webhooks SET settled_at = now() WHERE hook_id = %s", (hook_id,)
            )
