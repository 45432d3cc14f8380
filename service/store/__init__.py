"""PostgreSQL persistence: the event store, its schema and the database it lives in."""

from service.store.errors import (
    ChainMismatch,
    DatabaseUnavailable,
    GameExists,
    StoreError,
    UnknownGame,
    VersionConflict,
)
from service.store.event_store import CHANNEL, EventStore
from service.store.records import Decision, GameRecord, NewEvent, NonIntegerNumber, StoredEvent

__all__ = [
    "CHANNEL",
    "ChainMismatch",
    "DatabaseUnavailable",
    "Decision",
    "EventStore",
    "GameExists",
    "GameRecord",
    "NewEvent",
    "NonIntegerNumber",
    "StoreError",
    "StoredEvent",
    "UnknownGame",
    "VersionConflict",
]
