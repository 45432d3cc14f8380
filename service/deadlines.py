"""The sweep's part in round deadlines and vacations: every active league game is looked at
on each pass, so a deadline that passed while no process ran is settled on the first sweep
after a restart (service/application/deadlines.py does the settling, exactly once), and a
member on vacation has their clock paused in every game of theirs, new ones included."""

from __future__ import annotations

from collections import OrderedDict
from uuid import UUID

from service.application.deadlines import Deadlines
from service.application.leagues import Leagues
from service.application.vacations import Vacations
from service.store import GameRecord

KNOWN_GAMES = 65_536
"""How many games' leagues (or none: a casual game) a process remembers; a game's league
never changes once it is created."""


class DeadlineSweep:
    def __init__(self, leagues: Leagues) -> None:
        self.leagues = leagues
        self.deadlines = Deadlines(leagues)
        self.vacations = Vacations(leagues)
        self._league_of: OrderedDict[UUID, UUID | None] = OrderedDict()

    def committed(self, game_id: UUID) -> None:
        """Nothing per commit: a deadline passes with time, not with a move."""

    def swept(self, game: GameRecord) -> None:
        league = self._league(game.game_id)
        if league is None:
            return
        if self.deadlines.sweep_game(league, game.game_id):
            return
        fixture = self.leagues.load(league).state.fixtures.get(str(game.game_id))
        if fixture is not None and fixture.is_open:
            # a vacation taken while this process was down, or in a game scheduled after it
            self.vacations.pause_fixture(league, fixture)

    def _league(self, game_id: UUID) -> UUID | None:
        if game_id in self._league_of:
            return self._league_of[game_id]
        league = self.leagues.store.leagues_of([game_id]).get(game_id)
        self._league_of[game_id] = league
        while len(self._league_of) > KNOWN_GAMES:
            self._league_of.popitem(last=False)
        return league
