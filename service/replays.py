"""The replay file: export a finished game, read one back, and import it (docs/replay-format.md).

NDJSON in canonical JSON (sorted keys, no spaces, UTF-8), one ``\\n`` after every line. Line
1 is the header, each later line one event. Reading is strict: every line must already be in
canonical form, which is what makes ``export(import(f)) == f`` hold byte for byte.

Only a game whose whole log is public may be exported: a finished game, and for a fork, one
whose ancestors have finished too. Anything else would leak hidden information (the hash of
a hidden event can be used to test guesses of what it hides), so it is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from domain.core import GameCreated, Reseeded, SeedRevealed
from service import bounded_json
from service.application.errors import ApplicationError
from service.application.visibility import parse_game_id, revealed_in
from service.audit import AuditReport, audit_trail
from service.store import GameExists, GameRecord, Store, StoredEvent, UnknownGame
from service.store.records import NonIntegerNumber, canonical_json, check_integers
from service.trail import Trail, trail_from_store

FORMAT = "cairn-replay"
FORMAT_VERSION = 1
MAX_NESTING = 64
"""Arrays and objects inside one another in a line: Cairn writes at most 5 or so (a
command, nested 32 deep at most by the API, sits 1 deep), and every walk over a line stays
far from Python's recursion limit."""
MAX_INTEGER_DIGITS = 20
"""Every integer Cairn writes fits in 64 bits (versions, seats, counts, times in ms)."""
_EVENT_KEYS = (
    "seq",
    "type",
    "schema_version",
    "visibility",
    "actor",
    "decision_seq",
    "command",
    "payload",
    "prev_hash",
    "hash",
    "recorded_at",
)
_HEADER_KEYS = (
    "format",
    "format_version",
    "game_id",
    "ruleset",
    "rules_version",
    "content_hash",
    "options",
    "seats",
    "seat_info",
    "status",
    "result",
    "commitment",
    "seed",
    "lineage",
    "events",
    "head_hash",
    "created_at",
    "finished_at",
)


class ExportRefused(ApplicationError):
    code = "export_refused"


class ReplayFileError(ApplicationError):
    """A replay file that cannot be trusted; ``line`` is 1-based (the header is line 1)."""

    code = "bad_replay_file"

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class ImportRefused(ApplicationError):
    code = "import_refused"


# -- writing -------------------------------------------------------------------------------


def export_game(store: Store, game_id: UUID | str) -> str:
    """The replay file of a game whose whole log is public; refused otherwise."""
    game = store.game(parse_game_id(game_id))
    revealed = revealed_in(store, game)
    if not game.is_finished:
        raise ExportRefused(
            f"game {game.game_id} is not over; exporting it would reveal hidden information"
        )
    if not revealed(1):
        raise ExportRefused(
            f"game {game.game_id} was forked from a game that is not over; exporting it"
            " would reveal that game's hidden information"
        )
    return render(trail_from_store(store, game.game_id))


def render(trail: Trail) -> str:
    lines = [canonical_json(header_of(trail))]
    lines += [canonical_json(event_line(e)) for e in trail.events]
    return "".join(line + "\n" for line in lines)


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).isoformat()


def header_of(trail: Trail) -> dict[str, Any]:
    game = trail.game
    lineage = None
    if game.parent_id is not None:
        lineage = {"parent_id": str(game.parent_id), "fork_at": game.fork_at}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_id": str(game.game_id),
        "ruleset": game.ruleset,
        "rules_version": game.rules_version,
        "content_hash": game.content_hash,
        "options": game.options,
        "seats": game.seats,
        "seat_info": game.seat_info,
        "status": game.status,
        "result": game.result,
        "commitment": _last_payload(trail, (GameCreated.NAME, Reseeded.NAME), "commitment"),
        "seed": _last_payload(trail, (SeedRevealed.NAME,), "seed"),
        "lineage": lineage,
        "events": len(trail.events),
        "head_hash": trail.events[-1].hash if trail.events else None,
        "created_at": _time(game.created_at),
        "finished_at": _time(game.finished_at),
    }


def _last_payload(trail: Trail, types: tuple[str, ...], key: str) -> Any:
    for event in reversed(trail.events):
        if event.type in types:
            return event.payload.get(key)
    return None


def event_line(event: StoredEvent) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "type": event.type,
        "schema_version": event.schema_version,
        "visibility": event.visibility,
        "actor": event.actor,
        "decision_seq": event.decision_seq,
        "command": event.command,
        "payload": event.payload,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
        "recorded_at": _time(event.recorded_at),
    }


# -- reading -------------------------------------------------------------------------------


def parse(text: str) -> Trail:
    """A ``Trail`` from a replay file's text, or ``ReplayFileError`` naming the line."""
    lines = text.split("\n")
    if lines[-1] != "":
        raise ReplayFileError(len(lines), "the file ends in the middle of a line (truncated?)")
    lines.pop()
    if not lines:
        raise ReplayFileError(1, "the file is empty")
    header = _line(lines[0], 1, _HEADER_KEYS)
    if header["format"] != FORMAT or header["format_version"] != FORMAT_VERSION:
        raise ReplayFileError(1, f"not a {FORMAT} file of format version {FORMAT_VERSION}")
    _check_types(header, _HEADER_TYPES, 1)
    game_id = _uuid(header["game_id"], 1)
    events = tuple(
        _event(_line(raw, number, _EVENT_KEYS), game_id, number)
        for number, raw in enumerate(lines[1:], start=2)
    )
    promised = header["events"]
    if len(events) < promised:
        reason = f"the file ends after {len(events)} events; its header promises {promised}"
        raise ReplayFileError(len(lines) + 1, reason)
    if len(events) > promised:
        raise ReplayFileError(promised + 2, f"the header promises only {promised} events")
    trail = Trail(_game(header, game_id, len(events)), events)
    _check_header(header, trail)
    return trail


def _line(raw: str, number: int, keys: tuple[str, ...]) -> dict[str, Any]:
    try:
        data = bounded_json.loads(raw, MAX_NESTING, MAX_INTEGER_DIGITS)
    except bounded_json.UnboundedJSON as exc:
        raise ReplayFileError(number, str(exc)) from None
    if not isinstance(data, dict) or set(data) != set(keys):
        raise ReplayFileError(number, f"expected exactly the fields {', '.join(sorted(keys))}")
    if canonical_json(data) != raw:
        raise ReplayFileError(number, "not in canonical JSON form (sorted keys, no spaces)")
    return data


def _uuid(value: Any, number: int) -> UUID:
    try:
        return UUID(str(value))
    except ValueError:
        raise ReplayFileError(number, f"{value!r} is not a game id") from None


def _when(value: Any, number: int) -> datetime | None:
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(str(value))
    except ValueError:
        raise ReplayFileError(number, f"{value!r} is not an ISO 8601 time") from None
    if parsed.tzinfo is None:
        raise ReplayFileError(number, f"{value!r} has no time zone")
    return parsed


_NULL = type(None)
_EVENT_TYPES: dict[str, tuple[type, ...]] = {
    "seq": (int,),
    "type": (str,),
    "schema_version": (int,),
    "visibility": (str,),
    "actor": (str, _NULL),
    "decision_seq": (int,),
    "command": (dict, _NULL),
    "payload": (dict,),
    "prev_hash": (str,),
    "hash": (str,),
}


_HEADER_TYPES: dict[str, tuple[type, ...]] = {
    "game_id": (str,),
    "ruleset": (str,),
    "rules_version": (str,),
    "content_hash": (str,),
    "options": (dict,),
    "seats": (int,),
    "seat_info": (list,),
    "status": (str,),
    "result": (dict, _NULL),
    "commitment": (str, _NULL),
    "seed": (str, _NULL),
    "lineage": (dict, _NULL),
    "events": (int,),
    "head_hash": (str, _NULL),
    "created_at": (str,),
    "finished_at": (str, _NULL),
}


def _check_types(data: dict[str, Any], types: dict[str, tuple[type, ...]], number: int) -> None:
    for key, allowed in types.items():
        if not isinstance(data[key], allowed) or isinstance(data[key], bool):
            raise ReplayFileError(number, f"field {key} has the wrong type")


def _event(data: dict[str, Any], game_id: UUID, number: int) -> StoredEvent:
    _check_types(data, _EVENT_TYPES, number)
    try:
        check_integers(data["payload"], "payload")
        check_integers(data["command"], "command")
    except NonIntegerNumber as exc:
        raise ReplayFileError(number, str(exc)) from None
    recorded_at = _when(data["recorded_at"], number)
    if recorded_at is None:
        raise ReplayFileError(number, "recorded_at is missing")
    return StoredEvent(game_id=game_id, **{**data, "recorded_at": recorded_at})


def _game(header: dict[str, Any], game_id: UUID, count: int) -> GameRecord:
    lineage = header["lineage"]
    try:
        parent = _uuid(lineage["parent_id"], 1) if lineage else None
        fork_at = int(lineage["fork_at"]) if lineage else None
        created_at = _when(header["created_at"], 1) or datetime.fromtimestamp(0, UTC)
        return GameRecord(
            game_id=game_id,
            ruleset=str(header["ruleset"]),
            rules_version=str(header["rules_version"]),
            content_hash=str(header["content_hash"]),
            seats=int(header["seats"]),
            seat_info=list(header["seat_info"]),
            options=dict(header["options"]),
            status=str(header["status"]),
            version=count,
            result=header["result"],
            parent_id=parent,
            fork_at=fork_at,
            created_at=created_at,
            finished_at=_when(header["finished_at"], 1),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayFileError(1, f"the header is malformed: {exc}") from None


def _check_header(header: dict[str, Any], trail: Trail) -> None:
    """The header's summary fields must be what the events say."""
    derived = header_of(trail)
    for key in ("commitment", "seed", "head_hash"):
        if header[key] != derived[key]:
            raise ReplayFileError(1, f"the header's {key} does not match the events")
    if header["status"] != "finished":
        raise ReplayFileError(1, "only finished games are exchanged as replay files")


# -- importing -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Imported:
    game_id: UUID
    events: int
    created: bool
    audit: AuditReport

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": str(self.game_id),
            "events": self.events,
            "imported": self.created,
            "audit": self.audit.verdict,
        }


def audit_file(text: str) -> AuditReport:
    """Audit a replay file with no database (the header checks, then the full audit)."""
    return audit_trail(parse(text))


def import_replay(store: Store, text: str, source: str = "file") -> Imported:
    """Validate a replay file fully, then store it verbatim; the same file twice is a no-op."""
    trail = parse(text)
    report = audit_trail(trail)
    if not report.is_clean:
        finding = report.finding
        line = finding.seq + 1 if finding and finding.seq is not None else 1
        reason = finding.message if finding else report.verdict
        raise ReplayFileError(line, f"the audit failed ({report.verdict}): {reason}")
    existing = _existing(store, trail.game_id)
    if existing is not None:
        return _same_or_refuse(store, trail, text, report)
    _check_parent(store, trail)
    try:
        store.insert_verbatim(trail.game, trail.events, source)
    except GameExists:
        return _same_or_refuse(store, trail, text, report)
    return Imported(trail.game_id, len(trail.events), True, report)


def _existing(store: Store, game_id: UUID) -> GameRecord | None:
    try:
        return store.game(game_id)
    except UnknownGame:
        return None


def _same_or_refuse(store: Store, trail: Trail, text: str, report: AuditReport) -> Imported:
    try:
        same = export_game(store, trail.game_id) == text
    except ExportRefused:
        same = False
    if not same:
        raise ImportRefused(f"a different game {trail.game_id} is already stored")
    return Imported(trail.game_id, len(trail.events), False, report)


def _check_parent(store: Store, trail: Trail) -> None:
    game = trail.game
    if game.parent_id is None:
        return
    if _existing(store, game.parent_id) is None:
        raise ImportRefused(
            f"this game is a fork of {game.parent_id}; import that game's file first"
        )
    parent = store.read(game.parent_id, until=game.fork_at)
    prefix = trail.events[: game.fork_at or 0]
    if [e.hash for e in parent] != [e.hash for e in prefix]:
        raise ReplayFileError(2, f"the copied prefix is not the stored game {game.parent_id}'s")
