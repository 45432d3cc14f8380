"""Typed store errors that the application and the HTTP edge translate."""

from __future__ import annotations

from uuid import UUID


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


class DatabaseUnavailable(StoreError):
    """PostgreSQL cannot be reached right now; the caller may retry later."""
