"""``cairn replay``: a game told event by event, with the score after each one."""

from __future__ import annotations

from typing import Any

import click

from cli.common import (
    USAGE,
    CliError,
    application,
    emit_json,
    game_ref,
    is_replay_file,
    json_option,
    legend_line,
    read_replay_file,
    reports_errors,
)
from domain.core import SYSTEM
from service.application.loading import ruleset_for
from service.replays import parse
from service.review import Step, replay_steps
from service.trail import trail_from_store

STEP_HELP = "[→ space enter n] next  [← b] back  [home/end] first/last  [j] jump  [q ctrl-c] quit"
NEXT = {"\x1b[C", " ", "\r", "\n", "n", "l"}
BACK = {"\x1b[D", "b", "h"}
FIRST = {"\x1b[H", "\x1b[1~", "g"}
LAST = {"\x1b[F", "\x1b[4~", "G"}
QUIT = {"q", "Q", "\x1b"}


@click.command()
@click.argument("target", metavar="GAME|FILE")
@click.option("--from", "start", default=1, type=click.IntRange(1), help="First event shown.")
@click.option("--to", "stop", type=click.IntRange(1), help="Last event shown.")
@click.option("--seat", type=click.IntRange(0), help="Only what this seat could see.")
@click.option("--step", is_flag=True, help="Step through the board, one key per event.")
@json_option
@reports_errors
def replay(
    target: str, start: int, stop: int | None, seat: int | None, step: bool, as_json: bool
) -> None:
    """Replay a stored game, or a replay file, in words: each event with who decided it
    (a seat, or the system) and the running scores after it.

    A running game shows only what a spectator (or --seat) may see. --step draws the board
    at each event and steps on single keys: arrows, space or enter, q to quit. A range past
    the end, --from after --to, or a seat the game does not have is refused (exit 2).

    Example: cairn replay games/final.ndjson --from 10 --to 30
    """
    if step and as_json:
        raise CliError("--step is interactive; it cannot be combined with --json", USAGE)
    if is_replay_file(target):
        trail = parse(read_replay_file(target))
        steps = replay_steps(trail, start=start, stop=stop, viewer=seat, boards=step)
    else:
        with application() as app:
            trail = trail_from_store(app.store, game_ref(app.store, target))
            steps = replay_steps(
                trail, start=start, stop=stop, viewer=seat, store=app.store, boards=step
            )
    if as_json:
        for s in steps:
            emit_json(s.to_json())
    elif step:
        _step_through(steps, len(trail.events), ruleset_for(trail.game).presentation.legend)
    else:
        for s in steps:
            click.echo(_line(s))


def _who(actor: str | None) -> str:
    if actor is None or actor == SYSTEM:
        return "system"
    return actor.replace("seat:", "seat ")


def _line(step: Step) -> str:
    scores = "" if step.scores is None else "   running scores: " + _scores(step.scores)
    return f"{step.seq:>5}  {_who(step.actor)}: {step.text}{scores}"


def _scores(scores: list[dict[str, Any]]) -> str:
    """Running totals labelled by seat: "seat 0 12, seat 1 9"."""
    return ", ".join(f"seat {s['seat']} {s['total']}" for s in scores)


def _step_through(steps: list[Step], events: int, legend: str) -> None:
    """One screen per event; a key moves. Stepping past the last event, q or Ctrl-C ends it."""
    if not steps:
        click.echo("no events to show")
        return
    index = 0
    try:
        while True:
            _screen(steps[index], events, legend)
            key = click.getchar()
            if key in QUIT:
                break
            if key in NEXT:
                if index == len(steps) - 1:
                    click.echo("(end of the game)")
                    break
                index += 1
            elif key in BACK:
                index = max(0, index - 1)
            elif key in FIRST:
                index = 0
            elif key in LAST:
                index = len(steps) - 1
            elif key in ("j", "J"):
                index = _jump(steps, index)
    except (KeyboardInterrupt, EOFError):
        click.echo("")
    except OSError as exc:  # no terminal to read keys from
        raise CliError(f"--step needs a terminal: {exc.strerror or exc}", USAGE) from None
    click.echo("(replay closed)")


def _screen(step: Step, events: int, legend: str) -> None:
    click.clear()
    click.echo(f"event {step.seq} of {events}   {STEP_HELP}")
    click.echo("")
    click.echo(step.board or "")
    if legend:
        click.echo(legend_line(legend))
    click.echo("")
    click.echo(_line(step))


def _jump(steps: list[Step], index: int) -> int:
    answer = click.prompt("jump to event", default="", show_default=False).strip()
    if not answer.isdigit():
        return index
    target = int(answer)
    return next((i for i, s in enumerate(steps) if s.seq >= target), len(steps) - 1)
