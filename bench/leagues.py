"""Leagues: rebuilding standings and ratings from scratch, and the cost of one more result.

A season of ``players`` members at tables of ``seats`` with ``games`` finished games is
written as league events (the history a league would have stored: the league, its members,
each round's fixtures and every game's result, with shared places now and then), straight
through ``LeagueStore.append``: the projection reads only league events, so playing the
games themselves would measure the games, not the projection. Then:

- **rebuild**: ``LeagueProjection.rebuild()``, which empties the projection and folds every
  league event again (standings, fixtures, OpenSkill ratings and every rating change), in one
  transaction; baseline: reading the same events raw through the league feed, page by page;
- **one more result**: a result appended for a scheduled fixture, then one projection
  ``step()`` that applies it (standings, ratings, the change); baseline: reading that one
  event raw from the same cursor.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import uuid4

from psycopg_pool import ConnectionPool

from bench.harness import (
    bench_database,
    command_line,
    comparison,
    interleaved,
    timed,
    write_report,
)
from domain.core.registry import event_to_record
from domain.leagues.commands import SYSTEM_ACTOR, Fixture
from domain.leagues.events import (
    Event,
    LeagueCreated,
    MemberJoined,
    ResultRecorded,
    RoundScheduled,
    SeasonStarted,
)
from service.projections import tracking
from service.projections.leagues import NAME, LeagueProjection
from service.store import Decision, EventStore, NewEvent
from service.store.leagues import GENESIS_HASH, LeagueStore
from service.store.players import Players

RULESET = "peninsula"


@dataclass(frozen=True)
class Sizes:
    players: int = 1_000
    seats: int = 4
    games: int = 10_000
    rebuild_rounds: int = 3
    step_rounds: int = 15
    seed: int = 15


FULL = Sizes()
SMOKE = Sizes(players=12, seats=4, games=9, rebuild_rounds=2, step_rounds=3)


class Season:
    """A league's stored history, appended decision by decision."""

    def __init__(self, store: LeagueStore) -> None:
        self.store = store
        self.league = uuid4()
        self.version = 0
        self.head = GENESIS_HASH

    def append(self, *events: Event) -> None:
        records = [event_to_record(e) for e in events]
        decision = Decision(
            tuple(NewEvent(n, v, p, "public") for n, v, p in records),
            SYSTEM_ACTOR.player,
            {"type": "bench_history"},
        )
        stored = self.store.append(
            self.league, self.version, self.head, decision, create=self.version == 0
        )
        self.version, self.head = stored[-1].seq, stored[-1].hash


def write_season(pool: ConnectionPool[Any], sizes: Sizes) -> tuple[Season, list[Fixture]]:
    """The season's events; returns the fixtures of one more round, scheduled, unplayed."""
    rng = random.Random(sizes.seed)
    players = Players(pool)
    members = [
        str(players.create(f"bench-{i}-{uuid4().hex[:6]}")[0].player_id)
        for i in range(sizes.players)
    ]
    season = Season(LeagueStore(pool))
    points = tuple(range(sizes.seats - 1, -1, -1))
    season.append(LeagueCreated("Bench", RULESET, sizes.seats, "balanced", points, "bench"))
    for start in range(0, len(members), 200):
        season.append(*(MemberJoined(m, "bench") for m in members[start : start + 200]))
    season.append(SeasonStarted(1))
    tables = len(members) // sizes.seats
    played, round_no = 0, 0
    while played < sizes.games:
        round_no += 1
        fixtures = _round(rng, members, sizes.seats, min(tables, sizes.games - played))
        season.append(RoundScheduled(1, round_no, tuple(fixtures), ()))
        for start in range(0, len(fixtures), 50):
            season.append(*(_result(rng, f) for f in fixtures[start : start + 50]))
        played += len(fixtures)
    pending = _round(rng, members, sizes.seats, max(tables, sizes.step_rounds))
    season.append(RoundScheduled(1, round_no + 1, tuple(pending), ()))
    return season, pending


def _round(rng: random.Random, members: list[str], seats: int, count: int) -> list[Fixture]:
    order = members[:]
    rng.shuffle(order)
    cycle = [order[i : i + seats] for i in range(0, len(order) - seats + 1, seats)]
    return [Fixture(str(uuid4()), tuple(cycle[i % len(cycle)])) for i in range(count)]


def _result(rng: random.Random, fixture: Fixture) -> ResultRecorded:
    scores = tuple(rng.randint(20, 60) for _ in fixture.players)
    places = tuple(1 + sum(1 for o in scores if o > s) for s in scores)  # ties share a place
    return ResultRecorded(fixture.game_id, fixture.players, places, scores)


def _read_raw(store: LeagueStore, cursor: str = "") -> int:
    read = 0
    while events := store.feed(cursor, 500):
        read += len(events)
        cursor = events[-1].cursor
    return read


def run(url: str | None = None, sizes: Sizes = FULL, out_dir: Path | None = None) -> dict[str, Any]:
    with bench_database(url) as database_url:
        return _run(database_url, sizes, out_dir)


def _run(url: str, sizes: Sizes, out_dir: Path | None) -> dict[str, Any]:
    with ConnectionPool(url, min_size=1, max_size=8, open=True) as pool:
        season, pending = write_season(pool, sizes)
        store = LeagueStore(pool)
        projection = LeagueProjection(EventStore(pool))
        events = _read_raw(store)
        rebuilt = interleaved(
            {
                "raw": lambda: timed(lambda: _read_raw(store)),
                "rebuild": lambda: timed(projection.rebuild),
            },
            sizes.rebuild_rounds,
        )
        raw_one, step_one = _one_more(pool, store, projection, season, pending, sizes)
    lines = [
        comparison(
            f"rebuild standings and ratings: {sizes.games} games, {sizes.players} players"
            f" ({events} league events)",
            rebuilt["raw"],
            rebuilt["rebuild"],
            events,
            ratio_of="time",
            target="reported (rebuild time / raw read time)",
            meets=lambda _r: True,
        ),
        comparison(
            "one more result, applied incrementally",
            raw_one,
            step_one,
            1,
            ratio_of="time",
            target="reported (one step / reading that event raw)",
            meets=lambda _r: True,
        ),
    ]
    notes = [
        f"{sizes.seats} seats a table; ratings are OpenSkill Plackett-Luce, rated in feed order",
        "league events written directly (no games played): the projection reads only these",
    ]
    return write_report("leagues", vars(sizes), lines, url, out_dir, notes)


def _one_more(
    pool: ConnectionPool[Any],
    store: LeagueStore,
    projection: LeagueProjection,
    season: Season,
    pending: list[Fixture],
    sizes: Sizes,
) -> tuple[list[float], list[float]]:
    rng = random.Random(sizes.seed + 1)
    projection.catch_up()
    raw, step = [], []
    for fixture in pending[: sizes.step_rounds]:
        cursor = tracking.status(pool, NAME).cursor
        season.append(_result(rng, fixture))
        raw.append(timed(lambda cursor=cursor: store.feed(cursor, 500)))
        step.append(timed(projection.step))
    return raw, step


if __name__ == "__main__":
    command_line(__doc__ or "", run, FULL, SMOKE)
