"""Leagues assembled over an application: accounts, the league decider's application, the
projection and the results process, built the same way for the API, the CLI and tests."""

from __future__ import annotations

from dataclasses import dataclass

from service.application import Application
from service.application.hooks import OwnerHooks
from service.application.leagues import Leagues
from service.application.players import Accounts
from service.projections.leagues import LeagueProjection
from service.projections.results import LeagueResults


@dataclass
class LeagueService:
    accounts: Accounts
    leagues: Leagues
    projection: LeagueProjection
    results: LeagueResults
    hooks: OwnerHooks

    def catch_up(self) -> int:
        """Run the results process and the projection until neither has anything left."""
        total = 0
        while True:
            done = self.results.catch_up() + self.projection.catch_up()
            if not done:
                return total
            total += done


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
