"""Round deadlines enforced: a league game unfinished when its round's deadline has passed
is settled as its league's policy says (domain/leagues/deadlines.py), first in the league
and then in the game, by the system decision an organiser's forfeit or void uses.

The league's record comes first, so the game's own ending is never taken for a result. A
process that dies in between leaves a settled fixture whose game still runs; the sweep
hands every active game here again, and ``sweep_game`` ends it. Settling twice is
impossible: the league decider refuses a decided fixture (``already_decided``), its append
has an expected version, and the game refuses a decision once it is over (``game_over``).
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from domain.core import liveplay
from domain.core.errors import RuleViolation
from domain.leagues.commands import SYSTEM_ACTOR, SettleAtDeadline
from domain.leagues.state import Scheduled
from service.application.leagues import Leagues
from service.store import UnknownGame

RECORDER = "league deadline"
"""Who the game's ending names as having decided it."""


def round_deadline(deadline: str | None, duration_seconds: int | None, now: int) -> int | None:
    """A round's deadline in ms since the epoch, from an ISO 8601 time with a zone or a
    duration from ``now``; a time without a zone, or both given, is invalid_command (422)."""
    if deadline is not None and duration_seconds is not None:
        raise RuleViolation("invalid_command", "give a deadline or a duration, not both")
    if duration_seconds is not None:
        return now + duration_seconds * 1000
    if deadline is None:
        return None
    try:
        moment = datetime.fromisoformat(deadline.replace("Z", "+00:00"))
        if moment.tzinfo is not None:
            return int(moment.timestamp() * 1000)
    except (ValueError, OverflowError):
        pass
    raise RuleViolation(
        "invalid_command", "a deadline is an ISO 8601 time with a zone: 2026-12-24T18:00Z"
    )


class Deadlines:
    def __init__(self, leagues: Leagues) -> None:
        self.leagues = leagues

    def sweep_game(self, league_id: UUID, game_id: UUID) -> bool:
        """Whatever this league game owes its round's deadline now: its settlement if the
        deadline has passed, or the end of a game whose fixture the league decided already.
        Whether it changed anything."""
        fixture = self.leagues.load(league_id).state.fixtures.get(str(game_id))
        if fixture is None:
            return False
        if not fixture.is_open:
            return self._end_if_decided(fixture)
        return self.settle(league_id, game_id)

    def settle_due(self, league_id: UUID) -> int:
        """Settle every game of the league whose round's deadline has passed, as the sweep
        would (``cairn league settle`` for a league run without a served process); how
        many it settled."""
        fixtures = self.leagues.load(league_id).state.season_fixtures()
        return sum(self.settle(league_id, UUID(f.game_id)) for f in fixtures if f.is_open)

    def settle(self, league_id: UUID, game_id: UUID) -> bool:
        """Settle the game if its round's deadline has passed and it is not over; whether it
        was settled now (False: not due, over already, or settled by another process)."""
        now = self.leagues.cairn.clock.now_ms()
        fixture = self.leagues.load(league_id).state.fixtures.get(str(game_id))
        if fixture is None or not fixture.is_open or fixture.deadline is None:
            return False
        if now < fixture.deadline:
            return False
        try:
            loaded = self.leagues.cairn.load(game_id)
        except UnknownGame:
            return False  # never created (a process died while scheduling): nothing to end
        ruleset, state = loaded.ruleset, loaded.state
        if liveplay.is_over(ruleset, state):
            return False  # it ended in time: the results process records its own result
        due = tuple(sorted(ruleset.to_act(state) | liveplay.clocked(ruleset, state)))
        scores = tuple(s.total for s in ruleset.presentation.scores(state))
        command = SettleAtDeadline(SYSTEM_ACTOR, str(game_id), now, due, scores)
        try:
            self.leagues.execute(league_id, command)
        except RuleViolation as refused:
            if refused.code == "already_decided":
                return False
            raise
        settled = self.leagues.load(league_id).state.fixtures[str(game_id)]
        self.leagues.end_game(settled, RECORDER)
        return True

    def _end_if_decided(self, fixture: Scheduled) -> bool:
        decided = fixture.status in ("forfeited", "abandoned") or fixture.settled is not None
        if not decided:
            return False  # a result: its game ended by itself
        try:
            if self.leagues.cairn.store.game(UUID(fixture.game_id)).is_finished:
                return False
        except UnknownGame:
            return False
        return self.leagues.end_game(fixture, RECORDER) == 1
