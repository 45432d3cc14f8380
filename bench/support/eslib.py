"""The ``eventsourcing`` library's side of ``bench/library.py``: one aggregate, one application.

Imported only when the library is installed (the optional extra ``bench-library``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from bench.append import PAYLOAD


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


class LibraryWriter:
    """Saves one new event of its own aggregate per transaction, as an Application does."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.table = Table(kind="bench.created", payload=PAYLOAD)
        app.save(self.table)

    def prepare(self, count: int) -> Callable[[], None]:
        def work() -> None:
            for _ in range(count):
                self.table.fill(kind="bench.icon_filled", payload=PAYLOAD)
                self.app.save(self.table)

        return work
