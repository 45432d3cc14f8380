"""The secrets a new game hands out once: seat tokens, invite codes and the creator's token.

They are made before the game is stored and written, as hashes, in the very transaction
that creates the game (``Store.create_game``). Issued afterwards, in commits of their own, a
failure between the two left a game in the lobby that nobody held a credential for, its
creator having been answered with an error (and bots may already have moved in it).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import psycopg

SEAT = "seat"
INVITE = "invite"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(32)


INSERT_SEAT_TOKENS = (
    "INSERT INTO seat_tokens (game_id, token_hash, seat, purpose) VALUES (%s, %s, %s, %s)"
)
INSERT_CREATOR = "INSERT INTO game_creators (game_id, token_sha256) VALUES (%s, %s)"


@dataclass(frozen=True)
class Secrets:
    """Plain secrets, each shown once to whoever created the game; only hashes are kept."""

    tokens: Mapping[int, str] = field(default_factory=dict)
    invites: Mapping[int, str] = field(default_factory=dict)
    creator: str | None = None

    @classmethod
    def new(cls, seats: Iterable[int], invites: Iterable[int], creator: bool = False) -> Secrets:
        """Fresh secrets: a token per seat in ``seats``, a code per seat in ``invites``."""
        return cls(
            {seat: new_secret() for seat in seats},
            {seat: new_secret() for seat in invites},
            new_secret() if creator else None,
        )

    def seat_rows(self) -> list[tuple[str, int, str]]:
        """(token hash, seat, purpose) of every seat token and invite code."""
        rows = [(token_hash(t), s, SEAT) for s, t in self.tokens.items()]
        return rows + [(token_hash(c), s, INVITE) for s, c in self.invites.items()]


def insert_secrets(conn: psycopg.Connection[Any], game_id: UUID, made: Secrets) -> None:
    """The hashes of ``made``, in ``conn``'s transaction."""
    rows = [(game_id, *row) for row in made.seat_rows()]
    if rows:
        with conn.cursor() as cur:
            cur.executemany(INSERT_SEAT_TOKENS, rows)
    if made.creator is not None:
        conn.execute(INSERT_CREATOR, (game_id, token_hash(made.creator)))
