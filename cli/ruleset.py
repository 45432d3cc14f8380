"""``cairn ruleset record``: what a ruleset needs recorded for its tests."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import application, emit_json, json_option, reports_errors
from service.recording import plan, write
from service.simulation import parse_options


@click.group()
def ruleset() -> None:
    """Work on a ruleset's recordings (the rulesets themselves: cairn rulesets)."""


@ruleset.command()
@click.argument("ruleset_id", metavar="RULESET")
@click.option("--seats", type=click.IntRange(1), help="Seats (default: 2, within the ruleset's).")
@click.option("--bot", default="greedy", show_default=True, help="The bot playing every seat.")
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="K=V",
    help="A game option (repeatable); V is read as JSON when it can be.",
)
@click.option("--seed", default="golden", show_default=True, help="The game's seed label.")
@click.option("--name", help="The file name, without .ndjson (default: SEATS-seats-BOT).")
@click.option(
    "--into",
    type=click.Path(file_okay=False, path_type=Path),
    help="The folder (default: replays/RULESET, from the repository's root).",
)
@click.option("--replace", is_flag=True, help="Record again over files already there.")
@json_option
@reports_errors
def record(
    ruleset_id: str,
    seats: int | None,
    bot: str,
    options: tuple[str, ...],
    seed: str,
    name: str | None,
    into: Path | None,
    replace: bool,
    as_json: bool,
) -> None:
    """Record a golden replay of RULESET and the viewer's snapshots of it.

    Plays one seeded bot game through the store (DATABASE_URL, or the embedded PostgreSQL),
    exports it to replays/RULESET/NAME.ndjson and draws the board halfway through, as a
    spectator and as seat 0, into replays/RULESET/viewer/NAME-spectator.json and
    NAME-seat0.json. The test suites find them there by ruleset id (the golden-replay and
    viewer tests need at least one of each). Files already there are refused (exit 1)
    unless --replace: a golden replay is a regression test, so say why in the commit.
    With --json, prints one line per file written: {"path", "kind", "bytes"}.

    Example: cairn ruleset record five-peaks --seats 2 --bot greedy --json
    """
    folder = into if into is not None else Path("replays") / ruleset_id
    with application() as app:
        recordings = plan(
            app,
            ruleset_id,
            folder,
            seats=seats,
            bot=bot,
            seed=seed,
            options=parse_options(options),
            name=name,
            replace=replace,
        )
    write(recordings)
    for recording in recordings:
        if as_json:
            emit_json(recording.to_json())
        else:
            click.echo(f"wrote {recording.path} ({recording.kind})")
