"""``cairn projections``: keep, inspect and rebuild what is derived from the feed."""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType

import click

from cli.common import emit_json, json_option
from cli.leaguing import league_errors, leagues
from service.projections import leagues as league_projection
from service.projections import results


@click.group()
def projections() -> None:
    """League results, standings and ratings, kept from the global feed.

    Example: cairn projections run
    """


@projections.command()
@json_option
@league_errors
def status(as_json: bool) -> None:
    """Where each tracked consumer stands in the feed, and how many events it applied.

    Example: cairn projections status --json
    """
    with leagues() as service:
        tracking = service.leagues.cairn.store.tracking
        found = [tracking.status(name) for name in (results.NAME, league_projection.NAME)]
    for s in found:
        row = {
            "name": s.name,
            "cursor": s.cursor,
            "applied": s.applied,
            "updated_at": s.updated_at.isoformat() if s.updated_at else None,
        }
        if as_json:
            emit_json(row)
        else:
            click.echo(f"{s.name:<16} applied {s.applied:<8} cursor {s.cursor or '-'}")


@projections.command()
@json_option
@league_errors
def rebuild(as_json: bool) -> None:
    """Empty the league projection and fold every league event again, in one transaction.

    Example: cairn projections rebuild
    """
    with leagues() as service:
        total = service.leagues.store.count()
        with click.progressbar(
            length=total, label="rebuilding", file=sys.stderr, hidden=as_json or total < 2
        ) as bar:
            applied = service.projection.rebuild(progress=bar.update)
    if as_json:
        emit_json({"name": league_projection.NAME, "applied": applied})
        return
    click.echo(f"rebuilt {league_projection.NAME} from {applied} league events")


@projections.command()
@click.option("--once", is_flag=True, help="Catch up and stop, instead of following the feed.")
@click.option("--every", default=0.5, show_default=True, help="Seconds between looks.")
@json_option
@league_errors
def run(once: bool, every: float, as_json: bool) -> None:
    """Follow the feed: record finished league games' results and keep the projection.

    Safe to run in several processes at once and to kill at any moment: each step commits
    its changes with its cursor, and a restart goes on from the last committed step.

    Example: cairn projections run --once --json
    """
    stop = threading.Event()

    def _stop(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    done = 0
    with leagues() as service:
        while not stop.is_set():
            done += service.catch_up()
            if once:
                break
            stop.wait(every)
    if as_json:
        emit_json({"applied": done})
    elif once:
        click.echo(f"caught up: {done} events read")
