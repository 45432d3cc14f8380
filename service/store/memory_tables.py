"""The rows the in-memory store keeps, one lock over all of them (``service/store/memory.py``).

Every value that PostgreSQL keeps as jsonb is kept here as canonical JSON text and parsed
afresh on every read, as a database row is: a caller that changes what it appended or read
changes nothing stored, and what reads back is what PostgreSQL would give (tuples as
lists, keys as strings).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

from service.store.records import GameRecord, StoredEvent, canonical_json


def as_json(value: Any) -> Any:
    """``value`` as it reads back from a jsonb column."""
    return json.loads(canonical_json(value))


@dataclass(frozen=True)
class EventRow:
    seq: int
    type: str
    schema_version: int
    payload_text: str
    visibility: str
    actor: str | None
    decision_seq: int
    command_text: str | None
    recorded_at: datetime
    prev_hash: str
    hash: str
    position: int
    """Where the event is in the global feed: the order of commits, which here is the
    order of appends (one lock)."""


@dataclass
class Kept:
    """An idempotency key's outcome: an applied command's range, or a refusal."""

    request_hash: str
    response_text: str
    refused: bool
    created_at: datetime


@dataclass
class Hook:
    url: str
    secret: str
    owner_kind: str
    owner: str
    seat: int | None
    revoked: bool = False


@dataclass
class Notice:
    hook_id: UUID
    kind: str
    body_text: str
    next_at: datetime
    attempts: int = 0
    delivered: bool = False
    last_error: str | None = None


@dataclass
class PlayerRow:
    player_id: UUID
    name: str
    is_organiser: bool
    token_hash: str | None


@dataclass
class Tables:
    lock: threading.RLock = field(default_factory=threading.RLock)
    games: dict[UUID, GameRecord] = field(default_factory=dict)
    """Each game's record as created (version 0); ``seat_info``, ``status`` and the result
    change as a database row's would."""
    events: dict[UUID, list[EventRow]] = field(default_factory=dict)
    positions: int = 0
    idempotency: dict[tuple[UUID, str], Kept] = field(default_factory=dict)
    snapshots: dict[tuple[UUID, str, int], bytes] = field(default_factory=dict)
    seat_tokens: dict[tuple[UUID, str], tuple[int, str]] = field(default_factory=dict)
    """``(game_id, token_hash) -> (seat, purpose)``."""
    seat_players: dict[tuple[UUID, int], UUID] = field(default_factory=dict)
    creators: dict[UUID, str] = field(default_factory=dict)
    players: dict[UUID, PlayerRow] = field(default_factory=dict)
    hooks: dict[tuple[UUID, UUID], Hook] = field(default_factory=dict)
    outbox: dict[tuple[UUID, UUID], Notice] = field(default_factory=dict)
    game_locks: dict[UUID, threading.Lock] = field(default_factory=dict)

    def notify_hooks(self, game_id: UUID, notices: Any, now: datetime) -> None:
        """The outbox rows of ``notices``: one per notice and hook in force that hears it
        (as ``statements.NOTICE_SQL``: a seat's hook its seat's, one with no seat all)."""
        for notice in notices:
            seats = set(notice["seats"])
            for (game, hook_id), hook in self.hooks.items():
                if game != game_id or hook.revoked:
                    continue
                if hook.seat is None or hook.seat in seats:
                    body = canonical_json(notice["body"])
                    self.outbox[(game_id, uuid4())] = Notice(hook_id, notice["kind"], body, now)


def row_of(event: StoredEvent) -> EventRow:
    return EventRow(
        seq=event.seq,
        type=event.type,
        schema_version=event.schema_version,
        payload_text=canonical_json(event.payload),
        visibility=event.visibility,
        actor=event.actor,
        decision_seq=event.decision_seq,
        command_text=None if event.command is None else canonical_json(event.command),
        recorded_at=event.recorded_at,
        prev_hash=event.prev_hash,
        hash=event.hash,
        position=0,
    )
