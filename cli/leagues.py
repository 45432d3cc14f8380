"""``cairn league``: create a league, add players, schedule rounds, see standings and
ratings, record forfeits. Organisers' commands take an organiser's token (``--token`` or
CAIRN_TOKEN); reads catch the projection up first, so they show every recorded result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, get_args
from uuid import UUID

import click

from cli.brackets import bracket, playoffs
from cli.common import USAGE, CliError, emit_json, json_option
from cli.hooks import league_webhook
from cli.league_tables import fixtures, ratings, standings
from cli.league_time import settle, vacation
from cli.leaguing import (
    league_errors,
    league_game,
    league_id,
    leagues,
    signed_in,
    token_option,
)
from domain.leagues.commands import Pairing
from domain.leagues.standings import TIEBREAKS
from service.application.deadlines import round_deadline
from service.projections.reading import (
    deadline_text,
    league_of,
    summary_of,
)
from service.simulation import parse_options


@click.group()
def league() -> None:
    """Leagues: a ruleset, seats per table, members, rounds, standings and ratings.

    Example: cairn league create "Autumn" --ruleset peninsula --seats 2 --token $TOKEN
    """


@league.command()
@click.argument("name")
@click.option("--ruleset", required=True, help="The ruleset every game is played under.")
@click.option("--seats", required=True, type=click.IntRange(1, 6), help="Seats per table.")
@click.option(
    "--pairing",
    type=click.Choice(get_args(Pairing)),
    help="How rounds are paired (default: round-robin for 2 seats, balanced for more);"
    " knockout: a single-elimination bracket seeded by rating.",
)
@click.option("--points", help="League points by place, best first, e.g. 3,1,0.")
@click.option("--option", "options", multiple=True, help="A ruleset option, name=value.")
@click.option(
    "--bye-points",
    type=click.IntRange(min=0),
    help="What a bye scores, 0 to a win's points (default: a win's points).",
)
@click.option(
    "--tiebreak",
    "tiebreaks",
    multiple=True,
    type=click.Choice(TIEBREAKS),
    help="A tie-break after points; repeat in order (default: all, in the order listed)."
    " A seeded draw always comes last.",
)
@click.option(
    "--deadline-policy",
    type=click.Choice(["forfeit", "void", "adjudicate"]),
    help="How a game unfinished at its round's deadline is settled: the seats to play"
    " forfeit, it is void, or it is adjudicated by the running score (default: forfeit).",
)
@click.option(
    "--round-days",
    type=click.FloatRange(min=0.001, max=366),
    help="Each round's default duration in days: its deadline, counted from scheduling.",
)
@click.option(
    "--vacation-days",
    type=click.IntRange(0, 366),
    help="Days of vacation each member may take per season, pausing their clocks.",
)
@click.option(
    "--min-rated-games",
    type=click.IntRange(0, 10_000),
    help="Entry: at least this many rated games in the ruleset.",
)
@click.option(
    "--min-rating",
    type=click.IntRange(-1000, 1000),
    help="Entry: a display rating (mu - 3 sigma) of at least this; unrated players have 0.",
)
@click.option(
    "--max-rating",
    type=click.IntRange(-1000, 1000),
    help="Entry: a display rating of at most this.",
)
@token_option
@json_option
@league_errors
def create(
    name: str,
    ruleset: str,
    seats: int,
    pairing: Any,
    points: str | None,
    options: tuple[str, ...],
    bye_points: int | None,
    tiebreaks: tuple[str, ...],
    deadline_policy: Any,
    round_days: float | None,
    vacation_days: int | None,
    min_rated_games: int | None,
    min_rating: int | None,
    max_rating: int | None,
    token: str | None,
    as_json: bool,
) -> None:
    """Create a league (organisers only) and print its id.

    Example: cairn league create "Autumn" --ruleset peninsula --seats 2 --points 3,0
    --bye-points 1 --tiebreak head-to-head --tiebreak wins --round-days 7
    """
    by_place = _points(points)
    with leagues() as service:
        by = signed_in(service, token)
        made = service.leagues.create(
            by,
            name,
            ruleset,
            seats,
            pairing,
            by_place,
            parse_options(options),
            bye_points=bye_points,
            tiebreaks=tiebreaks or None,
            deadline_policy=deadline_policy,
            round_ms=None if round_days is None else round(round_days * 86_400_000),
            vacation_days=vacation_days,
            min_rated_games=min_rated_games,
            min_rating=min_rating,
            max_rating=max_rating,
        )
        service.catch_up()
        summary = league_of(service, made)
    if as_json:
        emit_json(summary)
        return
    click.echo(
        f"{made}  {summary['name']}: {summary['ruleset']}, {seats} seats a table,"
        f" {summary['pairing']}, points {'/'.join(map(str, summary['points']))},"
        f" a bye {summary['bye_points']}, tie-breaks {', '.join(summary['tiebreaks'])},"
        f" deadlines {summary['deadline_policy']}"
    )


def _points(raw: str | None) -> tuple[int, ...] | None:
    if raw is None:
        return None
    try:
        return tuple(int(p) for p in raw.split(","))
    except ValueError:
        raise CliError(
            f"--points takes whole numbers by place, like 3,1,0; not {raw!r}", USAGE
        ) from None


@league.command("add-player")
@click.argument("league_ref", metavar="LEAGUE")
@click.argument("players", nargs=-1, required=True)
@token_option
@json_option
@league_errors
def add_player(league_ref: str, players: tuple[str, ...], token: str | None, as_json: bool) -> None:
    """Add players (by name) to a league (organisers only).

    Example: cairn league add-player $LEAGUE ann bob cyd
    """
    target = league_id(league_ref)
    with leagues() as service:
        by = signed_in(service, token)
        for name in players:
            service.leagues.add_member(target, by, service.accounts.find(name))
    if as_json:
        emit_json({"league_id": str(target), "added": list(players)})
        return
    click.echo(f"added {', '.join(players)}")


@league.command("organiser")
@click.argument("action", type=click.Choice(["add", "remove"]))
@click.argument("league_ref", metavar="LEAGUE")
@click.argument("player")
@token_option
@json_option
@league_errors
def organiser(action: str, league_ref: str, player: str, token: str | None, as_json: bool) -> None:
    """Name PLAYER a co-organiser of LEAGUE, or remove them (the league's organisers only).

    Example: cairn league organiser add $LEAGUE cyd
    """
    target = league_id(league_ref)
    with leagues() as service:
        by, named = signed_in(service, token), service.accounts.find(player)
        if action == "add":
            service.leagues.add_organiser(target, by, named)
        else:
            service.leagues.remove_organiser(target, by, named)
        ids = _ids(service.leagues.load(target).state.organisers)
        names = service.leagues.players.names(ids)
    if as_json:
        emit_json({"league_id": str(target), "organisers": [names[i] for i in ids]})
        return
    click.echo(f"organisers: {', '.join(names[i] for i in ids)}")


@league.command()
@click.argument("league_ref", metavar="LEAGUE")
@click.option("--deadline", help="The round's deadline, ISO 8601 with a zone: 2026-12-24T18:00Z.")
@click.option("--days", type=click.FloatRange(min=0.001, max=366), help="Or: days from now.")
@token_option
@json_option
@league_errors
def schedule(
    league_ref: str, deadline: str | None, days: float | None, token: str | None, as_json: bool
) -> None:
    """Pair the next round and create its games (organisers only). Its deadline is the one
    given, else the league's round duration from now (if it has one).

    Example: cairn league schedule $LEAGUE --days 7 --json
    """
    target = league_id(league_ref)
    with leagues() as service:
        by = signed_in(service, token)
        seconds = None if days is None else round(days * 86_400)
        due = round_deadline(deadline, seconds, service.leagues.cairn.clock.now_ms())
        fixtures = service.leagues.schedule(target, by, deadline=due)
        names = service.leagues.players.names([p for f in fixtures for p in _ids(f.players)])
        known = service.leagues.load(target).state.fixtures
    rows: list[dict[str, Any]] = [
        {
            "game_id": f.game_id,
            "players": [names[i] for i in _ids(f.players)],
            "deadline": deadline_text(known[f.game_id]),
        }
        for f in fixtures
    ]
    if as_json:
        for row in rows:
            emit_json(row)
        return
    for row in rows:
        until = f"  due {row['deadline']}" if row["deadline"] else ""
        click.echo(f"{row['game_id']}  {' vs '.join(row['players'])}{until}")


def _ids(players: Sequence[str]) -> list[UUID]:
    return [UUID(p) for p in players]


@league.command()
@click.argument("league_ref", metavar="LEAGUE")
@click.argument("game_ref", metavar="GAME")
@click.argument("players", nargs=-1, required=True)
@click.option("--reason", required=True, help="Why, in words the league will read.")
@token_option
@json_option
@league_errors
def forfeit(
    league_ref: str,
    game_ref: str,
    players: tuple[str, ...],
    reason: str,
    token: str | None,
    as_json: bool,
) -> None:
    """Record that PLAYERS forfeited GAME (organisers only); the others share first place.

    GAME is a game id or a unique start of one.

    Example: cairn league forfeit $LEAGUE $GAME bob --reason "did not turn up"
    """
    target = league_id(league_ref)
    with leagues() as service:
        game = league_game(service, game_ref)
        by = signed_in(service, token)
        lost = [service.accounts.find(name) for name in players]
        service.leagues.forfeit(target, by, game, lost, reason)
    if as_json:
        emit_json({"league_id": str(target), "game_id": str(game), "forfeited": list(players)})
        return
    click.echo(f"recorded: {', '.join(players)} forfeited {game} ({reason})")


@league.command()
@click.argument("league_ref", metavar="LEAGUE")
@click.argument("game_ref", metavar="GAME")
@click.option("--reason", required=True, help="Why, in words the league will read.")
@token_option
@json_option
@league_errors
def abandon(league_ref: str, game_ref: str, reason: str, token: str | None, as_json: bool) -> None:
    """Void GAME, which nobody finished (organisers only): no points, no rating.

    GAME is a game id or a unique start of one.

    Example: cairn league abandon $LEAGUE $GAME --reason "server down all evening"
    """
    target = league_id(league_ref)
    with leagues() as service:
        game = league_game(service, game_ref)
        service.leagues.abandon(target, signed_in(service, token), game, reason)
    if as_json:
        emit_json({"league_id": str(target), "game_id": str(game), "abandoned": True})
        return
    click.echo(f"recorded: {game} abandoned ({reason})")


@league.command("start-season")
@click.argument("league_ref", metavar="LEAGUE")
@token_option
@json_option
@league_errors
def start_season(league_ref: str, token: str | None, as_json: bool) -> None:
    """Start the next season once the last round is decided (organisers only).

    Example: cairn league start-season $LEAGUE
    """
    target = league_id(league_ref)
    with leagues() as service:
        service.leagues.start_season(target, signed_in(service, token))
        service.catch_up()
        summary = summary_of(service, target)
    if as_json:
        emit_json(summary)
        return
    click.echo(f"season {summary['season']} started")


league.add_command(standings)
league.add_command(ratings)
league.add_command(fixtures)
league.add_command(league_webhook)
league.add_command(settle)
league.add_command(vacation)
league.add_command(bracket)
league.add_command(playoffs)
