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
    seats: list[int] | None = None
    """The seats a player's hook hears in this game (None: not a player's)."""


@dataclass
class OwnerHookRow:
    """A player's or a league's hook (``service.store.subscriptions``)."""

    owner_kind: str
    owner: str
    url: str
    secret: str
    created_at: datetime
    revoked: bool = False


@dataclass(frozen=True)
class LeagueRow:
    seq: int
    type: str
    schema_version: int
    payload_text: str
    actor: str | None
    hash: str
    recorded_at: datetime
    position: int = 0
    """Where the event is in the league feed: the order of appends (one lock)."""


@dataclass
class Notice:
    hook_id: UUID
    kind: str
    body_text: str
    decision: int
    """Which decision wrote it, in the order of commits (its time on PostgreSQL)."""
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
    decisions: int = 0
    game_locks: dict[UUID, threading.Lock] = field(default_factory=dict)
    owner_hooks: dict[UUID, OwnerHookRow] = field(default_factory=dict)
    league_events: dict[UUID, list[LeagueRow]] = field(default_factory=dict)
    """Each league's stream, leagues in the order they were made."""
    league_positions: int = 0
    league_games: dict[tuple[UUID, UUID], None] = field(default_factory=dict)
    """``(league_id, game_id)``, in the order registered (a dict as an ordered set)."""

    def notify_hooks(self, game_id: UUID, notices: Any, now: datetime) -> int:
        """The outbox rows of ``notices``, how many: one per notice and hook in force that
        hears it (as ``statements.NOTICE_SQL``: a seat's hook its seat's, one with no seat
        all)."""
        self.decisions += 1
        written = 0
        for notice in notices:
            seats = set(notice["seats"])
            for (game, hook_id), hook in self.hooks.items():
                if game != game_id or hook.revoked:
                    continue
                if hook.seats is not None:
                    heard = bool(seats.intersection(hook.seats))
                else:
                    heard = hook.seat is None or hook.seat in seats
                if heard:
                    body = canonical_json(notice["body"])
                    self.outbox[(game_id, uuid4())] = Notice(
                        hook_id, notice["kind"], body, self.decisions, now
                    )
                    written += 1
        return written

    def adopt_game(self, game_id: UUID) -> None:
        """Copy the hooks of the game's owners in (as ``subscriptions.adopt_game``): the
        players bound to its seats, each hearing their seats, and its league, hearing all."""
        for owner_kind, owner, seats in self.owners(game_id):
            for hook_id, row in self.owner_hooks.items():
                if (row.owner_kind, row.owner) == (owner_kind, owner) and not row.revoked:
                    self.copy_hook(game_id, hook_id, row, seats)

    def owners(self, game_id: UUID) -> list[tuple[str, str, list[int] | None]]:
        seats: dict[UUID, list[int]] = {}
        for (game, seat), player in sorted(self.seat_players.items(), key=lambda s: s[0][1]):
            if game == game_id:
                seats.setdefault(player, []).append(seat)
        found: list[tuple[str, str, list[int] | None]] = [
            ("player", str(p), held) for p, held in seats.items()
        ]
        found += [("league", str(lg), None) for lg, g in self.league_games if g == game_id]
        return found

    def copy_hook(
        self, game_id: UUID, hook_id: UUID, row: OwnerHookRow, seats: list[int] | None
    ) -> None:
        """The hook heard in this game; the seats follow if it is there already."""
        there = self.hooks.get((game_id, hook_id))
        if there is not None:
            there.seats = seats
            return
        self.hooks[(game_id, hook_id)] = Hook(
            row.url, row.secret, row.owner_kind, row.owner, None, seats=seats
        )


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
