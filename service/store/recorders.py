"""What the application asks of a store, as Protocols: the same surface for both stores.

Layered as the ``eventsourcing`` library layers its recorders. ``GameRecorder`` keeps the
games' streams (create, append with an expected version and the head's hash, read, the
idempotency rows written with an append, snapshots); ``FeedRecorder`` adds the global feed;
``Store`` is a feed recorder with the companion recorders the play path needs (seat tokens,
kept refusals, creators, player accounts, per-game webhooks and their outbox) and the game
lock the bot driver takes.

Two implementations satisfy it: ``EventStore`` (PostgreSQL, the product's store) and
``MemoryStore`` (``service/store/memory.py``, for fast tests). Both are held to one contract
suite (tests/service/store_contract/). Leagues, owner webhooks, projections and analysis
jobs are not part of it: they need the PostgreSQL store (``postgres_pool``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol
from uuid import UUID

from service.store.players import Player
from service.store.records import Decision, GameRecord, Snapshot, StoredEvent
from service.store.webhooks import Owed

Idempotency = tuple[str, str, dict[str, Any]]
"""``(key, request_hash, response)``: what an append records with its events."""
Fact = tuple[int, str, int, str, str]
"""``(seq, type, schema_version, payload_text, hash)``: what a fold needs of an event."""


class GameRecorder(Protocol):
    """Games and their hash-chained event streams."""

    def ping(self) -> None: ...

    def workers(self) -> dict[str, str]:
        """Each database worker's state (a Citus cluster's); empty for a single database."""
        ...

    def create_game(
        self, game: GameRecord, decision: Decision, seated: Sequence[UUID] = ()
    ) -> list[StoredEvent]:
        """The game, a fork's copied prefix and its opening decision, all or nothing.
        ``GameExists``, ``UnknownGame`` (a fork's parent), ``ValueError`` (a fork past the
        parent's end)."""
        ...

    def insert_verbatim(self, game: GameRecord, events: Sequence[StoredEvent], source: str) -> None:
        """An imported game and its pre-hashed events as given, all or nothing.
        ``GameExists``, ``UnknownGame`` (a fork's parent), ``ChainMismatch``,
        ``NonIntegerNumber``."""
        ...

    def game(self, game_id: UUID) -> GameRecord:
        """The record with its current version; ``UnknownGame``."""
        ...

    def game_ids_starting(self, prefix: str, limit: int = 2) -> list[UUID]:
        """Up to ``limit`` game ids whose text starts with ``prefix``, in id order."""
        ...

    def games(
        self,
        *,
        ruleset: str | None = None,
        status: str | None = None,
        player: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[GameRecord]:
        """Newest first; ``status="open"`` is the lobby (active, with an open seat)."""
        ...

    def finish(self, game_id: UUID, result: dict[str, Any]) -> None: ...

    def append(
        self,
        game_id: UUID,
        expected_version: int,
        expected_hash: str,
        decision: Decision,
        idempotency: Idempotency | None = None,
        result: dict[str, Any] | None = None,
    ) -> list[StoredEvent]:
        """The decision's events after ``expected_version``, with the idempotency row, the
        result and the notices' outbox rows, all or nothing. ``UnknownGame``,
        ``VersionConflict`` (the head moved, or the key is taken), ``ChainMismatch``,
        ``NonIntegerNumber``."""
        ...

    def head(self, game_id: UUID) -> tuple[int, str]: ...

    def version(self, game_id: UUID) -> int: ...

    def read(
        self, game_id: UUID, after: int = 0, until: int | None = None, limit: int | None = None
    ) -> list[StoredEvent]: ...

    def read_facts(self, game_id: UUID, after: int = 0, until: int | None = None) -> list[Fact]: ...

    def idempotent_response(self, game_id: UUID, key: str) -> tuple[str, dict[str, Any]] | None: ...

    def opening(
        self, game_id: UUID, engines: Sequence[str], at_most: int | None = None
    ) -> tuple[GameRecord, Snapshot | None]: ...

    def save_snapshot(self, game_id: UUID, engine: str, seq: int, state: bytes) -> None: ...

    def delete_snapshots(self, game_id: UUID | None = None) -> int: ...


class FeedRecorder(GameRecorder, Protocol):
    def read_all(self, after: str | None = None, limit: int = 1000) -> list[StoredEvent]:
        """Every event of every game, each once, none skipped; resume with a ``cursor``."""
        ...


class SeatRecorder(Protocol):
    """Seat tokens and invite codes, kept as hashes (``service.store.seats``)."""

    def issue(
        self, game_id: UUID, seats: Iterable[int], invites: Iterable[int] = ()
    ) -> tuple[dict[int, str], dict[int, str]]: ...

    def seat_for(self, game_id: UUID, token: str) -> int | None: ...

    def holders(self, game_id: UUID, seat: int) -> list[str]:
        """The hashes of the tokens that act for the seat now."""
        ...

    def redeem(
        self, game_id: UUID, code: str, player: str, opening: Sequence[dict[str, Any]] = ()
    ) -> tuple[int, str] | None: ...


class RefusalRecorder(Protocol):
    """Refused keyed commands (``service.store.refusals``)."""

    def remember(
        self, game_id: UUID, key: str, request_hash: str, refusal: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]: ...

    def forget_older_than(self, seconds: float) -> int: ...


class CreatorRecorder(Protocol):
    def issue(self, game_id: UUID) -> str: ...

    def is_creator(self, game_id: UUID, token: str) -> bool: ...


class PlayerRecorder(Protocol):
    """Player accounts (``service.store.players``)."""

    def create(self, name: str, organiser: bool = False) -> tuple[Player, str]: ...

    def rotate(self, player_id: UUID) -> str: ...

    def revoke(self, player_id: UUID) -> None: ...

    def by_token(self, token: str) -> Player | None: ...

    def by_name(self, name: str) -> Player: ...

    def get(self, player_id: UUID) -> Player: ...

    def names(self, player_ids: list[UUID]) -> dict[UUID, str]: ...

    def take_open_seat(
        self,
        game_id: UUID,
        player: Player,
        seat: int | None,
        opening: Sequence[dict[str, Any]] = (),
    ) -> int | None: ...


class WebhookRecorder(Protocol):
    """Per-game webhooks and the outbox of their notices (``service.store.webhooks``)."""

    def register(
        self, game_id: UUID, url: str, secret: str, owner_kind: str, owner: str, seat: int | None
    ) -> UUID: ...

    def claim(self, lease_seconds: float) -> list[Owed]: ...

    def delivered(self, owed: Owed) -> None: ...

    def failed(self, owed: Owed, error: str, retry_in: float) -> None: ...

    def next_due(self) -> float | None: ...


class Store(FeedRecorder, Protocol):
    """The event recorder with its companions: everything the play path stores."""

    @property
    def tokens(self) -> SeatRecorder: ...

    @property
    def refusals(self) -> RefusalRecorder: ...

    @property
    def creators(self) -> CreatorRecorder: ...

    @property
    def players(self) -> PlayerRecorder: ...

    @property
    def webhooks(self) -> WebhookRecorder: ...

    def game_lock(self, game_id: UUID) -> AbstractContextManager[bool]:
        """Hold the game's lock for the block if nobody else does; yields whether held."""
        ...
