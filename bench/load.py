"""Load: reading and rebuilding a 200-event game through Application.load, against raw SELECT.

The subject is the real path with a fresh Application each time (its in-process cache
would otherwise skip the work): the game row, the snapshot lookup, the events, decoding
and the fold, and the snapshot it then stores. Stored snapshots are deleted before each
load (untimed), so every load rebuilds from the first event. The baseline is a plain
``SELECT`` of the same rows and columns on a held psycopg connection. A second line
measures the usual case, a load that starts from the stored snapshot.

The game is the bench-only marathon ruleset (bench/support), since a 200-event game of a
shipped ruleset needs that ruleset to be registered; its fold is cheap, so this measures
the platform's overhead more than any game's rules.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import psycopg
from psycopg_pool import ConnectionPool

from bench.harness import bench_database, command_line, comparison, interleaved, write_report
from bench.support import marathon
from service.application import Application
from service.store import EventStore

RAW_SELECT = (
    "SELECT game_id, seq, type, schema_version, payload, visibility, actor, decision_seq,"
    " command, recorded_at, prev_hash, hash, global_position, tx::text"
    " FROM events WHERE game_id = %s ORDER BY seq"
)


@dataclass(frozen=True)
class Sizes:
    events: int = 200
    rounds: int = 15
    loads_per_sample: int = 20


FULL = Sizes()
SMOKE = Sizes(events=20, rounds=2, loads_per_sample=2)


def play_to(app: Application, events: int, length: int = 1_000_000) -> UUID:
    """A marathon game played by its bot until it holds at least ``events`` events."""
    marathon.install()
    game_id = app.create_game("marathon", 2, options={"length": length}).game_id
    version = app.load(game_id).version
    while version < events:
        state = app.load(game_id).state
        squares = 1 + version % 3
        version = app.act(game_id, state.turn, {"type": "step", "squares": squares}).version
    return game_id


def _loads(store: EventStore, game_id: UUID, count: int, *, from_snapshot: bool) -> float:
    spent = 0.0
    for _ in range(count):
        if not from_snapshot:
            store.delete_snapshots(game_id)
        start = time.perf_counter()
        Application(store).load(game_id)
        spent += time.perf_counter() - start
    return spent


def _selects(conn: psycopg.Connection[Any], game_id: UUID, count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        conn.execute(RAW_SELECT, (game_id,)).fetchall()
    return time.perf_counter() - start


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    with (
        bench_database(url) as database_url,
        ConnectionPool(database_url, min_size=2, max_size=4, open=True) as pool,
        psycopg.connect(database_url, autocommit=True) as conn,
    ):
        store = EventStore(pool)
        game_id = play_to(Application(store), sizes.events)
        events = store.version(game_id)
        Application(store).load(game_id)  # leaves the snapshot the second line starts from
        count = sizes.loads_per_sample
        samples = interleaved(
            {
                "select": lambda: _selects(conn, game_id, count),
                "rebuild": lambda: _loads(store, game_id, count, from_snapshot=False),
                "snapshot": lambda: _loads(store, game_id, count, from_snapshot=True),
            },
            sizes.rounds,
        )
        store.delete_snapshots(game_id)
        lines = [
            comparison(
                f"load a {events}-event game, full rebuild (loads/s)",
                samples["select"],
                samples["rebuild"],
                count,
                ratio_of="time",
                target="<= 1.2",
                meets=lambda ratio: ratio <= 1.2,
            ),
            comparison(
                f"load a {events}-event game, cold, snapshots kept (loads/s)",
                samples["select"],
                samples["snapshot"],
                count,
                ratio_of="time",
                target="<= 1.2",
                meets=lambda ratio: ratio <= 1.2,
            ),
        ]
        return write_report("load", vars(sizes), lines, database_url, out_dir)


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
