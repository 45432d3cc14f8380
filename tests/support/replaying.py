"""Helpers for replay-tooling tests: finished bot games, fork points, and tampering."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest

from domain.core import registry
from service.application import Application
from service.store.records import GENESIS_HASH, chain_hash
from service.trail import Trail, states_along, trail_from_store


def seed_for(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def finished_game(app: Application, ruleset_id: str, label: str = "a") -> uuid.UUID:
    """A bot game of ``ruleset_id`` played to the end from a fixed seed; two seats when the
    ruleset allows, so that simultaneous phases occur."""
    ruleset = registry.get(ruleset_id)
    seats = min(max(ruleset.min_seats, 2), ruleset.max_seats)
    created = app.create_game(ruleset_id, seats, seed=seed_for(f"{ruleset_id}:{label}"))
    app.play_bots(created.game_id, dict.fromkeys(range(seats), "random"), seed_for(label))
    assert app.store.game(created.game_id).is_finished
    return created.game_id


def play_out(app: Application, game_id: uuid.UUID) -> None:
    seats = app.store.game(game_id).seats
    app.play_bots(game_id, dict.fromkeys(range(seats), "random"), seed_for(f"out:{game_id}"))


def decision_starts(trail: Trail) -> list[int]:
    """The positions a fork may start at: 0 and the end of every decision."""
    return [0, *(group[-1].seq for group in trail.decisions())]


def fork_points(app: Application, game_id: uuid.UUID) -> dict[str, int]:
    """0, the last event, and a point inside the game: in a simultaneous phase (several
    seats to act) when the ruleset has one, else the middle decision boundary."""
    trail = trail_from_store(app.store, game_id)
    ruleset = registry.get(trail.game.ruleset)
    boundaries = set(decision_starts(trail))
    states = dict(
        (stored.seq, state)
        for stored, (_, state) in zip(trail.events, states_along(ruleset, trail), strict=True)
    )
    inner = [b for b in sorted(boundaries) if 0 < b < len(trail.events)]
    simultaneous = [b for b in inner if len(ruleset.to_act(states[b])) > 1]
    middle = (simultaneous or inner)[len(simultaneous or inner) // 2]
    return {"start": 0, "middle": middle, "end": len(trail.events)}


@contextmanager
def tampered(database_url: str, game_id: uuid.UUID, seq: int) -> Iterator[dict[str, Any]]:
    """Rewrite one stored payload behind the triggers' back (a superuser session in replica
    mode skips user triggers), then put it back so the shared database stays honest."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        superuser = conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        if not superuser.fetchone()[0]:  # type: ignore[index]
            pytest.skip("tampering behind the triggers needs a superuser connection")
        conn.execute("SET session_replication_role = replica")
        row = conn.execute(
            "SELECT payload FROM events WHERE game_id = %s AND seq = %s", (game_id, seq)
        ).fetchone()
        assert row is not None
        original = row[0]
        changed = {**original, "tampered": True}
        conn.execute(
            "UPDATE events SET payload = %s::jsonb WHERE game_id = %s AND seq = %s",
            (json.dumps(changed), game_id, seq),
        )
        try:
            yield changed
        finally:
            conn.execute(
                "UPDATE events SET payload = %s::jsonb WHERE game_id = %s AND seq = %s",
                (json.dumps(original), game_id, seq),
            )


def with_game_id(text: str, game_id: uuid.UUID) -> str:
    """The same replay file under another game id (the header is not hashed)."""
    header, _, rest = text.partition("\n")
    data = json.loads(header)
    data["game_id"] = str(game_id)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n" + rest


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def forged(text: str, seq: int, change: Any) -> str:
    """A replay file with event ``seq`` changed by ``change(event)`` and the hash chain
    recomputed from there on, as a forger who knows the hashing would do."""
    lines = text.split("\n")[:-1]
    header, events = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    change(events[seq - 1])
    previous = events[seq - 2]["hash"] if seq > 1 else GENESIS_HASH
    for event in events[seq - 1 :]:
        body = {k: event[k] for k in CHAINED}
        event["prev_hash"] = previous
        event["hash"] = previous = chain_hash(previous, **body)
    header["head_hash"] = previous
    return "".join(_dumps(line) + "\n" for line in [header, *events])


CHAINED = ("seq", "type", "schema_version", "visibility", "actor", "payload", "command")


def reversible_list(text: str) -> tuple[int, str] | None:
    """The first event after set-up holding a list whose reversal changes it: a drawn
    order, typically. Returns its seq and the field name."""
    for line in text.split("\n")[2:-1]:
        event = json.loads(line)
        for name, value in event["payload"].items():
            if isinstance(value, list) and value != value[::-1]:
                return event["seq"], name
    return None


HOSTILE = {
    "nested 1,000 deep": "[" * 1000 + "]" * 1000,
    "an integer of 4,301 digits": "9" * 4301,
    "an integer of 21 digits": "9" * 21,
}
"""What a hostile file puts in a payload: each crashed Python's ``json.loads`` (a
RecursionError, a ValueError) or is past what Cairn ever writes."""


def with_hostile_payload(text: str, seq: int, value: str) -> str:
    """A replay file whose event ``seq`` carries the JSON text ``value`` in its payload,
    written in as text (the hostile values cannot be dumped from Python)."""
    lines = text.split("\n")
    lines[seq] = lines[seq].replace('"payload":{', '"payload":{"hostile":' + value + ",", 1)
    assert "hostile" in lines[seq]
    return "\n".join(lines)
