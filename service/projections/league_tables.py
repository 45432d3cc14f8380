"""The league projection's rows on PostgreSQL (``league_recorders.LeagueViewRecorder``).

A step locks its consumer's tracking row, applies a page with ``leagues.apply`` and moves the
cursor, in one transaction; a rebuild folds in memory (``bulk.Folded``) and writes the rows
in bulk in one transaction. The reads return the rows as ``bulk`` shapes them, so the same
readers (``reading``, ``rating_history``) serve both stores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from service.projections import tracking
from service.projections.bulk import (
    BracketRow,
    FixtureRow,
    Folded,
    RatingChange,
    StandingRow,
    Summary,
)
from service.projections.leagues import TABLES, apply
from service.projections.ratings import Rating
from service.store.connections import connection
from service.store.league_recorders import Decode, LeaguePage

_FIXTURE = "game_id::text, season, round, players, status, places, scores, reason, ordinal"
_CHANGE = (
    "league_id, game_id::text, player_id::text, ruleset, place, mu_before, sigma_before,"
    " mu_after, sigma_after, ordinal, rated_at"
)


class LeagueViews:
    def __init__(self, pool: Any) -> None:
        self.pool = pool

    def follow(self, name: str, page: LeaguePage, decode: Decode) -> int:
        with connection(self.pool) as conn, conn.transaction():
            at = tracking.claim(conn, name)
            events = page(at.cursor)
            for offset, stored in enumerate(events):
                ordinal = at.applied + offset + 1
                apply(conn, stored.league_id, decode(stored), ordinal, stored.recorded_at)
            if events:
                tracking.advance(conn, name, events[-1].cursor, at.applied + len(events))
        return len(events)

    def rebuild(self, name: str, page: LeaguePage, decode: Decode, progress: Any = None) -> int:
        total = 0
        folded = Folded()
        with connection(self.pool) as conn, conn.transaction():
            tracking.claim(conn, name)
            cursor = ""
            while events := page(cursor):
                for offset, stored in enumerate(events):
                    ordinal = total + offset + 1
                    folded.apply(stored.league_id, decode(stored), ordinal, stored.recorded_at)
                total += len(events)
                cursor = events[-1].cursor
                if progress is not None:
                    progress(len(events))
            for table in TABLES:
                conn.execute(f"DELETE FROM {table}")
            folded.write(conn)
            tracking.advance(conn, name, cursor, total)
        return total

    def summary(self, league_id: UUID) -> Summary | None:
        with connection(self.pool) as conn:
            row = conn.execute(
                "SELECT name, ruleset, seats, pairing, points, options, season, members"
                " FROM league_summaries WHERE league_id = %s",
                (league_id,),
            ).fetchone()
        return None if row is None else Summary(*row)

    def fixtures(
        self, league_id: UUID, season: int | None = None, from_round: int = 0
    ) -> list[tuple[str, FixtureRow]]:
        with connection(self.pool) as conn:
            rows = conn.execute(
                f"SELECT {_FIXTURE} FROM league_fixtures WHERE league_id = %s"
                " AND (%s::integer IS NULL OR season = %s) AND round >= %s"
                " ORDER BY season, round, ordinal, game_id",
                (league_id, season, season, from_round),
            ).fetchall()
        return [(r[0], FixtureRow(*r[1:])) for r in rows]

    def fixtures_with(self, player: str) -> list[tuple[UUID, str, FixtureRow]]:
        with connection(self.pool) as conn:
            rows = conn.execute(
                f"SELECT league_id, {_FIXTURE} FROM league_fixtures WHERE players ? %s"
                " ORDER BY ordinal DESC, game_id",
                (player,),
            ).fetchall()
        return [(r[0], r[1], FixtureRow(*r[2:])) for r in rows]

    def memberships(self, player: str) -> list[tuple[UUID, Summary]]:
        with connection(self.pool) as conn:
            rows = conn.execute(
                "SELECT league_id, name, ruleset, seats, pairing, points, options, season,"
                " members FROM league_summaries WHERE members ? %s ORDER BY name, league_id",
                (player,),
            ).fetchall()
        return [(r[0], Summary(*r[1:])) for r in rows]

    def standings(self, league_id: UUID, season: int) -> dict[str, StandingRow]:
        with connection(self.pool) as conn:
            rows = conn.execute(
                "SELECT player_id::text, points, played, wins, score, forfeits"
                " FROM league_standings WHERE league_id = %s AND season = %s",
                (league_id, season),
            ).fetchall()
        return {r[0]: StandingRow(*r[1:]) for r in rows}

    def ratings(
        self, players: Sequence[str], ruleset: str | None = None
    ) -> list[tuple[str, str, Rating]]:
        with connection(self.pool) as conn:
            rows = conn.execute(
                "SELECT player_id::text, ruleset, mu, sigma, games, rated_at FROM ratings"
                " WHERE player_id = ANY(%s::uuid[]) AND (%s::text IS NULL OR ruleset = %s)"
                " ORDER BY ruleset, player_id",
                (list(players), ruleset, ruleset),
            ).fetchall()
        return [(r[0], r[1], Rating(r[2], r[3], r[4], r[5])) for r in rows]

    def changes(
        self, league_id: UUID | None = None, player: str | None = None
    ) -> list[RatingChange]:
        with connection(self.pool) as conn:
            rows = conn.execute(
                f"SELECT {_CHANGE} FROM rating_changes"
                " WHERE (%s::uuid IS NULL OR league_id = %s)"
                " AND (%s::uuid IS NULL OR player_id = %s::uuid) ORDER BY ordinal, player_id",
                (league_id, league_id, player, player),
            ).fetchall()
        return [RatingChange(*r) for r in rows]

    def bracket(self, league_id: UUID, season: int) -> BracketRow | None:
        with connection(self.pool) as conn:
            row = conn.execute(
                "SELECT kind, start_round, seeds, ratings, advanced FROM league_brackets"
                " WHERE league_id = %s AND season = %s",
                (league_id, season),
            ).fetchone()
        return None if row is None else BracketRow(*row)
