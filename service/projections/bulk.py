"""The league projection folded in memory and written in bulk: what a rebuild does, and
what the memory store keeps (``service.projections.memory``).

The same fold as ``leagues.apply``, event by event in feed order with the same functions
(``fixture_points``, ``ratings.rate``), so the rows come out the same, bit for bit; only the
writing differs: one ``COPY`` per table instead of a few statements per event (a rebuild of
10,000 results went from minutes to seconds, bench/HISTORY.md). The tests that compare a
rebuild with what was kept incrementally hold the two paths to each other.

The rows are frozen: the fold replaces a row it changes, never edits it, so a ``fork`` can
share every row with the ``Folded`` it came from and copy a table's index only when it first
writes to that table (the memory store folds each step into a fork, ``memory.py``).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, NamedTuple
from uuid import UUID

import psycopg
from psycopg.types.json import Jsonb

from domain.leagues.bracket import BracketKind
from domain.leagues.events import (
    AbandonmentRecorded,
    BracketDrawn,
    DeadlinePassed,
    DeadlinePolicySet,
    Event,
    ForfeitRecorded,
    LeagueCreated,
    MemberJoined,
    MemberLeft,
    OrganiserAdded,
    OrganiserRemoved,
    PlayerAdvanced,
    ResultRecorded,
    RoundDeadlineSet,
    RoundScheduled,
    SeasonStarted,
    VacationAllowanceSet,
    VacationTaken,
)
from domain.leagues.standings import fixture_points
from service.projections.ratings import Rating, initial, is_rated, rate, rested


@dataclass(frozen=True)
class Summary:
    name: str
    ruleset: str
    seats: int
    pairing: str
    points: list[int]
    options: dict[str, Any]
    season: int = 0
    members: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class FixtureRow:
    season: int
    round: int
    players: list[str]
    status: str = "scheduled"
    places: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    reason: str | None = None
    ordinal: int = 0


@dataclass(frozen=True)
class StandingRow:
    points: int = 0
    played: int = 0
    wins: int = 0
    score: int = 0
    forfeits: int = 0


@dataclass(frozen=True)
class BracketRow:
    kind: BracketKind
    start_round: int
    seeds: list[str]
    ratings: list[int]
    advanced: list[list[Any]] = field(default_factory=list)


class RatingChange(NamedTuple):
    """One player's rating change in one rated game."""

    league_id: UUID
    game_id: str
    player_id: str
    ruleset: str
    place: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    ordinal: int
    rated_at: datetime | None


@dataclass
class Folded:
    summaries: dict[UUID, Summary] = field(default_factory=dict)
    fixtures: dict[tuple[UUID, str], FixtureRow] = field(default_factory=dict)
    standings: dict[tuple[UUID, int, str], StandingRow] = field(default_factory=dict)
    ratings: dict[tuple[str, str], Rating] = field(default_factory=dict)
    changes: list[RatingChange] = field(default_factory=list)
    brackets: dict[tuple[UUID, int], BracketRow] = field(default_factory=dict)
    shared: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    """The tables still those of the ``Folded`` this one was forked from."""

    def fork(self) -> Folded:
        """These rows, to fold on while this ``Folded`` stays as it is."""
        return replace(self, shared=frozenset(_TABLES))

    def _own(self, *tables: str) -> None:
        """Copy each of these tables that is still shared, before the first write to it."""
        for table in self.shared.intersection(tables):
            setattr(self, table, copy.copy(getattr(self, table)))
        self.shared = self.shared.difference(tables)

    def apply(self, league: UUID, event: Event, ordinal: int, at: datetime | None = None) -> None:
        match event:
            case LeagueCreated():
                self._own("summaries")
                self.summaries[league] = Summary(
                    event.name,
                    event.ruleset,
                    event.seats,
                    event.pairing,
                    list(event.points),
                    dict(event.options),
                )
            case MemberJoined(player=player):
                summary = self.summaries[league]
                self._summary(league, members=[*summary.members, player])
                self._standing_rows(league, [player])
            case MemberLeft(player=player):
                summary = self.summaries[league]
                self._summary(league, members=[m for m in summary.members if m != player])
            case OrganiserAdded() | OrganiserRemoved():
                pass  # who organises is read from the league's stream, not from its tables
            case SeasonStarted(season=season):
                self._summary(league, season=season)
                self._standing_rows(league, self.summaries[league].members)
            case RoundScheduled():
                self._own("fixtures", "standings")
                for f in event.fixtures:
                    row = FixtureRow(event.season, event.round, list(f.players), ordinal=ordinal)
                    self.fixtures[(league, f.game_id)] = row
                for player in event.byes:
                    key = (league, event.season, player)
                    standing = self.standings.get(key, StandingRow())
                    self.standings[key] = replace(
                        standing, points=standing.points + event.bye_points
                    )
            case ResultRecorded():
                self._decided(league, event.game_id, "played", event.places, event.scores, None)
                self._score(
                    league, event.game_id, event.players, event.places, event.scores, (), ()
                )
                self._rate(league, event.game_id, event.players, event.places, ordinal, at)
            case ForfeitRecorded():
                zeros = tuple(0 for _ in event.players)  # a forfeit's scores are 0 (docs)
                self._decided(league, event.game_id, "forfeited", event.places, zeros, event.reason)
                self._score(
                    league,
                    event.game_id,
                    event.players,
                    event.places,
                    zeros,
                    event.forfeited,
                    event.scoreless,
                )
            case AbandonmentRecorded():
                self._decided(league, event.game_id, "abandoned", (), (), event.reason)
            case (
                DeadlinePolicySet() | RoundDeadlineSet() | VacationAllowanceSet() | VacationTaken()
            ):
                pass  # deadlines and vacations are read from the league's stream, as organisers are
            case DeadlinePassed(policy="void"):
                self._decided(league, event.game_id, "abandoned", (), (), event.reason)
            case DeadlinePassed():
                # a forfeit or an adjudication: points by place, never rated (not played out)
                status = "forfeited" if event.policy == "forfeit" else "played"
                self._decided(
                    league, event.game_id, status, event.places, event.scores, event.reason
                )
                self._score(
                    league,
                    event.game_id,
                    event.players,
                    event.places,
                    event.scores,
                    event.forfeited,
                    event.forfeited,
                )
            case BracketDrawn():
                self._own("brackets")
                self.brackets[(league, event.season)] = BracketRow(
                    event.kind, event.start_round, list(event.seeds), list(event.ratings)
                )
            case PlayerAdvanced():
                self._own("brackets")
                went = [event.round, event.player, event.game_id, event.reason]
                bracket = self.brackets[(league, event.season)]
                self.brackets[(league, event.season)] = replace(
                    bracket, advanced=[*bracket.advanced, went]
                )
            case _:
                raise ValueError(f"the league projection has no rule for {type(event).__name__}")

    def _summary(self, league: UUID, **changed: Any) -> None:
        self._own("summaries")
        self.summaries[league] = replace(self.summaries[league], **changed)

    def _standing_rows(self, league: UUID, players: Iterable[str]) -> None:
        season = self.summaries[league].season
        if season:
            self._own("standings")
            for p in players:
                self.standings.setdefault((league, season, p), StandingRow())

    def _decided(
        self,
        league: UUID,
        game_id: str,
        status: str,
        places: Iterable[int],
        scores: Iterable[int],
        reason: str | None,
    ) -> None:
        row = self.fixtures.get((league, game_id))
        if row is not None:
            self._own("fixtures")
            self.fixtures[(league, game_id)] = replace(
                row, status=status, places=list(places), scores=list(scores), reason=reason
            )

    def _score(
        self,
        league: UUID,
        game_id: str,
        players: Iterable[str],
        places: Iterable[int],
        scores: Iterable[int],
        forfeited: Iterable[str],
        scoreless: Iterable[str],
    ) -> None:
        fixture = self.fixtures[(league, game_id)]
        season, bracket = fixture.season, self.brackets.get((league, fixture.season))
        if bracket is not None and bracket.start_round <= fixture.round:
            return  # a bracket's games decide the bracket, not the table
        self._own("standings")
        unscored = set(scoreless)
        points, lost = self.summaries[league].points, set(forfeited)
        for player, place, score in zip(players, places, scores, strict=True):
            row = self.standings.get((league, season, player), StandingRow())
            self.standings[(league, season, player)] = StandingRow(
                points=row.points + fixture_points(points, place, player, unscored),
                played=row.played + 1,
                wins=row.wins + (1 if place == 1 else 0),
                score=row.score + score,
                forfeits=row.forfeits + (1 if player in lost else 0),
            )

    def _rate(
        self,
        league: UUID,
        game_id: str,
        players: tuple[str, ...],
        places: tuple[int, ...],
        ordinal: int,
        at: datetime | None,
    ) -> None:
        if not is_rated(len(players)):
            return
        self._own("ratings", "changes")
        ruleset = self.summaries[league].ruleset
        before = [rested(self.ratings.get((p, ruleset), initial()), at) for p in players]
        after = rate(before, places, at)
        for p, place, b, a in zip(players, places, before, after, strict=True):
            self.ratings[(p, ruleset)] = a
            change = (league, game_id, p, ruleset, place, b.mu, b.sigma, a.mu, a.sigma, ordinal, at)
            self.changes.append(RatingChange(*change))

    def write(self, conn: psycopg.Connection[Any]) -> None:
        """Every row, one COPY per table (into tables the caller has just emptied)."""
        summaries = [
            (
                k,
                s.name,
                s.ruleset,
                s.seats,
                s.pairing,
                Jsonb(s.points),
                Jsonb(s.options),
                s.season,
                Jsonb(s.members),
            )
            for k, s in self.summaries.items()
        ]
        _copy(
            conn,
            "league_summaries (league_id, name, ruleset, seats, pairing, points,"
            " options, season, members)",
            summaries,
        )
        fixtures = [
            (
                lg,
                g,
                f.season,
                f.round,
                Jsonb(f.players),
                f.status,
                Jsonb(f.places),
                Jsonb(f.scores),
                f.reason,
                f.ordinal,
            )
            for (lg, g), f in self.fixtures.items()
        ]
        _copy(
            conn,
            "league_fixtures (league_id, game_id, season, round, players, status,"
            " places, scores, reason, ordinal)",
            fixtures,
        )
        standings = [
            (lg, season, p, s.points, s.played, s.wins, s.score, s.forfeits)
            for (lg, season, p), s in self.standings.items()
        ]
        _copy(
            conn,
            "league_standings (league_id, season, player_id, points, played, wins,"
            " score, forfeits)",
            standings,
        )
        brackets = [
            (lg, season, b.kind, b.start_round, Jsonb(b.seeds), Jsonb(b.ratings), Jsonb(b.advanced))
            for (lg, season), b in self.brackets.items()
        ]
        _copy(
            conn,
            "league_brackets (league_id, season, kind, start_round, seeds, ratings, advanced)",
            brackets,
        )
        ratings = [(p, r, v.mu, v.sigma, v.games, v.rated_at) for (p, r), v in self.ratings.items()]
        _copy(conn, "ratings (player_id, ruleset, mu, sigma, games, rated_at)", ratings)
        _copy(
            conn,
            "rating_changes (league_id, game_id, player_id, ruleset, place, mu_before,"
            " sigma_before, mu_after, sigma_after, ordinal, rated_at)",
            [tuple(c) for c in self.changes],
        )


_TABLES = ("summaries", "fixtures", "standings", "ratings", "changes", "brackets")


def _copy(conn: psycopg.Connection[Any], target: str, rows: list[tuple[Any, ...]]) -> None:
    with conn.cursor() as cur, cur.copy(f"COPY {target} FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
