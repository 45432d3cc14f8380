"""Action round trip over HTTP: concurrent clients, each playing its own Peninsula game
through ``cairn serve``, against a bare Litestar endpoint doing one INSERT+COMMIT per request.

Both servers run under uvicorn on loopback with the same number of workers (1, 2, 4). Each
client makes moves in a loop: one read (Cairn: ``GET legal-commands``; bare: a one-row
``SELECT``), then the timed write (Cairn: ``POST commands``, the chosen legal command with
an Idempotency-Key; bare: ``POST /rows``, one INSERT+COMMIT). Throughput counts writes per
second of wall time over all clients; p50/p99 are the write round trips. A solo game that
ends is replaced by a new one (rare: about 57 moves a game); that creation is not timed as
a latency but is inside the wall time.

Every ruleset then gets a line of its own at the first worker count (``Sizes.rulesets``):
the same clients, each playing that ruleset's games at its fewest seats with every seat a
player it holds the token of, against the same bare endpoint in the same run.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg

from bench.harness import bench_database, command_line, comparison, interleaved, write_report
from bench.support import bare
from bench.support.servers import bare_command, cairn_command, running

RULESET = "peninsula"
"""The ruleset of the worker and client matrix; every ruleset gets lines of its own too."""
SEATS = {"five-peaks": 2}
"""Seats per game where a ruleset takes no fewer (the others play solo)."""
# Below uvicorn's 5 s keep-alive: a client never reuses a connection the server is closing.
KEEPALIVE = httpx.Limits(keepalive_expiry=2.0)
# A body the size of a typical move, for the bare endpoint.
PAYLOAD = {"command": {"type": "choose_icons", "seat": 0, "first": "right", "second": "left"}}


@dataclass(frozen=True)
class Sizes:
    rounds: int = 5
    workers: tuple[int, ...] = (1, 2, 4)
    clients: tuple[int, ...] = (1, 8, 32)
    writes_per_sample: int = 160  # split among the clients; at least 4 each
    rulesets: tuple[str, ...] = ("five-peaks", "peloponnes", "peninsula")
    """Each gets a line of its own at 1 worker and ``ruleset_clients`` clients."""
    ruleset_clients: int = 8


FULL = Sizes()
SMOKE = Sizes(
    rounds=1,
    workers=(1,),
    clients=(1, 2),
    writes_per_sample=8,
    rulesets=("five-peaks",),
    ruleset_clients=1,
)


class CairnClient:
    """Plays one game of ``ruleset`` after another at its fewest seats, every seat a player
    it holds the token of: Peninsula and Peloponnes solo, Five Peaks two seats."""

    def __init__(self, url: str, number: int, ruleset: str = RULESET) -> None:
        self.http = httpx.Client(base_url=url, timeout=60, limits=KEEPALIVE)
        self.number = number
        self.ruleset = ruleset
        self.seats = SEATS.get(ruleset, 1)
        self.moves = 0
        self.reads = 0
        self.game_id = ""
        self.auths: list[dict[str, str]] = []
        self._new_game()

    def _new_game(self) -> None:
        seats = [{"kind": "player", "player": f"bench{self.number}-{i}"} for i in range(self.seats)]
        created = self.http.post("/games", json={"ruleset": self.ruleset, "seats": seats})
        created.raise_for_status()
        body = created.json()
        self.game_id = body["game_id"]
        self.auths = [{"Authorization": f"Bearer {seat['token']}"} for seat in body["seats"]]
        self.to_act: list[int] = []

    def _offered(self) -> tuple[dict[str, str], list[Any]] | None:
        """A seat with something to do, and what it may do (untimed reads, counted: a
        player told by its stream that it is its turn reads only its own, so a line with
        more than one read a move pays for reads a real client would not make)."""
        # The last answer named the seats to act: ask those first, as a player whose answer
        # says it is still its turn would.
        first = [self.auths[seat] for seat in self.to_act if seat < len(self.auths)]
        for auth in first + [a for a in self.auths if a not in first]:
            self.reads += 1
            legal = self.http.get(f"/games/{self.game_id}/legal-commands", headers=auth)
            legal.raise_for_status()
            if commands := legal.json()["commands"]:
                return auth, commands
        return None

    def move(self) -> float:
        offered = self._offered()
        if offered is None:
            self._new_game()
            return self.move()
        auth, commands = offered
        self.moves += 1
        headers = {**auth, "Idempotency-Key": f"{self.game_id}-{self.moves}"}
        body = {"command": commands[self.moves % len(commands)]}
        start = time.perf_counter()
        sent = self.http.post(f"/games/{self.game_id}/commands", json=body, headers=headers)
        elapsed = time.perf_counter() - start
        sent.raise_for_status()
        answer = sent.json()
        self.to_act = answer["to_act"] or []
        if answer["is_terminal"]:
            self._new_game()
        return elapsed

    def close(self) -> None:
        self.http.close()


class BareClient:
    def __init__(self, url: str, number: int) -> None:
        self.http = httpx.Client(base_url=url, timeout=60, limits=KEEPALIVE)
        self.last = 1

    def move(self) -> float:
        self.http.get(f"/rows/{self.last}").raise_for_status()
        start = time.perf_counter()
        sent = self.http.post("/rows", json=PAYLOAD)
        elapsed = time.perf_counter() - start
        sent.raise_for_status()
        self.last = sent.json()["id"]
        return elapsed

    def close(self) -> None:
        self.http.close()


@dataclass
class Side:
    """One server's clients, and every write latency they measured."""

    clients: list[Any]
    latencies: list[float] = field(default_factory=list)

    def sample(self, writes_each: int) -> float:
        """Wall seconds for every client to make ``writes_each`` moves at once."""
        barrier = threading.Barrier(len(self.clients) + 1)
        errors: list[BaseException] = []
        lock = threading.Lock()

        def play(client: Any) -> None:
            barrier.wait()
            try:
                times = [client.move() for _ in range(writes_each)]
            except BaseException as exc:
                errors.append(exc)
                return
            with lock:
                self.latencies.extend(times)

        threads = [threading.Thread(target=play, args=(c,)) for c in self.clients]
        for thread in threads:
            thread.start()
        barrier.wait()
        start = time.perf_counter()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
        if errors:
            raise errors[0]
        return elapsed

    def close(self) -> None:
        for client in self.clients:
            client.close()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def latency(values: list[float]) -> dict[str, float]:
    return {
        "p50_ms": 1000 * statistics.median(values),
        "p99_ms": 1000 * percentile(values, 0.99),
        "count": len(values),
    }


def measure(
    cairn_url: str,
    bare_url: str,
    workers: int,
    clients: int,
    sizes: Sizes,
    ruleset: str | None = None,
) -> Any:
    """One line: the worker and client matrix's Peninsula, or ``ruleset``'s own line."""
    each = max(4, sizes.writes_per_sample // clients)
    playing = ruleset or RULESET
    subject = Side([CairnClient(cairn_url, n, playing) for n in range(clients)])
    baseline = Side([BareClient(bare_url, n) for n in range(clients)])
    try:
        for side in (baseline, subject):  # warm-up: first requests import and plan
            side.sample(2)
            side.latencies.clear()
        cases: dict[str, Callable[[], float]] = {
            "bare": lambda: baseline.sample(each),
            "cairn": lambda: subject.sample(each),
        }
        reads_before = sum(client.reads for client in subject.clients)
        moves_before = sum(client.moves for client in subject.clients)
        samples = interleaved(cases, sizes.rounds)
        reads = sum(client.reads for client in subject.clients) - reads_before
        moves = sum(client.moves for client in subject.clients) - moves_before
    finally:
        subject.close()
        baseline.close()
    what = f"{workers} worker{'s' if workers > 1 else ''}, {clients} clients"
    line = comparison(
        f"http, {ruleset}, {what} (writes/s)" if ruleset else f"http, {what} (writes/s)",
        samples["bare"],
        samples["cairn"],
        clients * each,
        ratio_of="throughput",
        target=">= 0.7",
        meets=lambda ratio: ratio >= 0.7,
    )
    base, subj = latency(baseline.latencies), latency(subject.latencies)
    p99_ratio = subj["p99_ms"] / base["p99_ms"]
    line["latency"] = {"baseline": base, "subject": subj}
    line["p99_ratio"] = p99_ratio
    line["p99_target"] = "<= 1.5"
    line["meets_p99_target"] = p99_ratio <= 1.5
    # The bare client makes exactly one read a write; Cairn's asks until a seat has a move.
    line["reads_per_move"] = {"baseline": 1.0, "subject": reads / moves if moves else None}
    return line


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    with bench_database(url) as database_url, tempfile.TemporaryDirectory() as logs:
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(bare.TABLE)
        lines = []
        for workers in sizes.workers:
            with (
                running(
                    bare_command(workers),
                    {bare.URL_VARIABLE: database_url},
                    Path(logs) / "bare.log",
                ) as bare_server,
                running(
                    cairn_command(workers),
                    {"DATABASE_URL": database_url},
                    Path(logs) / "cairn.log",
                ) as cairn_server,
            ):
                for clients in sizes.clients:
                    lines.append(
                        measure(cairn_server.url, bare_server.url, workers, clients, sizes)
                    )
                if workers == sizes.workers[0]:
                    for ruleset in sizes.rulesets:
                        lines.append(
                            measure(
                                cairn_server.url,
                                bare_server.url,
                                workers,
                                sizes.ruleset_clients,
                                sizes,
                                ruleset,
                            )
                        )
        notes = [
            "p50/p99 are write round trips (POST); each move also makes one untimed read"
            " per seat it asks, the seats the last answer named to act first (reads_per_move)",
            "a ruleset's own line plays its games at the fewest seats it takes, every seat"
            " a player; the matrix plays solo Peninsula",
            "both servers run side by side on the same machine as the clients",
        ]
        return write_report("http", _params(sizes), lines, database_url, out_dir, notes)


def _params(sizes: Sizes) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in vars(sizes).items()}


CHOOSING = """rows:
  Each option narrows the sizes chosen (full, or --smoke's) to the rows named; the rest
  stay as they are. The matrix's rows are every --workers by every --clients; the
  rulesets' lines run at the first of --workers with --ruleset-clients clients.

  python -m bench.http --workers 1 --clients 1 --rulesets none
      the 1-worker, 1-client row alone (5 rounds, both servers, about a minute)
  python -m bench.http --workers 1 2 4 --clients 1 --rulesets none
      the three 1-client rows
  python -m bench.http --workers 1 --clients --rulesets peloponnes
      only the Peloponnes line (an empty --clients leaves out the matrix)
"""


def add_choices(parser: argparse.ArgumentParser) -> None:
    """``--workers``, ``--clients``, ``--rulesets``, ``--ruleset-clients``, ``--rounds`` and
    ``--writes-per-sample``, to run chosen rows rather than the whole ten minutes."""
    parser.prog = "python -m bench.http"
    parser.epilog = CHOOSING
    parser.add_argument(
        "--workers", type=int, nargs="+", metavar="N", help="uvicorn workers of both servers"
    )
    parser.add_argument(
        "--clients",
        type=int,
        nargs="*",
        metavar="N",
        help="concurrent clients of the matrix's rows (none given: no matrix rows)",
    )
    parser.add_argument(
        "--rulesets",
        nargs="+",
        choices=[*FULL.rulesets, "none"],
        metavar="NAME",
        help=f"a line each ({', '.join(FULL.rulesets)}), or none",
    )
    parser.add_argument(
        "--ruleset-clients", type=int, metavar="N", help="concurrent clients of those lines"
    )
    parser.add_argument("--rounds", type=int, metavar="N", help="samples of each side a row")
    parser.add_argument(
        "--writes-per-sample", type=int, metavar="N", help="split among a row's clients"
    )


def chosen(sizes: Sizes, args: argparse.Namespace) -> Sizes:
    """``sizes`` with whatever the command line named instead."""
    named: dict[str, Any] = {}
    if args.workers is not None:
        named["workers"] = tuple(args.workers)
    if args.clients is not None:
        named["clients"] = tuple(args.clients)
    if args.rulesets is not None:
        named["rulesets"] = tuple(name for name in args.rulesets if name != "none")
    for name in ("ruleset_clients", "rounds", "writes_per_sample"):
        if getattr(args, name) is not None:
            named[name] = getattr(args, name)
    return dataclasses.replace(sizes, **named)


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE, narrowing=(add_choices, chosen))
