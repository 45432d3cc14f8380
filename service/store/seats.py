"""Seat tokens and invite codes: secrets handed out once and stored only as sha256 hashes.

A seat token is the bearer credential of one seat of one game. An invite code is a one-use
code for an open seat; redeeming it names the player and issues that seat's token. Lookups
always include the game id, so a token never works for another game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID

from psycopg.rows import tuple_row
from psycopg_pool import ConnectionPool

from service.store.credentials import (
    INSERT_SEAT_TOKENS,
    INVITE,
    SEAT,
    Secrets,
    insert_secrets,
    new_secret,
    token_hash,
)
from service.store.statements import seat_taken

KNOWN_TOKENS = 65_536
"""How many (game, token) -> seat answers a process remembers; a row is about 200 bytes."""


class SeatTokens:
    """Issues, checks and redeems seat tokens and invites.

    A seat token, once issued, names the same seat forever (nothing revokes or moves one), so
    the seats of tokens already seen are remembered in process (a player account's token,
    which can be rotated or revoked, is looked up every time): checking a token costs a
    query only the first time. Unknown tokens are never remembered, so a token issued later,
    by this process or another, is always looked up.
    """

    def __init__(self, pool: ConnectionPool[Any]) -> None:
        self.pool = pool
        self._known: OrderedDict[tuple[UUID, str], int] = OrderedDict()
        self._lock = threading.Lock()

    def issue(
        self, game_id: UUID, seats: Iterable[int], invites: Iterable[int] = ()
    ) -> tuple[dict[int, str], dict[int, str]]:
        """New secrets for ``seats`` (tokens) and ``invites`` (codes); only hashes are kept."""
        made = Secrets.new(seats, invites)
        if made.tokens or made.invites:
            with self.pool.connection() as conn, conn.transaction():
                insert_secrets(conn, game_id, made)
        return dict(made.tokens), dict(made.invites)

    def seat_for(self, game_id: UUID, token: str) -> int | None:
        """The seat this token belongs to in this game, or None."""
        key = (game_id, token_hash(token))
        with self._lock:
            seat = self._known.get(key)
        if seat is not None:
            return seat
        with self.pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
            row = cur.execute(
                "SELECT seat FROM seat_tokens WHERE game_id = %s AND token_hash = %s"
                " AND purpose = %s",
                (game_id, key[1], SEAT),
            ).fetchone()
            if row is None:
                # A league game's seat is bound to a player account (migration 0005), and
                # the player's own token acts in it. Never remembered: a rotated or revoked
                # token must stop working at once. Two reads, not a join: on Citus the
                # accounts are on the coordinator and the seats on the game's shard.
                account = cur.execute(
                    "SELECT player_id FROM players WHERE token_hash = %s", (key[1],)
                ).fetchone()
                bound = (
                    account
                    and cur.execute(
                        "SELECT seat FROM seat_players WHERE game_id = %s AND player_id = %s"
                        " ORDER BY seat LIMIT 1",
                        (game_id, account[0]),
                    ).fetchone()
                )
                return None if not bound else int(bound[0])
        with self._lock:
            self._known[key] = int(row[0])
            while len(self._known) > KNOWN_TOKENS:
                self._known.popitem(last=False)
        return int(row[0])

    def holders(self, game_id: UUID, seat: int) -> list[str]:
        """The hashes of the tokens that act for ``seat`` of ``game_id`` now: its seat
        tokens, and the token of the player account bound to it unless revoked."""
        with self.pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
            # the game's rows in one read of its shard, then the bound account's token from
            # the coordinator (on Citus the two are not joined)
            rows = cur.execute(
                "SELECT token_hash, NULL::uuid FROM seat_tokens WHERE game_id = %s AND seat = %s"
                " AND purpose = %s"
                " UNION ALL SELECT NULL, player_id FROM seat_players"
                " WHERE game_id = %s AND seat = %s",
                (game_id, seat, SEAT, game_id, seat),
            ).fetchall()
            bound = [r[1] for r in rows if r[1] is not None]
            if bound:
                rows += cur.execute(
                    "SELECT token_hash, NULL FROM players WHERE player_id = ANY(%s)"
                    " AND token_hash IS NOT NULL",
                    (bound,),
                ).fetchall()
        return [str(r[0]) for r in rows if r[0] is not None]

    def redeem(
        self, game_id: UUID, code: str, player: str, opening: Sequence[dict[str, Any]] = ()
    ) -> tuple[int, str] | None:
        """Use an invite: the seat becomes ``player``'s, and its new token is returned.
        When it is the last open seat, the ``opening`` notices go to the outbox with it."""
        token = new_secret()
        with (
            self.pool.connection() as conn,
            conn.transaction(),
            conn.cursor(row_factory=tuple_row) as cur,
        ):
            # The game row first, as a lobby take locks it (Players.take_open_seat): taking
            # the invite first and the game second, the two deadlocked on one seat.
            # Only a running game's seat is taken: one that ended since it was loaded keeps
            # its invites unused.
            running = cur.execute(
                "SELECT 1 FROM games WHERE game_id = %s AND status = 'active' FOR UPDATE",
                (game_id,),
            ).fetchone()
            if running is None:
                return None
            row = cur.execute(
                "DELETE FROM seat_tokens WHERE game_id = %s AND token_hash = %s"
                " AND purpose = %s RETURNING seat",
                (game_id, token_hash(code), INVITE),
            ).fetchone()
            if row is None:
                return None
            seat = int(row[0])
            cur.execute(INSERT_SEAT_TOKENS, (game_id, token_hash(token), seat, SEAT))
            seat_taken(conn, game_id, seat, {"kind": "player", "player": player}, opening)
        return seat, token
