"""Citus: does the league projection keep up with league play, on a cluster and on one PostgreSQL.

``python -m bench.citus_leagues`` with ``CAIRN_CITUS_URL`` naming a coordinator
(``scripts/citus-cluster start``). On each side (a fresh database of the cluster, placed by
``cairn db distribute``'s plan, and a fresh one of ``DATABASE_URL``'s server) every client
has a league of its own, one round-robin round scheduled; the clients, threads of this
process, play their fixtures' games to the end with random legal commands through
``Application.act``, while ``cairn projections run`` (a process of its own, as in
production) reads the game feed for finished league games, records their results and keeps
standings and ratings. A sampler reads, every ``sample`` seconds, how far each consumer is
behind the end of its feed (committed rows it has not read: the results process on the game
feed, the projection on the league feed) and in seconds (how long ago the feed's end was
where the consumer is now), and when each finished game's fixture shows as played. A round
is every client playing ``games`` games; rounds alternate the two sides. The headline is the
time from a round's last move until every result of it is in the standings.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

from psycopg.rows import tuple_row
from psycopg_pool import ConnectionPool

from bench.harness import bench_database, command_line, comparison, write_report
from domain.games import load_all
from service.application import Application
from service.leagues import LeagueService, league_service
from service.projections import leagues as projection
from service.projections import results
from service.store import EventStore
from tests.support.citus import citus_scratch


@dataclass(frozen=True)
class Sizes:
    clients: int = 16
    games: int = 4
    rounds: int = 6
    ruleset: str = "peloponnes"
    sample: float = 0.25
    catch_up_limit: float = 300.0


FULL = Sizes()
SMOKE = Sizes(clients=2, games=1, rounds=2, catch_up_limit=30.0)


@dataclass
class Lag:
    """What the sampler saw on one side over the rounds."""

    results_events: list[int] = field(default_factory=list)
    results_seconds: list[float] = field(default_factory=list)
    projection_events: list[int] = field(default_factory=list)
    projection_seconds: list[float] = field(default_factory=list)
    result_latency: list[float] = field(default_factory=list)
    catch_up: list[float] = field(default_factory=list)
    by_round: list[tuple[float, float]] = field(default_factory=list)
    """Each round's most seconds behind, results process and projection: growing from
    round to round would be falling behind."""
    moves: int = 0
    play_seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        def worst(values: list[Any]) -> Any:
            return max(values, default=0)

        latency = sorted(self.result_latency) or [0.0]
        return {
            "results_max_events_behind": worst(self.results_events),
            "results_max_seconds_behind": worst(self.results_seconds),
            "projection_max_events_behind": worst(self.projection_events),
            "projection_max_seconds_behind": worst(self.projection_seconds),
            "result_in_standings_p50_s": statistics.median(latency),
            "result_in_standings_max_s": latency[-1],
            "catch_up_after_last_move_s": self.catch_up,
            "max_seconds_behind_by_round": self.by_round,
            "moves": self.moves,
            "moves_per_s": self.moves / self.play_seconds if self.play_seconds else None,
        }


class Side:
    """One database: its service, its leagues' fixtures, its projection process, its lag."""

    def __init__(self, url: str, sizes: Sizes) -> None:
        self.url, self.sizes = url, sizes
        self.pool = ConnectionPool(url, min_size=2, max_size=sizes.clients + 4, open=True)
        self.service: LeagueService = league_service(Application(EventStore(self.pool)))
        self.queues = [self._league(i) for i in range(sizes.clients)]
        self.ended: dict[str, float] = {}
        self._lock = threading.Lock()
        self.shown: dict[str, float] = {}  # when a game's fixture was first read as played
        self.lag = Lag()
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from cli.main import main; main()", "projections", "run"],
            env={**os.environ, "DATABASE_URL": url},
            stdout=subprocess.DEVNULL,
        )

    def _league(self, client: int) -> list[UUID]:
        """A league of its own for one client, its one round holding every game it plays."""
        tag = uuid4().hex[:8]
        accounts, leagues = self.service.accounts, self.service.leagues
        boss, _ = accounts.create(f"boss-{client}-{tag}", organiser=True)
        league = leagues.create(boss, f"Bench {tag}", self.sizes.ruleset, 2, "round-robin", (1, 0))
        for n in range(2 * self.sizes.games * self.sizes.rounds):
            member, _ = accounts.create(f"m{n}-{client}-{tag}")
            leagues.add_member(league, boss, member)
        return [UUID(f.game_id) for f in leagues.schedule(league, boss)]

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(30)
        self.pool.close()

    # -- play --------------------------------------------------------------------------------

    def play_round(self) -> None:
        """Every client plays its next ``games`` games to the end; the sampler runs alongside."""
        stop = threading.Event()
        sampler = threading.Thread(target=self._sample, args=(stop,))
        threads = [
            threading.Thread(target=self._client, args=(queue, random.Random(i)))
            for i, queue in enumerate(self.queues)
        ]
        sampled = len(self.lag.results_seconds)
        sampler.start()
        start = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.lag.play_seconds += time.monotonic() - start
        last = max(self.ended.values())
        caught = self._caught_up_at(last)
        stop.set()
        sampler.join()
        self.lag.catch_up.append(caught - last)
        self.lag.by_round.append(
            (
                max(self.lag.results_seconds[sampled:], default=0.0),
                max(self.lag.projection_seconds[sampled:], default=0.0),
            )
        )
        self.lag.result_latency = [self.shown[g] - end for g, end in self.ended.items()]

    def _client(self, queue: list[UUID], rng: random.Random) -> None:
        app, moves = self.service.leagues.cairn, 0
        for _ in range(self.sizes.games):
            game = queue.pop()
            while True:
                loaded = app.load(game)
                if loaded.ruleset.is_terminal(loaded.state):
                    break
                seat = sorted(loaded.ruleset.to_act(loaded.state))[0]
                app.act(game, seat, rng.choice(app.legal_commands_of(loaded, seat)))
                moves += 1
            self.ended[str(game)] = time.monotonic()
        with self._lock:
            self.lag.moves += moves

    # -- measure -----------------------------------------------------------------------------

    def _counts(self) -> dict[str, Any]:
        with self.pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
            events = cur.execute("SELECT count(*) FROM events").fetchone()
            league_events = cur.execute("SELECT count(*) FROM league_events").fetchone()
            rows = cur.execute("SELECT name, applied FROM projection_tracking").fetchall()
            applied: dict[str, int] = {str(name): int(n) for name, n in rows}
            played = cur.execute(
                "SELECT game_id FROM league_fixtures WHERE status = 'played'"
            ).fetchall()
        assert events and league_events
        now = time.monotonic()
        with self._lock:
            for (game,) in played:
                self.shown.setdefault(str(game), now)
        return {
            "events": int(events[0]),
            "league_events": int(league_events[0]),
            "results": int(applied.get(results.NAME, 0)),
            "projection": int(applied.get(projection.NAME, 0)),
            "played": {str(r[0]) for r in played},
        }

    def _sample(self, stop: threading.Event) -> None:
        history: list[tuple[float, int, int]] = []  # (when, events, league events)
        while not stop.wait(self.sizes.sample):
            now, at = time.monotonic(), self._counts()
            history.append((now, at["events"], at["league_events"]))
            lag = self.lag
            lag.results_events.append(at["events"] - at["results"])
            lag.projection_events.append(at["league_events"] - at["projection"])
            lag.results_seconds.append(_behind(history, now, 1, at["results"]))
            lag.projection_seconds.append(_behind(history, now, 2, at["projection"]))

    def _caught_up_at(self, last: float) -> float:
        """When every consumer has read its feed to the end and every finished game's
        result is in the standings."""
        while True:
            at = self._counts()
            if (
                at["events"] == at["results"]
                and at["league_events"] == at["projection"]
                and set(self.ended) <= at["played"]
            ):
                return time.monotonic()
            if time.monotonic() - last > self.sizes.catch_up_limit:
                raise RuntimeError(f"not caught up {self.sizes.catch_up_limit} s after play: {at}")
            time.sleep(0.05)


def _behind(history: list[tuple[float, int, int]], now: float, column: int, read: int) -> float:
    """Seconds since the feed's end was first where the consumer stands now (0: at the end)."""
    for sample in history:
        if sample[column] > read:
            return now - sample[0]
    return 0.0


@contextmanager
def _side(url: str, sizes: Sizes) -> Iterator[Side]:
    side = Side(url, sizes)
    try:
        side._caught_up_at(time.monotonic())  # the setup's events, before any round
        yield side
    finally:
        side.close()


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    coordinator = os.environ.get("CAIRN_CITUS_URL", "").strip()
    if not coordinator:
        raise SystemExit("bench.citus_leagues needs CAIRN_CITUS_URL (scripts/citus-cluster start)")
    load_all()
    with (
        bench_database(url) as plain,
        citus_scratch(coordinator) as citus,
        _side(plain, sizes) as base,
        _side(citus, sizes) as subj,
    ):
        for round_no in range(sizes.rounds):
            for side in (base, subj) if round_no % 2 == 0 else (subj, base):
                side.play_round()
        line = comparison(
            f"last move to every result in the standings, {sizes.clients} clients"
            f" ({sizes.ruleset}, 2 seats): Citus (coordinator + 2 workers) vs one PostgreSQL",
            base.lag.catch_up,
            subj.lag.catch_up,
            sizes.clients * sizes.games,
            ratio_of="time",
            target="reported",
            meets=lambda _ratio: True,
        )
        line["lag"] = {"baseline": base.lag.summary(), "subject": subj.lag.summary()}
        notes = [
            f"{name}: {_described(line['lag'][side])}"
            for name, side in (("one PostgreSQL", "baseline"), ("Citus", "subject"))
        ]
        notes += [
            "the projection is `cairn projections run` (every 0.5 s), one process per side,"
            " both running throughout; the sampler's reads load the same servers",
            "all three Citus servers, the baseline server, both projection processes and the"
            " clients share this machine",
        ]
        return write_report("citus-leagues", asdict(sizes), [line], plain, out_dir, notes)


def _described(lag: dict[str, Any]) -> str:
    return (
        f"{lag['moves']} moves ({lag['moves_per_s'] or 0:.0f}/s); results process at most"
        f" {lag['results_max_events_behind']} events / {lag['results_max_seconds_behind']:.1f} s"
        f" behind the game feed, projection at most {lag['projection_max_events_behind']} events"
        f" / {lag['projection_max_seconds_behind']:.1f} s behind the league feed; a result in"
        f" the standings {lag['result_in_standings_p50_s']:.1f} s (p50),"
        f" {lag['result_in_standings_max_s']:.1f} s (max) after its game's last move;"
        f" caught up {', '.join(f'{s:.1f}' for s in lag['catch_up_after_last_move_s'])} s"
        " after each round's last move; most seconds behind by round (results/projection) "
        + ", ".join(f"{r:.1f}/{p:.1f}" for r, p in lag["max_seconds_behind_by_round"])
    )


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
