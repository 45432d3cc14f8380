"""The HTTP edge's request and response shapes: strict msgspec structs, nothing else.

Request structs forbid unknown fields (and the OpenAPI document says so), and
``service.api.screening.strict_body`` decodes every request body with msgspec's strict mode
(no "1" for 1, no "true" for true) before the handler sees it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from litestar.openapi.datastructures import ResponseSpec
from msgspec import Meta, Struct

from domain.core import MAX_SEATS
from service.api.live_bodies import LiveClocks

PlayerName = Annotated[str, Meta(min_length=1, max_length=64, pattern=r"^\S(.*\S)?$")]
Secret = Annotated[str, Meta(min_length=1, max_length=256)]
Version = Annotated[int, Meta(ge=0, le=2**31 - 1)]
# Any bot a ruleset registers; which ones a ruleset has is checked against it (400).
BotName = Annotated[str, Meta(min_length=1, max_length=64, pattern=r"^[a-z][a-z0-9_-]*$")]


class OpenSeat(Struct, tag="open", tag_field="kind", forbid_unknown_fields=True):
    """A seat anyone holding its invite code may join."""


class PlayerSeat(Struct, tag="player", tag_field="kind", forbid_unknown_fields=True):
    """A seat given to a named player, who receives its bearer token."""

    player: PlayerName


class BotSeat(Struct, tag="bot", tag_field="kind", forbid_unknown_fields=True):
    """A seat the server plays with one of the ruleset's bots."""

    bot: BotName


SeatSpec = OpenSeat | PlayerSeat | BotSeat
# The platform's limit, which every ruleset's max_seats is within (its own is a 422).
Seats = Annotated[list[SeatSpec], Meta(min_length=1, max_length=MAX_SEATS)]


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
    creator_token: str | None = None
    """Shown once, to whoever created the game: it may abandon the game (docs/live-play.md)."""


class Joined(Struct):
    game_id: str
    seat: int
    token: str


class CommandAccepted(Struct):
    version: int
    events: list[dict[str, Any]]
    is_terminal: bool
    replayed: bool
    to_act: list[int] | None
    """The seats to act after the command, so a client need not read the game to know
    whose turn it is. A replayed answer repeats the first answer's; null only for a key
    recorded before answers named seats."""


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
    options: dict[str, Any] = {}
    seats_taken: int = 0
    """Seats a player or a bot holds; ``seats_free`` are open (the lobby, ?status=open)."""
    seats_free: int = 0


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
    """A game as one viewer sees it; ``view`` is the ruleset's own view for that viewer, and
    ``content_url`` serves the content pack it is drawn with."""

    game_id: str
    ruleset: str
    rules_version: str
    content_hash: str
    content_url: str
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
    live: LiveClocks | None = None


class OptionInfo(Struct):
    name: str
    default: Any
    description: str
    choices: list[Any] | None


class LiveOptionInfo(Struct):
    """A live-play option every ruleset accepts (docs/live-play.md): ``type`` is
    ``string`` (one of ``choices``) or ``integer`` (between ``minimum`` and ``maximum``)."""

    name: str
    type: Literal["string", "integer"]
    default: Any
    description: str
    choices: list[Any] | None = None
    minimum: int | None = None
    maximum: int | None = None


class ContentPack(Struct):
    ruleset: str
    content_hash: str
    url: str


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
    live_options: list[LiveOptionInfo]
    """The same for every ruleset: clocks, timeouts, resignation and takebacks."""


class LegalCommands(Struct):
    seat: int
    version: int
    commands: list[dict[str, Any]]


class Change(Struct):
    """An event appended after the version a refused command expected, that its seat may
    see, in words."""

    seq: int
    type: str
    actor: str | None
    text: str


class Problem(Struct, omit_defaults=True):
    """An RFC 9457 problem; ``code`` is stable, ``title`` is the code in words, ``detail``
    says why in this case. A 409 for a stale ``expected_version`` carries
    ``current_version`` and ``changed``."""

    type: str
    title: str
    status: int
    code: str
    detail: str
    current_version: int | None = None
    changed: list[Change] | None = None
    errors: list[dict[str, Any]] | None = None


class StreamTicket(Struct):
    """A short-lived credential for ``GET /games/{id}/stream?ticket=``, where a browser's
    EventSource cannot send the bearer token."""

    ticket: str
    expires_in: int
    stream_url: str


class ReplayImported(Struct):
    game_id: str
    events: int
    imported: bool
    audit: str


_MEANINGS = {
    400: "Malformed JSON, an unknown field, a wrong type or a value out of range",
    401: "A missing or wrong token",
    403: "Not a seat to act now, or acting for another seat",
    404: "No such game, ruleset, content or event",
    409: "A stale expected_version after which what you may do changed (with"
    " current_version and changed), or a refused fork, export or import",
    413: "The body is too large",
    415: "The body is not of the media type this operation reads",
    422: "A rule violation: its code says which, its detail says why",
    503: "The database is unavailable right now; retry after Retry-After seconds",
}


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """The problem+json responses a handler may give, for the OpenAPI document (503 too:
    any handler may find the database away)."""
    statuses = (*statuses, 503)
    return {
        status: ResponseSpec(
            data_container=Problem,
            description=_MEANINGS[status],
            media_type="application/problem+json",
            generate_examples=False,
        )
        for status in statuses
    }
