"""GET /rulesets and /rulesets/{ruleset}: what can be played, with options and commands."""

from __future__ import annotations

from typing import Any

from litestar import get
from litestar.params import FromPath

from domain.core import Ruleset, registry
from domain.core.registry import wire_name
from service.api.bodies import problems
from service.command_schemas import command_schema


def _summary(ruleset: Ruleset[Any, Any, Any]) -> dict[str, Any]:
    return {
        "id": ruleset.id,
        "title": ruleset.title,
        "rules_version": ruleset.rules_version,
        "min_seats": ruleset.min_seats,
        "max_seats": ruleset.max_seats,
        "bots": sorted(ruleset.bots),
    }


@get("/rulesets", summary="The rulesets this server plays", tags=["rulesets"])
async def list_rulesets() -> list[dict[str, Any]]:
    return [_summary(r) for r in registry.all_rulesets()]


@get(
    "/rulesets/{ruleset_id:str}",
    summary="A ruleset: its options and defaults, content, and a JSON Schema per command",
    responses=problems(404),
    tags=["rulesets"],
)
async def ruleset_detail(ruleset_id: FromPath[str]) -> dict[str, Any]:
    ruleset = registry.get(ruleset_id)
    return {
        **_summary(ruleset),
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "description": o.description,
                "choices": list(o.choices) or None,
            }
            for o in ruleset.options
        ],
        "content_packs": [{"ruleset": ruleset.id, "content_hash": ruleset.content_hash}],
        "commands": {wire_name(t): command_schema(t) for t in ruleset.command_types},
    }
