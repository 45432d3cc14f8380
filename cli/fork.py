"""``cairn fork`` and ``cairn diff``: branch a position, and compare a branch with its parent."""

from __future__ import annotations

from typing import Any

import click

from cli.common import USAGE, CliError, application, emit_json, json_option, reports_errors
from service.application import new_seed
from service.application.visibility import parse_game_id
from service.review import diff as diff_games
from service.trail import trail_from_store


def _seat_bots(pairs: tuple[str, ...]) -> dict[int, str]:
    bots: dict[int, str] = {}
    for pair in pairs:
        seat, _, who = pair.partition("=")
        kind, _, name = who.partition(":")
        if not seat.isdigit() or kind != "bot" or not name:
            raise CliError(f"--seat takes SEAT=bot:NAME, e.g. 1=bot:greedy, not {pair!r}", USAGE)
        bots[int(seat)] = name
    return bots


@click.command(short_help="Start a new game from the first N events of a game.")
@click.argument("game")
@click.option("--at", required=True, type=click.IntRange(0), help="Copy the first N events.")
@click.option(
    "--luck",
    type=click.Choice(["same", "reshuffle"]),
    default="reshuffle",
    show_default=True,
    help="Keep the parent's hidden order (finished games only) or redraw it from a new seed.",
)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="S=bot:NAME",
    help="Let a bot play seat S in the fork (repeatable); bots play at once.",
)
@json_option
@reports_errors
def fork(game: str, at: int, luck: str, seats: tuple[str, ...], as_json: bool) -> None:
    """Start a new game from the first N events of GAME and print its id.

    The parent is never touched. With --luck reshuffle every hidden future order is drawn
    again from a fresh seed. Seats given to bots play until a human must act or it ends.

    Example: cairn fork 0b7c6f0e-2f0a-4c39-9a57-3c0e8f1d2a11 --at 24 --seat 0=bot:greedy
    """
    bots = _seat_bots(seats)
    with application() as app:
        parent = app.store.game(parse_game_id(game))
        bad = sorted(s for s in bots if s >= parent.seats)
        if bad:
            raise CliError(f"the game has seats 0 to {parent.seats - 1}, not {bad[0]}", USAGE)
        seat_info = _with_bots(parent.seat_info, parent.seats, bots) if bots else None
        outcome = app.fork(parent.game_id, at, luck, seat_info=seat_info)
        played = app.play_bots(outcome.game_id, bots, new_seed()) if bots else 0
        child = app.store.game(outcome.game_id)
    if as_json:
        emit_json(
            {
                "game_id": str(child.game_id),
                "parent_id": str(parent.game_id),
                "fork_at": at,
                "luck": luck,
                "events": child.version,
                "bot_commands": played,
                "status": child.status,
                "result": child.result,
            }
        )
        return
    click.echo(str(child.game_id))
    click.echo(
        f"forked {parent.game_id} at event {at} ({luck} luck); {child.version} events,"
        f" {played} bot commands, {child.status}",
        err=True,
    )


def _with_bots(info: list[dict[str, Any]], seats: int, bots: dict[int, str]) -> list[Any]:
    """The parent's seat descriptors, with the bot seats replaced (the API's shape)."""
    padded = [*info, *({} for _ in range(seats - len(info)))][:seats]
    return [{"kind": "bot", "bot": bots[s]} if s in bots else dict(d) for s, d in enumerate(padded)]


@click.command(short_help="Compare two games: common prefix, divergence, results.")
@click.argument("game_a")
@click.argument("game_b")
@json_option
@reports_errors
def diff(game_a: str, game_b: str, as_json: bool) -> None:
    """Compare two games, typically a fork and its parent: their common prefix, the first
    event where they part, and both results.

    Example: cairn diff 0b7c6f0e-2f0a-4c39-9a57-3c0e8f1d2a11 5d1e9a3b-7c44-4f6e-8a21-9b0d3c2e1f00
    """
    with application() as app:
        a = trail_from_store(app.store, game_a)
        b = trail_from_store(app.store, game_b)
        found = diff_games(app.store, a, b).to_json()
    if as_json:
        emit_json(found)
        return
    click.echo(f"common prefix: {found['common_prefix']} events")
    if found["diverges_at"] is None:
        click.echo("the games are identical")
    else:
        click.echo(f"first divergence at event {found['diverges_at']}:")
        for name, told in zip(found["games"], found["first"], strict=True):
            text = f"{told['text']} ({told['type']})" if told else "(no event: the game ends)"
            click.echo(f"  {name}: {text}")
    click.echo("results:")
    for name, result in zip(found["games"], found["results"], strict=True):
        scores = " ".join(map(str, result["scores"])) if result else "not finished"
        click.echo(f"  {name}: {scores}")
