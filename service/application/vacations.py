"""Vacations: a member takes days of their season's allowance, and the system pauses their
clock in each of their open games of the league until the vacation ends.

The league's record comes first; a process that dies before every game is paused leaves
some running, and the sweep pauses them on its next pass (``pause_fixture``). Pausing twice
is refused by the game (``already_paused``) and is no error, so this may repeat.
"""

from __future__ import annotations

from contextlib import suppress
from uuid import UUID

from domain.core.live import PauseClock
from domain.leagues.commands import TakeVacation
from domain.leagues.events import VacationTaken
from domain.leagues.state import Scheduled
from domain.leagues.vacations import days_taken
from service.application.leagues import Leagues, actor_of
from service.application.live import decide_system
from service.store import UnknownGame
from service.store.players import Player

QUIET = ("game_over", "untimed", "already_paused")
"""Refusals that leave nothing to do: the game ended, has no clock, or is paused already."""


class Vacations:
    def __init__(self, leagues: Leagues) -> None:
        self.leagues = leagues

    def take(self, league_id: UUID, by: Player, days: int) -> VacationTaken:
        now = self.leagues.cairn.clock.now_ms()
        (taken,) = self.leagues.execute(league_id, TakeVacation(actor_of(by), now, days))
        assert isinstance(taken, VacationTaken)
        for fixture in self.leagues.load(league_id).state.season_fixtures():
            if fixture.is_open and taken.player in fixture.players:
                self.pause_fixture(league_id, fixture)
        return taken

    def pause_fixture(self, league_id: UUID, fixture: Scheduled) -> int:
        """Pause the clock of each player of this open fixture who is on vacation now; how
        many clocks it paused."""
        state = self.leagues.load(league_id).state
        now = self.leagues.cairn.clock.now_ms()
        paused = 0
        for seat, player in enumerate(fixture.players):
            until = state.on_vacation(player, now)
            if until is None:
                continue
            command = PauseClock(seat, until, "on vacation, as the league allows")
            with suppress(UnknownGame):
                stored, _ = decide_system(
                    self.leagues.cairn, UUID(fixture.game_id), command, quiet=QUIET
                )
                paused += 1 if stored else 0
        return paused

    def left(self, league_id: UUID, player: str) -> int:
        """Days of vacation ``player`` has left this season."""
        state = self.leagues.load(league_id).state
        return state.vacation_days - days_taken(state, player, max(state.season, 1))
