"""``cairn league settle``: what a served process's sweep does for round deadlines, for a
league run from the command line alone."""

from __future__ import annotations

import click

from cli.common import emit_json, json_option
from cli.leaguing import league_errors, league_id, leagues
from service.application.deadlines import Deadlines


@click.command()
@click.argument("league_ref", metavar="LEAGUE")
@json_option
@league_errors
def settle(league_ref: str, as_json: bool) -> None:
    """Settle every game of LEAGUE whose round's deadline has passed, by the league's
    deadline policy, as a served process's sweep does by itself (safe to repeat).

    Example: cairn league settle $LEAGUE --json
    """
    target = league_id(league_ref)
    with leagues() as service:
        settled = Deadlines(service.leagues).settle_due(target)
        service.catch_up()
    if as_json:
        emit_json({"league_id": str(target), "settled": settled})
        return
    click.echo(f"settled {settled} game{'' if settled == 1 else 's'} past the deadline")
