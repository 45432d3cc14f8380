"""On Citus, scheduling a league's round creates games with bound players and copies their
owners' webhooks into them, and a player taking a game's open seat binds it and copies the
player's hooks: each commits in one phase, so Citus's two-phase records
(``pg_dist_transaction``) gain nothing while it runs (docs/scaling.md, issue #23). Skipped
without ``CAIRN_CITUS_URL``."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from service.application import Application
from service.leagues import LeagueService, league_service
from service.store import EventStore
from service.store.players import Players
from tests.service.leagues.season import sign_up
from tests.support.citus import citus_scratch, citus_url

pytestmark = pytest.mark.storage

NAMES = ("ann", "bob", "cyd", "dee")


@pytest.fixture
def cluster() -> Iterator[str]:
    with citus_scratch(citus_url()) as url:
        yield url


def _two_phase_records(conn: psycopg.Connection[Any]) -> set[str]:
    return {str(r[0]) for r in conn.execute("SELECT gid FROM pg_dist_transaction").fetchall()}


def _service(pool: ConnectionPool) -> LeagueService:
    return league_service(Application(EventStore(pool)))


def test_a_rounds_games_with_bound_players_and_hooks_commit_in_one_phase(cluster: str) -> None:
    tag = uuid.uuid4().hex[:6]
    with ConnectionPool(cluster, min_size=1, max_size=4, open=True) as pool:
        service = _service(pool)
        boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
        members = sign_up(service, NAMES, tag)
        league = service.leagues.create(
            boss, f"Spring {tag}", "counting", 2, "round-robin", (3, 0), {"target": 5}
        )
        for m in members.values():
            service.leagues.add_member(league, boss, m.player)
        service.hooks.add_for_league(boss, league, "http://127.0.0.1:9/", None)
        ann = members["ann"].player
        service.hooks.add_for_player(ann, "http://127.0.0.1:9/ann", None)
        with psycopg.connect(cluster) as conn:
            before = _two_phase_records(conn)
        fixtures = service.leagues.schedule(league, boss)
        with psycopg.connect(cluster) as conn:
            after = _two_phase_records(conn)
            games = [uuid.UUID(f.game_id) for f in fixtures]
            copies = conn.execute(
                "SELECT owner_kind, count(*) FROM webhooks WHERE game_id = ANY(%s)"
                " GROUP BY owner_kind ORDER BY owner_kind",
                (games,),
            ).fetchall()
            bound = conn.execute(
                "SELECT count(*) FROM seat_players WHERE game_id = ANY(%s)", (games,)
            ).fetchone()
    with_ann = [f for f in fixtures if str(ann.player_id) in f.players]
    assert len(fixtures) == 2 and len(with_ann) == 1
    assert bound == (4,)
    # the league's hook in each game, ann's in hers: copied in the games' own transactions
    assert copies == [("league", 2), ("player", 1)]
    assert after - before == set()


def test_a_player_taking_an_open_seat_commits_in_one_phase(cluster: str) -> None:
    with ConnectionPool(cluster, min_size=1, max_size=4, open=True) as pool:
        service = _service(pool)
        player, _ = service.accounts.create(f"eve-{uuid.uuid4().hex[:6]}")
        service.hooks.add_for_player(player, "http://127.0.0.1:9/eve", None)
        cairn = Application(EventStore(pool))
        open_seats = [{"kind": "open"}, {"kind": "open"}]
        game = cairn.create_game("counting", 2, seat_info=open_seats).game_id
        with psycopg.connect(cluster) as conn:
            before = _two_phase_records(conn)
        taken = Players(pool).take_open_seat(game, player, None)
        with psycopg.connect(cluster) as conn:
            after = _two_phase_records(conn)
            copies = conn.execute(
                "SELECT owner, seats FROM webhooks WHERE game_id = %s", (game,)
            ).fetchall()
    assert taken == 0
    assert copies == [(str(player.player_id), [0])]
    assert after - before == set()
