"""Who created a game: the creator's token (kept as its sha256) may abandon the game.

Issued once, when a game is created over the API, and shown in the answer only then. The
table comes with live play (migrations/versions/0006_live_play.py).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from service.store.connections import connection
from service.store.credentials import Secrets, insert_secrets, token_hash


class Creators:
    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def issue(self, game_id: UUID) -> str:
        """A fresh creator token for ``game_id`` (returned this once)."""
        made = Secrets.new((), (), creator=True)
        with connection(self.pool) as conn:
            insert_secrets(conn, game_id, made)
        assert made.creator is not None
        return made.creator

    def is_creator(self, game_id: UUID, token: str) -> bool:
        with connection(self.pool) as conn:
            row = conn.execute(
                "SELECT token_sha256 FROM game_creators WHERE game_id = %s", (game_id,)
            ).fetchone()
        return row is not None and row[0] == token_hash(token)
