"""Append: decisions per second through EventStore.append against raw psycopg INSERT+COMMIT.

The subject is the real path: a connection from the pool, the hash chain computed, the
prepared ``cairn_append`` call (migration 0011) as its own transaction, and the NOTIFY.
The baseline inserts the very same rows (same columns and values, hashes computed
beforehand) with a plain ``INSERT ... ; COMMIT`` on a connection of its own. One writer,
then 8 writers each on its own game, in threads; each writer appends one single-event
decision per transaction.

A third line compares the client's own CPU per append, one writer: the thread's CPU time,
which a loaded machine blurs far less than the wall time.

A last pair of lines measures what the schema itself costs each append, which the first
two cannot show (both of their sides pay it): the same raw ``INSERT`` + ``COMMIT`` into a
database at the current schema and into one at migration 0002, before the feed's announce
(an advisory lock and two functions in the defaults) and the hash chain's constraint.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from bench.harness import (
    bench_database,
    command_line,
    comparison,
    interleaved,
    write_report,
)
from service.store import Decision, EventStore, GameRecord, NewEvent
from service.store.database import newest_first
from service.store.migrate import upgrade
from service.store.records import GENESIS_HASH, chain_hash

RAW_INSERT = (
    "INSERT INTO events (game_id, seq, type, schema_version, payload, visibility, actor,"
    " decision_seq, command, metadata, prev_hash, hash)"
    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
# A payload and command the size of a typical board-game move.
PAYLOAD = {"seat": 2, "hex": "C4", "icon": "village", "rewards": [{"kind": "star", "n": 1}]}
COMMAND = {"type": "fill_icon", "seat": 2, "hex": "C4"}
DECISION = Decision((NewEvent("bench.icon_filled", 1, PAYLOAD, "public"),), "seat:2", COMMAND)


@dataclass(frozen=True)
class Sizes:
    rounds: int = 9
    appends_one_writer: int = 300
    appends_per_writer: int = 60
    writers: int = 8


FULL = Sizes()
SMOKE = Sizes(rounds=2, appends_one_writer=5, appends_per_writer=3, writers=2)


def new_game(store: EventStore) -> uuid.UUID:
    game = GameRecord.new("bench", "1", "none", 4)
    store.create_game(game, Decision((), None, None))
    return game.game_id


class StoreWriter:
    """Appends through the EventStore, keeping its game's head as the service would."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.game_id = new_game(store)
        self.version, self.head = 0, GENESIS_HASH

    def prepare(self, count: int) -> Callable[[], None]:
        def work() -> None:
            for _ in range(count):
                stored = self.store.append(self.game_id, self.version, self.head, DECISION).events
                self.version, self.head = stored[-1].seq, stored[-1].hash

        return work


class RawWriter:
    """Inserts the same rows with plain psycopg on a connection of its own."""

    def __init__(self, url: str) -> None:
        self.game_id = uuid.uuid4()
        self.conn = psycopg.connect(url)
        self.conn.execute(
            "INSERT INTO games (game_id, ruleset, rules_version, content_hash, seats)"
            " VALUES (%s, 'bench', '1', 'none', 4)",
            (self.game_id,),
        )
        self.conn.commit()
        self.version, self.head = 0, GENESIS_HASH

    def prepare(self, count: int) -> Callable[[], None]:
        rows = []
        for _ in range(count):
            self.version += 1
            digest = chain_hash(
                self.head,
                seq=self.version,
                type="bench.icon_filled",
                schema_version=1,
                visibility="public",
                actor="seat:2",
                payload=PAYLOAD,
                command=COMMAND,
            )
            rows.append(
                (
                    self.game_id,
                    self.version,
                    "bench.icon_filled",
                    1,
                    Jsonb(PAYLOAD),
                    "public",
                    "seat:2",
                    self.version,
                    Jsonb(COMMAND),
                    Jsonb({}),
                    self.head,
                    digest,
                )
            )
            self.head = digest

        def work() -> None:
            for row in rows:
                self.conn.execute(RAW_INSERT, row)
                self.conn.commit()

        return work

    def close(self) -> None:
        self.conn.close()


def run_writers(writers: list[Any], count: int) -> float:
    """Seconds for every writer to do ``count`` appends at once, each in its own thread."""
    works = [w.prepare(count) for w in writers]
    if len(works) == 1:
        start = time.perf_counter()
        works[0]()
        return time.perf_counter() - start
    barrier = threading.Barrier(len(works) + 1)

    def go(work: Callable[[], None]) -> None:
        barrier.wait()
        work()

    threads = [threading.Thread(target=go, args=(w,)) for w in works]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def measure(store: EventStore, url: str, writers: int, count: int, rounds: int) -> dict[str, Any]:
    subject = [StoreWriter(store) for _ in range(writers)]
    baseline = [RawWriter(url) for _ in range(writers)]
    try:
        samples = interleaved(
            {
                "raw": lambda: run_writers(baseline, count),
                "store": lambda: run_writers(subject, count),
            },
            rounds,
        )
    finally:
        for writer in baseline:
            writer.close()
    label = "1 writer" if writers == 1 else f"{writers} writers, one game each"
    return comparison(
        f"append, {label} (appends/s)",
        samples["raw"],
        samples["store"],
        writers * count,
        ratio_of="throughput",
        target=">= 0.95",
        meets=lambda ratio: ratio >= 0.95,
    )


def client_cpu(writer: Any, count: int) -> float:
    """This thread's CPU seconds for ``count`` appends by any writer with ``prepare`` (the
    library comparison's too): the client's own work, which the waits for the server and
    the disk on a loaded machine do not blur as they do the wall time (issue #26)."""
    work = writer.prepare(count)
    start = time.thread_time()
    work()
    return time.thread_time() - start


def measure_cpu(store: EventStore, url: str, count: int, rounds: int) -> dict[str, Any]:
    subject, baseline = StoreWriter(store), RawWriter(url)
    try:
        samples = interleaved(
            {
                "raw": lambda: client_cpu(baseline, count),
                "store": lambda: client_cpu(subject, count),
            },
            rounds,
        )
    finally:
        baseline.close()
    return comparison(
        "append, 1 writer, client CPU (appends per CPU second of the writer's thread)",
        samples["raw"],
        samples["store"],
        count,
        ratio_of="throughput",
        target="reported",
        meets=lambda _ratio: True,
    )


def measure_schema(head: str, before: str, writers: int, count: int, rounds: int) -> dict[str, Any]:
    """Raw inserts at the current schema against raw inserts at migration 0002."""
    subject = [RawWriter(head) for _ in range(writers)]
    baseline = [RawWriter(before) for _ in range(writers)]
    try:
        samples = interleaved(
            {
                "0002": lambda: run_writers(baseline, count),
                "head": lambda: run_writers(subject, count),
            },
            rounds,
        )
    finally:
        for writer in subject + baseline:
            writer.close()
    label = "1 writer" if writers == 1 else f"{writers} writers"
    return comparison(
        f"schema: raw append at head vs at migration 0002, {label} (appends/s)",
        samples["0002"],
        samples["head"],
        writers * count,
        ratio_of="throughput",
        target="reported",
        meets=lambda _ratio: True,
    )


@contextmanager
def database_at(url: str, revision: str) -> Iterator[str]:
    """A sibling database of ``url``'s on the same server, migrated to ``revision``."""
    name = f"cairn_bench_{revision}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    sibling = psycopg.conninfo.make_conninfo(url, dbname=name)
    try:
        upgrade(sibling, revision)
        yield sibling
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    with bench_database(url) as database_url:
        # The connections are handed out newest first, as the service's pool does
        # (service.composition.open_pool): a lone writer reuses one, as raw's writer does.
        pool = ConnectionPool(
            database_url, min_size=sizes.writers, max_size=sizes.writers + 2, open=False
        )
        with newest_first(pool) as pool:
            pool.open()
            pool.wait()
            store = EventStore(pool)
            lines = [
                measure(store, database_url, 1, sizes.appends_one_writer, sizes.rounds),
                measure(store, database_url, sizes.writers, sizes.appends_per_writer, sizes.rounds),
                measure_cpu(store, database_url, sizes.appends_one_writer, sizes.rounds),
            ]
        with database_at(database_url, "0002") as before:
            for writers, count in (
                (1, sizes.appends_one_writer),
                (sizes.writers, sizes.appends_per_writer),
            ):
                lines.append(measure_schema(database_url, before, writers, count, sizes.rounds))
        return write_report("append", vars(sizes), lines, database_url, out_dir)


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
