"""The deliverer is woken only by a commit that wrote outbox rows (issue #26): a move whose
decisions carry no notice leaves it asleep, and so does one whose notices no hook hears (the
store counts the rows its append wrote; a new game's opening likewise), while a notice a
hook hears, the seat's own or a system decision's appended with it, is delivered at once,
as before. On both stores, each
over a store of its own (a served test's deliverer would claim its notices).

The deliverer's timer is set to a minute here, so every claim a test sees within seconds is
a wake-up, never the timer's look."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest

from service import webhooks
from service.composition import Service, assemble
from service.store import Store
from service.store.recorders import WebhookRecorder
from service.store.webhooks import Owed, Written
from tests.support import sealed
from tests.support.receiver import Receiver

SECRET = "a-shared-secret-of-some-length"
PLAYERS = [{"kind": "player", "player": name} for name in ("ann", "bob")]
QUIET = 1.0
"""Seconds a test waits to see that no claim comes: a woken deliverer claims in milliseconds."""
PROMPT = 10.0
"""Seconds within which a woken deliverer delivers, far below the minute of its timer."""


class CountedClaims:
    """The store's webhook recorder, counting the deliverer's claims: the real recorder does
    the work, so what is claimed is sent and recorded as it is when served."""

    def __init__(self, real: WebhookRecorder) -> None:
        self.real = real
        self.claims = 0
        self.looks = 0
        self._asleep = False
        self._changed = threading.Condition()

    def register(
        self, game_id: UUID, url: str, secret: str, owner_kind: str, owner: str, seat: int | None
    ) -> UUID:
        return self.real.register(game_id, url, secret, owner_kind, owner, seat)

    def claim(self, lease_seconds: float) -> list[Owed]:
        with self._changed:
            self.claims += 1
            self._asleep = False
            self._changed.notify_all()
        owed = self.real.claim(lease_seconds)
        if not owed:
            with self._changed:
                # a pass ends with a claim that finds nothing, then at times a look at when
                # the next retry is due
                self._asleep = True
                self._changed.notify_all()
        return owed

    def delivered(self, owed: Owed) -> None:
        self.real.delivered(owed)

    def failed(self, owed: Owed, error: str, retry_in: float) -> None:
        self.real.failed(owed, error, retry_in)

    def next_due(self) -> float | None:
        due = self.real.next_due()
        with self._changed:
            # the delivering thread asks this last, just before it sleeps
            self.looks += 1
            self._asleep = True
            self._changed.notify_all()
        return due

    def notices(self, *, game_id: UUID | None = None, hook_id: UUID | None = None) -> list[Written]:
        return self.real.notices(game_id=game_id, hook_id=hook_id)

    def asleep(self, timeout: float = PROMPT) -> bool:
        """Wait until the deliverer has finished its pass and gone back to sleep."""
        with self._changed:
            return self._changed.wait_for(lambda: self._asleep, timeout)

    def claimed_after(self, claims: int, timeout: float) -> bool:
        """Whether a claim beyond the first ``claims`` comes within ``timeout``."""
        with self._changed:
            return self._changed.wait_for(lambda: self.claims > claims, timeout)


@pytest.fixture
def served(
    private_store: Store, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Service, CountedClaims]]:
    """The service as ``assemble`` builds it, its deliverer running over counted claims."""
    monkeypatch.setattr(webhooks, "LONGEST_WAIT", 60.0)
    service = assemble(private_store, sweep_every=None)
    assert service.webhooks is not None
    counted = CountedClaims(service.webhooks.webhooks)
    service.webhooks.webhooks = counted
    service.webhooks.start()
    assert counted.asleep(), "the deliverer's first look at the outbox never ended"
    try:
        yield service, counted
    finally:
        service.close()


def _hooked(
    served: tuple[Service, CountedClaims], url: str, ruleset: str, options: dict[str, Any]
) -> UUID:
    """A new game with a creator's webhook, which hears every notice of the game, once the
    deliverer has slept again after the game's creation."""
    service, counted = served
    claims = counted.claims
    created = service.cairn.create_game(ruleset, 2, options, seat_info=PLAYERS)
    # The opening tells the seats to act, but no hook hears it yet: no row, no wake-up.
    assert not counted.claimed_after(claims, QUIET) and counted.asleep()
    service.cairn.store.webhooks.register(created.game_id, url, SECRET, "creator", "", None)
    return created.game_id


def _kinds(store: Store, game_id: UUID) -> list[str]:
    return [notice.kind for notice in store.webhooks.notices(game_id=game_id)]


def test_a_move_without_a_notice_leaves_the_deliverer_asleep_and_a_follow_ups_wakes_it(
    served: tuple[Service, CountedClaims], receiver: Receiver
) -> None:
    service, counted = served
    sealed.install()
    game_id = _hooked(served, receiver.url, "sealed", {"rounds": 2})
    claims = counted.claims
    # Both seats seal at once: seat 0's seal brings no seat to act, so it carries no notice.
    service.cairn.act(game_id, 0, {"type": "seal", "word": "w0"})
    assert _kinds(service.cairn.store, game_id) == [], "a hook is registered: none was owed"
    assert not counted.claimed_after(claims, QUIET), "a move with no notice woke the deliverer"
    # Seat 1's seal carries none either, but the round's resolution appended with it (a
    # system decision) brings both seats to act again.
    service.cairn.act(game_id, 1, {"type": "seal", "word": "w1"})
    assert _kinds(service.cairn.store, game_id) == ["your_turn"]
    assert counted.claimed_after(claims, PROMPT), "a notice did not wake the deliverer"
    assert receiver.arrived.wait(PROMPT), "the notice was not delivered promptly"
    assert counted.asleep()  # the delivery is recorded once the receiver has answered
    [notice] = service.cairn.store.webhooks.notices(game_id=game_id)
    assert (notice.kind, notice.delivered) == ("your_turn", True)


def test_a_turn_notice_is_delivered_at_once(
    served: tuple[Service, CountedClaims], receiver: Receiver
) -> None:
    service, counted = served
    game_id = _hooked(served, receiver.url, "counting", {"target": 20})
    claims = counted.claims
    service.cairn.act(game_id, 0, {"type": "add", "amount": 1})  # seat 1 comes to act
    assert counted.claimed_after(claims, PROMPT), "a turn notice did not wake the deliverer"
    assert receiver.arrived.wait(PROMPT), "the turn notice was not delivered promptly"
    assert counted.asleep()  # the delivery is recorded once the receiver has answered
    [notice] = service.cairn.store.webhooks.notices(game_id=game_id)
    assert (notice.kind, notice.body["seats"], notice.delivered) == ("your_turn", [1], True)


def test_a_notice_no_hook_hears_leaves_the_deliverer_asleep(
    served: tuple[Service, CountedClaims], receiver: Receiver
) -> None:
    """A game's moves carry notices whether or not any hook hears them; only the outbox rows
    an append wrote wake the deliverer (issue #26). Here no hook at all, then a hook that
    hears seat 0 alone, while the moves tell seat 1 to act; then seat 0's turn."""
    service, counted = served
    claims = counted.claims
    created = service.cairn.create_game("counting", 2, {"target": 20}, seat_info=PLAYERS)
    game_id = created.game_id
    # its opening tells seat 0 to act, and no hook hears it: the creation counts no row
    assert not counted.claimed_after(claims, QUIET), "an opening no hook hears woke it"
    claims, looks = counted.claims, counted.looks
    service.cairn.act(game_id, 0, {"type": "add", "amount": 1})  # seat 1 comes to act
    assert not counted.claimed_after(claims, QUIET), "a notice no hook hears woke the deliverer"
    service.cairn.store.webhooks.register(game_id, receiver.url, SECRET, "seat", "0", 0)
    service.cairn.act(game_id, 1, {"type": "add", "amount": 1})  # seat 0's turn: heard
    assert counted.claimed_after(claims, PROMPT), "a notice a hook hears did not wake it"
    assert receiver.arrived.wait(PROMPT), "the notice was not delivered promptly"
    assert counted.asleep()
    claims = counted.claims
    service.cairn.act(game_id, 0, {"type": "add", "amount": 1})  # seat 1's turn: not heard
    assert not counted.claimed_after(claims, QUIET), "a notice no hook hears woke the deliverer"
    [notice] = service.cairn.store.webhooks.notices(game_id=game_id)
    assert (notice.kind, notice.body["seats"], notice.delivered) == ("your_turn", [0], True)
    assert counted.looks > looks  # the claim that found the notice looked at the timings
