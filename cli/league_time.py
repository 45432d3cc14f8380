"""``cairn league settle`` (what a served process's sweep does for round deadlines, for a
league run from the command line alone) and ``cairn league vacation``."""

from __future__ import annotations

from datetime import UTC, datetime

import click

from cli.common import emit_json, json_option
from cli.leaguing import league_errors, league_id, leagues, signed_in, token_option
from service.application.deadlines import Deadlines
from service.application.vacations import Vacations


@click.command()
@click.argument("league_ref", metavar="LEAGUE")
@json_option
@league_errors
def settle(league_ref: str, as_json: bool) -> None:
    """Settle every game of LEAGUE whose round's deadline has passed, by the league's
    deadline policy, and pause the clocks of members on vacation in games scheduled since,
    as a served process's sweep does by itself (safe to repeat).

    Example: cairn league settle $LEAGUE --json
    """
    target = league_id(league_ref)
    with leagues() as service:
        settled = Deadlines(service.leagues).settle_due(target)
        vacations = Vacations(service.leagues)
        state = service.leagues.load(target).state
        paused = sum(
            vacations.pause_fixture(target, f) for f in state.season_fixtures() if f.is_open
        )
        service.catch_up()
    if as_json:
        emit_json({"league_id": str(target), "settled": settled, "paused": paused})
        return
    click.echo(
        f"settled {settled} game{'' if settled == 1 else 's'} past the deadline;"
        f" paused {paused} clock{'' if paused == 1 else 's'} for vacations"
    )


@click.command()
@click.argument("league_ref", metavar="LEAGUE")
@click.option("--days", required=True, type=click.IntRange(1, 366), help="Whole days, from now.")
@token_option
@json_option
@league_errors
def vacation(league_ref: str, days: int, token: str | None, as_json: bool) -> None:
    """Take DAYS of this season's vacation in LEAGUE (your own token): your clocks in its
    games stand still until it ends.

    Example: cairn league vacation $LEAGUE --days 5 --token $TOKEN
    """
    target = league_id(league_ref)
    with leagues() as service:
        by = signed_in(service, token)
        vacations = Vacations(service.leagues)
        taken = vacations.take(target, by, days)
        left = vacations.left(target, taken.player)
    until = datetime.fromtimestamp(taken.until / 1000, tz=UTC).isoformat(timespec="seconds")
    until = until.replace("+00:00", "Z")
    if as_json:
        emit_json({"league_id": str(target), "days": taken.days, "until": until, "left": left})
        return
    click.echo(f"on vacation until {until}; {left} days left this season")
