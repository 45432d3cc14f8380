"""Live play through the service, on real PostgreSQL with a clock the tests move by hand:
timeouts decided unasked (also after a restart, and once with two services), takebacks,
resignation and abandonment, each game audited clean (docs/live-play.md)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from psycopg_pool import ConnectionPool

from domain.core import RuleViolation
from domain.core.live import Resign, ReturnToSeat, TakeBack
from service.application import live
from service.audit import audit_game
from service.clock import ManualClock
from service.composition import Service, assemble
from service.replays import audit_file, export_game
from service.store import EventStore

pytestmark = pytest.mark.storage

PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob", "cy", "di")]
DECK = {"deck": [9, 8, 7, 6, 5, 4, 3, 2, 1]}
FISCHER = {"target": 20, "time_control": "fischer", "bank_seconds": 60, "increment_seconds": 0}


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def service(store: EventStore, clock: ManualClock) -> Iterator[Service]:
    built = assemble(store, sweep_every=None, clock=clock)
    try:
        yield built
    finally:
        built.close()


def _create(service: Service, seats: int = 2, **options: Any) -> UUID:
    created = service.cairn.create_game(
        "counting", seats, {"target": 20, **options}, setup=DECK, seat_info=PLAYERS[:seats]
    )
    return created.game_id


def _types(store: EventStore, game_id: UUID) -> list[str]:
    return [e.type for e in store.read(game_id)]


def _finished(store: EventStore, game_id: UUID) -> dict[str, Any]:
    game = store.game(game_id)
    assert game.is_finished
    assert audit_game(store, game_id).is_clean
    assert game.result is not None
    return game.result


def test_a_fischer_timeout_is_decided_once_with_no_request(
    service: Service, clock: ManualClock
) -> None:
    game_id = _create(service, **{k: v for k, v in FISCHER.items() if k != "target"})
    service.cairn.act(game_id, 0, {"type": "add", "amount": 1})
    assert service.timeouts is not None
    clock.advance(59)
    assert service.timeouts.decide_due() == 0
    clock.advance(2)  # seat 1 has now used 61 of its 60 seconds
    assert service.timeouts.decide_due() == 1
    assert live.time_out(service.cairn, game_id) == []
    assert _types(service.cairn.store, game_id).count("live.timed_out") == 1
    result = _finished(service.cairn.store, game_id)
    assert result["ranks"] == [1, 2]
    assert result["verdict"]["ending"] == "timed_out"
    view = service.cairn.view(game_id, None)
    assert view["live"]["ending"] == "timed_out"


def test_a_seat_acting_after_its_deadline_finds_the_timeout_decided_first(
    service: Service, clock: ManualClock
) -> None:
    game_id = _create(service, time_control="fischer", bank_seconds=60)
    clock.advance(61)
    with pytest.raises(RuleViolation) as refusal:
        service.cairn.act(game_id, 0, {"type": "add", "amount": 1})
    assert refusal.value.code == "game_over"
    assert _finished(service.cairn.store, game_id)["ranks"] == [2, 1]


def test_the_view_shows_each_seats_time_left_and_whose_clock_runs(
    service: Service, clock: ManualClock
) -> None:
    game_id = _create(service, time_control="fischer", bank_seconds=60, increment_seconds=5)
    clock.advance(10)
    shown = service.cairn.view(game_id, 1)["live"]
    assert shown["time_control"] == "fischer"
    assert shown["clocks"] == [50_000, 60_000]
    assert shown["running"] == [0]
    assert shown["increment"] == 5_000 and shown["allowances"] == []


def test_the_view_splits_a_per_move_clock_into_the_moves_allowance_and_the_reserve(
    service: Service, clock: ManualClock
) -> None:
    game_id = _create(service, time_control="per_move", allowance_seconds=30, bank_seconds=60)
    clock.advance(10)
    shown = service.cairn.view(game_id, None)["live"]
    assert shown["clocks"] == [80_000, 90_000]
    assert shown["allowances"] == [20_000, 30_000]  # the rest of each is its reserve
    clock.advance(25)  # seat 0 is 5 s into its reserve
    shown = service.cairn.view(game_id, None)["live"]
    assert shown["clocks"] == [55_000, 90_000]
    assert shown["allowances"] == [0, 30_000]
    service.cairn.act(game_id, 0, {"type": "add", "amount": 1})
    clock.advance(1)
    shown = service.cairn.view(game_id, None)["live"]
    assert shown["running"] == [1]
    assert shown["allowances"] == [0, 29_000]  # seat 1's move runs on its own allowance
    assert shown["clocks"] == [55_000, 89_000]  # seat 0 keeps the 55 s of reserve it had
    assert shown["increment"] == 0


def test_a_timeout_due_while_the_service_was_stopped_is_decided_when_it_starts(
    store: EventStore, clock: ManualClock, database_url: str
) -> None:
    before = assemble(store, sweep_every=None, clock=clock)
    game_id = _create(before, time_control="fischer", bank_seconds=60)
    before.close()
    clock.advance(3600)  # the service is down for an hour
    with ConnectionPool(database_url, min_size=1, max_size=4, open=True) as pool:
        after = assemble(EventStore(pool), sweep_every=3600, clock=clock)
        after.start()  # the sweep looks at every active game at once
        try:
            deadline = time.monotonic() + 30
            while not store.game(game_id).is_finished and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            after.close()
    assert _types(store, game_id).count("live.timed_out") == 1
    assert _finished(store, game_id)["verdict"]["ending"] == "timed_out"


def test_two_services_on_one_game_decide_one_timeout(
    store: EventStore, clock: ManualClock, database_url: str
) -> None:
    first = assemble(store, sweep_every=None, clock=clock)
    game_id = _create(first, time_control="fischer", bank_seconds=60)
    with ConnectionPool(database_url, min_size=1, max_size=4, open=True) as pool:
        second = assemble(EventStore(pool), sweep_every=None, clock=clock)
        second.cairn.load(game_id)  # both processes hold the game in their caches
        clock.advance(61)
        start = threading.Barrier(2)
        failures: list[BaseException] = []

        def decide(service: Service) -> None:
            start.wait()
            try:
                live.time_out(service.cairn, game_id)
            except BaseException as exc:  # reported below
                failures.append(exc)

        threads = [threading.Thread(target=decide, args=(s,)) for s in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        second.close()
    first.close()
    assert failures == []
    assert _types(store, game_id).count("live.timed_out") == 1
    _finished(store, game_id)


def test_a_timeout_with_a_bot_plays_on_until_the_owner_returns(
    service: Service, clock: ManualClock
) -> None:
    game_id = _create(service, time_control="fischer", bank_seconds=60, on_timeout="bot")
    clock.advance(61)
    assert service.timeouts is not None and service.timeouts.decide_due() == 1
    assert service.bots is not None and service.bots.wait_idle(30)
    state = service.cairn.load(game_id).state
    assert state.live.stand_ins == {0}
    assert state.turn == 1, "the bot played seat 0's turn"
    service.cairn.act(game_id, 0, ReturnToSeat(seat=0))
    assert service.cairn.load(game_id).state.live.stand_ins == frozenset()
    assert audit_game(service.cairn.store, game_id).verdict == "active"


def test_a_takeback_before_a_draw_is_accepted_and_after_one_refused(service: Service) -> None:
    cairn = service.cairn
    game_id = _create(service, takebacks="free")
    cairn.act(game_id, 0, {"type": "add", "amount": 2})
    cairn.act(game_id, 0, TakeBack(seat=0))
    assert cairn.load(game_id).state.count == 0
    assert cairn.view(game_id, 0)["to_act"] == [0]
    cairn.act(game_id, 0, {"type": "draw"})
    with pytest.raises(RuleViolation) as refusal:
        cairn.act(game_id, 0, TakeBack(seat=0))
    assert refusal.value.code == "revealed_since"
    assert "live.taken_back" in _types(cairn.store, game_id)
    assert audit_game(cairn.store, game_id).verdict == "active"
    cairn.act(game_id, 1, Resign(seat=1))
    assert _finished(cairn.store, game_id)["ranks"] == [1, 2]


@pytest.mark.parametrize("seats", [2, 4])
def test_resigning(service: Service, seats: int) -> None:
    game_id = _create(service, seats)
    service.cairn.act(game_id, 0, Resign(seat=0))
    if seats == 2:
        assert _finished(service.cairn.store, game_id)["ranks"] == [2, 1]
        return
    assert service.bots is not None and service.bots.wait_idle(30)
    state = service.cairn.load(game_id).state
    assert state.live.stand_ins == {0} and not service.cairn.store.game(game_id).is_finished
    for seat in (1, 2):
        service.cairn.act(game_id, seat, Resign(seat=seat))
    result = _finished(service.cairn.store, game_id)
    assert result["ranks"] == [2, 2, 2, 1]
    assert result["verdict"]["winner"] == 3


@pytest.mark.parametrize("seats", [2, 4])
def test_abandoning(service: Service, seats: int) -> None:
    game_id = _create(service, seats)
    service.cairn.act(game_id, 0, {"type": "add", "amount": 1})
    live.abandon(service.cairn, game_id, "creator", "the league was cancelled")
    result = _finished(service.cairn.store, game_id)
    assert result["ranks"] == [0] * seats
    assert result["verdict"]["reason"] == "the league was cancelled"
    assert result["verdict"]["winner"] is None


def test_a_timed_game_with_a_takeback_exports_and_audits_from_its_file(
    service: Service, clock: ManualClock
) -> None:
    cairn = service.cairn
    game_id = _create(service, time_control="per_move", allowance_seconds=30, takebacks="free")
    clock.advance(12)
    cairn.act(game_id, 0, {"type": "add", "amount": 2})
    cairn.act(game_id, 0, TakeBack(seat=0))
    clock.advance(50)
    cairn.act(game_id, 0, {"type": "add", "amount": 1})
    cairn.act(game_id, 1, Resign(seat=1))
    text = export_game(cairn.store, game_id)
    report = audit_file(text)
    assert report.is_clean, report.summary()
    assert export_game(cairn.store, game_id) == text


def test_a_fork_with_the_same_luck_starts_its_clocks_at_its_creation(
    service: Service, clock: ManualClock
) -> None:
    cairn = service.cairn
    game_id = _create(service, time_control="fischer", bank_seconds=600, increment_seconds=0)
    clock.advance(10)
    at = cairn.act(game_id, 0, {"type": "add", "amount": 1}).version  # seat 1 to act
    clock.advance(20)
    cairn.act(game_id, 1, Resign(seat=1))  # finished: its whole log is public, "same" allowed
    clock.advance(300)  # the gap between the parent's stamp at `at` and the fork
    created = clock.now_ms()
    fork = cairn.fork(game_id, at, luck="same")
    [stamp] = cairn.store.read(fork.game_id, after=at)
    assert stamp.type == "live.stamped" and stamp.payload["at"] == created
    assert stamp.payload["banks"] == [590_000, 600_000], "the banks as at the fork point"
    clock.advance(7)
    cairn.act(fork.game_id, 1, {"type": "add", "amount": 1})
    state = cairn.load(fork.game_id).state
    assert state.live.banks == (590_000, 593_000), "charged from the fork's creation only"
    assert audit_game(cairn.store, fork.game_id).verdict == "active"
    assert cairn.load(game_id).state.live.banks[1] == 580_000, "the parent is untouched"
