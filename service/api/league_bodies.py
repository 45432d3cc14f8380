"""Request and response shapes of /players and /leagues: strict msgspec structs."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from litestar.params import QueryParameter
from msgspec import Meta, Struct

from domain.leagues.commands import Pairing
from service.api.bodies import PlayerName

LeagueName = Annotated[str, Meta(min_length=1, max_length=64)]
Reason = Annotated[str, Meta(min_length=1, max_length=500)]
LeaguePoints = Annotated[int, Meta(ge=0, le=1000)]
Points = Annotated[list[LeaguePoints], Meta(min_length=1, max_length=6)]
Tiebreak = Literal["head-to-head", "buchholz", "sonneborn-berger", "wins", "draw"]
"""domain.leagues.standings.TIEBREAKS (a test keeps the two equal)."""
Tiebreaks = Annotated[list[Tiebreak], Meta(max_length=5)]
DeadlinePolicy = Literal["forfeit", "void", "adjudicate"]
"""domain.leagues.deadlines.POLICIES."""
RoundSeconds = Annotated[int, Meta(ge=60, le=366 * 86_400)]
DeadlineQuery = Annotated[
    str | None,
    QueryParameter(
        min_length=1,
        max_length=40,
        description="The round's deadline, ISO 8601 with a time zone"
        " (2026-12-24T18:00:00Z); overrides the league's round duration.",
    ),
]
DurationQuery = Annotated[
    int | None,
    QueryParameter(ge=60, le=366 * 86_400, description="The round's deadline, this long from now."),
]
RatingBound = Annotated[int, Meta(ge=-1000, le=1000)]


class CreatePlayer(Struct, forbid_unknown_fields=True):
    name: PlayerName
    organiser: bool = False


class PlayerBody(Struct):
    player_id: str
    name: str
    organiser: bool
    token: str | None = None
    """Only when the token is issued (create, rotate): shown once, stored hashed."""


class CreateLeague(Struct, forbid_unknown_fields=True):
    name: LeagueName
    ruleset: Annotated[str, Meta(min_length=1, max_length=64)]
    seats: Annotated[int, Meta(ge=1, le=6)]
    pairing: Pairing | None = None
    points: Points | None = None
    options: dict[str, Any] = {}
    bye_points: LeaguePoints | None = None
    """What a bye scores: 0 to a win's points (``points[0]``; more is invalid_command, 422);
    default a win's points."""
    tiebreaks: Tiebreaks | None = None
    """Tie-breaks after points, in order, each at most once (a repeat is invalid_command,
    422); a seeded draw always comes last. Default: all of them in the order listed."""
    deadline_policy: DeadlinePolicy | None = None
    """How a game unfinished at its round's deadline is settled: ``forfeit`` (the seats
    whose turn or clock it is lose and score nothing), ``void`` or ``adjudicate`` (ranked
    by the running score). Default ``forfeit``."""
    round_seconds: RoundSeconds | None = None
    """Each round's default duration: its deadline is this long after it is scheduled.
    Default: a round has a deadline only when one is given as it is scheduled."""
    vacation_days: Annotated[int, Meta(ge=0, le=366)] | None = None
    """Days of vacation each member may take per season, pausing their clocks (default 0)."""
    min_rated_games: Annotated[int, Meta(ge=0, le=10_000)] | None = None
    """Entry: at least this many rated games in the ruleset (else too_few_rated_games)."""
    min_rating: RatingBound | None = None
    """Entry: a display rating (mu - 3 sigma, with the deviation grown by inactivity) of at
    least this, in whole points (else rating_out_of_range); an unrated player's is 0."""
    max_rating: RatingBound | None = None
    """Entry: a display rating of at most this (else rating_out_of_range)."""


class AddMember(Struct, forbid_unknown_fields=True):
    player: PlayerName


class AddOrganiser(Struct, forbid_unknown_fields=True):
    player: PlayerName


class RecordForfeit(Struct, forbid_unknown_fields=True):
    game_id: Annotated[str, Meta(min_length=1, max_length=64)]
    players: Annotated[list[PlayerName], Meta(min_length=1, max_length=6)]
    reason: Reason


class RecordAbandonment(Struct, forbid_unknown_fields=True):
    game_id: Annotated[str, Meta(min_length=1, max_length=64)]
    reason: Reason


class LeagueBody(Struct):
    league_id: str
    name: str
    ruleset: str
    seats: int
    pairing: str
    points: list[int]
    options: dict[str, Any]
    season: int
    members: list[str]
    bye_points: int
    """What a bye scores in this league's new rounds."""
    tiebreaks: list[str] | None
    """The league's tie-breaks in order; null for a league created before they existed,
    ordered by points, wins, game scores, then forfeits."""
    organisers: list[str] = []
    """The creator first, then the co-organisers it named (player ids)."""
    deadline_policy: DeadlinePolicy = "forfeit"
    round_seconds: int | None = None
    """A round's default duration; null: rounds have a deadline only when given one."""
    vacation_days: int = 0
    min_rated_games: int | None = None
    min_rating: int | None = None
    max_rating: int | None = None
    """Entry requirements; null: none."""
    draw: list[str] = []
    """The current season's seat order drawn from its seed (player ids), its last
    tie-break before join order; empty before its first round or for a season recorded
    before the draw."""
    draw_seed: str | None = None
    """The seed ``draw`` was drawn from (64 hex characters): shuffling the members of the
    season's first round, in join order, by docs/draws.md gives ``draw`` again; null when
    ``draw`` is empty."""


class FixtureBody(Struct):
    game_id: str
    season: int
    round: int
    players: list[str]
    status: Literal["scheduled", "played", "forfeited", "abandoned"]
    places: list[int]
    scores: list[int]
    reason: str | None = None
    names: list[str] = []
    """The players' names, in seat order like ``players``."""
    deadline: str | None = None
    """When its round must be finished (ISO 8601, UTC); null: no deadline."""


class TiebreakBody(Struct):
    tiebreak: Tiebreak
    value: int
    """head-to-head: league points earned against the players tied on points; buchholz:
    the sum of every opponent's points; sonneborn-berger: each opponent's points times
    the league points earned against them; wins: first places; draw: the player's place in
    the season's seeded draw (1 goes first), never the seed. Higher is better, except the
    draw's place (docs/leagues.md)."""


class StandingBody(Struct):
    place: int
    player_id: str
    name: str
    points: int
    played: int
    wins: int
    score: int
    forfeits: int
    tiebreaks: list[TiebreakBody]
    """The league's tie-breaks in the order they apply (the draw last), with this row's
    number for each: why players on equal points stand as they do. Empty for a league
    created before tie-breaks existed (ordered by wins, score, then forfeits)."""


class RatingChangeBody(Struct):
    game_id: str
    place: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


class RatingBody(Struct):
    player_id: str
    name: str
    ruleset: str
    mu: float
    sigma: float
    display: float
    """The conservative rating shown in tables: mu - 3 sigma."""
    games: int
    provisional: bool
    history: list[RatingChangeBody] = []


class PlayedBody(Struct):
    league_id: str
    game_id: str
    season: int
    round: int
    status: str
    place: int | None
    rating_change: float | None


class RatedGameBody(Struct):
    league_id: str
    game_id: str
    rated_at: datetime | None
    """When the result was recorded (null for games rated before migration 0009 until a
    rebuild)."""
    place: int
    mu_before: float
    sigma_before: float
    """As the game was rated: the last game's sigma grown by the idle periods since."""
    mu_after: float
    sigma_after: float
    display_before: float
    display_after: float
    change: float
    """display_after - display_before."""


class RulesetRatingBody(Struct):
    ruleset: str
    mu: float
    sigma: float
    """After the last rated game."""
    display: float
    games: int
    provisional: bool
    rated_at: datetime | None
    idle_periods: int
    """Whole rating periods since the last rated game."""
    sigma_now: float
    """sigma grown by those idle periods, capped at the initial sigma."""
    display_now: float
    history: list[RatedGameBody]
    """Every rated game in this ruleset, oldest first."""


class RatingsOverTimeBody(Struct):
    player_id: str
    rating_period_days: int
    inactivity_c: float
    initial_sigma: float
    provisional_below: int
    rulesets: list[RulesetRatingBody]


class HistoryBody(Struct):
    player_id: str
    ratings: list[RatingBody]
    games: list[PlayedBody]
    provisional_below: int


class MembershipBody(Struct):
    """A league a player is a member of, and the player's next game in it."""

    league_id: str
    name: str
    ruleset: str
    pairing: str
    season: int
    next_game: str | None
    """The player's first fixture still to be played (a game id); null: none scheduled."""


class StartPlayoffs(Struct, forbid_unknown_fields=True):
    size: Annotated[int, Meta(ge=2, le=1024)]
    """How many of the table's top players enter the bracket (2 to every member)."""


class SeedBody(Struct):
    seed: int
    player_id: str
    name: str
    rating: float | None
    """The display rating that seeded a knock-out league; null in playoffs (seeded by the
    table)."""


class MatchBody(Struct):
    round: int
    match: int
    players: list[str]
    """Better seed first (seat 0); one player for a first-round bye, none or one while the
    round before is still being played."""
    seeds: list[int]
    names: list[str]
    bye: bool
    winner: str | None
    decided_by: Literal["bye", "result", "tie-break", "forfeit", "void", "adjudicated"] | None
    game_id: str | None
    status: Literal["scheduled", "played", "forfeited", "abandoned"] | None


class BracketBody(Struct):
    league_id: str
    season: int
    kind: Literal["knockout", "playoffs"]
    start_round: int
    """The league round that plays the bracket's first round."""
    size: int
    rounds: int
    seeds: list[SeedBody]
    matches: list[MatchBody]
    champion: str | None
