"""``cairn db distribute``: place every table on a Citus coordinator (store/placement.py)."""

from __future__ import annotations

import click
import psycopg

from cli.common import emit_json, json_option
from cli.database import ensure_schema, reaching_database, resolve_url
from service.store.placement import PLACEMENT, distribute, is_citus, mismatches, plan


@click.command("distribute")
@click.option("--dry-run", is_flag=True, help="Print the SQL that would run, and run nothing.")
@click.option(
    "--grant",
    metavar="ROLE",
    help="Also grant ROLE (the service's role: neither owner nor superuser) the use of every"
    " table, on every node.",
)
@json_option
def db_distribute(dry_run: bool, grant: str | None, as_json: bool) -> None:
    """Place every table on Citus: distributed by game or league (co-located), reference, or
    local, as service/store/placement.py lists them. Run on the coordinator after
    `cairn db upgrade`; running it again does nothing more.

    Example: DATABASE_URL=postgresql://postgres@127.0.0.1:9700/cairn cairn db distribute --dry-run
    """
    url = resolve_url()
    ensure_schema(url, migrate=False)
    with reaching_database(), psycopg.connect(url, autocommit=True) as conn:
        if not is_citus(conn):
            raise click.ClickException(
                "this database has no Citus extension: `cairn db distribute` runs on a Citus"
                " coordinator (docs/scaling.md)"
            )
        try:
            statements = plan(conn, grant)
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
        if not dry_run:
            try:
                distribute(conn, statements)
            except psycopg.Error as exc:
                first = str(exc).strip().splitlines()[0]
                raise click.ClickException(f"distributing failed: {first}") from None
        problems = [] if dry_run else mismatches(conn)
    if as_json:
        emit_json(
            {
                "statements": statements,
                "executed": not dry_run,
                "placement": {name: place.kind for name, place in PLACEMENT.items()},
                "problems": problems,
            }
        )
    else:
        for statement in statements:
            click.echo(statement + ";")
        if not dry_run:
            done = "already placed" if not statements else f"{len(statements)} statements run"
            click.echo(f"-- {len(PLACEMENT)} tables placed as PLACEMENT says ({done})", err=True)
        elif not statements:
            click.echo(
                f"-- nothing to run: all {len(PLACEMENT)} tables are placed already", err=True
            )
    if problems:
        raise click.ClickException("the catalog still differs: " + "; ".join(problems))
