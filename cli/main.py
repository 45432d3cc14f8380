"""The ``cairn`` command: serve the API, manage the database, and work with games."""

from __future__ import annotations

import click

from cli.audit import audit
from cli.fork import diff, fork
from cli.games import games, show
from cli.replay import replay
from cli.rulesets import rulesets
from cli.serve import db, serve
from cli.simulate import simulate
from cli.transfer import export, import_


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cairn")
def cairn() -> None:
    """Cairn: play, review, audit and fork board games recorded as immutable events.

    Uses DATABASE_URL if set; otherwise a private embedded PostgreSQL under CAIRN_HOME.

    Exit codes: 0 success, 1 a check failed or a request was refused, 2 bad usage, 3 no such
    game, file or ruleset, 4 the database is unavailable, 5 recorded under other rules.
    """


cairn.add_command(serve)
cairn.add_command(db)
for command in (rulesets, games, show, replay, audit, fork, diff, export, import_, simulate):
    cairn.add_command(command)


def main() -> None:
    cairn(prog_name="cairn")


if __name__ == "__main__":
    main()
