"""The league consumer killed with SIGKILL mid-season and restarted applies every result
exactly once, with two processes running it at the same time.

Two ``cairn projections run`` processes follow the feed while a season is played through the
application layer; partway through, both are killed with SIGKILL (no shutdown hook runs),
one is restarted, and a second is started beside it later. At the end every game has
exactly one result in its league's stream, the standings and rating changes count each
result once, the standings equal the league decider's own fold, and a rebuild from scratch
equals what the killed and restarted consumers kept.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from psycopg.rows import tuple_row
from psycopg_pool import ConnectionPool

from domain.leagues.standings import season_table
from service.application import Application
from service.leagues import LeagueService, league_service
from service.store import EventStore
from tests.reliability.conftest import ROOT, WITH_TEST_RULESETS, environment
from tests.service.leagues.season import play_game, sign_up, strength

pytestmark = [pytest.mark.reliability, pytest.mark.storage]

NAMES = ("ann", "bob", "cyd", "dee", "eve", "fay")
ROUNDS = 5  # six players meet each other once in five rounds: 15 games


class Consumer:
    def __init__(self, url: str, log: Path) -> None:
        self.log = log
        with log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", WITH_TEST_RULESETS, "projections", "run", "--every", "0.05"],
                cwd=ROOT,
                env=environment(url),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


def _wait_round_recorded(service: LeagueService, league: UUID, log: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if not service.leagues.load(league).state.has_open_fixtures():
            return
        time.sleep(0.05)
    raise AssertionError("results were not recorded:\n" + log.read_text(errors="replace"))


def _projection(pool: ConnectionPool[Any]) -> dict[str, list[Any]]:
    tables = ("league_fixtures", "league_standings", "ratings", "rating_changes")
    with pool.connection() as conn:
        conn.row_factory = tuple_row  # the store may have left dict_row on it
        return {
            t: sorted(map(tuple, conn.execute(f"SELECT * FROM {t}").fetchall()), key=repr)
            for t in tables
        }


def test_sigkilled_consumers_apply_every_result_exactly_once(
    scratch_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "consumers.log"
    with ConnectionPool(scratch_url, min_size=1, max_size=8, open=True) as pool:
        service = league_service(Application(EventStore(pool)))
        boss, _ = service.accounts.create("boss", organiser=True)
        members = sign_up(service, NAMES, uuid.uuid4().hex[:4])
        league = service.leagues.create(boss, "Reliable", "counting", 2, options={"target": 5})
        for m in members.values():
            service.leagues.add_member(league, boss, m.player)
        by_id = {str(m.player.player_id): n for n, m in members.items()}
        consumers = [Consumer(scratch_url, log), Consumer(scratch_url, log)]
        try:
            for round_no in range(1, ROUNDS + 1):
                for i, fixture in enumerate(service.leagues.schedule(league, boss)):
                    names = [by_id[p] for p in fixture.players]
                    winner = names.index(strength(NAMES)(names))
                    tokens = [members[n].token for n in names]
                    play_game(service.leagues.cairn, UUID(fixture.game_id), tokens, winner)
                    if round_no == 2 and i == 1:
                        # mid-round, while results of this round are being recorded
                        for consumer in consumers:
                            consumer.kill()
                        consumers = [Consumer(scratch_url, log)]
                if round_no == 3:
                    consumers.append(Consumer(scratch_url, log))
                _wait_round_recorded(service, league, log)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with pool.connection() as conn:
                    conn.row_factory = tuple_row  # the store may have left dict_row on it
                    row = conn.execute(
                        "SELECT count(*) FROM rating_changes WHERE league_id = %s", (league,)
                    ).fetchone()
                if row is not None and row[0] == 2 * 15:
                    break
                time.sleep(0.1)
        finally:
            for consumer in consumers:
                consumer.stop()

        stored = service.leagues.store.read(league)
        results = [e for e in stored if e.type == "league.result_recorded"]
        assert len(results) == 15
        assert len({e.payload["game_id"] for e in results}) == 15
        kept = _projection(pool)
        assert len(kept["rating_changes"]) == 30
        with pool.connection() as conn:
            conn.row_factory = tuple_row  # the store may have left dict_row on it
            played = conn.execute(
                "SELECT sum(played), sum(points) FROM league_standings WHERE league_id = %s",
                (league,),
            ).fetchone()
        assert played is not None and played[0] == 30 and played[1] == 15 * 3
        folded = {s.player: s.points for s in season_table(service.leagues.load(league).state)}
        with pool.connection() as conn:
            conn.row_factory = tuple_row  # the store may have left dict_row on it
            rows = conn.execute(
                "SELECT player_id::text, points FROM league_standings WHERE league_id = %s",
                (league,),
            ).fetchall()
        assert dict(rows) == folded
        service.projection.rebuild()
        assert _projection(pool) == kept
