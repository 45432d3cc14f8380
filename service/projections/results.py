"""The results process: a finished league game's result goes into its league by itself.

A tracked consumer of the game feed (``EventStore.read_all``). For each page it finds the
games that are league games (``league_games``, written with the round that named them) and
finished (the game row is marked finished in the same commit as the game's last decision),
and records each one's result from the game's own events: the ruleset's ``result`` of the
folded state, whatever ended the game (the last move, or a timeout or resignation in live
play). Recording goes through the league decider, which refuses a second result for the
same game (``already_decided``): a page replayed after a crash records nothing twice, and
the cursor moves in the same transaction that held the consumer's lock.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from service.application.leagues import Leagues
from service.projections import tracking
from service.store.connections import connection

NAME = "league-results"
PAGE = 1000


class LeagueResults:
    def __init__(self, pool: Any, leagues: Leagues) -> None:
        self.pool = pool
        self.leagues = leagues
        tracking.ensure(pool, NAME)

    def step(self, limit: int = PAGE) -> int:
        """Read the next page of game events and record what finished; events read."""
        feed = self.leagues.cairn.store
        with connection(self.pool) as conn, conn.transaction():
            at = tracking.claim(conn, NAME)
            events = feed.read_all(at.cursor or None, limit)
            seen = list(dict.fromkeys(e.game_id for e in events))
            for game_id, league_id in self._finished(conn, seen):
                self.leagues.record_result(league_id, game_id)
            if events:
                tracking.advance(conn, NAME, events[-1].cursor, at.applied + len(events))
        return len(events)

    def catch_up(self) -> int:
        total = 0
        while read := self.step():
            total += read
        return total

    def _finished(self, conn: Any, games: list[UUID]) -> list[tuple[UUID, UUID]]:
        if not games:
            return []
        # Two reads, not a join: games are placed by game and league_games by league, and
        # Citus joins the two only by repartitioning (docs/scaling.md).
        done = [
            r[0]
            for r in conn.execute(
                "SELECT game_id FROM games WHERE game_id = ANY(%s) AND status = 'finished'",
                (games,),
            ).fetchall()
        ]
        if not done:
            return []
        rows = conn.execute(
            "SELECT game_id, league_id FROM league_games WHERE game_id = ANY(%s)", (done,)
        ).fetchall()
        order = {g: i for i, g in enumerate(games)}
        return sorted(((r[0], r[1]) for r in rows), key=lambda r: order[r[0]])
