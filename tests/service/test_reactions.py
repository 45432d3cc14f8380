"""Work after a commit: the application calls its reactions, bot play survives failures, and
the sweep finds games nobody told the bots about."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from psycopg_pool import ConnectionPool

from service.application import Application
from service.composition import Service, assemble
from service.store import DatabaseUnavailable, EventStore
from service.store.migrate import upgrade
from tests.support.databases import scratch_database

pytestmark = pytest.mark.storage

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
PLAYERS = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]


class Recorder:
    def __init__(self, fail: bool = False) -> None:
        self.seen: list[UUID] = []
        self.fail = fail

    def committed(self, game_id: UUID) -> None:
        self.seen.append(game_id)
        if self.fail:
            raise RuntimeError("a reaction that fails")


@pytest.fixture
def scratch_store(database_url: str) -> Iterator[EventStore]:
    """A database of this test's own: the sweep here sees only this test's games."""
    with scratch_database(database_url, "cairn_sweep") as url:
        upgrade(url)
        with ConnectionPool(url, min_size=1, max_size=8, open=True) as pool:
            yield EventStore(pool)


@pytest.fixture
def service(scratch_store: EventStore) -> Iterator[Service]:
    built = assemble(scratch_store, sweep_every=3600)
    try:
        yield built
    finally:
        built.close()


def test_every_commit_is_reported_to_every_reaction_and_a_failing_one_is_contained(
    app: Application,
) -> None:
    recorder, failing = Recorder(), Recorder(fail=True)
    app.reactions += [failing, recorder]
    created = app.create_game("counting", 2, {"target": 10}, seat_info=PLAYERS)
    tokens, _ = app.tokens.issue(created.game_id, [0, 1])
    app.act(created.game_id, 0, {"type": "add", "amount": 1})
    with pytest.raises(Exception, match="turn"):
        app.act(created.game_id, 0, {"type": "add", "amount": 1})
    forked = app.fork(created.game_id, at=app.store.version(created.game_id), token=tokens[1])
    assert recorder.seen == [created.game_id, created.game_id, forked.game_id]
    assert failing.seen == recorder.seen, "a failing reaction fails no command"


def test_bots_play_a_new_game_to_the_end_by_themselves(service: Service) -> None:
    created = service.cairn.create_game("counting", 2, {"target": 10}, seat_info=BOTS)
    assert service.bots is not None and service.bots.wait_idle(30)
    assert service.cairn.store.game(created.game_id).is_finished


def test_a_failed_bot_turn_is_retried_with_backoff(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = service.cairn.play_bots
    failures = iter([DatabaseUnavailable("the database went away"), ConnectionError("reset")])

    def flaky(*args: Any, **kwargs: Any) -> int:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        return real(*args, **kwargs)

    monkeypatch.setattr(service.cairn, "play_bots", flaky)
    created = service.cairn.create_game("counting", 2, {"target": 10}, seat_info=BOTS)
    assert service.bots is not None and service.bots.wait_idle(30), "it waits out its retries"
    assert next(failures, None) is None, "both failures happened"
    assert service.cairn.store.game(created.game_id).is_finished


def test_the_sweep_finds_bot_games_no_commit_told_the_bots_about(service: Service) -> None:
    # Created by an application with no reactions: as if the process died right after.
    unkicked = Application(service.cairn.store)
    games = [
        unkicked.create_game("counting", 2, {"target": 10}, seat_info=BOTS).game_id
        for _ in range(3)
    ]
    human = unkicked.create_game("counting", 2, {"target": 10}, seat_info=PLAYERS).game_id
    assert service.sweeper is not None and service.bots is not None
    assert service.sweeper.sweep() == 4
    assert service.bots.wait_idle(30)
    assert all(service.cairn.store.game(g).is_finished for g in games)
    assert service.cairn.store.version(human) == 3, "nobody plays a human game's seats"


def test_the_sweep_settles_a_game_a_fault_left_waiting_on_the_system(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    cairn = service.cairn
    created = cairn.create_game("counting", 2, {"target": 5}, seat_info=PLAYERS)
    for seat in (0, 1):
        cairn.act(created.game_id, seat, {"type": "add", "amount": 2})
    # The seat's decision that ends the game is appended without the system's after it: as
    # a process that died between the two commits left it, when each was a commit of its
    # own (before issue #26 joined them; creating and forking a game still settle apart).
    monkeypatch.setattr(
        "service.application.app.owed_after", lambda ruleset, state, version, clock: ([], state)
    )
    cairn.act(created.game_id, 0, {"type": "add", "amount": 1})
    monkeypatch.undo()
    waiting = cairn.store.game(created.game_id)
    assert waiting.status == "active", "its seed is not revealed yet: the system owes that"
    assert service.sweeper is not None
    service.sweeper.sweep()
    last = cairn.store.read(created.game_id)[-1]
    assert (last.type, last.actor) == ("game.seed_revealed", "system")
    assert cairn.store.game(created.game_id).is_finished
    version = cairn.store.version(created.game_id)
    service.sweeper.sweep()
    assert cairn.store.version(created.game_id) == version, "settled once"
