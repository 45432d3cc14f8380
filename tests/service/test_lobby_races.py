"""An invite's /join and a lobby take of the same seat, at the same moment, on PostgreSQL:
one of them wins, the other is refused, and neither deadlocks (issue #27: the two paths
locked the invite row and the game row in opposite orders, and PostgreSQL broke the
deadlock by failing one, a 503, 3 times in 30)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from service.application import Application
from service.application.players import Accounts
from service.store import EventStore
from service.store.players import Players
from service.store.seats import SeatTokens

pytestmark = pytest.mark.storage

TRIES = 30
OPEN = [{"kind": "open"}, {"kind": "open"}]


def _race(store: EventStore, attempt: int) -> list[Any]:
    """One try: an invite's redemption and a lobby take of seat 0, released together; what
    each answered (None: refused), or the exception it raised."""
    cairn, players, tokens = Application(store), Players(store.pool), SeatTokens(store.pool)
    game = cairn.create_game("counting", 2, seat_info=OPEN).game_id
    _, invites = tokens.issue(game, (), (0, 1))
    player, _ = Accounts(players).create(f"racer-{attempt}-{uuid.uuid4().hex[:6]}")
    barrier = threading.Barrier(2, timeout=30)

    def both_at_once(call: Callable[[], Any]) -> Any:
        barrier.wait()
        return call()

    with ThreadPoolExecutor(2) as pool:
        joined = pool.submit(both_at_once, lambda: tokens.redeem(game, invites[0], "ann"))
        taken = pool.submit(both_at_once, lambda: players.take_open_seat(game, player, 0))
        outcomes: list[Any] = []
        for future in (joined, taken):
            try:
                outcomes.append(future.result(timeout=60))
            except Exception as exc:  # a deadlock, as the 503 was
                outcomes.append(exc)
    assert store.game(game).seat_info[1] == {"kind": "open"}, "the other seat stays open"
    return outcomes


def test_a_join_and_a_lobby_take_of_one_seat_never_deadlock(store: EventStore) -> None:
    failed: list[Exception] = []
    for attempt in range(TRIES):
        outcomes = _race(store, attempt)
        failed += [o for o in outcomes if isinstance(o, Exception)]
        if not failed:
            won = [o for o in outcomes if o is not None]
            assert len(won) == 1, f"try {attempt}: exactly one wins the seat, not {outcomes}"
    assert failed == [], f"{len(failed)} of {TRIES} tries failed: {failed[:3]}"
