"""The store contract for tracked consumers' cursors: a step holds its consumer alone, and
what it advanced to stands only if it ended without an error (service/store/recorders.py,
``TrackingRecorder``). That a kill -9 mid-step loses nothing is PostgreSQL's to test
(tests/reliability/test_league_consumer.py)."""

from __future__ import annotations

import threading
import uuid

import pytest

from service.store import Store


def _name() -> str:
    return f"contract-{uuid.uuid4().hex[:8]}"


def test_a_new_consumer_starts_at_the_beginning(any_store: Store) -> None:
    name = _name()
    unknown = any_store.tracking.status(name)
    assert (unknown.cursor, unknown.applied, unknown.updated_at) == ("", 0, None)
    any_store.tracking.ensure(name)
    with any_store.tracking.claimed(name) as at:
        at.advance("0:1", 1)
    any_store.tracking.ensure(name)  # again: changes nothing
    status = any_store.tracking.status(name)
    assert (status.name, status.cursor, status.applied) == (name, "0:1", 1)


def test_a_step_advances_the_cursor_it_holds(any_store: Store) -> None:
    name = _name()
    any_store.tracking.ensure(name)
    with any_store.tracking.claimed(name) as at:
        assert (at.cursor, at.applied) == ("", 0)
        at.advance("0:7", 3)
        assert (at.cursor, at.applied) == ("0:7", 3)
    status = any_store.tracking.status(name)
    assert (status.cursor, status.applied) == ("0:7", 3) and status.updated_at is not None
    with any_store.tracking.claimed(name) as at:
        assert (at.cursor, at.applied) == ("0:7", 3)


def test_a_step_that_fails_leaves_the_cursor_where_it_was(any_store: Store) -> None:
    name = _name()
    any_store.tracking.ensure(name)
    with pytest.raises(RuntimeError), any_store.tracking.claimed(name) as at:
        at.advance("0:9", 9)
        raise RuntimeError("the step's work failed")
    status = any_store.tracking.status(name)
    assert (status.cursor, status.applied) == ("", 0)


def test_one_step_of_a_consumer_at_a_time(any_store: Store) -> None:
    """A second step waits for the first, then starts where the first ended: no event is
    applied twice."""
    name, other = _name(), _name()
    any_store.tracking.ensure(name)
    any_store.tracking.ensure(other)
    entered, seen = threading.Event(), []

    def second() -> None:
        entered.set()
        with any_store.tracking.claimed(name) as at:
            seen.append((at.cursor, at.applied))

    with any_store.tracking.claimed(name) as first:
        thread = threading.Thread(target=second)
        thread.start()
        entered.wait(5)
        with any_store.tracking.claimed(other):  # another consumer is not held up
            pass
        thread.join(0.3)
        assert thread.is_alive() and seen == [], "the second step went ahead of the first"
        first.advance("0:1", 1)
    thread.join(10)
    assert seen == [("0:1", 1)]
