"""``cairn rulesets``: what this engine plays, with every version, option and bot."""

from __future__ import annotations

from typing import Any

import click

from cli.common import emit_json, json_option, reports_errors
from domain.core import Ruleset, registry
from domain.games import load_all


def described(ruleset: Ruleset[Any, Any, Any]) -> dict[str, Any]:
    kind = ruleset.game_type
    return {
        "ruleset": ruleset.id,
        "title": ruleset.title,
        "rules_version": ruleset.rules_version,
        "versions": list(registry.versions(ruleset.id)),
        "seats": [kind.min_seats, kind.max_seats],
        "dynamics": kind.dynamics,
        "information": kind.information,
        "chance": kind.chance,
        "hidden": {h.name: h.holder for h in ruleset.presentation.hidden},
        "bots": sorted(ruleset.bots),
        "content": ruleset.content_hash,
        "options": [
            {"name": o.name, "default": o.default, "choices": list(o.choices)}
            for o in ruleset.options
        ],
    }


@click.command()
@json_option
@reports_errors
def rulesets(as_json: bool) -> None:
    """List the rulesets this engine plays: versions, seats, bots and options.

    New games get the newest rules version; games recorded under older ones keep theirs.

    Example: cairn rulesets --json
    """
    load_all()
    for ruleset in registry.all_rulesets():
        info = described(ruleset)
        if as_json:
            emit_json(info)
            continue
        low, high = info["seats"]
        click.echo(
            f"{ruleset.id} ({ruleset.title}) rules {ruleset.rules_version}"
            f" [versions {', '.join(info['versions'])}], {low}-{high} seats,"
            f" {info['dynamics']}, bots: {', '.join(info['bots'])}"
        )
        for option in ruleset.options:
            choices = f" one of {', '.join(map(str, option.choices))}" if option.choices else ""
            click.echo(f"    --option {option.name}=  (default {option.default}){choices}")
