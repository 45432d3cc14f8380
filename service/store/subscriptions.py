"""A player's or a league's webhooks (migrations/versions/0008_owner_webhooks.py).

A hook registered by an owner is copied into the per-game ``webhooks`` table for every game
it hears, so that a decision writes its outbox rows from game-scoped rows alone, in the
statement that appends its events:

* ``adopt_game`` copies the hooks of a game's owners (the players bound to its seats, the
  league that scheduled it) in the transaction that creates the game or binds a seat;
* ``register`` copies a new hook into its owner's active games in its own transaction.

Both take the owners' advisory locks first (``_lock``): without them a game created while a
hook is being registered could be missed by both sides (each reading before the other
commits). Locks are taken in sorted order, and ``register``/``revoke`` take only their own,
so no two of these wait on each other in a cycle.
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

# Each owner of the games named, with the seats a player holds (NULL for a league: all).
_OWNERS = """
SELECT game_id, 'player' AS kind, player_id::text AS owner, array_agg(seat ORDER BY seat) AS seats
FROM seat_players WHERE game_id = ANY(%(games)s) GROUP BY game_id, player_id
UNION ALL
SELECT game_id, 'league', league_id::text, NULL::integer[]
FROM league_games WHERE game_id = ANY(%(games)s)
"""
# The hooks in force of one owner (a reference table: read on the coordinator, no worker).
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
        """A new hook of ``owner``, heard at once in every active game of theirs."""
        hook_id = uuid4()
        with (
            connection(self.pool) as conn,
            conn.transaction(),
            conn.cursor(row_factory=tuple_row) as cur,
        ):
            _lock(conn, [(kind, owner)])
            row = cur.execute(
                "INSERT INTO owner_webhooks (hook_id, owner_kind, owner, url, secret)"
                " VALUES (%s, %s, %s, %s, %s) RETURNING created_at",
                (hook_id, kind, owner, url, secret),
            ).fetchone()
            assert row is not None
            games = [r[0] for r in cur.execute(_ACTIVE_GAMES[kind], (owner,)).fetchall()]
            if games:
                owners = cur.execute(_OWNERS, {"games": games}).fetchall()
                _copy(conn, [o for o in owners if (o[1], o[2]) == (kind, owner)], hook_id)
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
                "UPDATE owner_webhooks SET revoked_at = now() WHERE hook_id = %s"
                " AND owner_kind = %s AND owner = %s AND revoked_at IS NULL",
                (hook_id, kind, owner),
            ).rowcount
            if revoked:
                conn.execute(
                    "UPDATE webhooks SET revoked_at = now() WHERE hook_id = %s"
                    " AND revoked_at IS NULL",
                    (hook_id,),
                )
        return bool(revoked)
