"""What an organiser, a member or the system may ask of a league.

``by`` is the account asking, with its role as the accounts table holds it at that moment:
the league decider checks the role, the application says who is asking (service/players).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

Pairing = Literal["round-robin", "swiss", "balanced", "knockout"]
"""How a league pairs its rounds; the one list the API and the CLI offer (docs/leagues.md)."""
DeadlinePolicy = Literal["forfeit", "void", "adjudicate"]
"""How a round's deadline settles an unfinished game (docs/leagues.md "Deadlines")."""


@dataclass(frozen=True)
class Actor:
    """Who asks: a player account's id and whether it is an organiser, or the system.

    ``is_operator``: the service's operator (the admin token) or the system, who may act on
    any league; everyone else acts only on the leagues that name them organiser."""

    player: str
    is_organiser: bool = False
    is_operator: bool = False


SYSTEM_ACTOR = Actor(player="system", is_organiser=True, is_operator=True)


@dataclass(frozen=True)
class Fixture:
    """One table of a round: its game and the players in seat order."""

    game_id: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class CreateLeague:
    NAME: ClassVar[str] = "create_league"
    by: Actor
    name: str
    ruleset: str
    seats: int
    pairing: Pairing
    points: tuple[int, ...]
    """League points by place: ``points[0]`` for first place, and so on."""
    options: Mapping[str, Any] = field(default_factory=dict)
    bye_points: int | None = None
    """League points a bye scores; None: a win's (``points[0]``), as lichess Swiss and FIDE."""
    tiebreaks: tuple[str, ...] | None = None
    """Tie-breaks after points, in order, from ``standings.TIEBREAKS``; None: all of them."""
    deadline_policy: DeadlinePolicy | None = None
    """How a round's deadline settles its unfinished games; None: ``forfeit``."""
    round_ms: int | None = None
    """Each round's default duration (its deadline is that long after it is scheduled);
    None: rounds have a deadline only when the organiser gives one."""
    vacation_days: int | None = None
    """Days of vacation each member may take per season, pausing their clocks; None: 0."""
    min_rated_games: int | None = None
    """Entry: at least this many rated games in the ruleset (``domain.leagues.entry``)."""
    min_rating: int | None = None
    """Entry: a display rating (whole points) at least this; None: no floor."""
    max_rating: int | None = None
    """Entry: a display rating at most this; None: no ceiling."""


@dataclass(frozen=True)
class Entrant:
    """An entrant's record in the league's ruleset, read by the application for an entry
    check: rated games, and display rating in thousandths (a new player's: 0)."""

    rated_games: int = 0
    rating: int = 0


@dataclass(frozen=True)
class AddMember:
    NAME: ClassVar[str] = "add_member"
    by: Actor
    player: str
    entrant: Entrant = Entrant()


@dataclass(frozen=True)
class AddOrganiser:
    """Name a co-organiser: they then act on this league as its creator does."""

    NAME: ClassVar[str] = "add_organiser"
    by: Actor
    player: str


@dataclass(frozen=True)
class RemoveOrganiser:
    NAME: ClassVar[str] = "remove_organiser"
    by: Actor
    player: str


@dataclass(frozen=True)
class Join:
    NAME: ClassVar[str] = "join"
    by: Actor
    entrant: Entrant = Entrant()


@dataclass(frozen=True)
class Leave:
    NAME: ClassVar[str] = "leave"
    by: Actor


@dataclass(frozen=True)
class StartSeason:
    NAME: ClassVar[str] = "start_season"
    by: Actor


@dataclass(frozen=True)
class ScheduleRound:
    """Schedule the next round; ``fixtures`` come from ``pairing.next_plan`` on this state.

    ``seed`` (64 hex characters, or empty for the join order) draws the season's seat order
    when this is the season's first round; later rounds ignore it.
    """

    NAME: ClassVar[str] = "schedule_round"
    by: Actor
    fixtures: tuple[Fixture, ...]
    seed: str = ""
    at: int | None = None
    """When the round is scheduled (ms since the epoch): the league's round duration counts
    from it. The application passes it in; the domain reads no clock."""
    deadline: int | None = None
    """The round's deadline (ms since the epoch), overriding the league's round duration."""
    ratings: Mapping[str, int] = field(default_factory=dict)
    """Members' display ratings in thousandths, which seed a knock-out league's bracket
    when this round draws it (the application reads them; recorded in the bracket)."""


@dataclass(frozen=True)
class StartPlayoffs:
    """Take the top ``size`` of the season's standings into a knock-out bracket, whose
    rounds the next schedulings play (the table itself is final from here)."""

    NAME: ClassVar[str] = "start_playoffs"
    by: Actor
    size: int


@dataclass(frozen=True)
class RecordResult:
    """A league game ended: its places per seat (1 is best, shared places tie)."""

    NAME: ClassVar[str] = "record_result"
    by: Actor
    game_id: str
    places: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class RecordForfeit:
    """An organiser records that ``players`` forfeited a game, with a reason."""

    NAME: ClassVar[str] = "record_forfeit"
    by: Actor
    game_id: str
    players: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class RecordAbandonment:
    """An organiser voids a game nobody finished: no points, no rating."""

    NAME: ClassVar[str] = "record_abandonment"
    by: Actor
    game_id: str
    reason: str


@dataclass(frozen=True)
class SettleAtDeadline:
    """The system settles an unfinished game whose round's deadline has passed.

    ``at`` is now; ``due`` the seats whose turn or clock it is and ``scores`` each seat's
    running score, both read from the game by the application (the domain reads no game)."""

    NAME: ClassVar[str] = "settle_at_deadline"
    by: Actor
    game_id: str
    at: int
    due: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class TakeVacation:
    """A member takes ``days`` of their season's vacation from ``at`` (now, passed in)."""

    NAME: ClassVar[str] = "take_vacation"
    by: Actor
    at: int
    days: int


Command = (
    CreateLeague
    | AddMember
    | AddOrganiser
    | RemoveOrganiser
    | Join
    | Leave
    | StartSeason
    | ScheduleRound
    | StartPlayoffs
    | RecordResult
    | RecordForfeit
    | RecordAbandonment
    | SettleAtDeadline
    | TakeVacation
)
COMMAND_TYPES: tuple[type, ...] = (
    CreateLeague,
    AddMember,
    AddOrganiser,
    RemoveOrganiser,
    Join,
    Leave,
    StartSeason,
    ScheduleRound,
    StartPlayoffs,
    RecordResult,
    RecordForfeit,
    RecordAbandonment,
    SettleAtDeadline,
    TakeVacation,
)
