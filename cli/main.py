"""The ``cairn`` command: serve the API, manage the database, and work with games."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import click

from cli.analyse import analyse
from cli.audit import audit
from cli.compile import compile_
from cli.fork import diff, fork
from cli.games import games, show
from cli.leagues import league
from cli.players import player
from cli.projections import projections
from cli.replay import replay
from cli.ruleset import ruleset
from cli.rulesets import rulesets
from cli.serve import db, serve
from cli.simulate import simulate
from cli.transfer import export, import_
from service.logs import configure


class Cairn(click.Group):
    """The ``cairn`` group: with ``--json``, a failure is also one JSON line on stdout,
    ``{"error": {"code", "exit_code", "message"}}``, besides the line on stderr."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        try:
            result = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as exc:
            if "--json" in argv:
                click.echo(json.dumps({"error": _error(exc)}, ensure_ascii=False))
            if not standalone_mode:
                raise
            exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Exit as exit_:
            if not standalone_mode:
                raise
            sys.exit(exit_.exit_code)
        except click.Abort:
            if not standalone_mode:
                raise
            click.echo("Aborted!", err=True)
            sys.exit(1)
        if not standalone_mode:
            return result
        # click, in its own standalone mode, exits with the code a command exited with
        sys.exit(result if isinstance(result, int) else 0)


LEVELS = ("WARNING", "INFO", "DEBUG")
CODES = {1: "refused", 2: "usage", 3: "not_found", 4: "database_unavailable", 5: "unverifiable"}


def _error(exc: click.ClickException) -> dict[str, Any]:
    return {
        "code": CODES.get(exc.exit_code, "error"),
        "exit_code": exc.exit_code,
        "message": exc.format_message(),
    }


@click.group(cls=Cairn, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cairn")
@click.option(
    "-v",
    "--verbose",
    count=True,
    help="Log more on stderr: -v info, -vv debug (default: warnings only).",
)
def cairn(verbose: int) -> None:
    """Cairn: play, review, audit and fork board games recorded as immutable events.

    Uses DATABASE_URL if set; otherwise a private embedded PostgreSQL under CAIRN_HOME.

    Exit codes: 0 success, 1 a check failed or a request was refused, 2 bad usage, 3 no such
    game, file or ruleset, 4 the database is unavailable, 5 recorded under other rules.

    Logs go to stderr, warnings only unless -v: stdout holds only a command's output.
    """
    # configured here, once per run, so that logs written while a command runs (bots
    # playing a fork) never reach stdout, where --json output goes
    configure(LEVELS[min(verbose, len(LEVELS) - 1)])


cairn.add_command(serve)
cairn.add_command(db)
for command in (rulesets, games, show, replay, audit, fork, diff, export, import_, simulate):
    cairn.add_command(command)
for group in (player, league, projections, ruleset):
    cairn.add_command(group)
cairn.add_command(analyse)
cairn.add_command(compile_)


def main() -> None:
    cairn(prog_name="cairn")


if __name__ == "__main__":
    main()
