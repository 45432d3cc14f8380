"""Persistence: the PostgreSQL event store, its schema and database; the same surface in
memory for tests (``service.store.recorders``)."""

from service.store.errors import (
    ChainMismatch,
    DatabaseUnavailable,
    GameExists,
    StoreError,
    UnknownGame,
    VersionConflict,
)
from service.store.event_store import CHANNEL, EventStore
from service.store.recorders import FeedRecorder, GameRecorder, SeatRecorder, Store
from service.store.records import (
    Appended,
    Decision,
    GameRecord,
    NewEvent,
    NonIntegerNumber,
    StoredEvent,
)

__all__ = [
    "CHANNEL",
    "Appended",
    "ChainMismatch",
    "DatabaseUnavailable",
    "Decision",
    "EventStore",
    "FeedRecorder",
    "GameExists",
    "GameRecord",
    "GameRecorder",
    "NewEvent",
    "NonIntegerNumber",
    "SeatRecorder",
    "Store",
    "StoreError",
    "StoredEvent",
    "UnknownGame",
    "VersionConflict",
]
