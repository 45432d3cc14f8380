"""A game's stored log read straight from PostgreSQL, and the checks every fault test makes."""

from __future__ import annotations

from collections import Counter
from typing import Any

import psycopg
from psycopg.rows import dict_row


def stored_events(database_url: str, game_id: str) -> list[dict[str, Any]]:
    with psycopg.connect(database_url, row_factory=dict_row) as conn:
        rows = conn.execute(
            "SELECT seq, decision_seq, type, actor, command FROM events"
            " WHERE game_id = %s ORDER BY seq",
            (game_id,),
        ).fetchall()
    return list(rows)


def assert_gapless_and_whole(events: list[dict[str, Any]]) -> None:
    """seq runs 1..n, each decision is a contiguous run opened by its command."""
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1)), "seq has a gap"
    for event in events:
        opens = event["decision_seq"] == event["seq"]
        assert (event["command"] is not None) == opens, f"decision split at {event['seq']}"
    starts = [e["decision_seq"] for e in events]
    assert starts == sorted(starts)


def decisions(events: list[dict[str, Any]]) -> Counter[str]:
    """How many decisions each command type opened."""
    return Counter(e["command"]["type"] for e in events if e["command"] is not None)


def decision_ends(events: list[dict[str, Any]], command_type: str) -> list[int]:
    """The version a client is told after each decision opened by ``command_type``: its last
    seq, or that of the system's decisions the application took right after it."""
    ends: dict[int, int] = {}
    opened: dict[int, tuple[str, str]] = {}
    for event in events:
        ends[event["decision_seq"]] = event["seq"]
        if event["command"] is not None:
            opened[event["seq"]] = (event["command"]["type"], event["actor"])
    told: list[int] = []
    for start in sorted(ends):
        kind, actor = opened[start]
        if kind == command_type:
            told.append(ends[start])
        elif actor == "system" and told and told[-1] == start - 1:
            told[-1] = ends[start]
    return told
