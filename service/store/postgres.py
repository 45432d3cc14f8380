"""What only the PostgreSQL store keeps: leagues, owner webhooks, projections and analysis
jobs are reached through its pool, which no other store has."""

from __future__ import annotations

from typing import Any

from psycopg_pool import ConnectionPool

from service.store.errors import StoreError
from service.store.event_store import EventStore
from service.store.memory import MemoryStore
from service.store.recorders import Store


def postgres_pool(store: Store) -> ConnectionPool[Any]:
    """The pool under ``store``; ``StoreError`` for a store that is not PostgreSQL's."""
    if isinstance(store, EventStore):
        return store.pool
    raise StoreError(f"this needs the PostgreSQL event store, not {type(store).__name__}")


# mypy checks here that both stores have the whole ``Store`` surface.
_POSTGRES: type[Store] = EventStore
_MEMORY: type[Store] = MemoryStore
