"""``cairn simulate``: play bot games into the store."""

from __future__ import annotations

import click

from cli.common import application, emit_json, json_option, progress, reports_errors
from service.simulation import parse_options
from service.simulation import simulate as play


@click.command()
@click.argument("ruleset")
@click.option("--games", required=True, type=click.IntRange(1), help="How many games.")
@click.option("--seats", type=click.IntRange(1), help="Seats per game (default: the minimum).")
@click.option(
    "--bot",
    default="random",
    show_default=True,
    help="The bot playing every seat: one the ruleset registers (cairn rulesets lists them).",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="K=V",
    help="A game option (repeatable); V is read as JSON when it can be.",
)
@click.option("--seed", help="Make the run reproducible: game seeds and bot choices follow it.")
@json_option
@reports_errors
def simulate(
    ruleset: str,
    games: int,
    seats: int | None,
    bot: str,
    options: tuple[str, ...],
    seed: str | None,
    as_json: bool,
) -> None:
    """Play N (--games N) bot games of RULESET into the store.

    With --json, prints one line per game:
    {"game_id", "seats", "events", "result": {"scores", "ranks", "breakdown"}}.

    Example: cairn simulate peninsula --games 20 --seats 3 --bot greedy --seed 42 --json
    """
    with application() as app:
        finished = play(app, ruleset, games, seats, bot, parse_options(options), seed)
        for game in progress(finished, games, f"simulating {ruleset}"):
            if as_json:
                emit_json(game.to_json())
            else:
                scores = " ".join(map(str, (game.result or {}).get("scores", [])))
                click.echo(f"{game.game_id}  {game.events} events  scores {scores or '-'}")
