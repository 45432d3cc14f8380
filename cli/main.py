"""The ``cairn`` command: serve the API, manage the database, and work with games."""

from __future__ import annotations

import click

from cli.serve import db, serve


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cairn")
def cairn() -> None:
    """Cairn: play, review, audit and fork board games recorded as immutable events.

    Uses DATABASE_URL if set; otherwise a private embedded PostgreSQL under CAIRN_HOME.
    """


cairn.add_command(serve)
cairn.add_command(db)


def main() -> None:
    cairn(prog_name="cairn")


if __name__ == "__main__":
    main()
