"""What happened in a league. Stable names ``league.*``; every payload is integers and text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.leagues.commands import Fixture, Pairing


@dataclass(frozen=True)
class LeagueCreated:
    NAME: ClassVar[str] = "league.created"
    VERSION: ClassVar[int] = 1
    name: str
    ruleset: str
    seats: int
    pairing: Pairing
    points: tuple[int, ...]
    organiser: str
    options: Mapping[str, Any] = field(default_factory=dict)


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
    NAME: ClassVar[str] = "league.round_scheduled"
    VERSION: ClassVar[int] = 1
    season: int
    round: int
    fixtures: tuple[Fixture, ...]
    byes: tuple[str, ...]


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
    """``forfeited`` lose; the others share first place. Not rated (no game was played out)."""

    NAME: ClassVar[str] = "league.forfeit_recorded"
    VERSION: ClassVar[int] = 1
    game_id: str
    players: tuple[str, ...]
    forfeited: tuple[str, ...]
    places: tuple[int, ...]
    reason: str
    by: str


@dataclass(frozen=True)
class AbandonmentRecorded:
    NAME: ClassVar[str] = "league.abandonment_recorded"
    VERSION: ClassVar[int] = 1
    game_id: str
    reason: str
    by: str


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
)
