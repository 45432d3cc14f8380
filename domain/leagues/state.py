"""A league folded from its events: settings, members, and every fixture with its outcome."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from domain.leagues.bracket import Bracket
from domain.leagues.commands import DeadlinePolicy, Pairing

FixtureStatus = Literal["scheduled", "played", "forfeited", "abandoned"]


@dataclass(frozen=True)
class Scheduled:
    """A fixture as the league knows it: where it sits and how it ended, if it did."""

    game_id: str
    season: int
    round: int
    players: tuple[str, ...]
    status: FixtureStatus = "scheduled"
    places: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    forfeited: tuple[str, ...] = ()
    scoreless: tuple[str, ...] = ()
    """Who earns no league points here whatever their place (forfeiters, since #25)."""
    reason: str = ""
    """Why a forfeit or an abandonment was recorded."""
    deadline: int | None = None
    """When its round must be finished (ms since the epoch); None: no deadline."""
    settled: DeadlinePolicy | None = None
    """How its round's deadline settled it (None: it was not settled at a deadline)."""

    @property
    def is_open(self) -> bool:
        return self.status == "scheduled"


@dataclass(frozen=True)
class League:
    name: str = ""
    ruleset: str = ""
    seats: int = 0
    pairing: Pairing = "round-robin"
    points: tuple[int, ...] = ()
    organiser: str = ""
    """The league's creator, always one of its organisers."""
    co_organisers: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    bye_points: int | None = None
    tiebreaks: tuple[str, ...] | None = None
    """The tie-breaks after points, in order (None: a league from before #25, ordered by
    wins, game score, fewer forfeits, then id)."""
    min_rated_games: int | None = None
    min_rating: int | None = None
    max_rating: int | None = None
    """Entry requirements (``domain.leagues.entry``); None: none."""
    season_orders: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """Each season's drawn seat order: the last tie-break, a seeded draw."""
    season_seeds: Mapping[int, str] = field(default_factory=dict)
    """The seed each season's order was drawn from, kept so a reader can re-draw it."""
    members: tuple[str, ...] = ()
    season: int = 0
    round: int = 0
    """The last round scheduled in the current season (0: none yet)."""
    fixtures: Mapping[str, Scheduled] = field(default_factory=dict)
    byes: Mapping[str, int] = field(default_factory=dict)
    """How many byes each player has had this season (Swiss gives the next to one with fewest)."""
    season_order: tuple[str, ...] = ()
    """The season's drawn seat order (round-robin's circle); empty for seasons recorded
    before it was drawn, which pair by ``pairing.unplayed_first``."""
    bye_log: tuple[tuple[int, str, int], ...] = ()
    """Every bye given: (season, player, league points it scored)."""
    deadline_policy: DeadlinePolicy = "forfeit"
    round_ms: int = 0
    """A round's default duration (0: rounds have a deadline only when one is given)."""
    vacation_days: int = 0
    """Days of vacation each member may take per season."""
    vacations: tuple[tuple[int, str, int, int], ...] = ()
    """Every vacation taken: (season, player, start, until)."""
    bracket: Bracket | None = None
    """The current season's knock-out bracket (a knock-out league's, or its playoffs)."""
    bracket_starts: Mapping[int, int] = field(default_factory=dict)
    """The league round each season's bracket starts at: its games score in the bracket,
    not in the table."""
    roster_changed: bool = False
    """A member joined after the season's first round: the circle no longer fits them. (A
    member who leaves keeps their place in the circle; their opponents get byes.)"""

    @property
    def is_created(self) -> bool:
        return bool(self.ruleset)

    def is_member(self, player: str) -> bool:
        return player in self.members

    @property
    def organisers(self) -> tuple[str, ...]:
        return (self.organiser, *self.co_organisers) if self.organiser else ()

    def may_organise(self, player: str) -> bool:
        """Whether ``player`` is one of this league's own organisers."""
        return player in self.organisers

    def season_fixtures(self, season: int | None = None) -> tuple[Scheduled, ...]:
        wanted = self.season if season is None else season
        return tuple(f for f in self.fixtures.values() if f.season == wanted)

    def on_vacation(self, player: str, at: int) -> int | None:
        """Until when ``player`` is on vacation at ``at`` (None: they are not)."""
        ends = [until for _, p, start, until in self.vacations if p == player and start <= at]
        return max(ends) if ends and max(ends) > at else None

    def in_bracket(self, fixture: Scheduled) -> bool:
        start = self.bracket_starts.get(fixture.season)
        return start is not None and fixture.round >= start

    def has_open_fixtures(self) -> bool:
        return any(f.is_open for f in self.season_fixtures())


INITIAL = League()
