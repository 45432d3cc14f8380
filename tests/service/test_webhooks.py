"""Turn notices through the outbox: written with the events, delivered after commit, signed,
retried with backoff until the receiver takes them (docs/live-play.md). On both stores,
read through the store's outbox (``WebhookRecorder.notices``), but for a claim racing
another process's lease, which only PostgreSQL's can."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from domain.core import RuleViolation
from domain.core.live import Resign
from service.composition import Service, assemble
from service.store import EventStore, Store
from service.store.migrate import upgrade
from service.store.webhooks import Webhooks, Written
from service.webhooks import Deliverer, backoff
from tests.support.databases import scratch_database
from tests.support.receiver import Receiver

SECRET = "a-shared-secret-of-some-length"
PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob")]
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    made = Receiver(failures=2).start()
    yield made
    made.stop()


@pytest.fixture
def service(any_store: Store) -> Iterator[Service]:
    yield from _service(any_store)


@pytest.fixture
def private_service(database_url: str) -> Iterator[Service]:
    """A service over a database of this test's own: the outbox is shared by every game in
    a database, and a served test's deliverer (another process) would claim its notices."""
    with scratch_database(database_url, "cairn_outbox") as url:
        upgrade(url)
        with ConnectionPool(url, min_size=1, max_size=4, open=True) as pool:
            yield from _service(EventStore(pool))


def _service(store: Store) -> Iterator[Service]:
    built = assemble(store, sweep_every=None)
    built.webhooks = Deliverer(store.webhooks, retry_first=0.05)
    built.cairn.outbox_readers = [built.webhooks]
    try:
        yield built
    finally:
        built.close()


def _game(service: Service, url: str, seat: int | None = 1) -> UUID:
    created = service.cairn.create_game(
        "counting", 2, {"target": 20}, setup=DECK, seat_info=PLAYERS
    )
    kind, owner = ("seat", str(seat)) if seat is not None else ("creator", "")
    service.cairn.store.webhooks.register(created.game_id, url, SECRET, kind, owner, seat)
    return created.game_id


def _outbox(store: Store, game_id: UUID) -> list[Written]:
    return store.webhooks.notices(game_id=game_id)


def test_a_notice_is_written_with_the_events_and_retried_until_delivered(
    service: Service, receiver: Receiver
) -> None:
    game_id = _game(service, receiver.url)
    assert _outbox(service.cairn.store, game_id) == []
    with pytest.raises(RuleViolation):
        service.cairn.act(game_id, 1, {"type": "add", "amount": 1})  # not its turn
    assert _outbox(service.cairn.store, game_id) == [], "a refusal writes no notice"
    version = service.cairn.act(game_id, 0, {"type": "add", "amount": 1}).version
    [owed] = _outbox(service.cairn.store, game_id)
    assert (owed.kind, owed.attempts, owed.delivered) == ("your_turn", 0, False)
    assert service.webhooks is not None
    service.webhooks.start()
    assert receiver.arrived.wait(20), "the notice never arrived"
    assert len(receiver.seen) == 3, "two failures, then the delivery"
    ids = {headers["X-Cairn-Notice-Id"] for headers, _ in receiver.seen}
    assert len(ids) == 1, "every attempt carries the same notice id"
    headers, body = receiver.seen[-1]
    expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
    assert headers["X-Cairn-Signature"] == expected
    notice = json.loads(body)
    assert notice == {
        "notice_id": ids.pop(),
        "kind": "your_turn",
        "game_id": str(game_id),
        "version": version,
        "seats": [1],
    }
    service.webhooks.close()
    [done] = _outbox(service.cairn.store, game_id)
    assert (done.notice_id, done.attempts, done.delivered) == (owed.notice_id, 3, True)


def test_a_seats_webhook_hears_only_its_seat_and_a_creators_hears_the_end(
    service: Service, receiver: Receiver
) -> None:
    game_id = _game(service, receiver.url, seat=None)
    service.cairn.store.webhooks.register(game_id, receiver.url, SECRET, "seat", "0", 0)
    service.cairn.act(game_id, 0, {"type": "add", "amount": 1})  # seat 1 to act
    service.cairn.act(game_id, 1, Resign(seat=1))
    kinds = [notice.kind for notice in _outbox(service.cairn.store, game_id)]
    # the creator's hears seat 1's turn and the end; seat 0's hears only the end
    assert sorted(kinds) == ["game_ended", "game_ended", "your_turn"]


def test_backoff_doubles_up_to_an_hour() -> None:
    assert [backoff(n) for n in (1, 2, 3)] == [1.0, 2.0, 4.0]
    assert backoff(40) == 3600.0


@pytest.mark.storage
def test_a_notice_another_process_leases_while_this_one_claims_is_left_to_it(
    private_service: Service, receiver: Receiver
) -> None:
    """The claim finds due rows without locks and then leases each by itself: a row another
    process leases in between is not leased twice (no multi-shard FOR UPDATE on Citus)."""
    service = private_service
    store = service.cairn.store
    game_id = _game(service, receiver.url)
    service.cairn.act(game_id, 0, {"type": "add", "amount": 1})
    hooks = Webhooks(store.pool)
    claimed: list[Any] = []
    with psycopg.connect(store.pool.conninfo) as other:
        other.execute(
            "UPDATE outbox SET next_at = now() + interval '1 hour' WHERE game_id = %s", (game_id,)
        )
        claimer = threading.Thread(target=lambda: claimed.extend(hooks.claim(30)))
        claimer.start()
        deadline = time.monotonic() + 10
        while not _waiting_on_a_lock(store) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _waiting_on_a_lock(store), "the claim never reached the row's lease"
        other.commit()
    claimer.join(10)
    assert [o for o in claimed if o.game_id == game_id] == []
    [row] = _outbox(store, game_id)
    assert row.attempts == 0
    with store.connection() as conn:
        conn.execute("UPDATE outbox SET next_at = now() WHERE game_id = %s", (game_id,))
    [owed] = _mine(hooks.claim(30), game_id)
    assert owed.kind == "your_turn"
    assert _mine(hooks.claim(30), game_id) == [], "a leased notice is not claimed again"


def _mine(owed: list[Any], game_id: UUID) -> list[Any]:
    return [o for o in owed if o.game_id == game_id]


def _waiting_on_a_lock(store: EventStore) -> bool:
    with store.connection() as conn:
        row = conn.execute(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND query LIKE 'UPDATE outbox o SET next_at%%'"
        ).fetchone()
    return bool(row and row["n"])
