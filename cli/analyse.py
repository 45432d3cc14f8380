"""``cairn analyse``: a game's win-probability graph, or move hints at one position."""

from __future__ import annotations

import sys
from typing import Any

import click

from cli.common import (
    INTERRUPTED,
    CliError,
    application,
    emit_json,
    game_ref,
    json_option,
    reports_errors,
)
from service import compiled
from service.analysis import Request, compute, prepare
from service.analysis.jobs import default_jobs
from service.analysis.request import DEFAULT_BOT, DEFAULT_ROLLOUTS, DEFAULT_SEED, DEFAULT_TOP, Kind
from service.store.analyses import DONE


@click.command()
@click.argument("game")
@click.option(
    "--rollouts",
    default=DEFAULT_ROLLOUTS,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Rollouts per decision point (hints: per command).",
)
@click.option("--bot", default=DEFAULT_BOT, show_default=True, help="The bot playing every seat.")
@click.option("--at", type=click.IntRange(0), help="Hints at the position after event N.")
@click.option("--top", default=DEFAULT_TOP, show_default=True, type=click.IntRange(1, 64))
@click.option("--jobs", type=click.IntRange(1), help="Processes (default: every core).")
@click.option("--seed", default=DEFAULT_SEED, show_default=True, help="The analysis seed.")
@click.option("--seat", type=click.IntRange(0), help="Analyse a live game as this seat knows it.")
@json_option
@reports_errors
def analyse(
    game: str,
    rollouts: int,
    bot: str,
    at: int | None,
    top: int,
    jobs: int | None,
    seed: str,
    seat: int | None,
    as_json: bool,
) -> None:
    """Each seat's win share and mean final score at every decision of GAME, from bot
    rollouts on reshuffled luck; with --at N, the commands of the seat deciding there,
    best first. A live game is analysed from what its spectators (or --seat S) may know.
    Results are cached: the same analysis again is read back, not played again.
    Ctrl-C stops it (exit 130); nothing is saved.

    With --json, prints the result as one JSON object (docs/analysis.md).

    Example: cairn analyse 0b5e… --rollouts 100 --bot greedy --jobs 2 --seed 7 --json
    """
    kind: Kind = "graph" if at is None else "hints"
    request = Request(kind=kind, bot=bot, rollouts=rollouts, seed=seed, at=at, top=top)
    with application() as app:
        prepared = prepare(app.store, game_ref(app.store, game), seat, request)
        analyses = app.store.analyses
        game_id = prepared.scope.trail.game.game_id
        job, _ = analyses.claim(game_id, prepared.key, prepared.body, prepared.total)
        result = job.result if job.status == DONE else None
        if result is None:
            jobs = jobs or default_jobs()
            try:
                with click.progressbar(
                    length=prepared.total, label=_label(), file=sys.stderr
                ) as bar:
                    result = compute(prepared, jobs, bar.update)
            except KeyboardInterrupt:
                # failed, so that the next request (here or in the API) starts it over
                analyses.failed(job, "interrupted")
                raise CliError(
                    "interrupted: the analysis stopped, nothing saved", INTERRUPTED
                ) from None
            analyses.finished(job, result)
    if as_json:
        emit_json(result)
    elif kind == "graph":
        _print_graph(result)
    else:
        _print_hints(result)


def _label() -> str:
    """The progress bar's label, saying whether the workers run the compiled rules (with a
    build they do, ``--jobs 1`` included: one worker process, not this one)."""
    if compiled.built() is not None:
        return "rollouts (compiled rules)"
    return "rollouts"


def _print_graph(result: dict[str, Any]) -> None:
    click.echo(f"{result['ruleset']}  {result['rollouts']} rollouts  bot {result['bot']}")
    seats = len(result["points"][0]["seats"]) if result["points"] else 0
    click.echo(
        f"{'event':>5}  {'decides':<7} "
        + "  ".join(f"{f'seat {s}: win [95%] mean score':<28}" for s in range(seats))
    )
    for point in result["points"]:
        who = "end" if point["seat"] is None else f"seat {point['seat']}"
        shares = "  ".join(
            f"{s['win']:6.1%} [{s['win_low']:.0%}-{s['win_high']:.0%}] {s['score']:6.1f}"
            for s in point["seats"]
        )
        click.echo(f"{point['at']:5}  {who:<7} {shares}")


def _print_hints(result: dict[str, Any]) -> None:
    click.echo(f"seat {result['seat']} after event {result['at']}:")
    click.echo(f"{'rank':>4} {'win':>6} {'[95%]':<9} {'score':>6}  command")
    for hint in result["hints"]:
        mark = "  <- played" if hint["played"] else ""
        click.echo(
            f"{hint['rank']:3}. {hint['win']:6.1%} [{hint['win_low']:.0%}-{hint['win_high']:.0%}]"
            f" {hint['score']:6.1f}  {hint['text']}{mark}"
        )
