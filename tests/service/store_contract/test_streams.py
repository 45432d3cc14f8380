"""The store contract for games' streams: appends, refusals, forks, imports, reads, the
feed, idempotency rows and snapshots (service/store/recorders.py)."""

from __future__ import annotations

import dataclasses
import itertools
import json
import uuid

import pytest

from service.store import (
    ChainMismatch,
    Decision,
    GameExists,
    GameRecord,
    NewEvent,
    NonIntegerNumber,
    Store,
    UnknownGame,
    VersionConflict,
)
from service.store.records import GENESIS_HASH
from tests.support.appending import append_with_retry, decision, new_game


def test_a_decision_is_appended_whole_on_a_valid_chain(any_store: Store) -> None:
    game_id = new_game(any_store)
    version, head = any_store.head(game_id)
    stored = any_store.append(game_id, version, head, decision(1, size=3)).events
    events = any_store.read(game_id)
    assert [e.seq for e in stored] == [2, 3, 4] and events[1:] == stored
    assert [e.seq for e in events] == [1, 2, 3, 4]
    assert [e.decision_seq for e in events] == [1, 2, 2, 2]
    assert events[0].prev_hash == GENESIS_HASH
    for before, after in itertools.pairwise(events):
        assert after.prev_hash == before.hash
    assert all(e.hash == e.expected_hash() for e in events)
    assert events[1].command == {"type": "tick", "n": 1} and events[2].command is None
    assert [e.actor for e in events[1:]] == ["seat:0"] * 3
    assert any_store.head(game_id) == (4, events[-1].hash) and any_store.version(game_id) == 4
    assert any_store.game(game_id).version == 4


def test_a_stale_version_is_a_conflict_and_appends_nothing(any_store: Store) -> None:
    game_id = new_game(any_store)
    stale, stale_hash = any_store.head(game_id)
    append_with_retry(any_store, game_id, 1)
    with pytest.raises(VersionConflict) as raised:
        any_store.append(game_id, stale, stale_hash, decision(2))
    assert (raised.value.expected, raised.value.actual) == (1, 2)
    with pytest.raises(VersionConflict):  # skipping ahead is refused too, never a gap
        any_store.append(game_id, 5, GENESIS_HASH, decision(3))
    assert [e.seq for e in any_store.read(game_id)] == [1, 2]


def test_a_wrong_head_hash_is_a_chain_mismatch_and_appends_nothing(any_store: Store) -> None:
    game_id = new_game(any_store)
    with pytest.raises(ChainMismatch) as raised:
        any_store.append(game_id, 1, "e" * 64, decision(1))
    assert raised.value.seq == 1 and "e" * 64 not in str(raised.value)
    assert any_store.version(game_id) == 1


def test_unknown_games_and_taken_ids_are_refused(any_store: Store) -> None:
    nobody = uuid.uuid4()
    with pytest.raises(UnknownGame):
        any_store.append(nobody, 0, GENESIS_HASH, decision(1))
    with pytest.raises(UnknownGame):
        any_store.game(nobody)
    with pytest.raises(UnknownGame):
        any_store.opening(nobody, [])
    assert any_store.read(nobody) == [] and any_store.head(nobody) == (0, GENESIS_HASH)
    game_id = new_game(any_store)
    with pytest.raises(GameExists):
        any_store.create_game(any_store.game(game_id), decision(0))
    orphan = GameRecord.new("counting", "1", "none", 2, parent_id=nobody, fork_at=0)
    with pytest.raises(UnknownGame):
        any_store.create_game(orphan, decision(0))
    with pytest.raises(UnknownGame):
        any_store.game(orphan.game_id)


def test_a_game_is_found_by_the_start_of_its_id(any_store: Store) -> None:
    game_id = new_game(any_store)
    text = str(game_id)
    assert any_store.game_ids_starting(text[:13]) == [game_id]
    assert any_store.game_ids_starting(text) == [game_id]
    assert any_store.game_ids_starting("") == []  # no prefix names no game
    found = any_store.game_ids_starting(text[:1], limit=1000)
    assert game_id in found and found == sorted(found)  # in id order
    assert len(any_store.game_ids_starting(text[:1], limit=1)) == 1


def test_a_fork_copies_the_prefix_and_goes_on_from_its_hash(any_store: Store) -> None:
    parent = new_game(any_store)
    for n in range(3):
        append_with_retry(any_store, parent, n)
    before = any_store.read(parent)
    child = GameRecord.new("counting", "1", "none", 2, parent_id=parent, fork_at=3)
    stored = any_store.create_game(child, decision(9)).events
    assert stored[:3] == [dataclasses.replace(e, game_id=child.game_id) for e in before[:3]]
    assert stored[3].prev_hash == before[2].hash and stored[3].seq == 4
    assert all(e.hash == e.expected_hash() for e in stored)
    assert any_store.read(parent) == before
    record = any_store.game(child.game_id)
    assert (record.parent_id, record.fork_at, record.version) == (parent, 3, 4)
    too_far = GameRecord.new("counting", "1", "none", 2, parent_id=parent, fork_at=9)
    with pytest.raises(ValueError, match="only 4 events"):
        any_store.create_game(too_far, decision(0))
    bare = GameRecord.new("counting", "1", "none", 2, parent_id=parent, fork_at=2)
    assert [e.seq for e in any_store.create_game(bare, Decision((), "system", None)).events] == [
        1,
        2,
    ]


def test_an_import_keeps_the_recorded_chain_and_refuses_a_broken_one(any_store: Store) -> None:
    original = new_game(any_store)
    append_with_retry(any_store, original, 1)
    events = any_store.read(original)
    game = dataclasses.replace(any_store.game(original), game_id=uuid.uuid4())
    any_store.insert_verbatim(game, events, "test")
    copied = any_store.read(game.game_id)
    assert [(e.seq, e.hash, e.recorded_at) for e in copied] == [
        (e.seq, e.hash, e.recorded_at) for e in events
    ]
    with pytest.raises(GameExists):
        any_store.insert_verbatim(game, events, "test")
    broken = dataclasses.replace(game, game_id=uuid.uuid4())
    with pytest.raises(ChainMismatch) as raised:
        any_store.insert_verbatim(
            broken, [events[0], dataclasses.replace(events[1], prev_hash="d" * 64)], "test"
        )
    assert raised.value.seq == 1
    with pytest.raises(UnknownGame):
        any_store.game(broken.game_id)
    orphan = dataclasses.replace(game, game_id=uuid.uuid4(), parent_id=uuid.uuid4(), fork_at=0)
    with pytest.raises(UnknownGame):
        any_store.insert_verbatim(orphan, events, "test")


def test_reads_take_ranges_and_facts_carry_the_payload_text(any_store: Store) -> None:
    game_id = new_game(any_store)
    version, head = any_store.head(game_id)
    any_store.append(game_id, version, head, decision(1, size=4))
    assert [e.seq for e in any_store.read(game_id, after=1, until=4)] == [2, 3, 4]
    assert [e.seq for e in any_store.read(game_id, after=2, limit=2)] == [3, 4]
    facts = any_store.read_facts(game_id, after=3)
    assert [(seq, kind) for seq, kind, *_ in facts] == [(4, "test.ticked"), (5, "test.ticked")]
    _, _, schema, text, digest = facts[0]
    assert (schema, json.loads(text)) == (1, {"n": 1, "i": 2})
    assert digest == any_store.read(game_id, after=3, until=4)[0].hash


def test_what_is_stored_cannot_be_changed_through_what_was_given_or_read(
    any_store: Store,
) -> None:
    game_id = new_game(any_store)
    payload = {"cards": [1, 2], "pair": (3, 4)}
    version, head = any_store.head(game_id)
    any_store.append(
        game_id, version, head, Decision((NewEvent("t", 1, payload, "public"),), None, None)
    )
    payload["cards"].append(99)
    read = any_store.read(game_id)[-1]
    assert read.payload == {"cards": [1, 2], "pair": [3, 4]}  # tuples read back as lists
    read.payload["cards"].clear()
    fresh = any_store.read(game_id)[-1]
    assert fresh.payload["cards"] == [1, 2] and fresh.hash == fresh.expected_hash()


def test_a_non_integer_number_is_refused_before_anything_is_stored(any_store: Store) -> None:
    game_id = new_game(any_store)
    version, head = any_store.head(game_id)
    fraction = Decision((NewEvent("t", 1, {"x": 0.5}, "public"),), None, None)
    with pytest.raises(NonIntegerNumber):
        any_store.append(game_id, version, head, fraction)
    assert any_store.version(game_id) == 1


def test_an_idempotency_row_is_written_with_the_events_and_only_once(any_store: Store) -> None:
    game_id = new_game(any_store)
    assert any_store.idempotent_response(game_id, "k") is None
    version, head = any_store.head(game_id)
    response = {"version": 2, "from": 2, "to": 2}
    any_store.append(game_id, version, head, decision(1), idempotency=("k", "h1", response))
    assert any_store.idempotent_response(game_id, "k") == ("h1", response)
    version, head = any_store.head(game_id)
    with pytest.raises(VersionConflict):  # the key is taken: nothing is appended again
        any_store.append(game_id, version, head, decision(2), idempotency=("k", "h2", {}))
    assert any_store.version(game_id) == 2
    assert any_store.idempotent_response(game_id, "k") == ("h1", response)
    assert any_store.idempotent_response(new_game(any_store), "k") is None


def test_a_result_finishes_the_game_with_its_last_append_and_only_once(
    any_store: Store,
) -> None:
    game_id = new_game(any_store)
    assert any_store.game(game_id).status == "active"
    version, head = any_store.head(game_id)
    any_store.append(game_id, version, head, decision(1), result={"winners": [0]})
    record = any_store.game(game_id)
    assert (record.status, record.result, record.is_finished) == (
        "finished",
        {"winners": [0]},
        True,
    )
    assert record.finished_at is not None
    any_store.finish(game_id, {"winners": [1]})
    assert any_store.game(game_id).result == {"winners": [0]}


def test_games_are_listed_newest_first_and_filtered(any_store: Store) -> None:
    ruleset = f"contract-{uuid.uuid4().hex[:8]}"
    seats = [
        [{"kind": "player", "player": "ann"}, {"kind": "open"}],
        [{"kind": "player", "player": "bob"}, {"kind": "bot", "bot": "random"}],
        [{"kind": "player", "player": "ann"}, {"kind": "bot", "bot": "random"}],
    ]
    ids = []
    for info in seats:
        game = GameRecord.new(ruleset, "1", "none", 2, seat_info=info)
        any_store.create_game(game, decision(0))
        ids.append(game.game_id)
    any_store.finish(ids[2], {"winners": [0]})
    listed = any_store.games(ruleset=ruleset)
    assert [g.game_id for g in listed] == ids[::-1] and {g.version for g in listed} == {1}
    assert [g.game_id for g in any_store.games(ruleset=ruleset, limit=1, offset=1)] == [ids[1]]
    assert [g.game_id for g in any_store.games(ruleset=ruleset, status="open")] == [ids[0]]
    assert [g.game_id for g in any_store.games(ruleset=ruleset, status="finished")] == [ids[2]]
    assert [g.game_id for g in any_store.games(ruleset=ruleset, player="ann")] == [
        ids[2],
        ids[0],
    ]


def end_of_feed(store: Store) -> str | None:
    """The cursor after every event already in the feed (None for an empty feed)."""
    cursor = None
    while page := store.read_all(after=cursor):
        cursor = page[-1].cursor
    return cursor


def test_the_feed_gives_every_new_event_once_and_resumes_at_its_cursor(
    any_store: Store,
) -> None:
    cursor = end_of_feed(any_store)
    a, b = new_game(any_store), new_game(any_store)
    append_with_retry(any_store, a, 1)
    append_with_retry(any_store, b, 1)
    # One read for both: two reads of the same page could differ on a shared database, where
    # another test's transaction, committed between them, may widen the page's horizon.
    page = any_store.read_all(after=cursor, limit=3)
    first = [e for e in page if e.game_id in (a, b)]
    rest = []
    resume = page[-1].cursor
    while page := any_store.read_all(after=resume):
        rest += [e for e in page if e.game_id in (a, b)]
        resume = page[-1].cursor
    ours = [(e.game_id, e.seq) for e in first + rest]
    assert sorted(ours) == sorted([(a, 1), (a, 2), (b, 1), (b, 2)])
    assert ours.index((a, 1)) < ours.index((a, 2)) and ours.index((b, 1)) < ours.index((b, 2))
    assert all(e.hash == e.expected_hash() and e.cursor for e in first + rest)
    with pytest.raises(ValueError):
        any_store.read_all(after="not a cursor")


def test_the_feed_of_games_is_the_feed_without_its_payloads(any_store: Store) -> None:
    """``feed_games`` (what the league results process reads) gives the events ``read_all``
    gives, in its order, as (game, cursor) pairs, and resumes at its own cursors."""
    cursor = end_of_feed(any_store)
    a, b = new_game(any_store), new_game(any_store)
    append_with_retry(any_store, a, 1)
    append_with_retry(any_store, b, 2)
    append_with_retry(any_store, a, 3)

    def ours(pairs: list[tuple[uuid.UUID, str]]) -> list[tuple[uuid.UUID, str]]:
        return [(game, at) for game, at in pairs if game in (a, b)]

    full, games, resume = [], [], cursor
    while page := any_store.read_all(after=resume):
        full += [(e.game_id, e.cursor) for e in page]
        resume = page[-1].cursor
    resume = cursor
    while pairs := any_store.feed_games(after=resume, limit=2):
        assert len(pairs) <= 2
        games += pairs
        resume = pairs[-1][1]
    assert len(ours(games)) == 5 and ours(games) == ours(full)
    with pytest.raises(ValueError):
        any_store.feed_games(after="not a cursor")


def test_snapshots_are_a_cache_chosen_by_engine_and_position(any_store: Store) -> None:
    game_id = new_game(any_store)
    for n in range(3):
        append_with_retry(any_store, game_id, n)
    any_store.save_snapshot(game_id, "engine-a", 2, b"two")
    any_store.save_snapshot(game_id, "engine-a", 2, b"again")  # the first one stays
    any_store.save_snapshot(game_id, "engine-a", 3, b"three")
    any_store.save_snapshot(game_id, "engine-b", 4, b"four")
    record, snapshot = any_store.opening(game_id, ["engine-a"])
    assert record.version == 4 and snapshot is not None
    assert (snapshot.seq, snapshot.state, snapshot.head) == (
        3,
        b"three",
        any_store.read(game_id)[2].hash,
    )
    _, bounded = any_store.opening(game_id, ["engine-a"], at_most=2)
    assert bounded is not None and (bounded.seq, bounded.state) == (2, b"two")
    assert any_store.opening(game_id, ["engine-c"])[1] is None
    assert any_store.delete_snapshots(game_id) == 3
    assert any_store.opening(game_id, ["engine-a", "engine-b"])[1] is None
