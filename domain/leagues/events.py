"""What happened in a league. Stable names ``league.*``; every payload is integers and text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.leagues.bracket import AdvanceReason, BracketKind
from domain.leagues.commands import DeadlinePolicy, Fixture, Pairing


@dataclass(frozen=True)
class LeagueCreated:
    """Version 2 adds ``bye_points`` and ``tiebreaks`` (#25); version 1 events read with
    both None: the league keeps its old order and its byes go on scoring 0. Version 3 adds
    the entry requirements (``domain.leagues.entry``); earlier events read with none."""

    NAME: ClassVar[str] = "league.created"
    VERSION: ClassVar[int] = 3
    name: str
    ruleset: str
    seats: int
    pairing: Pairing
    points: tuple[int, ...]
    organiser: str
    options: Mapping[str, Any] = field(default_factory=dict)
    bye_points: int | None = None
    """What a bye scores (None: a win's points). Absent in leagues created before #25,
    whose rounds record no bye points (see ``RoundScheduled.bye_points``)."""
    tiebreaks: tuple[str, ...] | None = None
    """Absent (None) in leagues created before #25: they keep their old order."""
    min_rated_games: int | None = None
    min_rating: int | None = None
    max_rating: int | None = None


@dataclass(frozen=True)
class MemberJoined:
    NAME: ClassVar[str] = "league.member_joined"
    VERSION: ClassVar[int] = 1
    player: str
    added_by: str


@dataclass(frozen=True)
class OrganiserAdded:
    NAME: ClassVar[str] = "league.organiser_added"
    VERSION: ClassVar[int] = 1
    player: str
    added_by: str


@dataclass(frozen=True)
class OrganiserRemoved:
    NAME: ClassVar[str] = "league.organiser_removed"
    VERSION: ClassVar[int] = 1
    player: str
    removed_by: str


@dataclass(frozen=True)
class MemberLeft:
    NAME: ClassVar[str] = "league.member_left"
    VERSION: ClassVar[int] = 1
    player: str


@dataclass(frozen=True)
class SeasonStarted:
    NAME: ClassVar[str] = "league.season_started"
    VERSION: ClassVar[int] = 1
    season: int


@dataclass(frozen=True)
class RoundScheduled:
    """Version 2 adds, in a season's first round, the seed and the seat order drawn from it
    (docs/leagues.md "Pairing"), and the points each bye scores; version 1 events read with
    no order and byes worth 0."""

    NAME: ClassVar[str] = "league.round_scheduled"
    VERSION: ClassVar[int] = 2
    season: int
    round: int
    fixtures: tuple[Fixture, ...]
    byes: tuple[str, ...]
    seed: str = ""
    order: tuple[str, ...] = ()
    bye_points: int = 0
    """League points each of ``byes`` scores (version 1 events: 0, as byes then scored)."""


@dataclass(frozen=True)
class ResultRecorded:
    NAME: ClassVar[str] = "league.result_recorded"
    VERSION: ClassVar[int] = 1
    game_id: str
    players: tuple[str, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class ForfeitRecorded:
    """``forfeited`` lose; the others share first place. Not rated (no game was played out).

    Version 2 adds ``scoreless``: the players who earn no league points for this fixture
    whatever their place (the forfeiters). Version 1 events read with it empty, so a league
    recorded before keeps the points it gave (a forfeiter scored its last place's points).
    """

    NAME: ClassVar[str] = "league.forfeit_recorded"
    VERSION: ClassVar[int] = 2
    game_id: str
    players: tuple[str, ...]
    forfeited: tuple[str, ...]
    places: tuple[int, ...]
    reason: str
    by: str
    scoreless: tuple[str, ...] = ()


@dataclass(frozen=True)
class AbandonmentRecorded:
    NAME: ClassVar[str] = "league.abandonment_recorded"
    VERSION: ClassVar[int] = 1
    game_id: str
    reason: str
    by: str


@dataclass(frozen=True)
class DeadlinePolicySet:
    """How the league's rounds end: ``policy`` settles a game unfinished at its round's
    deadline; ``round_ms`` is a round's default duration (0: none)."""

    NAME: ClassVar[str] = "league.deadline_policy_set"
    VERSION: ClassVar[int] = 1
    policy: DeadlinePolicy
    round_ms: int
    by: str


@dataclass(frozen=True)
class RoundDeadlineSet:
    """A round's games must be finished by ``deadline`` (ms since the epoch)."""

    NAME: ClassVar[str] = "league.round_deadline_set"
    VERSION: ClassVar[int] = 1
    season: int
    round: int
    deadline: int


@dataclass(frozen=True)
class DeadlinePassed:
    """A game was unfinished at its round's deadline and was settled by ``policy``:

    * ``forfeit``: ``forfeited`` (the seats whose turn or clock it was) lose and score
      nothing, the others share first place;
    * ``void``: no result (``places`` empty);
    * ``adjudicate``: ``places`` ranked by ``scores``, the running scores at the deadline.
    Never rated: the game was not played out."""

    NAME: ClassVar[str] = "league.deadline_passed"
    VERSION: ClassVar[int] = 1
    game_id: str
    players: tuple[str, ...]
    policy: DeadlinePolicy
    deadline: int
    at: int
    places: tuple[int, ...]
    scores: tuple[int, ...]
    forfeited: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class VacationAllowanceSet:
    """Each member may take ``days`` of vacation per season."""

    NAME: ClassVar[str] = "league.vacation_allowance_set"
    VERSION: ClassVar[int] = 1
    days: int
    by: str


@dataclass(frozen=True)
class VacationTaken:
    """``player`` is on vacation from ``start`` to ``until`` (ms since the epoch): their
    clocks in this league's games stand still meanwhile."""

    NAME: ClassVar[str] = "league.vacation_taken"
    VERSION: ClassVar[int] = 1
    player: str
    season: int
    start: int
    until: int
    days: int


@dataclass(frozen=True)
class BracketDrawn:
    """A season's knock-out bracket: the players by seed (seed 1 first) and the league
    round that plays its first round. ``ratings`` are the seeds' display ratings in
    thousandths as they were when a knock-out league drew (empty for playoffs, seeded by
    the standings)."""

    NAME: ClassVar[str] = "league.bracket_drawn"
    VERSION: ClassVar[int] = 1
    season: int
    seeds: tuple[str, ...]
    start_round: int
    kind: BracketKind
    ratings: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayerAdvanced:
    """A player went through a bracket round: by a bye, their game's result, the tie-break
    of a tied game, an opponent's forfeit, or a void game (the better seed)."""

    NAME: ClassVar[str] = "league.player_advanced"
    VERSION: ClassVar[int] = 1
    season: int
    round: int
    """The bracket's round (1 is the first), not the league's."""
    player: str
    game_id: str
    reason: AdvanceReason


Event = (
    LeagueCreated
    | MemberJoined
    | MemberLeft
    | OrganiserAdded
    | OrganiserRemoved
    | SeasonStarted
    | RoundScheduled
    | ResultRecorded
    | ForfeitRecorded
    | AbandonmentRecorded
    | DeadlinePolicySet
    | RoundDeadlineSet
    | DeadlinePassed
    | VacationAllowanceSet
    | VacationTaken
    | BracketDrawn
    | PlayerAdvanced
)
EVENT_TYPES: tuple[type, ...] = (
    LeagueCreated,
    MemberJoined,
    MemberLeft,
    OrganiserAdded,
    OrganiserRemoved,
    SeasonStarted,
    RoundScheduled,
    ResultRecorded,
    ForfeitRecorded,
    AbandonmentRecorded,
    DeadlinePolicySet,
    RoundDeadlineSet,
    DeadlinePassed,
    VacationAllowanceSet,
    VacationTaken,
    BracketDrawn,
    PlayerAdvanced,
)
