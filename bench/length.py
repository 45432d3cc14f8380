"""Cost against game length: one command at seq 5,000 against one at seq 50, with snapshots.

Both games are bench-only marathon games (bench/support) played through Application.act,
so snapshots are stored every SNAPSHOT_EVERY events exactly as in service. Two lines:
cold, where every command goes through a fresh Application (no in-process cache, so the
state comes from the latest snapshot plus the events after it), and warm, where one
Application per game keeps its cached state. The short game is the baseline.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from psycopg_pool import ConnectionPool

from bench.harness import bench_database, command_line, comparison, interleaved, write_report
from bench.load import play_to
from service.application import Application
from service.application.loading import SNAPSHOT_EVERY
from service.store import EventStore


@dataclass(frozen=True)
class Sizes:
    short: int = 50
    long: int = 5000
    rounds: int = 11
    commands_per_sample: int = 10


FULL = Sizes()
SMOKE = Sizes(short=5, long=30, rounds=2, commands_per_sample=2)


class Player:
    """Steps one marathon game forward, through a fresh or a kept Application."""

    def __init__(self, store: EventStore, game_id: UUID, *, fresh: bool) -> None:
        self.store, self.game_id, self.fresh = store, game_id, fresh
        self.app = Application(store)
        self.seat = self.app.load(game_id).state.turn

    def play(self, commands: int) -> float:
        spent = 0.0
        for _ in range(commands):
            app = Application(self.store) if self.fresh else self.app
            start = time.perf_counter()
            app.act(self.game_id, self.seat, {"type": "step", "squares": 1})
            spent += time.perf_counter() - start
            self.seat = (self.seat + 1) % 2
        return spent


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    with (
        bench_database(url) as database_url,
        ConnectionPool(database_url, min_size=2, max_size=4, open=True) as pool,
    ):
        store = EventStore(pool)
        short = play_to(Application(store), sizes.short)
        long = play_to(Application(store), sizes.long)
        at = {"short": store.version(short), "long": store.version(long)}
        players = {
            "cold_short": Player(store, short, fresh=True),
            "cold_long": Player(store, long, fresh=True),
            "warm_short": Player(store, short, fresh=False),
            "warm_long": Player(store, long, fresh=False),
        }
        count = sizes.commands_per_sample
        samples = interleaved(
            {name: (lambda p=player: p.play(count)) for name, player in players.items()},
            sizes.rounds,
        )
        lines = [
            comparison(
                f"{kind} command at seq {at['long']} vs seq {at['short']} (commands/s)",
                samples[f"{kind}_short"],
                samples[f"{kind}_long"],
                count,
                ratio_of="time",
                target="<= 1.5",
                meets=lambda ratio: ratio <= 1.5,
            )
            for kind in ("cold", "warm")
        ]
        grown = sizes.rounds * count
        notes = [
            f"snapshots every {SNAPSHOT_EVERY} events; each game grows by {grown} events"
            " while measured",
        ]
        return write_report("length", vars(sizes), lines, database_url, out_dir, notes)


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
