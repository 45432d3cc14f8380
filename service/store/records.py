"""The shapes the event store reads and writes, and the hash chain over them."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

GENESIS_HASH = "0" * 64

# The encoder ``json.dumps`` would build for these options on every call, built once: an
# append spells about six values (three of them short strings, for which building the
# encoder cost several times the encoding; issue #26). Encoding keeps no state in it.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(value: Any) -> str:
    """The one JSON spelling hashed and exported: sorted keys, no spaces, UTF-8."""
    return _CANONICAL.encode(value)


class NonIntegerNumber(ValueError):
    """An event's payload or command holds a number that is not an integer.

    PostgreSQL keeps a jsonb number as a numeric and spells it its own way when it is read
    back (``1e16`` as ``10000000000000000``, ``-0.0`` as ``0.0``), so a float would no
    longer match the hash computed over Python's spelling of it. Events hold integers only;
    a ruleset that needs a fraction stores it scaled, or as a string.
    """

    def __init__(self, path: str, value: float) -> None:
        super().__init__(f"{path}: {value!r} is not an integer; event data holds integers only")
        self.path = path


_NESTED = (dict, list, tuple, float)


def check_integers(value: Any, path: str = "$") -> None:
    """Raise ``NonIntegerNumber`` if ``value`` holds a float anywhere (bools and ints pass)."""
    if isinstance(value, float):
        raise NonIntegerNumber(path, value)
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, _NESTED):
                check_integers(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            if isinstance(item, _NESTED):
                check_integers(item, f"{path}[{index}]")


def chain_hash(
    prev_hash: str,
    *,
    seq: int,
    type: str,
    schema_version: int,
    visibility: str,
    actor: str | None,
    payload: Any,
    command: Any,
) -> str:
    """sha256 over the previous hash and this event's canonical body (docs/replay-format.md).

    The body covers what an audit relies on: position, type, schema, visibility, actor, the
    payload and the command that produced it. Time and request metadata are not covered.
    """
    return chain_hash_of_texts(
        prev_hash,
        seq=seq,
        type=type,
        schema_version=schema_version,
        visibility=visibility,
        actor=actor,
        payload_text=canonical_json(payload),
        command_text=canonical_json(command),
    )


def chain_hash_of_texts(
    prev_hash: str,
    *,
    seq: int,
    type: str,
    schema_version: int,
    visibility: str,
    actor: str | None,
    payload_text: str,
    command_text: str,
) -> str:
    """``chain_hash`` with payload and command already in canonical JSON.

    The appender serialises each payload once and sends the same text to PostgreSQL. The
    body is the canonical JSON of the object in ``chain_hash``, spelled out in sorted-key
    order (a test keeps the two identical).
    """
    body = (
        f'{{"actor":{canonical_json(actor)},"command":{command_text},'
        f'"payload":{payload_text},"schema_version":{int(schema_version)},"seq":{int(seq)},'
        f'"type":{canonical_json(type)},"visibility":{canonical_json(visibility)}}}'
    )
    return hashlib.sha256((prev_hash + body).encode()).hexdigest()


@dataclass(frozen=True)
class NewEvent:
    type: str
    schema_version: int
    payload: dict[str, Any]
    visibility: str


@dataclass(frozen=True)
class Decision:
    """The events one command produced, appended all together or not at all."""

    events: tuple[NewEvent, ...]
    actor: str | None
    command: dict[str, Any] | None
    metadata: dict[str, Any] = field(default_factory=dict)
    notices: tuple[dict[str, Any], ...] = ()
    """Turn notices (``service.notices``), written to the outbox with the events."""


@dataclass(frozen=True)
class StoredEvent:
    game_id: UUID
    seq: int
    type: str
    schema_version: int
    payload: dict[str, Any]
    visibility: str
    actor: str | None
    decision_seq: int
    command: dict[str, Any] | None
    recorded_at: datetime
    prev_hash: str
    hash: str
    cursor: str = ""
    """Where the global feed goes on after this event (``EventStore.read_all``): opaque, and
    the feed's only resume token. Empty for events not read from the feed."""

    def expected_hash(self) -> str:
        return chain_hash(
            self.prev_hash,
            seq=self.seq,
            type=self.type,
            schema_version=self.schema_version,
            visibility=self.visibility,
            actor=self.actor,
            payload=self.payload,
            command=self.command,
        )


@dataclass(frozen=True)
class Appended:
    """What an append wrote: its events as stored, and how many outbox rows its notices
    made (one per notice and hook in force that hears it; none in a game with no hook).
    The webhook deliverer is woken only when there are some (issue #26)."""

    events: list[StoredEvent]
    outboxed: int


@dataclass(frozen=True)
class Snapshot:
    """An encoded state after event ``seq``, whose hash is ``head`` (a disposable cache).

    ``state`` is msgpack decoded by the state's type hints (service/application/snapshots.py),
    never a pickle."""

    seq: int
    head: str
    state: bytes


@dataclass(frozen=True)
class GameRecord:
    game_id: UUID
    ruleset: str
    rules_version: str
    content_hash: str
    seats: int
    seat_info: list[dict[str, Any]]
    options: dict[str, Any]
    status: str
    version: int
    result: dict[str, Any] | None
    parent_id: UUID | None
    fork_at: int | None
    created_at: datetime
    finished_at: datetime | None

    @property
    def is_finished(self) -> bool:
        return self.status == "finished"

    @classmethod
    def new(
        cls,
        ruleset: str,
        rules_version: str,
        content_hash: str,
        seats: int,
        *,
        seat_info: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        parent_id: UUID | None = None,
        fork_at: int | None = None,
    ) -> GameRecord:
        """A fresh, active game with a new id, not yet stored."""
        return cls(
            game_id=uuid4(),
            ruleset=ruleset,
            rules_version=rules_version,
            content_hash=content_hash,
            seats=seats,
            seat_info=seat_info or [],
            options=options or {},
            status="active",
            version=0,
            result=None,
            parent_id=parent_id,
            fork_at=fork_at,
            created_at=datetime.now(UTC),
            finished_at=None,
        )


@dataclass(frozen=True)
class Chained:
    """One event of a decision as it is stored and hashed: its texts and its link."""

    event: NewEvent
    seq: int
    payload_text: str
    command_text: str | None
    """The decision's command on its first event only (None after it)."""
    prev_hash: str
    hash: str


def chained(start: int, prev_hash: str, decision: Decision) -> list[Chained]:
    """The decision's events from seq ``start``, each hashed over the texts stored, and
    chained to the one before (the first to ``prev_hash``): the one chaining both stores use.
    ``NonIntegerNumber`` for a number that is not an integer."""
    check_integers(decision.command, "command")
    command_text = canonical_json(decision.command)
    links = []
    for offset, event in enumerate(decision.events):
        check_integers(event.payload, f"{event.type} payload")
        payload_text = canonical_json(event.payload)
        first = offset == 0
        digest = chain_hash_of_texts(
            prev_hash,
            seq=start + offset,
            type=event.type,
            schema_version=event.schema_version,
            visibility=event.visibility,
            actor=decision.actor,
            payload_text=payload_text,
            command_text=command_text if first else canonical_json(None),
        )
        kept = command_text if first and decision.command is not None else None
        links.append(Chained(event, start + offset, payload_text, kept, prev_hash, digest))
        prev_hash = digest
    return links


def stored_events(
    game_id: UUID,
    start_seq: int,
    prev_hash: str,
    decisions: Sequence[Decision],
    hashes: Sequence[str],
    recorded_at: datetime,
) -> list[StoredEvent]:
    """The events of ``decisions`` as one append stored them, each decision's in turn, from
    the ``hashes`` sent with them: only the time comes from the database."""
    stored: list[StoredEvent] = []
    for decision in decisions:
        chain = hashes[len(stored) : len(stored) + len(decision.events)]
        stored += _stored(game_id, start_seq + len(stored), prev_hash, decision, chain, recorded_at)
        prev_hash = chain[-1]
    return stored


def _stored(
    game_id: UUID,
    start_seq: int,
    prev_hash: str,
    decision: Decision,
    hashes: Sequence[str],
    recorded_at: datetime,
) -> list[StoredEvent]:
    """The events of one decision as stored: only the time comes from the database; the
    rest is what was just sent."""
    prevs = [prev_hash, *hashes]
    return [
        StoredEvent(
            game_id=game_id,
            seq=start_seq + offset,
            type=event.type,
            schema_version=event.schema_version,
            payload=event.payload,
            visibility=event.visibility,
            actor=decision.actor,
            decision_seq=start_seq,
            command=decision.command if offset == 0 else None,
            recorded_at=recorded_at,
            prev_hash=prevs[offset],
            hash=hashes[offset],
        )
        for offset, event in enumerate(decision.events)
    ]
