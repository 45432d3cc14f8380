"""``cairn games`` and ``cairn show``: list games, and look at one at any point."""

from __future__ import annotations

import unicodedata
from typing import Any

import click

from cli.common import (
    application,
    emit_json,
    game_ref,
    json_option,
    legend_line,
    reports_errors,
    table_lines,
    viewer_option,
)
from cli.live_words import live_lines
from service.review import position
from service.trail import trail_from_store


@click.command()
@click.option("--ruleset", help="Only games of this ruleset, e.g. peninsula.")
@click.option("--status", type=click.Choice(["active", "finished"]), help="Only these games.")
@click.option("--player", help="Only games this player has a seat in.")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 10_000))
@json_option
@reports_errors
def games(
    ruleset: str | None, status: str | None, player: str | None, limit: int, as_json: bool
) -> None:
    """List games, newest first, with who plays each seat.

    Example: cairn games --ruleset peninsula --status finished --player ann
    """
    # Names are stored NFC-normalised (service.application.seating).
    name = unicodedata.normalize("NFC", player) if player else None
    with application() as app:
        found = app.store.games(ruleset=ruleset, status=status, player=name, limit=limit)
    if as_json:
        for game in found:
            emit_json(_game_json(game))
        return
    if not found:
        click.echo("no games")
        return
    for line in table_lines(GAMES_HEAD, [_game_row(game) for game in found], GAMES_LEFT):
        click.echo(line)


GAMES_HEAD = ("game", "ruleset", "status", "events", "scores", "seats", "forked from")
GAMES_LEFT = {0, 1, 2, 4, 5, 6}
"""Every column but the count of events reads from the left."""


def _game_row(game: Any) -> list[str]:
    scores = " ".join(map(str, (game.result or {}).get("scores", []))) or "-"
    fork = f"{game.parent_id}@{game.fork_at}" if game.parent_id else "-"
    row = [str(game.game_id), game.ruleset, game.status, str(game.version), scores]
    return [*row, seats_text(game.seat_info), fork]


def seats_text(seat_info: list[Any]) -> str:
    """Who plays each seat, in seat order: a player's name, ``bot:NAME`` or ``open``."""
    return ", ".join(_seat_text(s) for s in seat_info) or "-"


def _seat_text(seat: Any) -> str:
    kind = seat.get("kind") if isinstance(seat, dict) else None
    if kind == "player":
        return str(seat.get("player"))
    if kind == "bot":
        return f"bot:{seat.get('bot')}"
    return "open"


def _game_json(game: Any) -> dict[str, Any]:
    return {
        "game_id": str(game.game_id),
        "ruleset": game.ruleset,
        "rules_version": game.rules_version,
        "status": game.status,
        "seats": game.seats,
        "seat_info": game.seat_info,
        "events": game.version,
        "result": game.result,
        "parent_id": str(game.parent_id) if game.parent_id else None,
        "fork_at": game.fork_at,
        "created_at": game.created_at.isoformat(),
    }


@click.command(short_help="Show a game's board, scores and lineage.")
@click.argument("game")
@click.option("--at", type=click.IntRange(0), help="Show the game after event N.")
@click.option("--seat", type=click.IntRange(0), help="As this seat sees it.")
@click.option("--spectator", is_flag=True, help="As a spectator sees it.")
@json_option
@reports_errors
def show(game: str, at: int | None, seat: int | None, spectator: bool, as_json: bool) -> None:
    """Show a game: its board with a legend, each seat's score (total and breakdown), its
    clocks, resignations, takebacks and how it ended (live play), and its fork lineage.

    Without --seat, the game is shown as a spectator sees it: what is public while it runs,
    everything once it is over. An event past the end or a seat the game does not have is
    refused (exit 2).

    GAME is a game id or a unique start of one.

    Example: cairn show 0b7c6f0e --at 40 --seat 1
    """
    viewer = viewer_option(seat, spectator)
    with application() as app:
        trail = trail_from_store(app.store, game_ref(app.store, game))
        shown = position(trail, at, viewer, app.store)
        seat_info = trail.game.seat_info
    if as_json:
        emit_json(shown)
        return
    click.echo(_header(shown))
    click.echo(f"seats: {seats_text(seat_info)}")
    click.echo(shown["board"])
    if shown["legend"]:
        click.echo(legend_line(shown["legend"]))
    _echo_scores(shown)
    for line in live_lines(shown["live"]):
        click.echo(line)
    for link in shown["lineage"]:
        click.echo(f"forked from {link['parent_id']} at event {link['fork_at']}")


def _header(shown: dict[str, Any]) -> str:
    if shown["viewer"] is not None:
        who = f"seat {shown['viewer']}"
    else:
        who = "spectator" + (" (the whole log is public)" if "seats" in shown else "")
    acting = ", ".join(map(str, shown["to_act"])) or "nobody"
    return (
        f"{shown['ruleset']} game {shown['game_id']} ({shown['status']}), after event"
        f" {shown['at']} of {shown['events']}, as {who}; to act: {acting}"
    )


def _breakdown(points: dict[str, Any]) -> str:
    parts = ", ".join(f"{k} {v}" for k, v in points.items() if v)
    return f" ({parts})" if parts else ""


def _echo_scores(shown: dict[str, Any]) -> None:
    result = shown["result"]
    if result is None:
        if shown["scores"]:
            click.echo("running scores (total, then by category):")
            for score in shown["scores"]:
                points = _breakdown(score["breakdown"])
                click.echo(f"  seat {score['seat']}: total {score['total']}{points}")
        return
    click.echo("final result (total, rank, then by category):")
    for seat, (score, rank) in enumerate(zip(result["scores"], result["ranks"], strict=True)):
        click.echo(
            f"  seat {seat}: total {score}, rank {rank}{_breakdown(result['breakdown'][seat])}"
        )
    for key, value in (result.get("verdict") or {}).items():
        click.echo(f"  {key}: {value}")
