"""Player accounts: a display name, an organiser role, and a personal token kept hashed.

A token is shown once, when it is issued or rotated; only its sha256 is stored. Revoking
clears the hash, so a revoked token stops working at once everywhere (nothing caches a
player's token: ``SeatTokens.seat_for`` looks player tokens up every time).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid4

import psycopg
from psycopg import errors as pg_errors
from psycopg.rows import dict_row, tuple_row

from service.store.connections import connection
from service.store.credentials import new_secret, token_hash
from service.store.errors import StoreError
from service.store.statements import seat_taken
from service.store.subscriptions import adopt_game


class PlayerExists(StoreError):
    def __init__(self, name: str) -> None:
        super().__init__(f"a player named {name!r} exists already")
        self.name = name


class UnknownPlayer(StoreError, LookupError):
    def __init__(self, player: object) -> None:
        super().__init__(f"no player {player}")
        self.player = player


class SeatedAlready(StoreError):
    """The player has a seat in this game already (``seat``)."""

    def __init__(self, game_id: UUID, seat: int) -> None:
        super().__init__(f"the player has seat {seat} of game {game_id} already")
        self.seat = seat


@dataclass(frozen=True)
class Player:
    player_id: UUID
    name: str
    is_organiser: bool
    is_revoked: bool
    is_operator: bool = False
    """The service's operator (the admin token), never a stored account."""


_COLUMNS = "player_id, name, is_organiser, token_hash IS NULL AS is_revoked"


def require_players(conn: psycopg.Connection[Any], player_ids: Sequence[UUID]) -> None:
    """Refuse to bind a seat to an account that does not exist: ``UnknownPlayer``.

    A foreign key did this until migration 0010; Citus allows none from a game's table to
    ``players``, which lives on the coordinator alone. No account is ever deleted, so a
    check before the binding cannot be outrun by another transaction."""
    wanted = set(player_ids)
    with conn.cursor(row_factory=tuple_row) as cur:
        rows = cur.execute(
            "SELECT player_id FROM players WHERE player_id = ANY(%s)", (list(wanted),)
        ).fetchall()
    unknown = wanted - {row[0] for row in rows}
    if unknown:
        raise UnknownPlayer(min(unknown))


class Players:
    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def create(self, name: str, organiser: bool = False) -> tuple[Player, str]:
        """A new account and its token (returned this once)."""
        token = new_secret()
        player = Player(uuid4(), name, organiser, False)
        try:
            with connection(self.pool) as conn:
                conn.execute(
                    "INSERT INTO players (player_id, name, is_organiser, token_hash)"
                    " VALUES (%s, %s, %s, %s)",
                    (player.player_id, name, organiser, token_hash(token)),
                )
        except pg_errors.UniqueViolation as exc:
            raise PlayerExists(name) from exc
        return player, token

    def rotate(self, player_id: UUID) -> str:
        """A fresh token for the account; the old one stops working."""
        token = new_secret()
        self._set_hash(player_id, token_hash(token))
        return token

    def revoke(self, player_id: UUID) -> None:
        self._set_hash(player_id, None)

    def _set_hash(self, player_id: UUID, digest: str | None) -> None:
        with connection(self.pool) as conn:
            updated = conn.execute(
                "UPDATE players SET token_hash = %s, revoked_at = CASE WHEN %s::text IS NULL"
                " THEN now() END WHERE player_id = %s",
                (digest, digest, player_id),
            ).rowcount
        if not updated:
            raise UnknownPlayer(player_id)

    def by_token(self, token: str) -> Player | None:
        return self._one("token_hash = %s", token_hash(token))

    def by_name(self, name: str) -> Player:
        found = self._one("name = %s", name)
        if found is None:
            raise UnknownPlayer(name)
        return found

    def get(self, player_id: UUID) -> Player:
        found = self._one("player_id = %s", player_id)
        if found is None:
            raise UnknownPlayer(player_id)
        return found

    def names(self, player_ids: list[UUID]) -> dict[UUID, str]:
        with connection(self.pool) as conn:
            rows = conn.execute(
                "SELECT player_id, name FROM players WHERE player_id = ANY(%s)", (player_ids,)
            ).fetchall()
        return {r[0]: r[1] for r in rows}

    def _one(self, where: str, value: Any) -> Player | None:
        with connection(self.pool) as conn, conn.cursor(row_factory=dict_row) as cur:
            row = cur.execute(f"SELECT {_COLUMNS} FROM players WHERE {where}", (value,)).fetchone()
        return None if row is None else Player(**row)

    def take_open_seat(
        self,
        game_id: UUID,
        player: Player,
        seat: int | None,
        opening: Sequence[dict[str, Any]] = (),
    ) -> int | None:
        """Give ``player`` an open seat of ``game_id`` (the lowest, or ``seat``); None if
        there is none, SeatedAlready if the player has a seat there. The game row is locked,
        so two players never take the same seat, nor one player two.
        When it is the last open seat, the ``opening`` notices go to the outbox with it."""
        with connection(self.pool) as conn, conn.transaction():
            row = conn.execute(
                "SELECT seat_info FROM games WHERE game_id = %s AND status = 'active' FOR UPDATE",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            held = conn.execute(
                "SELECT seat FROM seat_players WHERE game_id = %s AND player_id = %s"
                " ORDER BY seat LIMIT 1",
                (game_id, player.player_id),
            ).fetchone()
            if held is not None:
                # One player token acts for one seat: a second would leave the other seat
                # unable to act (the token resolves to one) and the game frozen.
                raise SeatedAlready(game_id, int(held[0]))
            free = [i for i, s in enumerate(row[0]) if s.get("kind") == "open"]
            chosen = free[0] if seat is None and free else seat
            if chosen not in free:
                return None
            conn.execute(
                "DELETE FROM seat_tokens WHERE game_id = %s AND seat = %s AND purpose = 'invite'",
                (game_id, chosen),
            )
            conn.execute(
                "INSERT INTO seat_players (game_id, seat, player_id) VALUES (%s, %s, %s)",
                (game_id, chosen, player.player_id),
            )
            adopt_game(conn, game_id)  # the player's webhooks hear this game from now on
            seat_taken(conn, game_id, chosen, {"kind": "player", "player": player.name}, opening)
        return chosen
