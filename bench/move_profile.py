"""One move end to end, in process: where its time goes and how many database round trips it
makes, against a bare Litestar endpoint doing one INSERT+COMMIT in the same run.

``python -m bench move-profile`` (or ``python -m bench.move_profile [--smoke]``). Both apps run
in this process under Litestar's ``TestClient`` (no sockets, no uvicorn), each over its own
pool on the same database, so what differs is each app's own work per write. A single client
plays solo Peninsula games: per move one untimed ``GET legal-commands``, then the timed
``POST commands`` with an Idempotency-Key; the bare side does an untimed one-row ``SELECT``,
then the timed ``POST /rows``. Rounds alternate the two sides, order flipped every round.

While a ``POST commands`` is in flight, bench-only wrappers (installed here, never in product
code) time the application's stages with ``perf_counter`` and count every exchange psycopg
waits on (``Connection.wait``: one query, or one BEGIN/COMMIT/ROLLBACK, each a round trip)
plus the append's NOTIFY, which goes through libpq directly. Each round trip is charged to
the innermost stage open in the thread that made it. A stage's *self* time excludes the
stages nested in it; what no stage covers is the framework: routing, the body's decoding and
validation, the response's encoding, logging, and the test client's own hand-over.
A cProfile of further moves lists the functions with the most own time.
"""

from __future__ import annotations

import contextlib
import cProfile
import functools
import logging
import os
import pstats
import socket
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from litestar.testing import TestClient

from bench.harness import bench_database, command_line, comparison, interleaved, write_report
from bench.support import bare

RULESET = "peninsula"
PAYLOAD = {"command": {"type": "choose_icons", "seat": 0, "first": "right", "second": "left"}}


@dataclass(frozen=True)
class Sizes:
    rounds: int = 7
    moves_per_sample: int = 60
    profiled_moves: int = 300


FULL = Sizes()
SMOKE = Sizes(rounds=1, moves_per_sample=4, profiled_moves=4)


def _stages() -> list[tuple[Any, str, str]]:
    """(owner, attribute, label) of every stage timed; imported late: the app loads first."""
    from service.api import hosting, play
    from service.application import app, live, loading
    from service.store import event_store

    return [
        (hosting.Host, "seat", "token check (Host.seat)"),
        (play, "_act", "act (everything in Application.act)"),
        (loading.Loader, "load_cached", "load (cached state)"),
        (loading.Loader, "load", "load (from the store)"),
        (app, "parse_command", "parse command"),
        (live, "time_out_due", "clock: timeouts due"),
        (app, "require_seated", "seated check"),
        (app, "check_expected", "expected-version check"),
        (app.Application, "_decide_and_append", "decide, fold, append (self: decide+fold)"),
        (app, "with_notices", "notices for the decision"),
        (app.Application, "_decision", "decision record (encode events)"),
        (event_store.EventStore, "append", "append (events, key, result, outbox, notices)"),
        (loading.Loader, "after_append", "cache the new state"),
        (app.Application, "_settle", "system decisions after it"),
        (app.Application, "_committed", "reactions after commit"),
        (play, "revealed_in", "what became public (terminal moves)"),
        (play, "shown", "events the seat may see"),
    ]


@dataclass
class Probe:
    """Times the stages and counts psycopg's exchanges, but only while ``active`` is set."""

    active: bool = False
    inclusive: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    exclusive: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    calls: Counter[str] = field(default_factory=Counter)
    exchanges: Counter[tuple[str, str]] = field(default_factory=Counter)
    wire: Wire | None = None
    trips: Counter[str] = field(default_factory=Counter)
    _local: threading.local = field(default_factory=threading.local)
    _undo: list[Callable[[], None]] = field(default_factory=list)

    def _stack(self) -> list[list[Any]]:
        stack: list[list[Any]] | None = getattr(self._local, "stack", None)
        if stack is None:
            stack = self._local.stack = []
        return stack

    def exchange(self, what: str) -> None:
        if self.active:
            stack = self._stack()
            where = str(stack[-1][0]) if stack else outside()
            self.exchanges[(where, what)] += 1

    def wrap(self, owner: Any, name: str, label: str, exchange: str | None = None) -> None:
        original = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
        probe = self

        @functools.wraps(original)
        def timed(*args: Any, **kwargs: Any) -> Any:
            if not probe.active:
                return original(*args, **kwargs)
            stack = probe._stack()
            frame: list[Any] = [label, 0.0]
            stack.append(frame)
            if exchange is not None:
                probe.exchange(exchange)
            wire = probe.wire
            trips = wire.trips if wire is not None else 0
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                spent = time.perf_counter() - start
                if wire is not None:
                    probe.trips[label] += wire.trips - trips
                stack.pop()
                probe.inclusive[label] += spent
                probe.exclusive[label] += spent - frame[1]
                probe.calls[label] += 1
                if stack:
                    stack[-1][1] += spent

        setattr(owner, name, timed)
        self._undo.append(lambda: setattr(owner, name, original))

    def install(self) -> None:
        from service.store import event_store

        for owner, name, label in _stages():
            self.wrap(owner, name, label)
        # The NOTIFY goes through libpq directly, not through ``wait``.
        self.wrap(event_store.EventStore, "_notify_on", "NOTIFY", exchange="NOTIFY (libpq)")
        wait = psycopg.Connection.wait
        probe = self

        def counted(conn: Any, gen: Any, *args: Any, **kwargs: Any) -> Any:
            probe.exchange(_statement(conn, gen))
            return wait(conn, gen, *args, **kwargs)

        psycopg.Connection.wait = counted  # type: ignore[method-assign,assignment]
        self._undo.append(lambda: setattr(psycopg.Connection, "wait", wait))

    def uninstall(self) -> None:
        for undo in reversed(self._undo):
            undo()
        self._undo.clear()

    @contextmanager
    def on(self) -> Iterator[None]:
        self.active = True
        if self.wire is not None:
            self.wire.counting = True
        try:
            yield
        finally:
            self.active = False
            if self.wire is not None:
                self.wire.counting = False


def outside() -> str:
    """Where an exchange outside every stage happened: the thread says whose it is."""
    return f"outside any stage, thread {threading.current_thread().name.split(' ')[0]}"


def _statement(conn: Any, gen: Any) -> str:
    """What one ``wait`` sends: the generator's query or command, shortened. Inside a
    pipeline only the sync reaches the server and waits for it."""
    code = getattr(gen, "gi_code", None)
    name = code.co_name if code is not None else type(gen).__name__
    frame = getattr(gen, "gi_frame", None)
    local = frame.f_locals if frame is not None else {}
    text = local.get("query", local.get("command"))
    if isinstance(text, bytes):
        text = text.decode(errors="replace")
    shown = " ".join(text.split())[:60] if isinstance(text, str) else name
    in_pipeline = getattr(conn, "_pipeline", None) is not None
    if in_pipeline and name not in ("_sync_gen", "_exit_gen", "_enter_gen"):
        return f"queued in pipeline: {shown}"
    return f"pipeline {name}" if in_pipeline else shown


class Wire:
    """A loopback TCP relay in front of PostgreSQL that counts round trips on the wire: each
    time the server answers after the client sent something. Unprompted traffic (a NOTIFY
    delivered to a listener) counts nothing."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.trips = 0
        self.counting = False
        self._lock = threading.Lock()
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = self._server.getsockname()[1]
        self._open: list[socket.socket] = [self._server]
        threading.Thread(target=self._accept, daemon=True, name="wire").start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            for sock in (client, upstream):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._open += [client, upstream]
            asked = [False]
            threading.Thread(
                target=self._pump, args=(client, upstream, asked, True), daemon=True
            ).start()
            threading.Thread(
                target=self._pump, args=(upstream, client, asked, False), daemon=True
            ).start()

    def _pump(
        self, source: socket.socket, sink: socket.socket, asked: list[bool], up: bool
    ) -> None:
        try:
            while data := source.recv(65536):
                with self._lock:
                    if up:
                        asked[0] = True
                    elif asked[0]:
                        asked[0] = False
                        if self.counting:
                            self.trips += 1
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        for sock in self._open:
            with suppress(OSError):
                sock.close()


def _through(url: str, port: int) -> str:
    return psycopg.conninfo.make_conninfo(url, host="127.0.0.1", port=str(port))


class CairnMover:
    """Plays solo Peninsula games in process as the only seat; times each POST."""

    def __init__(self, client: TestClient[Any], probe: Probe | None = None) -> None:
        self.http = client
        self.probe = probe
        self.moves = 0
        self.games = 0
        self.game_id = ""
        self.auth: dict[str, str] = {}
        self._new_game()

    def _new_game(self) -> None:
        seats = [{"kind": "player", "player": "profile"}]
        created = self.http.post("/games", json={"ruleset": RULESET, "seats": seats})
        created.raise_for_status()
        body = created.json()
        self.game_id = body["game_id"]
        self.auth = {"Authorization": f"Bearer {body['seats'][0]['token']}"}
        self.games += 1

    def move(self) -> float:
        legal = self.http.get(f"/games/{self.game_id}/legal-commands", headers=self.auth)
        legal.raise_for_status()
        commands = legal.json()["commands"]
        if not commands:
            self._new_game()
            return self.move()
        self.moves += 1
        headers = {**self.auth, "Idempotency-Key": f"{self.game_id}-{self.moves}"}
        body = {"command": commands[self.moves % len(commands)]}
        with self.probe.on() if self.probe is not None else nullcontext():
            start = time.perf_counter()
            sent = self.http.post(f"/games/{self.game_id}/commands", json=body, headers=headers)
            elapsed = time.perf_counter() - start
        sent.raise_for_status()
        if sent.json()["is_terminal"]:
            self._new_game()
        return elapsed


class BareMover:
    def __init__(self, client: TestClient[Any]) -> None:
        self.http = client
        self.last = 1

    def move(self) -> float:
        self.http.get(f"/rows/{self.last}").raise_for_status()
        start = time.perf_counter()
        sent = self.http.post("/rows", json=PAYLOAD)
        elapsed = time.perf_counter() - start
        sent.raise_for_status()
        self.last = sent.json()["id"]
        return elapsed


@contextmanager
def _clients(database_url: str) -> Iterator[tuple[TestClient[Any], TestClient[Any]]]:
    from service.api.app import create_app

    os.environ[bare.URL_VARIABLE] = database_url
    with (
        TestClient(create_app(database_url=database_url)) as cairn,
        TestClient(bare.create_app()) as plain,
    ):
        yield cairn, plain


def _quiet() -> None:
    """The test client logs every request at INFO: thousands of lines that say nothing here."""
    logging.getLogger("httpx").setLevel(logging.WARNING)


def _moves(mover: CairnMover | BareMover, count: int) -> float:
    return sum(mover.move() for _ in range(count))


def _sweep_quiet() -> contextlib.AbstractContextManager[None]:
    """No periodic sweep during the run: its queries are not a move's."""
    return _env("CAIRN_SWEEP_SECONDS", "3600")


@contextmanager
def _env(name: str, value: str) -> Iterator[None]:
    before = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = before


def _timing(database_url: str, sizes: Sizes) -> tuple[dict[str, Any], Probe, float, int]:
    """Interleaved rounds of timed moves on both apps, the probe on for Cairn's."""
    probe = Probe()
    with _clients(database_url) as (cairn, plain):
        subject = CairnMover(cairn)
        baseline = BareMover(plain)
        _moves(subject, 3)  # warm-up: imports, plans, the first cold load
        _moves(baseline, 3)
        probe.install()
        subject.probe = probe
        try:
            samples = interleaved(
                {
                    "bare": lambda: _moves(baseline, sizes.moves_per_sample),
                    "cairn": lambda: _moves(subject, sizes.moves_per_sample),
                },
                sizes.rounds,
            )
        finally:
            probe.uninstall()
    line = comparison(
        "one move in process: POST commands against a bare INSERT+COMMIT (time)",
        samples["bare"],
        samples["cairn"],
        sizes.moves_per_sample,
        ratio_of="time",
        target="reported",
        meets=lambda _ratio: True,
    )
    return line, probe, sum(samples["cairn"]), subject.games


def _wire_trips(database_url: str, moves: int) -> dict[str, Any]:
    """Round trips on the wire per POST for each app, through the counting relay; Cairn's
    also per stage (inclusive: a stage's count holds the stages nested in it)."""
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    host = str(info.get("host") or "127.0.0.1")
    if host.startswith("/"):
        return {"skipped": "a Unix-socket server (the embedded one): no TCP to relay"}
    wire = Wire(host, int(info.get("port") or 5432))
    probe = Probe(wire=wire)
    try:
        with _clients(_through(database_url, wire.port)) as (cairn, plain):
            subject, baseline = CairnMover(cairn), BareMover(plain)
            _moves(subject, 3)
            _moves(baseline, 3)
            probe.install()
            subject.probe = probe
            try:
                _moves(subject, moves)
            finally:
                probe.uninstall()
            cairn_trips, wire.trips = wire.trips, 0
            for _ in range(moves):
                baseline.http.get(f"/rows/{baseline.last}").raise_for_status()
                wire.counting = True
                sent = baseline.http.post("/rows", json=PAYLOAD)
                wire.counting = False
                sent.raise_for_status()
                baseline.last = sent.json()["id"]
            return {
                "cairn": cairn_trips / moves,
                "bare": wire.trips / moves,
                "cairn_by_stage": {k: v / moves for k, v in probe.trips.most_common()},
            }
    finally:
        wire.close()


def _profile(database_url: str, moves: int) -> list[dict[str, Any]]:
    """The functions with the most own time in ``Application.act`` (its caller ``_act`` in
    the handler's thread) over ``moves`` more moves (cProfile); shares are of that time."""
    from service.api import play

    profiler = cProfile.Profile()
    act = play._act

    def profiled(*args: Any, **kwargs: Any) -> Any:
        # the handler runs in a worker thread, which a profiler enabled here would not see
        profiler.enable()
        try:
            return act(*args, **kwargs)
        finally:
            profiler.disable()

    with _clients(database_url) as (cairn, _plain):
        mover = CairnMover(cairn)
        _moves(mover, 3)
        play._act = profiled
        try:
            _moves(mover, moves)
        finally:
            play._act = act
    stats = pstats.Stats(profiler)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda item: item[1][2], reverse=True)  # type: ignore[attr-defined]
    return [
        {
            "function": f"{Path(path).name}:{line}({name})",
            "own_share": own / total if total else 0.0,
            "cumulative_share": cumulative / total if total else 0.0,
            "calls_per_move": calls / moves,
        }
        for (path, line, name), (_cc, calls, own, cumulative, _callers) in rows[:25]
    ]


def breakdown(probe: Probe, whole_s: float) -> list[dict[str, Any]]:
    """Each stage's share of the whole timed POST time, with its exchanges per move."""
    moves = max(1, probe.calls.get("token check (Host.seat)", 0))
    per_stage: Counter[str] = Counter()
    for (where, _what), count in probe.exchanges.items():
        if not _what.startswith("queued in pipeline"):
            per_stage[where] += count
    rows = [
        {
            "stage": label,
            "calls_per_move": probe.calls[label] / moves,
            "inclusive_share": probe.inclusive[label] / whole_s,
            "self_share": probe.exclusive[label] / whole_s,
            "self_ms_per_move": 1000 * probe.exclusive[label] / moves,
            "exchanges_per_move": per_stage[label] / moves,
        }
        for label in probe.calls
    ]
    covered = sum(probe.exclusive.values())
    rows.append(
        {
            "stage": "framework and client (no stage: routing, body, response, logging)",
            "calls_per_move": 1.0,
            "inclusive_share": (whole_s - covered) / whole_s,
            "self_share": (whole_s - covered) / whole_s,
            "self_ms_per_move": 1000 * (whole_s - covered) / moves,
            "exchanges_per_move": sum(v for k, v in per_stage.items() if k.startswith("outside"))
            / moves,
        }
    )
    return sorted(rows, key=lambda row: row["self_share"], reverse=True)


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    _quiet()
    with bench_database(url) as database_url, _sweep_quiet():
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(bare.TABLE)
        line, probe, whole, games = _timing(database_url, sizes)
        # the probe saw every timed round: its shares are of all of them, not of the median
        stages = breakdown(probe, whole)
        moves = probe.calls.get("token check (Host.seat)", 0)
        exchanges = [
            {"stage": where, "sent": what, "per_move": count / max(1, moves)}
            for (where, what), count in sorted(probe.exchanges.items(), key=lambda kv: -kv[1])
        ]
        wire = _wire_trips(database_url, max(4, sizes.moves_per_sample))
        line["breakdown"] = stages
        line["exchanges"] = exchanges
        line["round_trips_per_move"] = wire
        line["moves_profiled_by_stage"] = moves
        line["games"] = games
        line["profile"] = _profile(database_url, sizes.profiled_moves)
        notes = [
            "shares are of the whole timed POST over every round (the probe's wrappers inside)",
            "round_trips_per_move: server replies after a client send, on the wire, POST only;"
            " an upper bound inside a pipeline, where a reply may come while the client sends",
            "exchanges: psycopg waits per stage; 'queued in pipeline' ones share a later sync",
        ]
        report = write_report("move-profile", vars(sizes), [line], database_url, out_dir, notes)
        print_breakdown(line)
        return report


def print_breakdown(line: dict[str, Any]) -> None:
    """The stage table and the round trips, as bench/README.md quotes them."""
    print("  stage | calls/move | self share | inclusive share | psycopg exchanges/move")
    for row in line["breakdown"]:
        print(
            f"  {row['stage']} | {row['calls_per_move']:.2f} | {row['self_share']:.3f}"
            f" | {row['inclusive_share']:.3f} | {row['exchanges_per_move']:.2f}"
        )
    print("  exchanges per move, by stage:")
    for row in line["exchanges"]:
        print(f"    {row['per_move']:.2f}  [{row['stage']}] {row['sent']}")
    trips = line["round_trips_per_move"]
    print(
        f"  round trips on the wire per POST: cairn {trips.get('cairn')}, bare {trips.get('bare')}"
    )
    for stage, count in trips.get("cairn_by_stage", {}).items():
        print(f"    {count:.2f}  {stage}")
    print("  cProfile of act, own time share (top 15):")
    for row in line["profile"][:15]:
        print(
            f"    {row['own_share']:.3f} own, {row['cumulative_share']:.3f} cum,"
            f" {row['calls_per_move']:.1f}/move  {row['function']}"
        )


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
