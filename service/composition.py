"""The one composition root: the application, its reactions and the sweep, built the same
way for ``cairn serve``, the CLI and the tests.

What varies is only which processes run: a served process runs the bot driver and the
sweep; a CLI command runs the bot driver when it makes games bots must play (``cairn
fork``), and never the sweep, which is a long-running process's job; a simulation drives
its bots itself, from a seed, so that a run repeats.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from psycopg_pool import ConnectionPool

from service.analysis.jobs import close_jobs
from service.application import Application
from service.bots import BotDriver
from service.clock import Clock
from service.deadlines import DeadlineSweep
from service.leagues import league_service
from service.projections.follower import LeagueFollower
from service.store import Store
from service.store.database import check_connection, newest_first
from service.sweep import SWEEP_SECONDS, Sweeper
from service.system import SystemDecisions
from service.timeouts import Timeouts
from service.webhooks import Deliverer, retry_first_from_env


@dataclass
class Service:
    cairn: Application
    bots: BotDriver | None = None
    sweeper: Sweeper | None = None
    leagues: LeagueFollower | None = None
    """Records finished league games' results and keeps the league projection (served)."""
    timeouts: Timeouts | None = None
    webhooks: Deliverer | None = None
    _started: bool = field(default=False, repr=False)

    def start(self) -> None:
        """Start the long-running processes (the sweep, which looks at once, then at
        intervals, and the thread that decides timeouts as their deadlines pass)."""
        if self.sweeper is not None and not self._started:
            self.sweeper.start()
            if self.timeouts is not None:
                self.timeouts.start()
            if self.webhooks is not None:
                self.webhooks.start()
        if self.leagues is not None and not self._started:
            self.leagues.start()
        self._started = True

    def close(self) -> None:
        close_jobs(self.cairn)  # before the store's pool closes under a running analysis
        if self.leagues is not None:
            self.leagues.close()
        if self.sweeper is not None:
            self.sweeper.close()
        if self.timeouts is not None:
            self.timeouts.close()
        if self.webhooks is not None:
            self.webhooks.close()
        if self.bots is not None:
            self.bots.close()


def assemble(
    store: Store,
    *,
    bots: bool = True,
    sweep_every: float | None = SWEEP_SECONDS,
    clock: Clock | None = None,
) -> Service:
    """The application over ``store`` with its reactions registered, and the sweep.

    ``clock`` stamps every decision (the system's clock unless a test gives its own; a
    clock with ``on_advance`` wakes the timeouts whenever it is moved on).
    """
    cairn = Application(store, clock=clock)
    driver = BotDriver(cairn) if bots else None
    if driver is not None:
        cairn.reactions.append(driver)
    cairn.reactions.append(SystemDecisions(cairn))
    timeouts = Timeouts(cairn)
    cairn.reactions.append(timeouts)
    on_advance = getattr(clock, "on_advance", None)
    if on_advance is not None:
        on_advance(timeouts.wake)
    deliverer = Deliverer(store.webhooks, retry_first_from_env())
    cairn.outbox_readers.append(deliverer)
    sweeper = follower = None
    if sweep_every is not None:
        leagues = league_service(cairn)
        # the sweep settles league games whose round's deadline has passed
        cairn.reactions.append(DeadlineSweep(leagues.leagues))
        # and finishes owners' hooks a process left half registered or half revoked
        chores = [cairn.keys.forget_expired, leagues.hooks.subscriptions.settle]
        sweeper = Sweeper(store, cairn.reactions, sweep_every, chores=chores)
        # a long-running process follows the feed for leagues too (docs/leagues.md)
        follower = LeagueFollower(leagues)
        cairn.reactions.append(follower)
    return Service(cairn, driver, sweeper, leagues=follower, timeouts=timeouts, webhooks=deliverer)


def open_pool(url: str, size: int = 16, timeout: float = 2.0) -> ConnectionPool[Any]:
    """A connection pool that reconnects by itself.

    While PostgreSQL is down a request waits at most ``timeout`` for a connection, then gets
    a 503. A reconnection attempt backs off exponentially until ``reconnect_timeout`` and then
    gives up; the next request starts a fresh one at once, so the service finds a database
    that came back within about a second, however long it was away. The connection returned
    last is handed out first (``newest_first``), so a quiet service keeps reusing a warm one.
    """
    pool: ConnectionPool[Any] = ConnectionPool(
        url,
        min_size=1,
        max_size=size,
        open=False,
        timeout=timeout,
        reconnect_timeout=2,
        check=check_connection,
        # Names the worker process in pg_stat_activity (and pg_locks through it).
        kwargs={"application_name": f"cairn-{os.getpid()}"},
    )
    newest_first(pool).open()
    return pool
