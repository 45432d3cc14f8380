"""On Citus, creating a player (and rotating or revoking their token), registering and
revoking a player's or a league's webhook, and creating a game with bound players each
commit in one phase: accounts and owners' hooks live on the coordinator alone, and a hook's
copies are written one game per transaction (docs/scaling.md, issue #23). The evidence is
Citus's: its two-phase records (``pg_dist_transaction``) and the commands the coordinator
sends to the workers (``citus.log_remote_commands``). Skipped without ``CAIRN_CITUS_URL``."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from service.application import Application
from service.application.players import NotSignedIn
from service.leagues import LeagueService, league_service
from service.store import EventStore
from service.store.players import Player
from tests.service.leagues.season import sign_up
from tests.service.test_citus_play import RemoteCommands
from tests.support.citus import citus_scratch, citus_url

pytestmark = pytest.mark.storage

URL = "http://127.0.0.1:9/"


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    with citus_scratch(citus_url()) as url:
        yield url


@pytest.fixture
def remote() -> RemoteCommands:
    return RemoteCommands()


@pytest.fixture
def service(cluster: str, remote: RemoteCommands) -> Iterator[LeagueService]:
    with ConnectionPool(
        cluster, min_size=1, max_size=4, open=True, configure=remote.configure
    ) as pool:
        yield league_service(Application(EventStore(pool)))


def _two_phase_records(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        return {str(r[0]) for r in conn.execute("SELECT gid FROM pg_dist_transaction")}


def _worker_of(conn: psycopg.Connection[Any], game_id: UUID) -> int:
    row = conn.execute(
        "SELECT nodeport FROM pg_dist_shard_placement"
        " WHERE shardid = get_shard_id_for_distribution_column('games', %s)",
        (game_id,),
    ).fetchone()
    assert row is not None
    return int(row[0])


def _one_game_on_each_worker(url: str) -> list[UUID]:
    """Game ids drawn until each worker holds one's shard."""
    found: dict[int, UUID] = {}
    with psycopg.connect(url) as conn:
        workers = conn.execute("SELECT count(*) FROM pg_dist_node WHERE groupid <> 0").fetchone()
        assert workers is not None
        while len(found) < workers[0]:
            game_id = uuid.uuid4()
            found.setdefault(_worker_of(conn, game_id), game_id)
    return list(found.values())


def _bound_game(service: LeagueService, game_id: UUID, *players: Player) -> UUID:
    seats = [{"kind": "player", "player": p.name} for p in players]
    ids = [p.player_id for p in players]
    cairn = service.leagues.cairn
    return cairn.create_game("counting", 2, seat_info=seats, game_id=game_id, players=ids).game_id


def _prepared(remote: RemoteCommands) -> list[str]:
    return [c for c, _ in remote.sent if "PREPARE TRANSACTION" in c or "COMMIT PREPARED" in c]


def test_creating_a_player_and_changing_their_token_touch_no_worker(
    cluster: str, service: LeagueService, remote: RemoteCommands
) -> None:
    before = _two_phase_records(cluster)
    remote.clear()
    ann, token = service.accounts.create(f"ann-{uuid.uuid4().hex[:6]}")
    organiser, _ = service.accounts.create(f"boss-{uuid.uuid4().hex[:6]}", organiser=True)
    rotated = service.accounts.rotate(ann)
    service.accounts.revoke(organiser)
    assert service.accounts.signed_in(rotated) == ann
    with pytest.raises(NotSignedIn):
        service.accounts.signed_in(token)
    assert remote.sent == [], "an account is written on the coordinator alone"
    assert _two_phase_records(cluster) - before == set()


def test_a_players_hook_is_copied_into_games_on_both_workers_in_one_phase_each(
    cluster: str, service: LeagueService, remote: RemoteCommands
) -> None:
    ann, bob = (service.accounts.create(f"{n}-{uuid.uuid4().hex[:6]}")[0] for n in "ab")
    games = [_bound_game(service, g, ann, bob) for g in _one_game_on_each_worker(cluster)]
    before = _two_phase_records(cluster)
    remote.clear()
    hook, _ = service.hooks.add_for_player(ann, URL, None)
    registered = _two_phase_records(cluster) - before
    sent_registering = {port for _, port in remote.sent}
    before_game = _two_phase_records(cluster)
    later = _bound_game(service, uuid.uuid4(), bob, ann)  # created after: copied in its own
    assert _two_phase_records(cluster) - before_game == set()
    with psycopg.connect(cluster) as conn:
        copies = conn.execute(
            "SELECT game_id, seats FROM webhooks WHERE hook_id = %s AND revoked_at IS NULL",
            (hook.hook_id,),
        ).fetchall()
    assert sorted(copies) == sorted([(games[0], [0]), (games[1], [0]), (later, [1])])
    assert len(sent_registering) == 2, "the copies went to both workers"
    assert registered == set()
    with psycopg.connect(cluster) as conn:
        settled = conn.execute(
            "SELECT settled_at IS NOT NULL FROM owner_webhooks WHERE hook_id = %s",
            (hook.hook_id,),
        ).fetchone()
    assert settled == (True,)

    remote.clear()
    before = _two_phase_records(cluster)
    service.hooks.remove_for_player(ann, str(hook.hook_id))
    with psycopg.connect(cluster) as conn:
        left = conn.execute(
            "SELECT count(*) FROM webhooks WHERE hook_id = %s AND revoked_at IS NULL",
            (hook.hook_id,),
        ).fetchone()
    assert left == (0,)
    assert _prepared(remote) == []
    assert _two_phase_records(cluster) - before == set()


def test_a_leagues_hook_and_its_rounds_games_commit_in_one_phase(
    cluster: str, service: LeagueService, remote: RemoteCommands
) -> None:
    tag = uuid.uuid4().hex[:6]
    boss, _ = service.accounts.create(f"boss-{tag}", organiser=True)
    members = sign_up(service, ("ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal"), tag)
    league = service.leagues.create(
        boss, f"Autumn {tag}", "counting", 2, "round-robin", (3, 0), {"target": 5}
    )
    for m in members.values():
        service.leagues.add_member(league, boss, m.player)
    before = _two_phase_records(cluster)
    remote.clear()
    fixtures = service.leagues.schedule(league, boss)
    hook, _ = service.hooks.add_for_league(boss, league, URL, None)
    games = sorted(UUID(f.game_id) for f in fixtures)
    with psycopg.connect(cluster) as conn:
        copies = conn.execute(
            "SELECT game_id FROM webhooks WHERE hook_id = %s AND seats IS NULL ORDER BY game_id",
            (hook.hook_id,),
        ).fetchall()
        workers = {_worker_of(conn, g) for g in games}
    assert len(games) == 4
    assert [c[0] for c in copies] == games
    assert {port for _, port in remote.sent} >= workers
    assert _prepared(remote) == []
    assert _two_phase_records(cluster) - before == set()
    remote.clear()
    service.hooks.remove_for_league(boss, league, str(hook.hook_id))
    assert _prepared(remote) == []
    assert _two_phase_records(cluster) - before == set()
