"""On Citus, owed notices are claimed and delivered: the claim finds due rows without locks
and leases each by a statement naming its game, so no lock spans shards (issue #23: the
claim was a multi-shard ``FOR UPDATE … SKIP LOCKED``, which Citus refuses, and no notice was
ever sent). Two games, one on each worker, each with a seat's webhook; the deliverer sends
both turns' notices, marks them delivered, and no claim or lease commits in two phases.
Skipped without ``CAIRN_CITUS_URL``."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from service.composition import assemble
from service.store import EventStore
from service.store.recorders import FollowUp
from service.webhooks import Deliverer
from tests.service.store_contract.test_outbox_counts import counted, told
from tests.support.appending import new_game
from tests.support.citus import citus_scratch, citus_url
from tests.support.receiver import Receiver

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob")]
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}


def _worker_of(conn: psycopg.Connection[Any], game_id: UUID) -> int:
    row = conn.execute(
        "SELECT nodeport FROM pg_dist_shard_placement"
        " WHERE shardid = get_shard_id_for_distribution_column('games', %s)",
        (game_id,),
    ).fetchone()
    assert row is not None
    return int(row[0])


def test_notices_of_games_on_both_workers_are_claimed_and_delivered() -> None:
    receiver = Receiver(wanted=2).start()
    with (
        citus_scratch(citus_url()) as url,
        ConnectionPool(url, min_size=1, max_size=4, open=True) as pool,
    ):
        service = assemble(EventStore(pool), sweep_every=None)
        deliverer = Deliverer(service.cairn.store.webhooks, retry_first=0.05)
        try:
            games: dict[int, UUID] = {}
            with psycopg.connect(url) as conn:
                while len(games) < 2:
                    game = service.cairn.create_game(
                        "counting", 2, {"target": 20}, setup=DECK, seat_info=PLAYERS
                    ).game_id
                    games.setdefault(_worker_of(conn, game), game)
                before = conn.execute("SELECT count(*) FROM pg_dist_transaction").fetchone()
            for game in games.values():
                service.cairn.store.webhooks.register(
                    game, receiver.url, "a-secret", "seat", "1", 1
                )
                service.cairn.act(game, 0, {"type": "add", "amount": 1})  # seat 1's turn
            assert deliverer.deliver_due() == 2
            assert receiver.arrived.wait(10), "the notices never arrived"
            with psycopg.connect(url) as conn:
                after = conn.execute("SELECT count(*) FROM pg_dist_transaction").fetchone()
            notices = [
                n
                for game in games.values()
                for n in service.cairn.store.webhooks.notices(game_id=game)
            ]
        finally:
            deliverer.close()
            service.close()
            receiver.stop()
    assert {n.game_id for n in notices} == set(games.values())
    assert [(n.kind, n.delivered, n.attempts) for n in notices] == [("your_turn", True, 1)] * 2
    assert len(receiver.seen) == 2
    assert before == after, "a claim, lease or delivery committed in two phases"


def test_an_append_counts_its_outbox_rows_on_citus() -> None:
    """``cairn_append`` answers the row count of the notices' ``INSERT … SELECT``, which
    Citus routes to the game's shard (migration 0012): the count the deliverer is woken by,
    checked against the rows the outbox gained, for a game on each worker."""
    with (
        citus_scratch(citus_url()) as url,
        ConnectionPool(url, min_size=1, max_size=4, open=True) as pool,
    ):
        store = EventStore(pool)
        games: dict[int, UUID] = {}
        with psycopg.connect(url) as conn:
            while len(games) < 2:
                game = new_game(store)
                games.setdefault(_worker_of(conn, game), game)
        for game in games.values():
            store.webhooks.register(game, "http://a.test/", "a-secret", "seat", "1", 1)
            v = store.version(game)
            both = told(v, ("your_turn", [1]), ("game_ended", [0, 1]))
            assert counted(store, game, both, []) == 2
            assert counted(store, game, told(v, ("your_turn", [0])), []) == 0
            heard: list[FollowUp] = [(told(v, ("your_turn", [1])), None)]
            assert counted(store, game, told(v, ("your_turn", [0])), heard) == 1
