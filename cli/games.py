"""``cairn games`` and ``cairn show``: list games, and look at one at any point."""

from __future__ import annotations

from typing import Any

import click

from cli.common import application, emit_json, json_option, reports_errors, viewer_option
from service.review import position
from service.trail import trail_from_store


@click.command()
@click.option("--ruleset", help="Only games of this ruleset, e.g. peninsula.")
@click.option("--status", type=click.Choice(["active", "finished"]), help="Only these games.")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 10_000))
@json_option
@reports_errors
def games(ruleset: str | None, status: str | None, limit: int, as_json: bool) -> None:
    """List games, newest first.

    Example: cairn games --ruleset peninsula --status finished
    """
    with application() as app:
        found = app.store.games(ruleset=ruleset, status=status, limit=limit)
    if as_json:
        for game in found:
            emit_json(_game_json(game))
        return
    if not found:
        click.echo("no games")
    for game in found:
        scores = " ".join(map(str, (game.result or {}).get("scores", []))) or "-"
        fork = f" fork of {game.parent_id}@{game.fork_at}" if game.parent_id else ""
        click.echo(
            f"{game.game_id}  {game.ruleset:<10} {game.status:<8} seats {game.seats}"
            f"  events {game.version:<5} scores {scores}{fork}"
        )


def _game_json(game: Any) -> dict[str, Any]:
    return {
        "game_id": str(game.game_id),
        "ruleset": game.ruleset,
        "rules_version": game.rules_version,
        "status": game.status,
        "seats": game.seats,
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
    """Show a game: its board, scores with their breakdown, and its fork lineage.

    Without --seat or --spectator, a running game is shown as a spectator sees it, and a
    finished one as its organiser sees it (everything).

    Example: cairn show 0b7c6f0e-2f0a-4c39-9a57-3c0e8f1d2a11 --at 40 --seat 1
    """
    viewer = viewer_option(seat, spectator)
    with application() as app:
        trail = trail_from_store(app.store, game)
        shown = position(trail, at, viewer, app.store)
    if as_json:
        emit_json(shown)
        return
    click.echo(_header(shown))
    click.echo(shown["board"])
    _echo_scores(shown)
    for link in shown["lineage"]:
        click.echo(f"forked from {link['parent_id']} at event {link['fork_at']}")


def _header(shown: dict[str, Any]) -> str:
    who = (
        "organiser"
        if "seats" in shown
        else ("spectator" if shown["viewer"] is None else f"seat {shown['viewer']}")
    )
    acting = ", ".join(map(str, shown["to_act"])) or "nobody"
    return (
        f"{shown['ruleset']} game {shown['game_id']} ({shown['status']}), after event"
        f" {shown['at']} of {shown['events']}, as {who}; to act: {acting}"
    )


def _echo_scores(shown: dict[str, Any]) -> None:
    result = shown["result"]
    if result is None:
        if shown["scores"] is not None:
            click.echo(
                "scores so far: "
                + ", ".join(f"seat {i} {s}" for i, s in enumerate(shown["scores"]))
            )
        return
    click.echo("final result:")
    for seat, (score, rank) in enumerate(zip(result["scores"], result["ranks"], strict=True)):
        parts = ", ".join(f"{k} {v}" for k, v in result["breakdown"][seat].items())
        click.echo(f"  seat {seat}: {score} (rank {rank}){': ' + parts if parts else ''}")
    for key, value in (result.get("verdict") or {}).items():
        click.echo(f"  {key}: {value}")
