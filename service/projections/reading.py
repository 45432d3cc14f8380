"""What the league projection answers: fixtures, standings, ratings, a player's history.

Reads the projection's rows (``Store.league_views``, on either store), and the league's
folded stream only for the settings and deadlines kept in its events, as JSON-ready dicts;
the API and the CLI both print these.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from domain.leagues.bracket import Bracket, champion, view
from domain.leagues.decider import bye_points
from domain.leagues.standings import season_table
from service.projections.ratings import PROVISIONAL_GAMES, Rating
from service.store.errors import StoreError
from service.store.league_recorders import LeagueViewRecorder
from service.store.leagues import UnknownLeague


class NoBracket(StoreError, LookupError):
    """The league's season has no knock-out bracket (no knock-out, no playoffs drawn)."""

    def __init__(self, league_id: object, season: int) -> None:
        super().__init__(f"league {league_id} has no bracket in season {season}")
        self.message = f"season {season} of this league has no bracket"


def _views(service: Any) -> LeagueViewRecorder:
    views: LeagueViewRecorder = service.leagues.cairn.store.league_views
    return views


def _names(service: Any, players: Iterable[str]) -> dict[str, str]:
    """The players' names by id, read at once (issue #25)."""
    ids = [UUID(p) for p in dict.fromkeys(players)]
    found = service.leagues.cairn.store.players.names(ids)
    return {str(player_id): name for player_id, name in found.items()}


def summary_of(service: Any, league_id: UUID) -> dict[str, Any]:
    row = _views(service).summary(league_id)
    if row is None:
        raise UnknownLeague(league_id)
    return {"league_id": str(league_id), **dataclasses.asdict(row)}


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
        "draw_seed": state.season_seeds.get(state.season),
    }


def standings_of(service: Any, league_id: UUID, season: int | None = None) -> list[dict[str, Any]]:
    """The season's table in standings order (tie-breaks: domain/leagues/standings.py)."""
    wanted = season if season is not None else summary_of(service, league_id)["season"]
    table = _views(service).standings(league_id, wanted)
    names = _names(service, table)
    rows = [
        (p, names[p], s.points, s.played, s.wins, s.score, s.forfeits)
        for p, s in table.items()
        if p in names
    ]
    # points, wins, game scores, forfeits, then the player's id
    rows.sort(key=lambda r: r[0])
    rows.sort(key=lambda r: (-r[2], -r[4], -r[5], r[6]))
    state = service.leagues.load(league_id).state
    shown: dict[str, list[dict[str, Any]]] = {}
    if state.tiebreaks is not None:
        # the league's tie-breaks need every fixture and the season's draw: the domain
        # orders and gives their numbers, the projection's rows give the others (a league
        # from before #25 keeps the SQL order above, and shows no tie-break numbers)
        folded = season_table(state, wanted)
        order = {s.player: i for i, s in enumerate(folded)}
        rows = sorted(rows, key=lambda r: order.get(r[0], len(order)))
        shown = {s.player: [{"tiebreak": t, "value": v} for t, v in s.tiebreaks] for s in folded}
    keys = ("player_id", "name", "points", "played", "wins", "score", "forfeits")
    return [
        {"place": i + 1, **dict(zip(keys, r, strict=True)), "tiebreaks": shown.get(r[0], [])}
        for i, r in enumerate(rows)
    ]


def fixtures_of(service: Any, league_id: UUID) -> list[dict[str, Any]]:
    rows = _views(service).fixtures(league_id)
    names = _names(service, (p for _, f in rows for p in f.players))
    # a round's deadline is read from the league's stream, as its organisers are
    known = service.leagues.load(league_id).state.fixtures
    return [
        {
            "game_id": game_id,
            "season": f.season,
            "round": f.round,
            "players": f.players,
            "status": f.status,
            "places": f.places,
            "scores": f.scores,
            "reason": f.reason,
            "names": [names.get(p, p) for p in f.players],
            "deadline": deadline_text(known.get(game_id)),
        }
        for game_id, f in rows
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
    views = _views(service)
    rows = views.ratings(league["members"], league["ruleset"])
    names = _names(service, (r[0] for r in rows))
    history: dict[str, list[dict[str, Any]]] = {}
    for c in views.changes(league_id=league_id):
        history.setdefault(c.player_id, []).append(
            {
                "game_id": c.game_id,
                "place": c.place,
                "mu_before": c.mu_before,
                "sigma_before": c.sigma_before,
                "mu_after": c.mu_after,
                "sigma_after": c.sigma_after,
            }
        )
    out = [
        _rating(p, names[p], league["ruleset"], Rating(r.mu, r.sigma, r.games))
        for p, _, r in rows
        if p in names
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
    views, player = _views(service), str(player_id)
    name = _names(service, [player]).get(player)
    ratings = views.ratings([player]) if name is not None else []
    rated = [
        _rating(player, name or "", r[1], Rating(r[2].mu, r[2].sigma, r[2].games)) for r in ratings
    ]
    changes = {(c.league_id, c.game_id): c for c in views.changes(player=player)}
    played = []
    for league, game_id, f in views.fixtures_with(player):
        seat = f.players.index(player)
        change = changes.get((league, game_id))
        played.append(
            {
                "league_id": str(league),
                "game_id": game_id,
                "season": f.season,
                "round": f.round,
                "status": f.status,
                "place": f.places[seat] if f.places else None,
                "rating_change": None if change is None else change.mu_after - change.mu_before,
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
    views, member = _views(service), str(player_id)
    # fixtures_with is newest first: the earliest scheduled fixture of each league is kept
    first = {
        str(league): game_id
        for league, game_id, f in views.fixtures_with(member)
        if f.status == "scheduled"
    }
    return [
        {
            "league_id": str(league),
            "name": s.name,
            "ruleset": s.ruleset,
            "pairing": s.pairing,
            "season": s.season,
            "next_game": first.get(str(league)),
        }
        for league, s in views.memberships(member)
    ]


def bracket_of(service: Any, league_id: UUID, season: int | None = None) -> dict[str, Any]:
    """A season's bracket as its own standings view: the seeds, and every match of every
    round with its players, their seeds, its game and who went through."""
    wanted = season if season is not None else summary_of(service, league_id)["season"]
    views = _views(service)
    row = views.bracket(league_id, wanted)
    if row is None:
        raise NoBracket(league_id, wanted)
    games = [
        (f.round, f.players, game_id, f.status)
        for game_id, f in views.fixtures(league_id, wanted, row.start_round)
    ]
    names = _names(service, row.seeds)
    kind, start, seeds, ratings, advanced = (
        row.kind,
        row.start_round,
        row.seeds,
        row.ratings,
        row.advanced,
    )
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
