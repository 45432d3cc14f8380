"""Appending test events straight through the store, below the application layer."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from service.store import Decision, GameRecord, NewEvent, Store, VersionConflict

RAW_EVENT = (
    "INSERT INTO events (game_id, seq, type, schema_version, payload, visibility,"
    " decision_seq, prev_hash, hash) VALUES (%s, %s, 'test.late', 1, '{}', 'public', %s, %s, %s)"
)
"""One event written by hand: (game_id, seq, seq, prev_hash, hash)."""


def new_game(store: Store) -> uuid.UUID:
    """A stored game with one event."""
    game = GameRecord.new("counting", "1", "none", 2)
    store.create_game(game, decision(0))
    return game.game_id


def decision(n: int, size: int = 1) -> Decision:
    events = tuple(NewEvent("test.ticked", 1, {"n": n, "i": i}, "public") for i in range(size))
    return Decision(events, "seat:0", {"type": "tick", "n": n})


def append_with_retry(store: Store, game_id: uuid.UUID, n: int) -> None:
    while True:
        seq, digest = store.head(game_id)
        try:
            store.append(game_id, seq, digest, decision(n))
            return
        except VersionConflict:
            continue


def append_all(store: Store, game_id: uuid.UUID, numbers: Iterable[int]) -> None:
    for n in numbers:
        append_with_retry(store, game_id, n)
