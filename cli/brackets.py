"""``cairn league bracket`` and ``cairn league playoffs``: a season's knock-out bracket as
its own standings view, and the playoffs an organiser starts after the season's table."""

from __future__ import annotations

from typing import Any

import click

from cli.common import emit_json, json_option
from cli.leaguing import league_errors, league_id, leagues, signed_in, token_option
from service.projections.reading import bracket_of


@click.command()
@click.argument("league_ref", metavar="LEAGUE")
@click.option("--season", type=click.IntRange(1), help="A past season (default: the current).")
@json_option
@league_errors
def bracket(league_ref: str, season: int | None, as_json: bool) -> None:
    """The season's knock-out bracket: seeds, every match by round, and who went through.

    A knock-out league's bracket, or the playoffs after a season's table. Exits 3 when the
    season has no bracket.

    Example: cairn league bracket $LEAGUE --json
    """
    target = league_id(league_ref)
    with leagues() as service:
        service.catch_up()
        drawn = bracket_of(service, target, season)
    if as_json:
        emit_json(drawn)
        return
    _print(drawn)


@click.command()
@click.argument("league_ref", metavar="LEAGUE")
@click.argument("size", type=click.IntRange(2))
@token_option
@json_option
@league_errors
def playoffs(league_ref: str, size: int, token: str | None, as_json: bool) -> None:
    """Take the top SIZE of the season's table into a knock-out bracket (organisers only).

    The next rounds (cairn league schedule) play the bracket; the table stays as it is.

    Example: cairn league playoffs $LEAGUE 4
    """
    target = league_id(league_ref)
    with leagues() as service:
        service.leagues.start_playoffs(target, signed_in(service, token), size)
        service.catch_up()
        drawn = bracket_of(service, target)
    if as_json:
        emit_json(drawn)
        return
    _print(drawn)


def _print(drawn: dict[str, Any]) -> None:
    click.echo(f"{drawn['kind']}, season {drawn['season']}: {len(drawn['seeds'])} players")
    for seed in drawn["seeds"]:
        rating = "" if seed["rating"] is None else f"  rating {seed['rating']:.2f}"
        click.echo(f"  seed {seed['seed']:>2}  {seed['name']}{rating}")
    names = {s["player_id"]: s["name"] for s in drawn["seeds"]}
    for match in drawn["matches"]:
        sides = " vs ".join(
            f"({s}) {n}" for s, n in zip(match["seeds"], match["names"], strict=True)
        )
        if match["bye"]:
            sides += "  bye"
        elif not match["players"] or len(match["players"]) < 2:
            sides = (sides + " vs ...") if sides else "... vs ..."
        won = f"  -> {names[match['winner']]}" if match["winner"] else ""
        click.echo(f"round {match['round']} match {match['match']}: {sides}{won}")
    champion = drawn["champion"]
    click.echo(f"champion: {names[champion]}" if champion else "champion: not decided yet")
