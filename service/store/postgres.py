"""Both stores have the whole ``Store`` surface (``service.store.recorders``): mypy checks
it here, so a recorder added to the Protocol and missing from either store fails the types."""

from __future__ import annotations

from service.store.event_store import EventStore
from service.store.memory import MemoryStore
from service.store.recorders import Store

_POSTGRES: type[Store] = EventStore
_MEMORY: type[Store] = MemoryStore
