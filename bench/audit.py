"""Audit: finished games audited per second, against a plain fold of the same games.

The games are two-seat Peninsula games played to the end by the random bot, stored in the
bench database. The subject is ``service.audit.audit_game`` (what ``cairn audit`` runs per
game): read the log, check the hash chain, commitments and decisions, decide every command
again and compare, score the end. The baseline reads the same log and folds its decoded
events once, with no check at all, so the ratio is the price of the checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from psycopg_pool import ConnectionPool

from bench.harness import bench_database, command_line, comparison, interleaved, timed, write_report
from domain.core import registry
from domain.core.registry import event_from_record
from domain.games import load_all
from service.application import Application
from service.audit import audit_game
from service.simulation import simulate
from service.store import EventStore
from service.trail import trail_from_store

RULESET = "peninsula"


@dataclass(frozen=True)
class Sizes:
    rounds: int = 5
    games: int = 30


FULL = Sizes()
SMOKE = Sizes(rounds=1, games=2)


def audit_all(store: EventStore, games: list[UUID]) -> None:
    for game_id in games:
        report = audit_game(store, game_id)
        if not report.is_clean:
            raise AssertionError(f"bench game {game_id} failed its audit: {report.summary()}")


def fold_all(store: EventStore, games: list[UUID]) -> None:
    ruleset = registry.get(RULESET)
    for game_id in games:
        trail = trail_from_store(store, game_id)
        ruleset.fold(
            event_from_record(ruleset, e.type, e.schema_version, e.payload) for e in trail.events
        )


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    load_all()
    with (
        bench_database(url) as database_url,
        ConnectionPool(database_url, min_size=1, max_size=4, open=True) as pool,
    ):
        store = EventStore(pool)
        app = Application(store)
        played = simulate(app, RULESET, sizes.games, seats=2, seed="bench-audit")
        games = [simulated.game_id for simulated in played]
        events = sum(store.game(g).version for g in games)
        samples = interleaved(
            {
                "fold": lambda: timed(lambda: fold_all(store, games)),
                "audit": lambda: timed(lambda: audit_all(store, games)),
            },
            sizes.rounds,
        )
        line = comparison(
            f"audit, {len(games)} finished 2-seat {RULESET} games (games/s)",
            samples["fold"],
            samples["audit"],
            len(games),
            ratio_of="time",
            target="<= 3 (ours: the issue sets none)",
            meets=lambda ratio: ratio <= 3,
        )
        notes = [f"{events} events in all, {events / len(games):.0f} per game"]
        return write_report("audit", vars(sizes), [line], database_url, out_dir, notes)


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
