"""The results process: a finished league game's result goes into its league by itself.

A tracked consumer of the game feed (``Store.feed_games``: ``read_all`` without the
payloads). For each page it finds the games that are league games (``league_games``,
written with the round that named them) and finished (the game row is marked finished in
the same commit as the game's last decision), and records each one's result from the
game's own events: the ruleset's ``result`` of the folded state, whatever ended the game
(the last move, or a timeout or resignation in live play). Recording goes through the
league decider, which refuses a second result for the same game (``already_decided``): a
page replayed after a crash records nothing twice, and the cursor moves in the same step
that held the consumer's lock (``Store.tracking``).
"""

from __future__ import annotations

from uuid import UUID

from service.application.leagues import Leagues

NAME = "league-results"
PAGE = 1000


class LeagueResults:
    def __init__(self, leagues: Leagues) -> None:
        self.leagues = leagues
        self.store = leagues.cairn.store
        self.store.tracking.ensure(NAME)

    def step(self, limit: int = PAGE) -> int:
        """Read the next page of game events and record what finished; events read."""
        with self.store.tracking.claimed(NAME) as at:
            # Which games moved is all it needs of each event: their payloads stay unread.
            events = self.store.feed_games(at.cursor or None, limit)
            seen = list(dict.fromkeys(game_id for game_id, _ in events))
            for game_id, league_id in self._finished(seen):
                self.leagues.record_result(league_id, game_id)
            if events:
                at.advance(events[-1][1], at.applied + len(events))
        return len(events)

    def catch_up(self) -> int:
        """Read the feed as it stands: page after page until one comes back short, which
        read everything the horizon let through. Reading on until a page comes back empty
        chased the games committing meanwhile, and under steady play a served process's
        pass went on for most of a second (issue #26); those are the next pass's."""
        total = 0
        while True:
            read = self.step()
            total += read
            if read < PAGE:
                return total

    def _finished(self, games: list[UUID]) -> list[tuple[UUID, UUID]]:
        """The league games among ``games`` that are finished, in the order given: the
        league's first (one read for them all), then each one's status (a league game is a
        few of a page's games, and each read stays on its game's shard: docs/scaling.md)."""
        leagues = self.store.leagues.leagues_of(games)
        return [
            (game_id, leagues[game_id])
            for game_id in games
            if game_id in leagues and self.store.game(game_id).status == "finished"
        ]
