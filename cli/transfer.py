"""``cairn export`` and ``cairn import``: move finished games as replay files."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import (
    application,
    emit_json,
    game_ref,
    json_option,
    read_replay_file,
    reports_errors,
)
from service.replays import export_game, import_replay


@click.command("export")
@click.argument("game")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    help="Write to FILE instead of standard output.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="With -o, print a JSON summary (the file itself is always NDJSON).",
)
@reports_errors
def export(game: str, output: str | None, as_json: bool) -> None:
    """Export a finished game as a replay file (docs/replay-format.md).

    A game that is not over, or a fork of one that is not over, is refused: its file would
    reveal hidden information.

    Example: cairn export 0b7c6f0e-2f0a-4c39-9a57-3c0e8f1d2a11 -o final.ndjson
    """
    with application() as app:
        text = export_game(app.store, game_ref(app.store, game))
    if output is None:
        click.echo(text, nl=False)
        return
    Path(output).write_bytes(text.encode("utf-8"))
    if as_json:
        emit_json({"game_id": game, "file": output, "lines": text.count("\n")})
    else:
        click.echo(f"wrote {output}", err=True)


@click.command("import", short_help="Import a replay file, validated first.")
@click.argument("file", type=click.Path(dir_okay=False))
@json_option
@reports_errors
def import_(file: str, as_json: bool) -> None:
    """Import a replay file: its chain, commitment and a full audit are checked first.

    A corrupt or truncated file is refused with its line number and nothing is stored.
    Importing the same file again changes nothing and succeeds.

    Example: cairn import final.ndjson
    """
    text = read_replay_file(file)
    with application() as app:
        imported = import_replay(app.store, text, source=Path(file).name)
    if as_json:
        emit_json(imported.to_json())
        return
    done = "imported" if imported.created else "already stored"
    click.echo(f"{imported.game_id}: {done} ({imported.events} events, audit clean)")
