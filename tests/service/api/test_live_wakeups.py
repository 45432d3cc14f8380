"""A process LISTENs only while it serves a stream, and no stream misses a wake-up for it.

``service.api.live.Notifications`` on real PostgreSQL, driven as a stream drives it
(``service.api.play._messages``): subscribe, clear the wake-up, read, wait. The commits are
the store's own appends, each followed by its NOTIFY, on a database of the module's own (a
served test's bots committing beside them would be counted). A test that waits for a
wake-up waits at most ``WAIT`` seconds: that bounds a failure, it does not time anything.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import Any
from uuid import UUID

import pytest
from psycopg_pool import ConnectionPool

from service.api.hosting import Page
from service.api.live import Notifications
from service.composition import assemble
from service.store import EventStore
from service.store.migrate import upgrade
from tests.service.api.conftest import CONFIG, serving
from tests.service.api.playing import Table, read_stream
from tests.support.appending import append_with_retry, new_game
from tests.support.databases import scratch_database

pytestmark = pytest.mark.storage

WAIT = 10.0


@pytest.fixture(scope="module")
def own(database_url: str) -> Iterator[tuple[str, EventStore]]:
    """A database no other test writes to, and a store over it."""
    with scratch_database(database_url) as url:
        upgrade(url)
        with ConnectionPool(url, min_size=1, max_size=4, open=True) as pool:
            yield url, EventStore(pool)


def _run(database_url: str, scenario: Callable[[Notifications], Awaitable[None]]) -> None:
    async def main() -> None:
        live = Notifications(database_url)
        live.start()
        try:
            await scenario(live)
        finally:
            await live.stop()

    asyncio.run(main())


async def _listening(live: Notifications, expected: bool) -> None:
    async def until() -> None:
        while live.listening.is_set() != expected:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(until(), WAIT)


async def _woken_past(store: EventStore, wake: asyncio.Event, game_id: UUID, seen: int) -> int:
    """Wait for wake-ups, reading after each as a stream does, until the game is past
    ``seen``; its version then."""
    while True:
        await asyncio.wait_for(wake.wait(), WAIT)
        wake.clear()
        version = store.version(game_id)
        if version > seen:
            return version


def test_no_stream_no_listen(own: tuple[str, EventStore]) -> None:
    database_url, store = own
    game_id = new_game(store)

    async def scenario(live: Notifications) -> None:
        await asyncio.sleep(0.2)  # the listening task has connected by now, and waits
        assert not live.listening.is_set()
        append_with_retry(store, game_id, 1)
        with live.subscribe(game_id) as wake:
            await _listening(live, True)
            wake.clear()
            seen = store.version(game_id)
            append_with_retry(store, game_id, 2)
            await _woken_past(store, wake, game_id, seen)
        await _listening(live, False)
        # Nobody listens: these commits notify no one. Were the process still listening,
        # their notifications would come before the next stream's (PostgreSQL delivers
        # them in commit order) and be counted.
        for n in range(3, 6):
            append_with_retry(store, game_id, n)
        other = new_game(store)
        with live.subscribe(other) as wake:
            await _listening(live, True)
            wake.clear()
            seen = store.version(other)
            append_with_retry(store, other, 1)
            await _woken_past(store, wake, other, seen)
        assert live.notified == 2, "one notification for each commit a stream waited for"

    _run(database_url, scenario)


def test_a_commit_notified_before_the_listen_took_effect_wakes_the_stream(
    own: tuple[str, EventStore],
) -> None:
    """The stream's catch-up read, then a commit and its NOTIFY, all before the LISTEN the
    stream's subscribe asked for: nothing but the wake-up after the LISTEN brings it."""
    database_url, store = own
    game_id = new_game(store)

    async def scenario(live: Notifications) -> None:
        for _ in range(3):  # the first LISTEN, then again after the last stream left each time
            with live.subscribe(game_id) as wake:
                # No await before the commit: the listening task cannot run in between.
                wake.clear()
                seen = store.version(game_id)
                append_with_retry(store, game_id, seen)
                assert not live.listening.is_set(), "the commit came before the LISTEN"
                assert await _woken_past(store, wake, game_id, seen) == seen + 1
                assert live.listening.is_set()
            await _listening(live, False)

    _run(database_url, scenario)


def test_streams_opening_and_closing_among_commits_miss_none(
    own: tuple[str, EventStore],
) -> None:
    """Streams open and close one after another, each waiting for a commit made after its
    catch-up read, while the process LISTENs and UNLISTENs at any point in between: each
    is woken for its commit."""
    database_url, store = own
    game_id = new_game(store)
    rng = random.Random(26)

    async def stream(live: Notifications) -> None:
        with live.subscribe(game_id) as wake:
            for _ in range(rng.randrange(3)):
                await asyncio.sleep(0)
            wake.clear()
            seen = store.version(game_id)
            commit = asyncio.to_thread(append_with_retry, store, game_id, seen)
            if rng.random() < 0.5:
                await asyncio.sleep(rng.random() / 100)
            await asyncio.gather(commit, _woken_past(store, wake, game_id, seen))

    async def scenario(live: Notifications) -> None:
        for _ in range(40):
            await stream(live)
            for _ in range(rng.randrange(4)):
                await asyncio.sleep(rng.random() / 200)

    _run(database_url, scenario)


def test_a_stream_gets_the_move_committed_between_its_read_and_its_listen(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over HTTP, on a server whose streams re-read on their timer only once an hour: the
    stream's catch-up read, then a move committed (and notified) while the LISTEN its
    opening asked for is held back; the move arrives on the stream."""
    gate = threading.Event()
    listen_when = Notifications._until

    async def held_back(self: Notifications, streams: bool) -> None:
        await listen_when(self, streams)
        while streams and not gate.is_set():
            await asyncio.sleep(0.01)

    monkeypatch.setattr(Notifications, "_until", held_back)
    config = dataclasses.replace(CONFIG, keepalive_seconds=3600.0)
    players = [{"kind": "player", "player": "ann"}, {"kind": "player", "player": "bob"}]
    with serving(assemble(store, sweep_every=None), config) as server, server.client() as http:
        table = Table.create(server, http, "counting", players)
        start = table.version()
        host = server.host
        read = host.page

        def page(*args: Any) -> Page:
            found = read(*args)
            if not gate.is_set():
                with server.client() as other:
                    Table(server, other, table.game_id, table.tokens).step()
                assert not host.live.listening.is_set(), "the move came before the LISTEN"
                gate.set()
            return found

        monkeypatch.setattr(host, "page", page)
        messages = read_stream(table, 0, start, until_seq=start + 1, timeout=WAIT)
        assert gate.is_set()
        assert [int(m["id"]) for m in messages][:1] == [start + 1]
