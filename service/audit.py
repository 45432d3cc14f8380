"""The audit: is a recorded game exactly what its rules and its committed seed produce?

Checks, in order; the first failure stops the audit and names its seq (docs/fairness.md):

1. ``sequence``: seq runs 1, 2, 3 ... with no gap, and the record's event count matches.
2. ``hash_chain``: every ``prev_hash`` is the previous event's hash (genesis for seq 1) and
   every ``hash`` is sha256 over the previous hash and the event's canonical body.
3. ``decisions``: each decision starts with its command, and its events share its actor.
4. ``rules_version``: the game was recorded under the rules this engine plays. If not, the
   game is reported ``unverifiable``: it is never re-judged under other rules.
5. ``record``: the game record (ruleset, rules, content, seats, options) is what the
   opening ``GameCreated`` says.
6. ``commitment``: each ``SetUp``/``Reseed`` seed hashes to the commitment published with
   it; every sealed and revealed seed hashes to the commitment in force.
7. ``decide``: every stored command, decided again on the state before it, yields exactly
   the stored events. Since ``decide`` draws from the sealed seed and the state's counter,
   this re-derives every shuffle and draw and compares it with the stored outcome.
8. ``seed_revealed`` and ``result``: a game that ended revealed its seed, and its recorded
   status and result are what the rules score from its final state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from domain.core import (
    SYSTEM,
    GameCreated,
    Reseed,
    Reseeded,
    Ruleset,
    RuleViolation,
    SeedRevealed,
    SeedSealed,
    SetUp,
    commitment,
    registry,
)
from domain.core.codec import encode
from domain.core.live import Stamped, stamp_time
from domain.core.registry import UnknownRuleset, command_from_json, event_from_record
from service.application.outcomes import result_json
from service.store import Store, StoredEvent
from service.store.records import GENESIS_HASH, canonical_json
from service.trail import Trail, trail_from_store

Verdict = Literal["clean", "active", "failed", "unverifiable"]
"""``active``: every check passed so far, but the game is still running, so its seed is not
revealed and nobody outside the server can check its draws yet: not yet auditable."""


@dataclass(frozen=True)
class Finding:
    check: str
    seq: int | None
    message: str


class Failed(Exception):
    def __init__(self, check: str, seq: int | None, message: str) -> None:
        super().__init__(message)
        self.finding = Finding(check, seq, message)


@dataclass(frozen=True)
class AuditReport:
    game_id: str
    ruleset: str
    events: int
    verdict: Verdict
    passed: tuple[str, ...]
    finding: Finding | None = None

    @property
    def is_clean(self) -> bool:
        return self.verdict == "clean"

    def to_json(self) -> dict[str, Any]:
        finding = self.finding
        return {
            "game_id": self.game_id,
            "ruleset": self.ruleset,
            "events": self.events,
            "verdict": self.verdict,
            "passed": list(self.passed),
            "check": finding.check if finding else None,
            "seq": finding.seq if finding else None,
            "reason": finding.message if finding else None,
        }

    def summary(self) -> str:
        if self.verdict == "active":
            return (
                f"{self.game_id}: not yet auditable: the game is still running"
                f" ({self.events} events so far; nothing wrong found in them)"
            )
        if self.finding is None:
            return f"{self.game_id}: clean ({self.events} events, {len(self.passed)} checks)"
        where = f" at seq {self.finding.seq}" if self.finding.seq is not None else ""
        return f"{self.game_id}: {self.verdict}{where}: {self.finding.message}"


@dataclass
class _Audit:
    passed: list[str] = field(default_factory=list)

    def run(self, name: str, check: Callable[[], None]) -> None:
        check()
        self.passed.append(name)


def audit_trail(trail: Trail, extra: Callable[[Trail], None] | None = None) -> AuditReport:
    """Audit one game's record; ``extra`` adds a check (raising ``Failed``) after the chain."""
    audit = _Audit()
    game = trail.game

    def report(verdict: Verdict, finding: Finding | None) -> AuditReport:
        return AuditReport(
            str(game.game_id),
            game.ruleset,
            len(trail.events),
            verdict,
            tuple(audit.passed),
            finding,
        )

    try:
        audit.run("sequence", lambda: check_sequence(trail))
        audit.run("hash_chain", lambda: check_chain(trail.events))
        if extra is not None:
            audit.run("lineage", lambda: extra(trail))
        audit.run("decisions", lambda: check_decisions(trail))
        ruleset = _ruleset_or_none(trail)
        if ruleset is None:
            return report("unverifiable", _version_finding(trail))
        audit.passed.append("rules_version")
        audit.run("record", lambda: check_record(ruleset, trail))
        state = _redecide(ruleset, trail, audit)
        audit.run("result", lambda: check_result(ruleset, trail, state))
    except Failed as failure:
        return report("failed", failure.finding)
    return report("clean" if game.is_finished else "active", None)


def audit_game(store: Store, game_id: Any) -> AuditReport:
    """Audit a stored game, including that a fork's prefix is its parent's."""
    trail = trail_from_store(store, game_id)
    return audit_trail(trail, extra=lambda t: check_lineage(store, t))


# -- the checks ---------------------------------------------------------------------------


def check_sequence(trail: Trail) -> None:
    for index, event in enumerate(trail.events):
        if event.seq != index + 1:
            raise Failed("sequence", index + 1, f"seq {index + 1} is missing (found {event.seq})")
    if trail.game.version != len(trail.events):
        raise Failed(
            "sequence",
            len(trail.events) + 1,
            f"the game has {trail.game.version} events but only {len(trail.events)} are present",
        )


def check_chain(events: tuple[StoredEvent, ...]) -> None:
    previous = GENESIS_HASH
    for event in events:
        if event.prev_hash != previous:
            raise Failed("hash_chain", event.seq, "prev_hash is not the previous event's hash")
        if event.expected_hash() != event.hash:
            raise Failed("hash_chain", event.seq, "the hash does not match the event's content")
        previous = event.hash


def check_decisions(trail: Trail) -> None:
    for group in trail.decisions():
        first = group[0]
        if first.decision_seq != first.seq or first.command is None:
            raise Failed("decisions", first.seq, "a decision does not start with its command")
        for event in group[1:]:
            if event.command is not None or event.actor != first.actor:
                raise Failed("decisions", event.seq, "an event does not belong to its decision")


def check_lineage(store: Store, trail: Trail) -> None:
    game = trail.game
    if game.parent_id is None or not game.fork_at:
        return
    parent = store.read(game.parent_id, until=game.fork_at)
    for mine, theirs in zip(trail.events[: game.fork_at], parent, strict=False):
        if mine.hash != theirs.hash:
            raise Failed("lineage", mine.seq, "the fork's prefix differs from its parent's")
    if len(parent) < game.fork_at:
        raise Failed("lineage", len(parent) + 1, "the parent has fewer events than the fork copied")


def _ruleset_or_none(trail: Trail) -> Ruleset[Any, Any, Any] | None:
    game = trail.game
    try:
        ruleset = registry.get(game.ruleset, game.rules_version)
    except UnknownRuleset:
        return None
    return ruleset if ruleset.has_pack(game.content_hash) else None


def _version_finding(trail: Trail) -> Finding:
    game = trail.game
    known = registry.versions(game.ruleset)
    if not known:
        return Finding("rules_version", None, f"this engine has no ruleset {game.ruleset!r}")
    if game.rules_version not in known:
        return Finding(
            "rules_version",
            None,
            f"recorded under {game.ruleset} rules {game.rules_version}; this engine plays"
            f" versions {', '.join(known)} and cannot replay it exactly",
        )
    return Finding(
        "rules_version",
        None,
        f"recorded with content {game.content_hash[:12]}, which this engine does not have,"
        " so it cannot replay it exactly",
    )


def check_record(ruleset: Ruleset[Any, Any, Any], trail: Trail) -> None:
    if not trail.events:
        return
    first = trail.events[0]
    created = _decode(ruleset, first)
    game = trail.game
    if not isinstance(created, GameCreated):
        raise Failed("record", 1, "the first event is not game.created")
    recorded = (game.ruleset, game.rules_version, game.content_hash, game.seats, game.options)
    opened = (
        created.ruleset,
        created.rules_version,
        created.content_hash,
        created.seats,
        encode(created.options),
    )
    if canonical_json(recorded) != canonical_json(opened):
        raise Failed("record", 1, "the game record does not match its game.created event")


def check_result(ruleset: Ruleset[Any, Any, Any], trail: Trail, state: Any) -> None:
    last = len(trail.events) or None
    terminal = ruleset.is_terminal(state)
    game = trail.game
    if terminal != game.is_finished:
        said = "finished" if game.is_finished else "still running"
        raise Failed("result", last, f"the record says the game is {said}; its events disagree")
    computed = result_json(ruleset.result(state)) if terminal else None
    if canonical_json(computed) != canonical_json(game.result):
        raise Failed("result", last, "the recorded result is not what the rules score")


# -- re-deciding every command ------------------------------------------------------------


@dataclass
class _Seeds:
    """The commitment in force, and whether the seed behind it has been revealed."""

    commitment: str = ""
    revealed: bool = False

    def observe(self, event: Any, seq: int) -> None:
        match event:
            case GameCreated(commitment=c) | Reseeded(commitment=c):
                self.commitment, self.revealed = c, False
            case SeedSealed(seed=seed) | SeedRevealed(seed=seed):
                if commitment(seed) != self.commitment:
                    raise Failed("commitment", seq, "the seed does not hash to its commitment")
                if isinstance(event, SeedRevealed):
                    self.revealed = True


def _redecide(ruleset: Ruleset[Any, Any, Any], trail: Trail, audit: _Audit) -> Any:
    """Decide every stored command again; the first failure is the earliest bad seq."""
    state = ruleset.initial_state
    seeds = _Seeds()
    for group in trail.decisions():
        command = _command(ruleset, group[0])
        if isinstance(command, (SetUp, Reseed)):
            published = getattr(_decode(ruleset, group[0]), "commitment", None)
            if published != commitment(command.seed):
                raise Failed("commitment", group[0].seq, "the seed does not match its commitment")
        stamps = [_decode(ruleset, r) for r in group if r.type == Stamped.NAME]
        decided = _decide(ruleset, state, command, group[0].seq, stamp_time(stamps))
        stored = []
        for index, record in enumerate(group):
            event = _decode(ruleset, record)
            seeds.observe(event, record.seq)
            _compare(ruleset, record, decided[index] if index < len(decided) else None)
            stored.append(event)
        if len(decided) > len(group):
            missing = group[-1].seq + 1
            raise Failed("decide", missing, "the command yields more events than were stored")
        state = ruleset.fold(stored, state)
    audit.passed += ["commitment", "decide"]
    if ruleset.is_terminal(state) and not seeds.revealed:
        raise Failed(
            "seed_revealed", len(trail.events), "the game ended without revealing its seed"
        )
    audit.passed.append("seed_revealed")
    return state


def _command(ruleset: Ruleset[Any, Any, Any], first: StoredEvent) -> Any:
    """The decision's stored command, read back strictly, and checked against its actor: a
    seat's command carries its seat; the lifecycle's and the rules' own carry none and are
    the system's."""
    data = first.command or {}
    try:
        command = command_from_json(ruleset, data, types=ruleset.stored_command_types)
    except RuleViolation as exc:
        raise Failed("decide", first.seq, f"the stored command cannot be read: {exc}") from None
    seat = getattr(command, "seat", None)
    if first.actor != (SYSTEM if seat is None else f"seat:{seat}"):
        raise Failed("decide", first.seq, f"the command was stored for actor {first.actor}")
    return command


def _decide(
    ruleset: Ruleset[Any, Any, Any], state: Any, command: Any, seq: int, at: int | None
) -> list[Any]:
    """``at`` is the time the decision was stamped with, as stored in its ``Stamped`` fact:
    the clocks it records are derived again from it and the state before."""
    try:
        return list(ruleset.decide(state, command, at))
    except RuleViolation as exc:
        raise Failed("decide", seq, f"the rules refuse the stored command: {exc.message}") from None


def _decode(ruleset: Ruleset[Any, Any, Any], stored: StoredEvent) -> Any:
    try:
        return event_from_record(ruleset, stored.type, stored.schema_version, stored.payload)
    except (ValueError, KeyError) as exc:
        raise Failed("decide", stored.seq, f"the event cannot be read: {exc}") from None


def _compare(ruleset: Ruleset[Any, Any, Any], record: StoredEvent, decided: Any) -> None:
    if decided is None:
        raise Failed("decide", record.seq, "the command does not yield this stored event")
    name, version, payload = registry.event_to_record(decided)
    kept = record.payload if record.schema_version == version else encode(_decode(ruleset, record))
    same = (record.type, record.visibility) == (name, ruleset.visibility(decided))
    if not same or canonical_json(kept) != canonical_json(payload):
        raise Failed("decide", record.seq, f"re-deciding the command gives a different {name}")
