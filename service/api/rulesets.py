"""GET /rulesets and /rulesets/{ruleset}: what can be played, with options and commands."""

from __future__ import annotations

from typing import Any

from litestar import get
from litestar.params import FromPath

from domain.core import Ruleset, registry
from domain.core.registry import wire_name
from service.api.bodies import ContentPack, OptionInfo, RulesetDetail, RulesetSummary, problems
from service.command_schemas import command_schema


def _summary(ruleset: Ruleset[Any, Any, Any]) -> RulesetSummary:
    return RulesetSummary(
        id=ruleset.id,
        title=ruleset.title,
        rules_version=ruleset.rules_version,
        min_seats=ruleset.min_seats,
        max_seats=ruleset.max_seats,
        bots=sorted(ruleset.bots),
    )


@get("/rulesets", summary="The rulesets this server plays", tags=["rulesets"])
async def list_rulesets() -> list[RulesetSummary]:
    return [_summary(r) for r in registry.all_rulesets()]


@get(
    "/rulesets/{ruleset_id:str}",
    summary="A ruleset: its options and defaults, content, and a JSON Schema per command",
    responses=problems(404),
    tags=["rulesets"],
)
async def ruleset_detail(ruleset_id: FromPath[str]) -> RulesetDetail:
    ruleset = registry.get(ruleset_id)
    summary = _summary(ruleset)
    return RulesetDetail(
        id=summary.id,
        title=summary.title,
        rules_version=summary.rules_version,
        min_seats=summary.min_seats,
        max_seats=summary.max_seats,
        bots=summary.bots,
        options=[
            OptionInfo(o.name, o.default, o.description, list(o.choices) or None)
            for o in ruleset.options
        ],
        content_packs=[ContentPack(ruleset.id, ruleset.content_hash)],
        commands={wire_name(t): command_schema(t) for t in ruleset.command_types},
    )
