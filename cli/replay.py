"""``cairn replay``: a game told event by event, with the score after each one."""

from __future__ import annotations

from typing import Any

import click

from cli.common import (
    USAGE,
    CliError,
    application,
    emit_json,
    is_replay_file,
    json_option,
    read_replay_file,
    reports_errors,
)
from service.replays import parse
from service.review import Step, replay_steps
from service.trail import trail_from_store

STEP_HELP = "[Enter/n] next  [b] back  [j N] jump to event N  [q] quit"


@click.command()
@click.argument("target", metavar="GAME|FILE")
@click.option("--from", "start", default=1, type=click.IntRange(1), help="First event shown.")
@click.option("--to", "stop", type=click.IntRange(1), help="Last event shown.")
@click.option("--seat", type=click.IntRange(0), help="Only what this seat could see.")
@click.option("--step", is_flag=True, help="Step through interactively.")
@json_option
@reports_errors
def replay(
    target: str, start: int, stop: int | None, seat: int | None, step: bool, as_json: bool
) -> None:
    """Replay a stored game, or a replay file, in words.

    A running game shows only what a spectator (or --seat) may see.

    Example: cairn replay games/final.ndjson --from 10 --to 30
    """
    if step and as_json:
        raise CliError("--step is interactive; it cannot be combined with --json", USAGE)
    if is_replay_file(target):
        steps = replay_steps(parse(read_replay_file(target)), start=start, stop=stop, viewer=seat)
    else:
        with application() as app:
            trail = trail_from_store(app.store, target)
            steps = replay_steps(trail, start=start, stop=stop, viewer=seat, store=app.store)
    if as_json:
        for s in steps:
            emit_json(s.to_json())
    elif step:
        _step_through(steps)
    else:
        for s in steps:
            click.echo(_line(s))


def _line(step: Step) -> str:
    scores = "" if step.scores is None else "   score " + _scores(step.scores)
    return f"{step.seq:>5}  {step.text}{scores}"


def _scores(scores: list[dict[str, Any]]) -> str:
    """Running totals labelled by seat: "seat 0: 12, seat 1: 9"."""
    return ", ".join(f"seat {s['seat']}: {s['total']}" for s in scores)


def _step_through(steps: list[Step]) -> None:
    if not steps:
        click.echo("no events to show")
        return
    click.echo(STEP_HELP)
    index = 0
    while True:
        click.echo(_line(steps[index]))
        answer = click.prompt(">", default="n", show_default=False).strip().lower()
        if answer in ("q", "quit"):
            return
        if answer in ("b", "back"):
            index = max(0, index - 1)
        elif answer.startswith("j"):
            index = _jump(steps, answer, index)
        elif answer in ("n", "next"):
            if index == len(steps) - 1:
                click.echo("(end of the game)")
                return
            index += 1
        else:
            click.echo(STEP_HELP)


def _jump(steps: list[Step], answer: str, index: int) -> int:
    words = answer.split()
    if len(words) != 2 or not words[1].isdigit():
        click.echo("jump needs an event number, e.g. j 12")
        return index
    target = int(words[1])
    return next((i for i, s in enumerate(steps) if s.seq >= target), len(steps) - 1)
