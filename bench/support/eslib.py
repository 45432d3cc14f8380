"""The ``eventsourcing`` library's side of ``bench/library.py``: one aggregate, one application.

Imported only when the library is installed (the optional extra ``bench-library``).
"""

from __future__ import annotations

from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event


class Table(Aggregate):
    """A stream of events, each carrying a move's payload; applying one counts it."""

    @event("Created")
    def __init__(self, kind: str, payload: dict[str, Any]) -> None:
        self.events_seen = 1
        self.last_kind = kind

    @event("Filled")
    def fill(self, kind: str, payload: dict[str, Any]) -> None:
        self.events_seen += 1
        self.last_kind = kind


class BenchApplication(Application[Any]):
    """Its tables are ``benchapplication_events`` and friends, in the bench database."""
