"""Citus: moves per second and p99 per move on a local Citus cluster against one PostgreSQL.

``python -m bench.citus`` with ``CAIRN_CITUS_URL`` naming a coordinator
(``scripts/citus-cluster start``). The subject is the service's play path on a fresh
database of that cluster, distributed by ``cairn db distribute``'s plan; the baseline is the
same on a fresh database of one PostgreSQL (``DATABASE_URL``'s server, or an embedded one).
N clients, threads of one process, each play their own 2-seat Peninsula games: each move is
a legal command chosen at random (untimed) and ``Application.act`` (timed: load, decide,
append, commit). Rounds alternate baseline and subject for a fixed number of moves per
client. It is not part of ``python -m bench``: it needs a cluster.
"""

from __future__ import annotations

import os
import random
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

from psycopg_pool import ConnectionPool

from bench.harness import bench_database, command_line, comparison, write_report
from domain.games import load_all
from service.application import Application
from service.store import EventStore
from tests.support.citus import citus_scratch

FULL = {"clients": (8, 32), "moves": 40, "rounds": 4}
SMOKE = {"clients": (2,), "moves": 3, "rounds": 2}


class Table:
    """One client's game, replaced by a new one when it ends."""

    def __init__(self, app: Application, seed: int) -> None:
        self.app, self.rng = app, random.Random(seed)
        self.game = self._new()

    def _new(self) -> UUID:
        return self.app.create_game("peninsula", 2).game_id

    def move(self) -> float:
        loaded = self.app.load(self.game)
        if loaded.ruleset.is_terminal(loaded.state):
            self.game = self._new()
            loaded = self.app.load(self.game)
        seat = sorted(loaded.ruleset.to_act(loaded.state))[0]
        command = self.rng.choice(self.app.legal_commands_of(loaded, seat))
        start = time.perf_counter()
        self.app.act(self.game, seat, command)
        return time.perf_counter() - start


def _round(tables: list[Table], moves: int, latencies: list[float]) -> float:
    """All clients make ``moves`` moves each; the wall time of the round."""
    lock = threading.Lock()

    def client(table: Table) -> None:
        mine = [table.move() for _ in range(moves)]
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(t,)) for t in tables]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


@contextmanager
def _service(url: str, clients: int) -> Iterator[Application]:
    with ConnectionPool(url, min_size=2, max_size=clients + 2, open=True) as pool:
        yield Application(EventStore(pool))


def _latency(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {
        "p50_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
    }


def run(
    url: str | None = None, sizes: dict[str, Any] = FULL, out_dir: Path | None = None
) -> dict[str, Any]:
    coordinator = os.environ.get("CAIRN_CITUS_URL", "").strip()
    if not coordinator:
        raise SystemExit("bench.citus needs CAIRN_CITUS_URL (scripts/citus-cluster start)")
    load_all()
    results: list[dict[str, Any]] = []
    with bench_database(url) as plain, citus_scratch(coordinator) as citus:
        for clients in sizes["clients"]:
            with _service(plain, clients) as base_app, _service(citus, clients) as subj_app:
                base = [Table(base_app, i) for i in range(clients)]
                subj = [Table(subj_app, i) for i in range(clients)]
                times: dict[str, list[float]] = {"baseline": [], "subject": []}
                waits: dict[str, list[float]] = {"baseline": [], "subject": []}
                for round_no in range(sizes["rounds"]):
                    order = [("baseline", base), ("subject", subj)]
                    for name, tables in order if round_no % 2 == 0 else reversed(order):
                        times[name].append(_round(tables, sizes["moves"], waits[name]))
                line = comparison(
                    f"moves, {clients} clients: Citus (coordinator + 2 workers) vs one PostgreSQL",
                    times["baseline"],
                    times["subject"],
                    clients * sizes["moves"],
                    ratio_of="throughput",
                    target="reported",
                    meets=lambda _ratio: True,
                )
                base_l, subj_l = _latency(waits["baseline"]), _latency(waits["subject"])
                line["latency"] = {"baseline": base_l, "subject": subj_l}
                line["p99_ratio"] = subj_l["p99_ms"] / base_l["p99_ms"]
                line["p99_target"] = "reported"
                line["meets_p99_target"] = True
                results.append(line)
        return write_report(
            "citus",
            sizes,
            results,
            plain,
            out_dir,
            notes=[
                "all three Citus servers, the baseline server and the clients share this machine",
            ],
        )


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
