"""The store contract for an append's count of outbox rows (``Appended.outboxed``): what the
webhook deliverer is woken by (issue #26). Each count is checked against the rows the outbox
holds after it, over decisions alone and with follow-ups, with and without the other things
an append writes, in games no hook hears and in games whose hooks hear some seats only."""

from __future__ import annotations

import uuid
from typing import Any

from service.store import Decision, NewEvent, Store
from service.store.recorders import FollowUp
from tests.support.appending import decision, new_game


def told(version: int, *told: tuple[str, list[int]]) -> Decision:
    """One decision of one event giving these notices (kind, seats)."""
    notices = tuple({"kind": k, "seats": s, "body": {"version": version + 1}} for k, s in told)
    return Decision((NewEvent("t", 1, {}, "public"),), "system", None, notices=notices)


def counted(
    store: Store, game_id: uuid.UUID, made: Decision, then: list[FollowUp], **extra: Any
) -> int:
    """Append ``made`` and ``then``; the count the store answered, which must be the rows
    the outbox gained."""
    before = len(store.webhooks.notices(game_id=game_id))
    version, head = store.head(game_id)
    appended = store.append(game_id, version, head, made, then=then, **extra)
    assert appended.events == store.read(game_id, after=version)
    written = len(store.webhooks.notices(game_id=game_id)) - before
    assert appended.outboxed == written
    return written


def test_an_append_counts_the_outbox_rows_it_wrote(private_store: Store) -> None:
    store, hooks = private_store, private_store.webhooks
    game_id, quiet = new_game(store), new_game(store)
    version = store.version(game_id)
    assert counted(store, game_id, decision(1), []) == 0  # no notice
    assert counted(store, game_id, told(version, ("your_turn", [0])), []) == 0  # no hook
    hooks.register(game_id, "http://a.test/", "s1", "seat", "1", 1)
    hooks.register(quiet, "http://q.test/", "s2", "creator", "", None)  # another game's
    assert counted(store, game_id, told(version, ("your_turn", [0])), []) == 0  # not seat 1
    assert counted(store, game_id, told(version, ("your_turn", [1])), []) == 1
    hooks.register(game_id, "http://b.test/", "s3", "creator", "", None)  # hears every seat
    both = told(version, ("game_ended", [0, 1]), ("timed_out", [0]))
    assert counted(store, game_id, both, []) == 3
    assert counted(store, game_id, decision(2, size=3), []) == 0
    keyed = {"idempotency": ("k", "h", {"n": 1}), "result": {"winners": [0]}}
    assert counted(store, game_id, told(version, ("your_turn", [1])), [], **keyed) == 2


def test_follow_ups_count_with_the_decision_before_them(private_store: Store) -> None:
    store, hooks = private_store, private_store.webhooks
    game_id = new_game(store)
    hooks.register(game_id, "http://a.test/", "s1", "seat", "0", 0)
    hooks.register(game_id, "http://b.test/", "s2", "player", "p", None)
    v = store.version(game_id)
    silent: list[FollowUp] = [(told(v), None), (decision(3), None)]
    assert counted(store, game_id, decision(1), silent) == 0
    heard: list[FollowUp] = [(told(v, ("your_turn", [1])), None), (decision(4), None)]
    assert counted(store, game_id, told(v, ("your_turn", [0])), heard) == 3
    last: list[FollowUp] = [(told(v, ("your_turn", [0, 1])), {"winners": [1]})]
    assert counted(store, game_id, decision(5), last) == 2
