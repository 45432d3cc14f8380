"""What the league projection answers: fixtures, standings, ratings, a player's history.

Reads the projection's tables, and the league's folded stream only for the settings and
deadlines kept in its events, as JSON-ready dicts; the API and the CLI both print these.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from domain.leagues.bracket import Bracket, champion, view
from domain.leagues.decider import bye_points
from domain.leagues.standings import season_table
from service.projections.ratings import PROVISIONAL_GAMES, Rating
from service.store import postgres_pool
from service.store.connections import connection
from service.store.errors import StoreError
from service.store.leagues import UnknownLeague


class NoBracket(StoreError, LookupError):
    """The league's season has no knock-out bracket (no knock-out, no playoffs drawn)."""

    def __init__(self, league_id: object, season: int) -> None:
        super().__init__(f"league {league_id} has no bracket in season {season}")
        self.message = f"season {season} of this league has no bracket"


def _pool(service: Any) -> Any:
    return postgres_pool(service.leagues.cairn.store)


def _names(conn: Any, player_ids: Any) -> dict[str, str]:
    """The players' names by id, read on their own: on Citus the accounts are on the
    coordinator, and a join with a projection table would ship the whole table to a worker."""
    rows = conn.execute(
        "SELECT player_id::text, name FROM players WHERE player_id = ANY(%s::uuid[])",
        (list(player_ids),),
    ).fetchall()
    return {r[0]: r[1] for r in rows}


def summary_of(service: Any, league_id: UUID) -> dict[str, Any]:
    with connection(_pool(service)) as conn:
        row = conn.execute(
            "SELECT name, ruleset, seats, pairing, points, options, season, members"
            " FROM league_summaries WHERE league_id = %s",
            (league_id,),
        ).fetchone()
    if row is None:
        raise UnknownLeague(league_id)
    keys = ("name", "ruleset", "seats", "pairing", "points", "options", "season", "members")
    return {"league_id": str(league_id), **dict(zip(keys, row, strict=True))}


def league_of(service: Any, league_id: UUID) -> dict[str, Any]:
    """The summary with the settings kept only in the league's events: its organisers, what
    a bye scores and its tie-breaks (None for a league from before #25, which keeps the old
    order: points, wins, game scores, forfeits)."""
    summary = summary_of(service, league_id)
    state = service.leagues.load(league_id).state
    tiebreaks = None if state.tiebreaks is None else list(state.tiebreaks)
    return {
        **summary,
        "organisers": list(state.organisers),
        "bye_points": bye_points(state),
        "tiebreaks": tiebreaks,
        "deadline_policy": state.deadline_policy,
        "round_seconds": state.round_ms // 1000 or None,
        "vacation_days": state.vacation_days,
        "min_rated_games": state.min_rated_games,
        "min_rating": state.min_rating,
        "max_rating": state.max_rating,
        "draw": list(state.season_orders.get(state.season, ())),
    }


def standings_of(service: Any, league_id: UUID, season: int | None = None) -> list[dict[str, Any]]:
    """The season's table in standings order (tie-breaks: domain/leagues/standings.py)."""
    wanted = season if season is not None else summary_of(service, league_id)["season"]
    with connection(_pool(service)) as conn:
        table = conn.execute(
            "SELECT player_id::text, points, played, wins, score, forfeits"
            " FROM league_standings WHERE league_id = %s AND season = %s"
            " ORDER BY points DESC, wins DESC, score DESC, forfeits, player_id",
            (league_id, wanted),
        ).fetchall()
        names = _names(conn, [r[0] for r in table])
    rows = [(r[0], names[r[0]], *r[1:]) for r in table if r[0] in names]
    state = service.leagues.load(league_id).state
    if state.tiebreaks is not None:
        # the league's tie-breaks need every fixture and the season's draw: the domain
        # orders, the projection's rows give the numbers (a league from before #25 keeps
        # the SQL order above)
        order = {s.player: i for i, s in enumerate(season_table(state, wanted))}
        rows = sorted(rows, key=lambda r: order.get(r[0], len(order)))
    keys = ("player_id", "name", "points", "played", "wins", "score", "forfeits")
    return [{"place": i + 1, **dict(zip(keys, r, strict=True))} for i, r in enumerate(rows)]


def fixtures_of(service: Any, league_id: UUID) -> list[dict[str, Any]]:
    with connection(_pool(service)) as conn:
        rows = conn.execute(
            "SELECT game_id::text, season, round, players, status, places, scores, reason"
            " FROM league_fixtures WHERE league_id = %s ORDER BY season, round, ordinal, game_id",
            (league_id,),
        ).fetchall()
        # the players' names beside their ids (issue #25), read in one query
        names = _names(conn, sorted({p for r in rows for p in r[3]}))
    # a round's deadline is read from the league's stream, as its organisers are
    known = service.leagues.load(league_id).state.fixtures
    keys = ("game_id", "season", "round", "players", "status", "places", "scores", "reason")
    return [
        {
            **dict(zip(keys, r, strict=True)),
            "names": [names.get(p, p) for p in r[3]],
            "deadline": deadline_text(known.get(r[0])),
        }
        for r in rows
    ]


def deadline_text(fixture: Any) -> str | None:
    """The fixture's round deadline as an ISO 8601 UTC time (None: no deadline)."""
    if fixture is None or fixture.deadline is None:
        return None
    moment = datetime.fromtimestamp(fixture.deadline / 1000, tz=UTC)
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def ratings_of(service: Any, league_id: UUID) -> list[dict[str, Any]]:
    """The league's members rated in its ruleset, best display rating first, each with the
    rating change of every game in this league."""
    league = summary_of(service, league_id)
    with connection(_pool(service)) as conn:
        rated = conn.execute(
            "SELECT player_id::text, mu, sigma, games FROM ratings WHERE ruleset = %s"
            " AND player_id = ANY(%s::uuid[])",
            (league["ruleset"], league["members"]),
        ).fetchall()
        names = _names(conn, [r[0] for r in rated])
        changes = conn.execute(
            "SELECT player_id::text, game_id::text, place, mu_before, sigma_before, mu_after,"
            " sigma_after FROM rating_changes WHERE league_id = %s ORDER BY ordinal",
            (league_id,),
        ).fetchall()
    history: dict[str, list[dict[str, Any]]] = {}
    keys = ("game_id", "place", "mu_before", "sigma_before", "mu_after", "sigma_after")
    for c in changes:
        history.setdefault(c[0], []).append(dict(zip(keys, c[1:], strict=True)))
    out = [
        _rating(r[0], names[r[0]], league["ruleset"], Rating(r[1], r[2], r[3]))
        for r in rated
        if r[0] in names
    ]
    for entry in out:
        entry["history"] = history.get(entry["player_id"], [])
    return sorted(out, key=lambda e: (-e["display"], e["player_id"]))


def _rating(player_id: str, name: str, ruleset: str, rating: Rating) -> dict[str, Any]:
    return {
        "player_id": player_id,
        "name": name,
        "ruleset": ruleset,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "display": rating.display,
        "games": rating.games,
        "provisional": rating.is_provisional,
    }


def history_of(service: Any, player_id: UUID) -> dict[str, Any]:
    """A player's ratings in every ruleset and every league game they played, newest first."""
    with connection(_pool(service)) as conn:
        ratings = conn.execute(
            "SELECT ruleset, mu, sigma, games FROM ratings WHERE player_id = %s ORDER BY ruleset",
            (player_id,),
        ).fetchall()
        name = _names(conn, [player_id]).get(str(player_id))
        games = conn.execute(
            "SELECT f.league_id::text, f.game_id::text, f.season, f.round, f.status, f.players,"
            " f.places, c.mu_before, c.mu_after FROM league_fixtures f"
            " LEFT JOIN rating_changes c ON c.league_id = f.league_id AND c.game_id = f.game_id"
            " AND c.player_id = %s WHERE f.players ? %s ORDER BY f.ordinal DESC, f.game_id",
            (player_id, str(player_id)),
        ).fetchall()
    rated = [
        _rating(str(player_id), name, r[0], Rating(r[1], r[2], r[3]))
        for r in ratings
        if name is not None
    ]
    played = []
    for g in games:
        seat = list(g[5]).index(str(player_id))
        played.append(
            {
                "league_id": g[0],
                "game_id": g[1],
                "season": g[2],
                "round": g[3],
                "status": g[4],
                "place": g[6][seat] if g[6] else None,
                "rating_change": None if g[7] is None else g[8] - g[7],
            }
        )
    return {
        "player_id": str(player_id),
        "ratings": rated,
        "games": played,
        "provisional_below": PROVISIONAL_GAMES,
    }


def leagues_of(service: Any, player_id: UUID) -> list[dict[str, Any]]:
    """The leagues a player is a member of now, by name, each with the player's next game:
    their first fixture still to be played (None: none is scheduled)."""
    member = str(player_id)
    with connection(_pool(service)) as conn:
        rows = conn.execute(
            "SELECT league_id::text, name, ruleset, pairing, season FROM league_summaries"
            " WHERE members ? %s ORDER BY name, league_id",
            (member,),
        ).fetchall()
        waiting = conn.execute(
            "SELECT league_id::text, game_id::text FROM league_fixtures"
            " WHERE players ? %s AND status = 'scheduled' ORDER BY ordinal DESC, game_id DESC",
            (member,),
        ).fetchall()
    # the earliest scheduled fixture of each league wins: later rows are read first
    first = {league: game for league, game in waiting}
    keys = ("league_id", "name", "ruleset", "pairing", "season")
    return [{**dict(zip(keys, r, strict=True)), "next_game": first.get(r[0])} for r in rows]


def bracket_of(service: Any, league_id: UUID, season: int | None = None) -> dict[str, Any]:
    """A season's bracket as its own standings view: the seeds, and every match of every
    round with its players, their seeds, its game and who went through."""
    wanted = season if season is not None else summary_of(service, league_id)["season"]
    with connection(_pool(service)) as conn:
        row = conn.execute(
            "SELECT kind, start_round, seeds, ratings, advanced FROM league_brackets"
            " WHERE league_id = %s AND season = %s",
            (league_id, wanted),
        ).fetchone()
        if row is None:
            raise NoBracket(league_id, wanted)
        games = conn.execute(
            "SELECT round, players, game_id::text, status FROM league_fixtures"
            " WHERE league_id = %s AND season = %s AND round >= %s",
            (league_id, wanted, row[1]),
        ).fetchall()
        names = _names(conn, row[2])
    kind, start, seeds, ratings, advanced = row
    bracket = Bracket(wanted, tuple(seeds), start, kind, tuple((a[0], a[1]) for a in advanced))
    how = {(a[0], a[1]): a[3] for a in advanced}
    played = {(g[0] - start + 1, frozenset(g[1])): (g[2], g[3]) for g in games}
    matches = []
    for m in view(bracket):
        game = played.get((m.round, frozenset(m.players)))
        matches.append(
            {
                **dataclasses.asdict(m),
                "names": [names.get(p, p) for p in m.players],
                "game_id": game[0] if game else None,
                "status": game[1] if game else None,
                "decided_by": how.get((m.round, m.winner)) if m.winner else None,
            }
        )
    return {
        "league_id": str(league_id),
        "season": wanted,
        "kind": kind,
        "start_round": start,
        "size": bracket.size,
        "rounds": bracket.rounds,
        "seeds": [
            {
                "seed": i + 1,
                "player_id": p,
                "name": names.get(p, p),
                "rating": ratings[i] / 1000 if i < len(ratings) else None,
            }
            for i, p in enumerate(seeds)
        ],
        "matches": matches,
        "champion": champion(bracket),
    }
