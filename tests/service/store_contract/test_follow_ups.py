"""The store contract for follow-up decisions: a decision and the ones due right after it
(the system's, after a seat's) appended in one commit, each a decision of its own."""

from __future__ import annotations

import itertools
import uuid

import pytest

from service.store import Decision, NewEvent, NonIntegerNumber, Store, VersionConflict
from tests.support.appending import decision, new_game


def system(n: int, size: int = 1) -> Decision:
    events = tuple(NewEvent("test.settled", 1, {"n": n, "i": i}, "public") for i in range(size))
    return Decision(events, "system", {"type": "settle", "n": n})


def test_follow_ups_chain_on_as_decisions_of_their_own(any_store: Store) -> None:
    game_id = new_game(any_store)
    version, head = any_store.head(game_id)
    woken: list[tuple[uuid.UUID, int]] = []
    listeners = getattr(any_store, "listeners", None)
    if listeners is not None:
        listeners.append(lambda game, seq: woken.append((game, seq)))
    stored = any_store.append(
        game_id,
        version,
        head,
        decision(1, size=2),
        then=[(system(2, size=2), None), (system(3), None)],
    ).events
    events = any_store.read(game_id)
    assert events[1:] == stored
    assert [e.seq for e in events] == [1, 2, 3, 4, 5, 6]
    assert [e.decision_seq for e in events] == [1, 2, 2, 4, 4, 6]
    assert [e.actor for e in stored] == ["seat:0", "seat:0", "system", "system", "system"]
    assert [e.command for e in stored] == [
        {"type": "tick", "n": 1},
        None,
        {"type": "settle", "n": 2},
        None,
        {"type": "settle", "n": 3},
    ]
    for before, after in itertools.pairwise(events):
        assert after.prev_hash == before.hash
    assert all(e.hash == e.expected_hash() for e in events)
    assert any_store.head(game_id) == (6, events[-1].hash)
    assert any_store.game(game_id).status == "active"
    if listeners is not None:
        assert woken == [(game_id, 6)]  # one commit, one wake-up


def test_the_same_decisions_chain_the_same_as_separate_appends(any_store: Store) -> None:
    apart, together = new_game(any_store), new_game(any_store)
    for each in (decision(1), system(2, size=3), system(3)):
        version, head = any_store.head(apart)
        any_store.append(apart, version, head, each)
    version, head = any_store.head(together)
    any_store.append(
        together, version, head, decision(1), then=[(system(2, size=3), None), (system(3), None)]
    )
    assert [e.hash for e in any_store.read(apart)] == [e.hash for e in any_store.read(together)]


def test_the_follow_up_that_ends_the_game_records_its_result(any_store: Store) -> None:
    game_id = new_game(any_store)
    version, head = any_store.head(game_id)
    any_store.append(
        game_id, version, head, decision(1), then=[(system(2), None), (system(3), {"winners": [1]})]
    )
    record = any_store.game(game_id)
    assert (record.status, record.result, record.version) == ("finished", {"winners": [1]}, 4)


def test_a_refused_follow_up_leaves_nothing_of_the_first_decision(any_store: Store) -> None:
    game_id = new_game(any_store)
    version, head = any_store.head(game_id)
    fraction = Decision((NewEvent("test.settled", 1, {"x": 0.5}, "public"),), "system", None)
    response = {"version": 2, "from": 2, "to": 2}
    with pytest.raises(NonIntegerNumber):
        any_store.append(
            game_id,
            version,
            head,
            decision(1),
            idempotency=("k", "h", response),
            result={"winners": [0]},
            then=[(system(2), None), (fraction, None)],
        )
    assert [e.seq for e in any_store.read(game_id)] == [1]
    assert any_store.idempotent_response(game_id, "k") is None
    assert any_store.game(game_id).status == "active"


def test_a_stale_version_refuses_the_follow_ups_too(any_store: Store) -> None:
    game_id = new_game(any_store)
    version, head = any_store.head(game_id)
    any_store.append(game_id, version, head, decision(1))
    with pytest.raises(VersionConflict):
        any_store.append(game_id, version, head, decision(2), then=[(system(3), None)])
    assert [e.seq for e in any_store.read(game_id)] == [1, 2]
