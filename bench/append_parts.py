"""The append's gap to raw, piece by piece: one writer, every variant in the same run.

Each variant appends the same single-event decision to a game of its own, on a connection
of its own, and the variants alternate round by round (``bench.harness.interleaved``), so
every ratio below is against the raw baseline of the same rounds. From the raw
``INSERT`` + ``COMMIT`` of ``bench.append`` to ``EventStore.append``, one piece at a time:

- ``raw``: psycopg ``INSERT`` then ``COMMIT`` (three round trips: BEGIN, INSERT, COMMIT),
  the rows and hashes made beforehand, as ``bench.append``'s baseline;
- ``raw_1rt``: the same row as one prepared ``INSERT`` in autocommit through libpq (one
  round trip, text parameters);
- ``raw_1rt_notify``: that, with the wake-up's NOTIFY behind it in the same exchange;
- ``call``: the prepared ``cairn_append`` call (``appending.function_call``), parameters
  made beforehand;
- ``call_notify``: the call with the NOTIFY behind it, as the store sends it
  (``appending.committed``), parameters made beforehand;
- ``store``: ``EventStore.append`` itself (pool checkout, the chain's hashes, the
  parameters, the exchange, the stored events); a decision of one event and nothing else
  goes as the plain INSERT of ``raw_1rt_notify``, not the call.

Run: ``python -m bench.append_parts [--smoke]`` (DATABASE_URL as for ``python -m bench``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from bench.append import DECISION, RawWriter, StoreWriter, new_game
from bench.harness import bench_database, command_line, comparison, interleaved, write_report
from service.store import EventStore, appending
from service.store.appending import AppendCall, function_call
from service.store.event_store import wake_up
from service.store.records import GENESIS_HASH

INSERT_1RT = (
    b"INSERT INTO events (game_id, seq, type, schema_version, payload, visibility, actor,"
    b" decision_seq, command, metadata, prev_hash, hash)"
    b" VALUES ($1, $2, $3, $4, $5, $6, $7, $2, $8, $9, $10, $11) RETURNING recorded_at"
)


@dataclass(frozen=True)
class Sizes:
    rounds: int = 11
    appends: int = 300


FULL = Sizes()
SMOKE = Sizes(rounds=2, appends=5)


class CallWriter:
    """Sends prepared statements through libpq with parameters made beforehand."""

    def __init__(self, store: EventStore, url: str, *, insert: bool, notify: bool) -> None:
        self.game_id = new_game(store)
        self.conn = psycopg.connect(url, autocommit=True)
        self.insert, self.notify = insert, notify
        self.version, self.head = 0, GENESIS_HASH
        name, text = (b"raw1", INSERT_1RT) if insert else (appending.APPEND, appending.APPEND_SQL)
        self.name = name
        self.conn.pgconn.prepare(name, text)

    def _params(self, call: AppendCall) -> list[bytes | None]:
        if not self.insert:
            return call.params
        game, start, head, actor, command, metadata = call.params[:6]
        return [
            game,
            start,
            b"bench.icon_filled",
            b"1",
            canonical_payload(),
            b"public",
            actor,
            command,
            metadata,
            head,
            call.hashes[0].encode(),
        ]

    def prepare(self, count: int) -> Callable[[], None]:
        batches = []
        for _ in range(count):
            call = function_call(self.game_id, self.version + 1, self.head, DECISION, None, None)
            wake = wake_up(self.game_id, self.version + 1).encode()
            batches.append((self._params(call), wake))
            self.version, self.head = self.version + 1, call.hashes[-1]
        pgconn, name, notify = self.conn.pgconn, self.name, self.notify

        def work() -> None:
            for params, wake in batches:
                pgconn.enter_pipeline_mode()
                pgconn.send_query_prepared(name, params)
                pgconn.pipeline_sync()
                syncs = 1
                if notify:
                    pgconn.send_query_params(wake, None)
                    pgconn.pipeline_sync()
                    syncs = 2
                answers = appending._answers(pgconn, syncs)
                pgconn.exit_pipeline_mode()
                if answers[0].status != psycopg.pq.ExecStatus.TUPLES_OK:
                    raise RuntimeError(answers[0].error_message)

        return work

    def close(self) -> None:
        self.conn.close()


def canonical_payload() -> bytes:
    from service.store.records import canonical_json

    return canonical_json(DECISION.events[0].payload).encode()


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    with bench_database(url) as migrated:
        # CAIRN_BENCH_ASYNC_COMMIT=1: every side commits without waiting for the WAL flush,
        # which leaves the CPU and round trips that the disk's wait hides on a shared disk.
        quick = os.environ.get("CAIRN_BENCH_ASYNC_COMMIT") == "1"
        database_url = (
            psycopg.conninfo.make_conninfo(migrated, options="-c synchronous_commit=off")
            if quick
            else migrated
        )
        with ConnectionPool(database_url, min_size=1, max_size=2, open=True) as pool:
            pool.wait()
            store = EventStore(pool)
            writers: dict[str, Any] = {
                "raw": RawWriter(database_url),
                "raw_1rt": CallWriter(store, database_url, insert=True, notify=False),
                "raw_1rt_notify": CallWriter(store, database_url, insert=True, notify=True),
                "call": CallWriter(store, database_url, insert=False, notify=False),
                "call_notify": CallWriter(store, database_url, insert=False, notify=True),
                "store": StoreWriter(store),
            }
            for w in writers.values():
                w.cpu = []
            meter = cpu_meter(database_url)
            samples = interleaved(
                {name: _timed(w, sizes.appends, meter) for name, w in writers.items()},
                sizes.rounds,
            )
            cpu_lines = [_cpu_line(name, w.cpu, sizes.appends) for name, w in writers.items()]
            cpu = interleaved(
                {name: _cpu(writers[name], sizes.appends) for name in ("raw", "store")},
                sizes.rounds,
            )
            for w in writers.values():
                if hasattr(w, "close"):
                    w.close()
        lines = [
            comparison(
                f"append part: {name} against raw (appends/s)",
                samples["raw"],
                samples[name],
                sizes.appends,
                ratio_of="throughput",
                target="reported",
                meets=lambda _r: True,
            )
            for name in writers
            if name != "raw"
        ]
        lines.append(
            comparison(
                "append part: client CPU, store against raw (appends per CPU second)",
                cpu["raw"],
                cpu["store"],
                sizes.appends,
                ratio_of="throughput",
                target="reported",
                meets=lambda _r: True,
            )
        )
        notes = [str(line) for line in cpu_lines]
        return write_report("append_parts", vars(sizes), lines, database_url, out_dir, notes)


def _timed(writer: Any, count: int, cpu: Callable[[], tuple[float, float]]) -> Callable[[], float]:
    """One sample's wall seconds; its client and server CPU seconds go to ``writer.cpu``."""

    def sample() -> float:
        work = writer.prepare(count)
        before = cpu()
        start = time.perf_counter()
        work()
        wall = time.perf_counter() - start
        after = cpu()
        writer.cpu.append((after[0] - before[0], after[1] - before[1]))
        return wall

    return sample


def cpu_meter(url: str) -> Callable[[], tuple[float, float]]:
    """This thread's CPU seconds, and the CPU seconds of every backend of ``url``'s
    database (``/proc/<pid>/schedstat``, nanoseconds): the server's work, which the waits
    of a loaded machine do not inflate as they do the wall time. The server must be local."""
    watcher = psycopg.connect(url, autocommit=True)
    pids = [
        row[0]
        for row in watcher.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        )
    ]

    def read() -> tuple[float, float]:
        server = 0
        for pid in pids:
            with open(f"/proc/{pid}/schedstat") as stat:
                server += int(stat.read().split()[0])
        return time.thread_time(), server / 1e9

    return read


def _cpu_line(name: str, cpu: list[tuple[float, float]], count: int) -> dict[str, Any]:
    client = sorted(c for c, _ in cpu)[len(cpu) // 2]
    server = sorted(s for _, s in cpu)[len(cpu) // 2]
    line = {"name": f"append part: {name}, median CPU per append (us): client, server"}
    line["client_us"] = round(1e6 * client / count, 1)
    line["server_us"] = round(1e6 * server / count, 1)
    print(line)
    return line


def _cpu(writer: Any, count: int) -> Callable[[], float]:
    def sample() -> float:
        work = writer.prepare(count)
        start = time.thread_time()
        work()
        return time.thread_time() - start

    return sample


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
