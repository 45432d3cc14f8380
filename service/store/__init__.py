"""PostgreSQL persistence: the event store, its schema and the database it lives in."""

from service.store.errors import DatabaseUnavailable, UnknownGame, VersionConflict
from service.store.event_store import CHANNEL, EventStore
from service.store.records import Decision, GameRecord, NewEvent, StoredEvent

__all__ = [
    "CHANNEL",
    "DatabaseUnavailable",
    "Decision",
    "EventStore",
    "GameRecord",
    "NewEvent",
    "StoredEvent",
    "UnknownGame",
    "VersionConflict",
]
