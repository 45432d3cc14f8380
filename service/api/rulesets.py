"""GET /rulesets, /rulesets/{ruleset} and a ruleset's content packs: what can be played,
with options, commands, and everything a client needs to draw a game."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Response, get
from litestar.params import FromPath, HeaderParameter

from domain.core import Ruleset, registry
from domain.core.liveplay import LIVE_OPTIONS
from domain.core.options import Option
from domain.core.registry import wire_name
from service.api.bodies import (
    ContentPack,
    LiveOptionInfo,
    OptionInfo,
    RulesetDetail,
    RulesetSummary,
    problems,
)
from service.api.games import content_url
from service.application import UnknownContent
from service.command_schemas import command_schema

IMMUTABLE = "public, max-age=31536000, immutable"
"""A content pack never changes under its hash (a changed pack is a new pack)."""


def _summary(ruleset: Ruleset[Any, Any, Any]) -> RulesetSummary:
    return RulesetSummary(
        id=ruleset.id,
        title=ruleset.title,
        rules_version=ruleset.rules_version,
        min_seats=ruleset.min_seats,
        max_seats=ruleset.max_seats,
        bots=sorted(ruleset.bots),
    )


@get(
    "/rulesets",
    operation_id="listRulesets",
    summary="The rulesets this server plays",
    responses=problems(),
    tags=["rulesets"],
)
async def list_rulesets() -> list[RulesetSummary]:
    return [_summary(r) for r in registry.all_rulesets()]


@get(
    "/rulesets/{ruleset_id:str}",
    operation_id="getRuleset",
    summary="A ruleset: its options and defaults, the live options every ruleset takes,"
    " content packs, and a JSON Schema per command",
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
        # The newest last: what a new game plays with.
        content_packs=[
            ContentPack(ruleset.id, p.content_hash, content_url(ruleset.id, p.content_hash))
            for p in ruleset.packs
        ],
        commands={wire_name(t): command_schema(t) for t in ruleset.command_types},
        live_options=[_live_option(o) for o in LIVE_OPTIONS],
    )


def _live_option(option: Option) -> LiveOptionInfo:
    """A live option as ``resolve_options`` judges it: a choice of strings, or an integer
    within its bounds (type from the default, as the check takes it)."""
    low, high = option.bounds if option.bounds is not None else (None, None)
    return LiveOptionInfo(
        name=option.name,
        type="integer" if isinstance(option.default, int) else "string",
        default=option.default,
        description=option.description,
        choices=list(option.choices) or None,
        minimum=low,
        maximum=high,
    )


@get(
    "/rulesets/{ruleset_id:str}/content/{content_hash:str}",
    operation_id="getContent",
    summary="A content pack as a client draws it (maps, tiles, cards), cacheable for ever",
    description="Places are written as everywhere else in the API (on a hex board, axial"
    " `{q, r}` with each hex's sheet label). The answer never changes: it is served with"
    " `Cache-Control: immutable` and the content hash as its ETag.",
    responses=problems(404),
    tags=["rulesets"],
)
async def content(
    ruleset_id: FromPath[str],
    content_hash: FromPath[str],
    if_none_match: Annotated[str | None, HeaderParameter(name="If-None-Match")] = None,
) -> Response[Any]:
    ruleset, pack = _pack(ruleset_id, content_hash)
    etag = f'"{pack.content_hash}"'
    headers = {"Cache-Control": IMMUTABLE, "ETag": etag}
    if if_none_match is not None and etag in {t.strip() for t in if_none_match.split(",")}:
        return Response(None, status_code=304, headers=headers)
    return Response(ruleset.presentation.content(pack), headers=headers)


def served_content(ruleset_id: str, content_hash: str) -> Any:
    """The JSON ``GET /rulesets/{id}/content/{hash}`` answers (the viewer draws from it)."""
    ruleset, pack = _pack(ruleset_id, content_hash)
    return ruleset.presentation.content(pack)


def _pack(ruleset_id: str, content_hash: str) -> tuple[Ruleset[Any, Any, Any], Any]:
    """The newest version of the ruleset holding the pack, and the pack; older versions'
    packs are served too, since their games are still shown."""
    versions = [registry.get(ruleset_id, v) for v in registry.versions(ruleset_id)]
    if not versions:
        registry.get(ruleset_id)  # UnknownRuleset: a 404 naming it
    for ruleset in reversed(versions):
        for pack in ruleset.packs:
            if pack.content_hash == content_hash:
                return ruleset, pack
    raise UnknownContent(f"{ruleset_id} has no content pack {content_hash[:64]}")
