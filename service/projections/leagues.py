"""The league projection: summaries, fixtures with results, standings and ratings.

Kept by a tracked consumer of the league feed (``tracking``): each step applies a page of
league events and moves the cursor in one transaction. The rows are the store's
(``Store.league_views``): ``apply`` below writes them on PostgreSQL (``league_tables``), and
``bulk.Folded`` holds them in memory (``memory``) and for a rebuild. Events are applied in
feed order, which is fixed once they are stored, so a rebuild from scratch folds the same
events in the same order and ends with exactly the same rows, ratings included (floating point is
deterministic for the same operations in the same order).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

import psycopg
from psycopg.types.json import Jsonb

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
from service.application.leagues import decode_event
from service.projections.ratings import Rating, initial, is_rated, rate, rested
from service.store.recorders import Store

NAME = "leagues"
PAGE = 500
REBUILD_PAGE = 5000
TABLES = (
    "rating_changes",
    "ratings",
    "league_brackets",
    "league_standings",
    "league_fixtures",
    "league_summaries",
)


class LeagueProjection:
    """The league projection over any store: its rows are the store's
    (``Store.league_views``), its cursor the store's tracked ``NAME``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        store.tracking.ensure(NAME)

    def cursor(self) -> str:
        """Where the projection stands in the league feed ("" before its first event)."""
        return self.store.tracking.status(NAME).cursor

    def step(self, limit: int = PAGE) -> int:
        """Apply the next page of league events; how many it applied (0: caught up)."""
        feed = self.store.leagues.feed
        return self.store.league_views.follow(NAME, lambda at: feed(at, limit), decode_event)

    def catch_up(self) -> int:
        total = 0
        while applied := self.step():
            total += applied
        return total

    def rebuild(self, progress: Any = None) -> int:
        """Empty the projection and fold every league event again (``bulk.Folded``)."""
        feed = self.store.leagues.feed
        page = lambda at: feed(at, REBUILD_PAGE)  # noqa: E731
        return self.store.league_views.rebuild(NAME, page, decode_event, progress)


def apply(
    conn: psycopg.Connection[Any],
    league: UUID,
    event: Event,
    ordinal: int,
    at: datetime | None = None,
) -> None:
    """Apply one league event; ``at`` is when it was recorded (the time of a rated result,
    from which its players' idle rating periods are counted)."""
    match event:
        case LeagueCreated():
            conn.execute(
                "INSERT INTO league_summaries (league_id, name, ruleset, seats, pairing, points,"
                " options) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (
                    league,
                    event.name,
                    event.ruleset,
                    event.seats,
                    event.pairing,
                    Jsonb(list(event.points)),
                    Jsonb(dict(event.options)),
                ),
            )
        case MemberJoined(player=player):
            conn.execute(
                "UPDATE league_summaries SET members = members || %s WHERE league_id = %s",
                (Jsonb([player]), league),
            )
            _standing_rows(conn, league, [player])
        case MemberLeft(player=player):
            conn.execute(
                "UPDATE league_summaries SET members = members - %s WHERE league_id = %s",
                (player, league),
            )
        case OrganiserAdded() | OrganiserRemoved():
            pass  # who organises is read from the league's stream, not from its tables
        case SeasonStarted(season=season):
            conn.execute(
                "UPDATE league_summaries SET season = %s WHERE league_id = %s", (season, league)
            )
            members = _summary(conn, league)["members"]
            _standing_rows(conn, league, members)
        case RoundScheduled():
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO league_fixtures (league_id, game_id, season, round, players,"
                    " status, ordinal) VALUES (%s, %s, %s, %s, %s, 'scheduled', %s)",
                    [
                        (
                            league,
                            f.game_id,
                            event.season,
                            event.round,
                            Jsonb(list(f.players)),
                            ordinal,
                        )
                        for f in event.fixtures
                    ],
                )
            _bye_points(conn, league, event.season, event.byes, event.bye_points)
        case ResultRecorded():
            _decided(conn, league, event.game_id, "played", event.places, event.scores, None)
            _score(conn, league, event.game_id, event.players, event.places, event.scores, (), ())
            _rate(conn, league, event.game_id, event.players, event.places, ordinal, at)
        case ForfeitRecorded():
            zeros = tuple(0 for _ in event.players)  # a forfeit's scores are 0 (docs)
            _decided(conn, league, event.game_id, "forfeited", event.places, zeros, event.reason)
            _score(
                conn,
                league,
                event.game_id,
                event.players,
                event.places,
                zeros,
                event.forfeited,
                event.scoreless,
            )
        case AbandonmentRecorded():
            _decided(conn, league, event.game_id, "abandoned", (), (), event.reason)
        case DeadlinePolicySet() | RoundDeadlineSet() | VacationAllowanceSet() | VacationTaken():
            pass  # deadlines and vacations are read from the league's stream, as organisers are
        case DeadlinePassed(policy="void"):
            _decided(conn, league, event.game_id, "abandoned", (), (), event.reason)
        case DeadlinePassed():
            # a forfeit or an adjudication: points by place, never rated (not played out)
            status = "forfeited" if event.policy == "forfeit" else "played"
            _decided(conn, league, event.game_id, status, event.places, event.scores, event.reason)
            _score(
                conn,
                league,
                event.game_id,
                event.players,
                event.places,
                event.scores,
                event.forfeited,
                event.forfeited,
            )
        case BracketDrawn():
            conn.execute(
                "INSERT INTO league_brackets (league_id, season, kind, start_round, seeds,"
                " ratings) VALUES (%s, %s, %s, %s, %s, %s)",
                (
                    league,
                    event.season,
                    event.kind,
                    event.start_round,
                    Jsonb(list(event.seeds)),
                    Jsonb(list(event.ratings)),
                ),
            )
        case PlayerAdvanced():
            went = [[event.round, event.player, event.game_id, event.reason]]
            conn.execute(
                "UPDATE league_brackets SET advanced = advanced || %s"
                " WHERE league_id = %s AND season = %s",
                (Jsonb(went), league, event.season),
            )
        case _:
            raise ValueError(f"the league projection has no rule for {type(event).__name__}")


def _summary(conn: psycopg.Connection[Any], league: UUID) -> dict[str, Any]:
    row = conn.execute(
        "SELECT ruleset, points, season, members FROM league_summaries WHERE league_id = %s",
        (league,),
    ).fetchone()
    assert row is not None
    return {"ruleset": row[0], "points": row[1], "season": row[2], "members": row[3]}


def _standing_rows(conn: psycopg.Connection[Any], league: UUID, players: Sequence[str]) -> None:
    """Every member has a row in the current season's table, games or not."""
    season = _summary(conn, league)["season"]
    if not season:
        return
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO league_standings (league_id, season, player_id) VALUES (%s, %s, %s)"
            " ON CONFLICT DO NOTHING",
            [(league, season, p) for p in players],
        )


def _bye_points(
    conn: psycopg.Connection[Any], league: UUID, season: int, byes: Sequence[str], points: int
) -> None:
    """A bye scores the league points its round recorded (not a game: not played, no win)."""
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO league_standings AS s (league_id, season, player_id, points)"
            " VALUES (%s, %s, %s, %s) ON CONFLICT (league_id, season, player_id) DO UPDATE"
            " SET points = s.points + excluded.points",
            [(league, season, p, points) for p in byes],
        )


def _decided(
    conn: psycopg.Connection[Any],
    league: UUID,
    game_id: str,
    status: str,
    places: Sequence[int],
    scores: Sequence[int],
    reason: str | None,
) -> None:
    conn.execute(
        "UPDATE league_fixtures SET status = %s, places = %s, scores = %s, reason = %s"
        " WHERE league_id = %s AND game_id = %s",
        (status, Jsonb(list(places)), Jsonb(list(scores)), reason, league, game_id),
    )


def _score(
    conn: psycopg.Connection[Any],
    league: UUID,
    game_id: str,
    players: Sequence[str],
    places: Sequence[int],
    scores: Sequence[int],
    forfeited: Sequence[str],
    scoreless: Sequence[str],
) -> None:
    row = conn.execute(
        "SELECT f.season, s.points, b.start_round <= f.round FROM league_fixtures f"
        " JOIN league_summaries s USING (league_id) LEFT JOIN league_brackets b"
        " ON b.league_id = f.league_id AND b.season = f.season"
        " WHERE f.league_id = %s AND f.game_id = %s",
        (league, game_id),
    ).fetchone()
    assert row is not None
    season, points = int(row[0]), list(row[1])
    if row[2]:
        return  # a bracket's games decide the bracket, not the table
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO league_standings AS s (league_id, season, player_id, points, played,"
            " wins, score, forfeits) VALUES (%s, %s, %s, %s, 1, %s, %s, %s)"
            " ON CONFLICT (league_id, season, player_id) DO UPDATE SET"
            " points = s.points + excluded.points, played = s.played + 1,"
            " wins = s.wins + excluded.wins, score = s.score + excluded.score,"
            " forfeits = s.forfeits + excluded.forfeits",
            [
                (
                    league,
                    season,
                    player,
                    fixture_points(points, place, player, scoreless),
                    1 if place == 1 else 0,
                    score,
                    1 if player in forfeited else 0,
                )
                for player, place, score in zip(players, places, scores, strict=True)
            ],
        )


def _rate(
    conn: psycopg.Connection[Any],
    league: UUID,
    game_id: str,
    players: Sequence[str],
    places: Sequence[int],
    ordinal: int,
    at: datetime | None,
) -> None:
    if not is_rated(len(players)):
        return
    ruleset = _summary(conn, league)["ruleset"]
    rows = conn.execute(
        "SELECT player_id::text, mu, sigma, games, rated_at FROM ratings"
        " WHERE ruleset = %s AND player_id = ANY(%s::uuid[])",
        (ruleset, list(players)),
    ).fetchall()
    known = {r[0]: Rating(r[1], r[2], r[3], r[4]) for r in rows}
    # sigma grown by each player's idle periods before this game (ratings.rested)
    before = [rested(known.get(p, initial()), at) for p in players]
    after = rate(before, places, at)
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO ratings AS r (player_id, ruleset, mu, sigma, games, rated_at)"
            " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (player_id, ruleset) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
            " rated_at = excluded.rated_at",
            [
                (p, ruleset, a.mu, a.sigma, a.games, a.rated_at)
                for p, a in zip(players, after, strict=True)
            ],
        )
        cur.executemany(
            "INSERT INTO rating_changes (league_id, game_id, player_id, ruleset, place,"
            " mu_before, sigma_before, mu_after, sigma_after, ordinal, rated_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            [
                (league, game_id, p, ruleset, place, b.mu, b.sigma, a.mu, a.sigma, ordinal, at)
                for p, place, b, a in zip(players, places, before, after, strict=True)
            ],
        )
