"""What the application asks of a store, as Protocols: the same surface for both stores.

Layered as the ``eventsourcing`` library layers its recorders. ``GameRecorder`` keeps the
games' streams (create, append with an expected version and the head's hash, read, the
idempotency rows written with an append, snapshots); ``FeedRecorder`` adds the global feed;
``Store`` is a feed recorder with its companion recorders: seat tokens, kept refusals,
creators, player accounts, per-game webhooks and their outbox, a player's or a league's
webhooks (``SubscriptionRecorder``), the leagues' streams and feed (``LeagueRecorder``), the
tracked consumers' cursors (``TrackingRecorder``), the league projection's read model
(``LeagueViewRecorder``; these three in ``league_recorders.py``), analysis jobs
(``AnalysisRecorder``), and the game lock the bot driver takes.

Two implementations satisfy it: ``EventStore`` (PostgreSQL, the product's store) and
``MemoryStore`` (``service/store/memory.py``, for fast tests). Both are held to one contract
suite (tests/service/store_contract/), so every part of the service, leagues and analyses
included, runs on either.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol
from uuid import UUID

from service.store.analyses import Job, Progress
from service.store.credentials import Secrets
from service.store.league_recorders import LeagueRecorder, LeagueViewRecorder, TrackingRecorder
from service.store.players import Player
from service.store.records import Appended, Decision, GameRecord, Snapshot, StoredEvent
from service.store.subscriptions import OwnerHook, OwnerKind
from service.store.webhooks import Owed, Written

Idempotency = tuple[str, str, dict[str, Any]]
"""``(key, request_hash, response)``: what an append records with its events."""
FollowUp = tuple[Decision, dict[str, Any] | None]
"""``(decision, result)``: a decision appended right after another in the same commit (the
system's, due after a seat's), with the result it ends the game with, if it does."""
Fact = tuple[int, str, int, str, str]
"""``(seq, type, schema_version, payload_text, hash)``: what a fold needs of an event."""


class GameRecorder(Protocol):
    """Games and their hash-chained event streams."""

    def ping(self) -> None: ...

    def workers(self) -> dict[str, str]:
        """Each database worker's state (a Citus cluster's); empty for a single database."""
        ...

    def create_game(
        self,
        game: GameRecord,
        decision: Decision,
        seated: Sequence[UUID] = (),
        secrets: Secrets | None = None,
        then: Sequence[FollowUp] = (),
    ) -> Appended:
        """The game, a fork's copied prefix, its opening decision, the system's decisions
        ``then`` due after it (each a decision of its own, with the result it ends the game
        with, if it does), the hashes of the ``secrets`` it hands out
        (``service.store.credentials``) and the outbox rows of every decision's notices, all
        or nothing, with one wake-up: every event of the new game as stored, and the outbox
        rows' count. ``GameExists``, ``UnknownGame`` (a fork's parent), ``ValueError`` (a
        fork past the parent's end), ``UnknownPlayer`` (a seat bound to no account)."""
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
        then: Sequence[FollowUp] = (),
    ) -> Appended:
        """The decision's events after ``expected_version``, with the idempotency row, the
        result and the notices' outbox rows, then each of ``then`` as a decision of its own
        chained on, all in one commit with one wake-up, all or nothing: a follow-up refused
        leaves nothing of the first decision either. ``UnknownGame``, ``VersionConflict``
        (the head moved, or the key is taken), ``ChainMismatch``, ``NonIntegerNumber``.
        Answers the events as stored and how many outbox rows all the decisions wrote."""
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

    def feed_games(self, after: str | None = None, limit: int = 1000) -> list[tuple[UUID, str]]:
        """The same feed as ``read_all``, each event as ``(game_id, cursor)`` only."""
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

    def notices(self, *, game_id: UUID | None = None, hook_id: UUID | None = None) -> list[Written]:
        """The notices written for a game's hooks or for one hook (in every game it hears),
        sent or not (with its attempts and last error), oldest first and one decision's by
        kind (``webhooks.NOTICE_ORDER``)."""
        ...


class SubscriptionRecorder(Protocol):
    """A player's or a league's webhooks, heard in every game of theirs
    (``service.store.subscriptions``): a game made with bound seats or a seat a player takes
    copies its owners' hooks in; a new hook is copied into its owner's active games."""

    def register(self, kind: OwnerKind, owner: str, url: str, secret: str) -> OwnerHook: ...

    def hooks(self, kind: OwnerKind, owner: str) -> list[OwnerHook]:
        """The owner's hooks in force, oldest first."""
        ...

    def revoke(self, kind: OwnerKind, owner: str, hook_id: UUID) -> bool:
        """Stop the hook in every game; False if the owner has no such hook in force."""
        ...

    def settle(self, older_than: float = 60.0) -> int:
        """Finish the hooks a process left half registered or half revoked (a sweep chore);
        how many it settled."""
        ...


class AnalysisRecorder(Protocol):
    """Analysis jobs and their results (``service.store.analyses``)."""

    def claim(
        self, game_id: UUID, key: str, request: dict[str, Any], total: int
    ) -> tuple[Job, bool]:
        """The job of this request: a new running one (True), or the one there (False)."""
        ...

    def get(self, game_id: UUID, analysis_id: UUID) -> Job | None: ...

    def progress(self, game_id: UUID, analysis_id: UUID) -> Progress | None:
        """The job's status, counts and sketch's rollouts a point, without reading its
        result out of the store."""
        ...

    def restart(self, job: Job, total: int) -> bool:
        """Take over a failed or abandoned job, only if unchanged since ``job`` was read."""
        ...

    def advanced(self, job: Job, done: int) -> None: ...

    def sketched(self, job: Job, done: int, graph: dict[str, Any]) -> None:
        """A running graph's progress and its graph so far, kept as its ``result`` until
        the job is done (a restart clears it)."""
        ...

    def finished(self, job: Job, result: dict[str, Any]) -> None: ...

    def failed(self, job: Job, error: str) -> None: ...


class Store(FeedRecorder, Protocol):
    """The event recorder with its companions: everything the service stores."""

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

    @property
    def subscriptions(self) -> SubscriptionRecorder: ...

    @property
    def leagues(self) -> LeagueRecorder: ...

    @property
    def tracking(self) -> TrackingRecorder: ...

    @property
    def league_views(self) -> LeagueViewRecorder: ...

    @property
    def analyses(self) -> AnalysisRecorder: ...

    def game_lock(self, game_id: UUID) -> AbstractContextManager[bool]:
        """Hold the game's lock for the block if nobody else does; yields whether held."""
        ...
