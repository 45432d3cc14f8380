"""Load: reading and rebuilding a 200-event game through Application.load, against raw SELECT.

The subject is the real path with a fresh Application each time (its in-process cache
would otherwise skip the work): the game row, the snapshot lookup, the events, decoding
and the fold, and the snapshot it then stores. Stored snapshots are deleted before each
load (untimed), so every load rebuilds from the first event. The baseline is a plain
``SELECT`` of the same rows and columns on a held psycopg connection. A second line
measures the usual case, a load that starts from the stored snapshot.

Two games are loaded: one of the bench-only marathon ruleset (bench/support), whose fold
is trivial, so its line measures the platform's overhead more than any game's rules; and a
2-seat Peninsula game played by its random bots to 200 events (not yet finished), whose
larger payloads and real fold are what a league's game costs.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import psycopg
from psycopg_pool import ConnectionPool

from bench.harness import bench_database, command_line, comparison, interleaved, write_report
from bench.support import marathon
from domain.games import load_all
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


def play_peninsula_to(app: Application, events: int) -> UUID:
    """A 2-seat Peninsula game played by its random bots until it holds ``events`` events."""
    load_all()
    game_id = app.create_game(
        "peninsula", 2, seed=hashlib.sha256(b"bench-load").hexdigest()
    ).game_id
    while app.load(game_id).version < events:
        app.play_bots(game_id, {0: "random", 1: "random"}, "bench-load", max_commands=1)
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
        games = {
            "marathon": play_to(Application(store), sizes.events),
            "peninsula": play_peninsula_to(Application(store), sizes.events),
        }
        count = sizes.loads_per_sample
        lines = []
        for name, game_id in games.items():
            events = store.version(game_id)
            Application(store).load(game_id)  # leaves the snapshot the last line starts from
            samples = interleaved(
                {
                    "select": lambda g=game_id: _selects(conn, g, count),
                    "rebuild": lambda g=game_id: _loads(store, g, count, from_snapshot=False),
                    "snapshot": lambda g=game_id: _loads(store, g, count, from_snapshot=True),
                },
                sizes.rounds,
            )
            store.delete_snapshots(game_id)
            lines.append(_line(f"{name}: load a {events}-event game, full rebuild", samples, count))
            title = f"{name}: load a {events}-event game, cold, snapshots kept"
            lines.append(_line(title, {**samples, "rebuild": samples["snapshot"]}, count))
        return write_report("load", vars(sizes), lines, database_url, out_dir)


def _line(title: str, samples: dict[str, Any], count: int) -> dict[str, Any]:
    return comparison(
        f"{title} (loads/s)",
        samples["select"],
        samples["rebuild"],
        count,
        ratio_of="time",
        target="<= 1.2",
        meets=lambda ratio: ratio <= 1.2,
    )


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
