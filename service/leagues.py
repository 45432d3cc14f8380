"""Leagues assembled over an application: accounts, the league decider's application, the
projection and the results process, built the same way for the API, the CLI and tests."""

from __future__ import annotations

import time
from dataclasses import dataclass

from service.application import Application
from service.application.hooks import OwnerHooks
from service.application.leagues import Leagues
from service.application.players import Accounts
from service.projections.leagues import LeagueProjection
from service.projections.results import LeagueResults
from service.store.statements import parse_cursor

CATCH_UP_WAIT = 5.0
"""Seconds a catch-up waits at most for league events the feed still holds back."""


@dataclass
class LeagueService:
    accounts: Accounts
    leagues: Leagues
    projection: LeagueProjection
    results: LeagueResults
    hooks: OwnerHooks

    def catch_up(self, wait: float = CATCH_UP_WAIT) -> int:
        """Run the results process and the projection until neither has anything left and
        every league event committed before the call is applied, so that a command reads its
        own writes. The feed holds a committed event back while a transaction that took an
        earlier id is still running (migrations/versions/0003: another game's or league's
        append), so this waits for that, up to ``wait`` seconds."""
        end = _position(self.leagues.store.feed_end())
        deadline = time.monotonic() + wait
        total = 0
        while True:
            total += self.results.catch_up()
            applied = self.projection.catch_up()
            total += applied
            if applied:
                continue  # the results just recorded, or league commands, may have more
            if _position(self.projection.cursor()) >= end or time.monotonic() >= deadline:
                return total
            time.sleep(0.01)


def _position(cursor: str) -> tuple[int, int]:
    tx, position = parse_cursor(cursor)
    return int(tx), position


def league_service(cairn: Application) -> LeagueService:
    store = cairn.store
    leagues = Leagues(cairn, store.leagues, store.players)
    return LeagueService(
        Accounts(store.players),
        leagues,
        LeagueProjection(store),
        LeagueResults(leagues),
        OwnerHooks(store.subscriptions, leagues),
    )
