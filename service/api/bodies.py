"""The HTTP edge's request and response shapes: strict msgspec structs, nothing else.

Request structs forbid unknown fields, and ``strict_body`` decodes every request body with
msgspec's strict mode (no "1" for 1, no "true" for true) before the handler sees it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from litestar import Request
from litestar.exceptions import ValidationException
from litestar.openapi.datastructures import ResponseSpec
from msgspec import Meta, Struct

PlayerName = Annotated[str, Meta(min_length=1, max_length=64, pattern=r"^\S(.*\S)?$")]
Secret = Annotated[str, Meta(min_length=1, max_length=256)]
Version = Annotated[int, Meta(ge=0, le=2**31 - 1)]
BotName = Literal["random", "greedy"]


class OpenSeat(Struct, tag="open", tag_field="kind", forbid_unknown_fields=True):
    """A seat anyone holding its invite code may join."""


class PlayerSeat(Struct, tag="player", tag_field="kind", forbid_unknown_fields=True):
    """A seat given to a named player, who receives its bearer token."""

    player: PlayerName


class BotSeat(Struct, tag="bot", tag_field="kind", forbid_unknown_fields=True):
    """A seat the server plays with one of the ruleset's bots."""

    bot: BotName


SeatSpec = OpenSeat | PlayerSeat | BotSeat
Seats = Annotated[list[SeatSpec], Meta(min_length=1, max_length=16)]


class CreateGame(Struct, forbid_unknown_fields=True):
    ruleset: Annotated[str, Meta(min_length=1, max_length=64)]
    seats: Seats
    options: dict[str, Any] = {}
    setup: dict[str, Any] | None = None


class JoinGame(Struct, forbid_unknown_fields=True):
    invite: Secret
    player: PlayerName


class SendCommand(Struct, forbid_unknown_fields=True):
    command: dict[str, Any]
    expected_version: Version | None = None


class ForkGame(Struct, forbid_unknown_fields=True):
    at: Version
    luck: Literal["same", "reshuffle"] = "reshuffle"
    seats: Seats | None = None


class SeatGrant(Struct, omit_defaults=True):
    """A seat of a new game; ``token`` and ``invite`` are shown once and never again."""

    seat: int
    kind: str
    player: str | None = None
    bot: str | None = None
    token: str | None = None
    invite: str | None = None


class GameCreatedBody(Struct):
    game_id: str
    ruleset: str
    version: int
    seats: list[SeatGrant]
    parent_id: str | None = None
    fork_at: int | None = None


class Joined(Struct):
    game_id: str
    seat: int
    token: str


class CommandAccepted(Struct):
    version: int
    events: list[dict[str, Any]]
    is_terminal: bool
    replayed: bool


class EventPage(Struct):
    events: list[dict[str, Any]]
    next_after: int
    version: int
    log_is_public: bool


class GameSummary(Struct):
    game_id: str
    ruleset: str
    status: str
    version: int
    seats: list[dict[str, Any]]
    created_at: str
    finished_at: str | None
    parent_id: str | None
    fork_at: int | None
    result: dict[str, Any] | None


class GameList(Struct):
    games: list[GameSummary]
    limit: int
    offset: int
    next_offset: int | None


class Score(Struct):
    """A seat's running score: its total and its points by category."""

    seat: int
    total: int
    breakdown: dict[str, int]


class GameView(Struct):
    """A game as one viewer sees it; ``view`` is the ruleset's own view for that viewer."""

    game_id: str
    ruleset: str
    rules_version: str
    version: int
    status: str
    phase: str
    scores: list[Score]
    to_act: list[int]
    is_terminal: bool
    result: dict[str, Any] | None
    seat: int | None
    view: dict[str, Any]
    seats: list[dict[str, Any]]
    parent_id: str | None
    fork_at: int | None
    created_at: str


class OptionInfo(Struct):
    name: str
    default: Any
    description: str
    choices: list[Any] | None


class ContentPack(Struct):
    ruleset: str
    content_hash: str


class RulesetSummary(Struct):
    id: str
    title: str
    rules_version: str
    min_seats: int
    max_seats: int
    bots: list[str]


class RulesetDetail(Struct):
    id: str
    title: str
    rules_version: str
    min_seats: int
    max_seats: int
    bots: list[str]
    options: list[OptionInfo]
    content_packs: list[ContentPack]
    commands: dict[str, dict[str, Any]]


class LegalCommands(Struct):
    seat: int
    version: int
    commands: list[dict[str, Any]]


async def strict_body(request: Request[Any, Any, Any]) -> None:
    """Before-request hook: decode the body strictly into the handler's ``data`` type.

    Litestar converts bodies leniently; a strict pass first turns every wrong type, unknown
    field or malformed document into a 400 problem before anything runs.
    """
    parameter = request.route_handler.parsed_fn_signature.parameters.get("data")
    if parameter is None:
        return
    body = await request.body()
    try:
        msgspec.json.decode(body, type=parameter.annotation, strict=True)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ValidationException(f"invalid request body: {exc}") from None
    # JSON can only carry U+0000 escaped, so a body without the escape needs no walk.
    if b"\\u0000" in body and _has_nul(msgspec.json.decode(body)):
        # PostgreSQL text and jsonb cannot hold U+0000; refuse it here, not at the INSERT.
        raise ValidationException("invalid request body: text may not contain U+0000")


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


class Problem(Struct, omit_defaults=True):
    """An RFC 9457 problem; ``code`` is stable, ``detail`` is for people."""

    type: str
    title: str
    status: int
    code: str
    detail: str
    current_version: int | None = None
    errors: list[dict[str, Any]] | None = None


_MEANINGS = {
    400: "Malformed JSON, an unknown field, a wrong type or a value out of range",
    401: "A missing or wrong seat token",
    403: "Not a seat to act now, or acting for another seat",
    404: "No such game or ruleset",
    409: "A stale expected_version (with current_version), or a refused fork",
    413: "The body is over 256 KiB",
    422: "A rule violation: its code says which, its detail says why",
}


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """The problem+json responses a handler may give, for the OpenAPI document."""
    return {
        status: ResponseSpec(
            data_container=Problem,
            description=_MEANINGS[status],
            media_type="application/problem+json",
            generate_examples=False,
        )
        for status in statuses
    }
