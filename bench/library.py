"""Library: Cairn's append and rebuild against the ``eventsourcing`` library's, same database.

Issue #26 asks Cairn to append at least twice and rebuild a 200-event game at least three
times as fast as the ``eventsourcing`` library (9.5.6, the optional extra ``bench-library``:
``pip install -e '.[bench-library]'``). Both sides run in this process, on the same
PostgreSQL server and in the same fresh bench database (the library in its own tables, which
it creates), alternating round by round; the ratio is Cairn's rate over the library's.

The library is configured as its documentation says: ``PERSISTENCE_MODULE=eventsourcing.
postgres`` and ``POSTGRES_DBNAME/HOST/PORT/USER/PASSWORD`` from the bench database's URL,
its default ``PostgresApplicationRecorder`` (the recorder an ``Application`` uses: events
table plus notification ids, each insert taking its table lock so the notification log has
no gaps), its default JSON transcoder, no snapshotting and no aggregate cache (both off by
default), a pool of as many connections as there are writers.

Append, 1 writer and 8 writers each on its own stream, in threads (``bench/append.py``'s
harness):
* Cairn: ``EventStore.append`` of a decision of one event, as a move is: its game's version
  and head kept by the writer as the service keeps them, the hash chain computed, the
  ``cairn_append`` call in its own transaction, the NOTIFY. The decision (payload and command
  of a typical move, ``bench/append.py``'s) is built once beforehand.
* The library: the idiomatic write of an ``Application``: an aggregate held in memory by the
  writer gets one new event from a decorated command method (``Table.fill``, whose event
  carries the same payload dict) and is ``save``d: the recorder's transaction, pipelined,
  takes its table lock (``LOCK TABLE ... IN EXCLUSIVE MODE``), sends its NOTIFY, inserts the
  event and reads back its notification id, then commits. Creating the event object
  happens inside the timed loop; it costs microseconds against the commit's milliseconds.
  The library's events hold the payload, Cairn's rows the payload and the command.
* The commit floor, in the same rounds: one round trip that commits one tiny row into a
  one-column table (autocommit ``INSERT``). No durable append is faster, and on a disk whose
  flush is slow both sides are mostly this wait, which squeezes the ratio towards 1; each
  line carries both sides' rates over the floor's (``against_commit_floor``).
A second line for each compares Cairn, from the same rounds, with the library switched to
its one-call insert (a database function, ``POSTGRES_ENABLE_DB_FUNCTIONS=y``, off by
default), reported only. The last append line is the client's CPU per append, 1 writer
(the thread's CPU time, which a loaded machine blurs less than wall time).

Rebuild, a 200-event game, no snapshot and no cache on either side:
* Cairn: a 2-seat Peninsula game played by its random bots to 200 events through the
  application (``bench/load.py``'s), then loaded cold as ``Application.load`` does, by a
  fresh ``Loader`` each time: the game's record and snapshot lookup in one query, the
  events' payload text in another, decoding and the Peninsula rules' fold to the state.
  Playing the game stored a snapshot at event 200, which is deleted first, and a load would
  store it again (and the next load start from it), so the loader here stores none: a
  subclass whose ``_maybe_snapshot`` does nothing; that none exists is checked after the
  timed loads. A last line times ``Application.load`` as it is, writing that snapshot each time
  (deleted, untimed, before each load), for comparison.
* The library: one aggregate with as many events, their payloads the very dicts of the
  Cairn game's events (the same JSON sizes), read by ``repository.get(id)``: select the
  events, decode their JSON, build each event object and apply it (the method body counts
  it and keeps its kind, far less than a game's fold).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import psycopg
from psycopg_pool import ConnectionPool

from bench.append import DECISION, StoreWriter, client_cpu, run_writers
from bench.harness import (
    bench_database,
    command_line,
    comparison,
    interleaved,
    summary,
    write_report,
)
from bench.load import play_peninsula_to
from service.application import Application
from service.application.loading import Loader, current_engines
from service.store import EventStore
from service.store.database import newest_first

EXTRA = "bench-library"


def unavailable() -> str | None:
    """Why the library cannot run here, or None when it can."""
    try:
        import eventsourcing.postgres  # noqa: F401
    except ImportError as exc:
        return f"the eventsourcing library is not installed ({exc}); pip install -e '.[{EXTRA}]'"
    return None


@dataclass(frozen=True)
class Sizes:
    rounds: int = 9
    appends_one_writer: int = 300
    appends_per_writer: int = 60
    writers: int = 8
    events: int = 200
    loads_per_sample: int = 20


FULL = Sizes()
SMOKE = Sizes(
    rounds=2, appends_one_writer=5, appends_per_writer=3, writers=2, events=20, loads_per_sample=2
)


def library_env(url: str, pool_size: int) -> dict[str, str]:
    """The library's documented PostgreSQL settings, for the database at ``url``."""
    info = psycopg.conninfo.conninfo_to_dict(url)
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": str(info.get("dbname", "postgres")),
        "POSTGRES_HOST": str(info.get("host", "127.0.0.1")),
        "POSTGRES_PORT": str(info.get("port", "5432")),
        "POSTGRES_USER": str(info.get("user", "postgres")),
        "POSTGRES_PASSWORD": str(info.get("password", "")),
        "POSTGRES_POOL_SIZE": str(pool_size),
    }


def library_app(url: str, pool_size: int, functions: bool = False) -> Any:
    """The library's application; ``functions`` turns on its one-call insert (a database
    function, ``POSTGRES_ENABLE_DB_FUNCTIONS``, off by default), for a reported line."""
    from bench.support.eslib import BenchApplication

    env = library_env(url, pool_size) | {"POSTGRES_ENABLE_DB_FUNCTIONS": "y" if functions else "n"}
    return BenchApplication(env=env)


class FloorWriter:
    """The least a durable append can cost: one round trip that commits one tiny row."""

    def __init__(self, url: str) -> None:
        self.conn = psycopg.connect(url, autocommit=True)
        self.conn.execute("CREATE TABLE IF NOT EXISTS bench_commit_floor (n integer)")

    def prepare(self, count: int) -> Callable[[], None]:
        def work() -> None:
            for _ in range(count):
                self.conn.execute("INSERT INTO bench_commit_floor VALUES (1)")

        return work

    def close(self) -> None:
        self.conn.close()


def measure_append(
    store: EventStore, apps: dict[str, Any], url: str, writers: int, count: int, rounds: int
) -> list[dict[str, Any]]:
    """Cairn against the library as configured by default (the headline) and with its
    database function, and the commit floor (``FloorWriter``) in the same rounds: no append
    is faster than the floor, so a library near it leaves no append room to be twice as
    fast (the floor moves with the disk's flush, from 0.1 to 6 ms on a shared machine)."""
    from bench.support.eslib import LibraryWriter

    sides = {
        "library": [LibraryWriter(apps["library"]) for _ in range(writers)],
        "library_functions": [LibraryWriter(apps["library_functions"]) for _ in range(writers)],
        "cairn": [StoreWriter(store) for _ in range(writers)],
        "floor": [FloorWriter(url) for _ in range(writers)],
    }
    try:
        samples = interleaved(
            {name: lambda w=side: run_writers(w, count) for name, side in sides.items()}, rounds
        )
    finally:
        for writer in sides["floor"]:
            writer.close()
    label = "1 writer" if writers == 1 else f"{writers} writers, one stream each"
    line = comparison(
        f"append against eventsourcing, {label} (appends/s)",
        samples["library"],
        samples["cairn"],
        writers * count,
        ratio_of="throughput",
        target=">= 2",
        meets=lambda ratio: ratio >= 2,
    )
    line["against_commit_floor"] = {
        side: per_round_ratio(samples["floor"], samples[side])
        for side in ("cairn", "library", "library_functions")
    }
    line["commit_floor"] = summary(samples["floor"], writers * count)
    functions = comparison(
        f"the same against eventsourcing with POSTGRES_ENABLE_DB_FUNCTIONS=y, {label}",
        samples["library_functions"],
        samples["cairn"],
        writers * count,
        ratio_of="throughput",
        target="reported",
        meets=lambda _ratio: True,
    )
    return [line, functions]


def per_round_ratio(baseline: list[float], subject: list[float]) -> float:
    """Subject's throughput over the baseline's, the median of the rounds' ratios."""
    return statistics.median(b / s for b, s in zip(baseline, subject, strict=True))


def measure_append_cpu(store: EventStore, app: Any, count: int, rounds: int) -> dict[str, Any]:
    from bench.support.eslib import LibraryWriter

    cairn, library = StoreWriter(store), LibraryWriter(app)
    samples = interleaved(
        {"library": lambda: client_cpu(library, count), "cairn": lambda: client_cpu(cairn, count)},
        rounds,
    )
    return comparison(
        "append against eventsourcing, 1 writer, client CPU (appends per CPU second)",
        samples["library"],
        samples["cairn"],
        count,
        ratio_of="throughput",
        target="reported",
        meets=lambda _ratio: True,
    )


class RebuildingLoader(Loader):
    """The application's cold load, storing no snapshot (so every load folds every event)."""

    def _maybe_snapshot(self, *_args: Any) -> None:
        return None


def library_copy(app: Any, store: EventStore, game_id: UUID) -> UUID:
    """An aggregate with one event per event of the game, each carrying its payload."""
    from bench.support.eslib import Table

    rows = store.read_facts(game_id)
    first, *rest = [(name, json.loads(text)) for _, name, _, text, _ in rows]
    table = Table(kind=first[0], payload=first[1])
    for name, payload in rest:
        table.fill(kind=name, payload=payload)
    app.save(table)
    return UUID(str(table.id))


def has_snapshot(store: EventStore, game_id: UUID) -> bool:
    return store.opening(game_id, current_engines())[1] is not None


def _timed_loads(load: Callable[[], Any], count: int, clock: Callable[[], float]) -> float:
    start = clock()
    for _ in range(count):
        load()
    return clock() - start


def measure_rebuild(
    store: EventStore, app: Any, game_id: UUID, table_id: UUID, sizes: Sizes
) -> list[dict[str, Any]]:
    count, events = sizes.loads_per_sample, store.version(game_id)
    # Playing the game stored a snapshot at event 200, which a load would start from.
    store.delete_snapshots(game_id)
    loaded = RebuildingLoader(store).load(game_id)
    rebuilt = app.repository.get(table_id)
    assert loaded.version == rebuilt.version == events, (loaded.version, rebuilt.version)
    assert not has_snapshot(store, game_id), "the rebuilding loader stores no snapshot"

    def cairn(clock: Callable[[], float]) -> float:
        return _timed_loads(lambda: RebuildingLoader(store).load(game_id), count, clock)

    def library(clock: Callable[[], float]) -> float:
        return _timed_loads(lambda: app.repository.get(table_id), count, clock)

    lines = []
    for clock, what in ((time.perf_counter, "loads/s"), (time.thread_time, "loads per CPU s")):
        samples = interleaved(
            {"library": lambda c=clock: library(c), "cairn": lambda c=clock: cairn(c)},
            sizes.rounds,
        )
        lines.append(
            comparison(
                f"rebuild a {events}-event Peninsula game against eventsourcing ({what})",
                samples["library"],
                samples["cairn"],
                count,
                ratio_of="throughput",
                target=">= 3" if what == "loads/s" else "reported",
                meets=(lambda r: r >= 3) if what == "loads/s" else (lambda _r: True),
            )
        )
    assert not has_snapshot(store, game_id), "every timed rebuild folded from the first event"
    lines.append(_application_load(store, app, game_id, table_id, sizes))
    return lines


def _application_load(
    store: EventStore, app: Any, game_id: UUID, table_id: UUID, sizes: Sizes
) -> dict[str, Any]:
    """``Application.load`` as it is: a fresh one each time, which stores its snapshot."""

    def cairn() -> float:
        spent = 0.0
        for _ in range(sizes.loads_per_sample):
            store.delete_snapshots(game_id)
            start = time.perf_counter()
            Application(store).load(game_id)
            spent += time.perf_counter() - start
        return spent

    def library() -> float:
        return _timed_loads(
            lambda: app.repository.get(table_id), sizes.loads_per_sample, time.perf_counter
        )

    samples = interleaved({"library": library, "cairn": cairn}, sizes.rounds)
    store.delete_snapshots(game_id)
    return comparison(
        "the same, Cairn through Application.load, storing its snapshot (loads/s)",
        samples["library"],
        samples["cairn"],
        sizes.loads_per_sample,
        ratio_of="throughput",
        target="reported",
        meets=lambda _ratio: True,
    )


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    reason = unavailable()
    if reason is not None:
        raise RuntimeError(reason)
    with bench_database(url) as database_url:
        pool = ConnectionPool(
            database_url, min_size=sizes.writers, max_size=sizes.writers + 2, open=False
        )
        with newest_first(pool) as pool:
            pool.open()
            pool.wait()
            store = EventStore(pool)
            apps = {
                "library": library_app(database_url, sizes.writers),
                "library_functions": library_app(database_url, sizes.writers, functions=True),
            }
            app = apps["library"]
            try:
                lines = [
                    *measure_append(
                        store, apps, database_url, 1, sizes.appends_one_writer, sizes.rounds
                    ),
                    *measure_append(
                        store,
                        apps,
                        database_url,
                        sizes.writers,
                        sizes.appends_per_writer,
                        sizes.rounds,
                    ),
                    measure_append_cpu(store, app, sizes.appends_one_writer, sizes.rounds),
                ]
                game_id = play_peninsula_to(Application(store), sizes.events)
                table_id = library_copy(app, store, game_id)
                lines += measure_rebuild(store, app, game_id, table_id, sizes)
            finally:
                for each in apps.values():
                    each.close()
        notes = [f"eventsourcing {_library_version()}, {_decision_size()}"]
        notes += [_floor_note(line) for line in lines if "commit_floor" in line]
        return write_report("library", vars(sizes), lines, database_url, out_dir, notes)


def _floor_note(line: dict[str, Any]) -> str:
    """Each side's rate over the commit floor's: how much of its append is the flush."""
    against = line["against_commit_floor"]
    return (
        f"{line['name']}: the commit floor {line['commit_floor']['per_unit_ms']:.2f} ms;"
        f" rates over the floor's (median of the rounds): Cairn {against['cairn']:.2f},"
        f" the library {against['library']:.2f}, with its function"
        f" {against['library_functions']:.2f}"
    )


def _library_version() -> str:
    from importlib.metadata import version

    return version("eventsourcing")


def _decision_size() -> str:
    event = DECISION.events[0]
    return f"append payload {len(json.dumps(event.payload))} bytes of JSON on both sides"


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
