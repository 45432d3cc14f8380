"""``cairn fork`` and ``cairn diff``: branch a position, and compare a branch with its parent."""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from cli.common import (
    USAGE,
    CliError,
    application,
    emit_json,
    game_ref,
    json_option,
    reports_errors,
    service,
)
from service.review import diff as diff_games
from service.trail import trail_from_store

SEAT_FORMS = "SEAT=bot:NAME, SEAT=player:NAME or SEAT=open"
BOTS_SETTLE_SECONDS = 3600.0


def _seats(pairs: tuple[str, ...]) -> dict[int, dict[str, Any]]:
    """``--seat`` overrides: seat number -> a seat descriptor (the API's shape)."""
    seats: dict[int, dict[str, Any]] = {}
    for pair in pairs:
        seat, _, who = pair.partition("=")
        kind, _, name = who.partition(":")
        if (
            not seat.isdigit()
            or kind not in ("bot", "player", "open")
            or (kind == "open") == bool(name)
        ):
            raise CliError(f"--seat takes {SEAT_FORMS}, e.g. 1=bot:greedy, not {pair!r}", USAGE)
        seats[int(seat)] = {"kind": kind, kind: name} if name else {"kind": kind}
    return seats


@click.command(short_help="Start a new game from the first N events of a game.")
@click.argument("game")
@click.option("--at", required=True, type=click.IntRange(0), help="Copy the first N events.")
@click.option(
    "--luck",
    type=click.Choice(["same", "reshuffle"]),
    default="reshuffle",
    show_default=True,
    help="Keep the parent's hidden order (public positions only) or redraw it from a new seed.",
)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="S=KIND[:NAME]",
    help="Seat S of the fork: bot:NAME, player:NAME (its token is printed once) or open"
    " (repeatable).",
)
@click.option(
    "--token",
    envvar="CAIRN_SEAT_TOKEN",
    help="A seat token of GAME: needed to fork a position that is not public yet.",
)
@json_option
@reports_errors
def fork(
    game: str, at: int, luck: str, seats: tuple[str, ...], token: str | None, as_json: bool
) -> None:
    """Start a new game from the first N events of GAME and print its id.

    The parent is never touched. With --luck reshuffle every hidden order is drawn again
    from a fresh seed. The same rules as the API's forks apply: a position that is not
    public yet (a live game, or a fork of one) is forked only with one of its seat tokens,
    with reshuffled luck, and every other seat of the fork is a bot. Every bot seat of the
    fork plays until a human must act or the game ends; every human seat gets a fresh token,
    printed once.

    GAME is a game id or a unique start of one; --at past its end is refused (exit 2).

    Example: cairn fork 0b7c6f0e --at 24 --seat 0=bot:greedy
    """
    given = _seats(seats)
    with service(bots=True) as served:
        app = served.cairn
        parent = app.store.game(game_ref(app.store, game))
        if at > parent.version:
            raise CliError(
                f"--at {at} is past the end: the game has {parent.version} events", USAGE
            )
        forked = app.fork(parent.game_id, at, luck, given or None, token)
        if served.bots is not None:
            served.bots.play_out(forked.game_id, BOTS_SETTLE_SECONDS)
        child = app.store.game(forked.game_id)
        after = app.store.read(child.game_id, after=forked.version)
        played = sum(1 for e in after if e.decision_seq == e.seq)
    granted = [dataclasses.asdict(g) for g in forked.seats]
    if as_json:
        emit_json(
            {
                "game_id": str(child.game_id),
                "parent_id": str(parent.game_id),
                "fork_at": forked.fork_at,
                "luck": luck,
                "events": child.version,
                "bot_commands": played,
                "status": child.status,
                "result": child.result,
                "seats": [{k: v for k, v in g.items() if v is not None} for g in granted],
            }
        )
        return
    click.echo(str(child.game_id))
    click.echo(
        f"forked {parent.game_id} at event {forked.fork_at} ({luck} luck); {child.version}"
        f" events, {played} bot commands, {child.status}",
        err=True,
    )
    # Shown once: only their hashes are stored.
    for seat in forked.seats:
        if seat.token is not None:
            click.echo(f"seat {seat.seat} token {seat.token} ({seat.player})")
        if seat.invite is not None:
            click.echo(f"seat {seat.seat} invite {seat.invite}")


@click.command(short_help="Compare two games: where their moves part, how they end.")
@click.argument("game_a")
@click.argument("game_b")
@click.option(
    "--limit", default=20, show_default=True, type=click.IntRange(1), help="Moves listed."
)
@json_option
@reports_errors
def diff(game_a: str, game_b: str, limit: int, as_json: bool) -> None:
    """Compare two games, typically a fork and its parent: their common prefix, every move
    where they part after it (the n-th move by a seat in each game, where the two differ;
    the system's decisions, such as a fork's reseed, are not moves), and each seat's score
    at the end of each.

    Example: cairn diff 0b7c6f0e-2f0a-4c39-9a57-3c0e8f1d2a11 5d1e9a3b-7c44-4f6e-8a21-9b0d3c2e1f00
    """
    with application() as app:
        a = trail_from_store(app.store, game_ref(app.store, game_a))
        b = trail_from_store(app.store, game_ref(app.store, game_b))
        found = diff_games(app.store, a, b).to_json()
    if as_json:
        emit_json(found)
        return
    a_id, b_id = found["games"]
    click.echo(f"A {a_id}\nB {b_id}")
    click.echo(f"common prefix: {found['common_prefix']} events")
    if found["diverges_at"] is None:
        click.echo("the games are identical")
    else:
        click.echo(f"first divergence at event {found['diverges_at']}")
    moves = found["moves_apart"]
    if moves:
        click.echo(f"{len(moves)} move(s) apart after the prefix:")
    for apart in moves[:limit]:
        click.echo(f"  move {apart['move']}:")
        for name in ("a", "b"):
            click.echo(f"    {name.upper()} {_told(apart[name])}")
    if len(moves) > limit:
        click.echo(f"  ... and {len(moves) - limit} more (--limit)")
    click.echo("scores at the end (A vs B):")
    for score in found["scores"]:
        gap = "" if None in (score["a"], score["b"]) else f" ({score['b'] - score['a']:+d})"
        click.echo(f"  seat {score['seat']}: {score['a']} vs {score['b']}{gap}")
    for name, result in zip("AB", found["results"], strict=True):
        click.echo(f"  {name}: {'finished' if result else 'not finished'}")


def _told(move: dict[str, Any] | None) -> str:
    if move is None:
        return "(no such move: the game had ended)"
    who = "system" if move["actor"] == "system" else str(move["actor"]).replace(":", " ")
    return f"event {move['seq']}, {who}: {move['text']}"
