"""A league season on Citus: results reach standings and ratings with repartition joins off
(leagues and games are placed in two co-location groups, docs/scaling.md), and a league's
webhook registered mid-season is copied into its active games. Skipped without
``CAIRN_CITUS_URL``."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from psycopg_pool import ConnectionPool

from service.application import Application
from service.leagues import LeagueService, league_service
from service.projections.reading import standings_of
from service.store import EventStore
from tests.service.leagues.season import play_game, play_round, sign_up, strength
from tests.support.citus import citus_scratch, citus_url

pytestmark = pytest.mark.storage

NAMES = ("ann", "bob", "cyd", "dee")


@pytest.fixture
def service() -> Iterator[LeagueService]:
    with (
        citus_scratch(citus_url()) as url,
        ConnectionPool(url, min_size=1, max_size=4, open=True) as pool,
    ):
        with pool.connection() as conn:
            row = conn.execute("SHOW citus.enable_repartition_joins").fetchone()
        assert row == ("off",)
        yield league_service(Application(EventStore(pool)))


def test_a_season_on_citus_ends_with_the_hand_checked_table(service: LeagueService) -> None:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, NAMES, tag)
    league = service.leagues.create(
        boss, f"Autumn {tag}", "counting", 2, "round-robin", (3, 0), {"target": 5}
    )
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    play_round(service, league, boss, members, strength(NAMES))
    # scheduled but not played: the hook registered now is copied into these games
    fixtures = service.leagues.schedule(league, boss)
    service.hooks.add_for_league(boss, league, "http://127.0.0.1:9/", None)
    pool = service.leagues.cairn.store.pool
    with pool.connection() as conn:
        copied = conn.execute(
            "SELECT count(DISTINCT game_id) FROM webhooks WHERE owner_kind = 'league'"
        ).fetchone()
    assert copied == (len(fixtures),)
    by_id = {str(m.player.player_id): name for name, m in members.items()}
    for fixture in fixtures:
        names = [by_id[p] for p in fixture.players]
        winner = names.index(min(names, key=NAMES.index))
        tokens = [members[n].token for n in names]
        play_game(service.leagues.cairn, uuid.UUID(fixture.game_id), tokens, winner)
    service.catch_up()
    play_round(service, league, boss, members, strength(NAMES))
    table = standings_of(service, league)
    assert [(r["name"], r["points"], r["played"], r["wins"]) for r in table] == [
        (f"ann-{tag}", 9, 3, 3),
        (f"bob-{tag}", 6, 3, 2),
        (f"cyd-{tag}", 3, 3, 1),
        (f"dee-{tag}", 0, 3, 0),
    ]
