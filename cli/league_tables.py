"""``cairn league standings``, ``ratings`` and ``fixtures``: what a league shows, read from
the projection after catching it up, so every recorded result is in."""

from __future__ import annotations

from typing import Any

import click

from cli.common import emit_json, json_option, table_lines
from cli.leaguing import league_errors, league_id, leagues
from service.projections.reading import fixtures_of, ratings_of, standings_of


@click.command()
@click.argument("league_ref", metavar="LEAGUE")
@click.option("--season", type=click.IntRange(1), help="A past season (default: the current).")
@json_option
@league_errors
def standings(league_ref: str, season: int | None, as_json: bool) -> None:
    """The standings: points, then the league's tie-breaks and a seeded draw.

    Example: cairn league standings $LEAGUE
    """
    target = league_id(league_ref)
    with leagues() as service:
        service.catch_up()
        table = standings_of(service, target, season)
    if as_json:
        for row in table:
            emit_json(row)
        return
    if not table:
        click.echo("no standings yet")
        return
    for line in standings_lines(table):
        click.echo(line)


COLUMNS = (
    ("#", "place"),
    ("player", "name"),
    ("pts", "points"),
    ("played", "played"),
    ("won", "wins"),
    ("score", "score"),
    ("forfeits", "forfeits"),
)
"""The standings' own columns: header, then the row's key."""


def standings_lines(table: list[dict[str, Any]]) -> list[str]:
    """The table under a header: each row's numbers, then the league's tie-breaks by name
    (as ``--tiebreak`` spells them) in the order they apply, so that a reader sees why
    players on equal points stand as they do (#25)."""
    breaks = [t["tiebreak"] for t in table[0]["tiebreaks"]]
    head = [h for h, _ in COLUMNS] + breaks
    body = [
        [str(row[k]) for _, k in COLUMNS] + [str(t["value"]) for t in row["tiebreaks"]]
        for row in table
    ]
    lines = table_lines(head, body, left={1})  # the player's name
    if "draw" in breaks:
        lines.append("draw: the place in the season's seeded draw (1 goes first)")
    return lines


@click.command()
@click.argument("league_ref", metavar="LEAGUE")
@json_option
@league_errors
def ratings(league_ref: str, as_json: bool) -> None:
    """Members' OpenSkill ratings in the league's ruleset: mu - 3 sigma, best first.

    Example: cairn league ratings $LEAGUE --json
    """
    target = league_id(league_ref)
    with leagues() as service:
        service.catch_up()
        rated = ratings_of(service, target)
    if as_json:
        for row in rated:
            emit_json(row)
        return
    if not rated:
        click.echo("no rated games yet")
        return
    for line in table_lines(RATINGS_HEAD, [_rating_row(row) for row in rated], left={0, 6}):
        click.echo(line)


RATINGS_HEAD = ("player", "rating", "last", "mu", "sigma", "games", "provisional")


def _rating_row(row: dict[str, Any]) -> list[str]:
    last = row["history"][-1] if row["history"] else None
    moved = f"{last['mu_after'] - last['mu_before']:+.2f}" if last else "-"
    return [
        row["name"],
        f"{row['display']:.2f}",
        moved,
        f"{row['mu']:.2f}",
        f"{row['sigma']:.2f}",
        str(row["games"]),
        "yes" if row["provisional"] else "",
    ]


@click.command()
@click.argument("league_ref", metavar="LEAGUE")
@json_option
@league_errors
def fixtures(league_ref: str, as_json: bool) -> None:
    """Every fixture of the league, by season and round, with its result.

    Example: cairn league fixtures $LEAGUE
    """
    target = league_id(league_ref)
    with leagues() as service:
        service.catch_up()
        found = fixtures_of(service, target)  # names beside the ids, as the API gives
    if as_json:
        for row in found:
            emit_json(row)
        return
    if not found:
        click.echo("no fixtures yet")
        return
    for line in table_lines(
        FIXTURES_HEAD, [_fixture_row(row) for row in found], left={2, 3, 4, 5, 6}
    ):
        click.echo(line)


FIXTURES_HEAD = ("season", "round", "game", "players", "status", "places", "due")


def _fixture_row(row: dict[str, Any]) -> list[str]:
    due = row["deadline"] if row["deadline"] and row["status"] == "scheduled" else ""
    places = " ".join(map(str, row["places"])) or "-"
    names = " vs ".join(row["names"])
    return [
        str(row["season"]),
        str(row["round"]),
        str(row["game_id"]),
        names,
        row["status"],
        places,
        str(due),
    ]
