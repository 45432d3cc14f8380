"""Typed store errors that the application and the HTTP edge translate.

Callers never see a driver error for a refusal: the store turns integrity failures into
these, so nothing above ``service/store`` catches a psycopg class.
"""

from __future__ import annotations

import re
from uuid import UUID

import psycopg

_SHARD_SUFFIX = re.compile(r"_\d+$")
"""What Citus puts after a constraint's name on a shard's copy (``games_pkey_102036``); no
constraint of the schema ends so (tests/service/test_store.py holds that)."""
_LAST_QUOTED = re.compile(r'"([^"]+)"[^"]*$')


def constraint_of(error: psycopg.Error) -> str | None:
    """The constraint ``error`` names, as the schema names it, on one PostgreSQL or on a
    Citus worker, so that a refusal is recognised either way.

    Citus relays a worker's error without its constraint field: the name is then the last
    quoted name of the message (``... violates unique constraint "games_pkey_102036"``, and
    so for a foreign key or a check), with the shard's id after it.
    """
    name = error.diag.constraint_name
    if name is None:
        quoted = _LAST_QUOTED.search(error.diag.message_primary or "")
        name = quoted.group(1) if quoted else None
    return None if name is None else _SHARD_SUFFIX.sub("", name)


class StoreError(Exception):
    """Base of the store's own errors."""


class VersionConflict(StoreError):
    """Another decision was appended first: ``expected`` is stale, ``actual`` is the head."""

    def __init__(self, game_id: UUID, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class UnknownGame(StoreError, LookupError):
    def __init__(self, game_id: object) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


class GameExists(StoreError):
    """A game with this id is already stored (created twice, or imported over another)."""

    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"game {game_id} already exists")
        self.game_id = game_id


class ChainMismatch(StoreError):
    """The previous hash given for an event is not the hash of the event before it.

    The message names no hash: a hidden event's hash could be used to test guesses of what
    it hides.
    """

    def __init__(self, game_id: UUID, seq: int) -> None:
        super().__init__(
            f"event {seq + 1} of game {game_id} does not chain to event {seq}: the expected"
            " head hash is not that event's hash"
        )
        self.game_id = game_id
        self.seq = seq


class DatabaseUnavailable(StoreError):
    """PostgreSQL cannot be reached right now; the caller may retry later."""
