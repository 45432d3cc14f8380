"""Playing a game: the caller's legal commands, sending a command, the event feed, the stream."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Annotated, Any
from uuid import UUID

import anyio
from litestar import get, post
from litestar.di import NamedDependency
from litestar.exceptions import NotAuthorizedException
from litestar.params import FromPath, HeaderParameter, JSONBody, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from domain.core import RuleViolation
from service.api import tickets
from service.api.bodies import (
    CommandAccepted,
    EventPage,
    LegalCommands,
    SendCommand,
    StreamTicket,
    problems,
)
from service.api.games import MAX_SEQ, SEAT, SEAT_OR_SPECTATOR, Authorization
from service.api.hosting import Host
from service.api.screening import strict_body
from service.api.seating import bearer, viewer
from service.application import NotASeat, NotYourTurn, Outcome
from service.application.loading import Loaded
from service.application.visibility import nothing_revealed, revealed_in, shown
from service.logs import logger
from service.store.credentials import token_hash

IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        pattern=r"^[\x21-\x7e]{1,200}$",
        description="retrying with the same key returns the first outcome, appending nothing",
    ),
]
Ticket = Annotated[
    str | None,
    QueryParameter(
        pattern=r"^[0-9A-Za-z._-]{1,128}$",
        description="a stream ticket (POST /games/{id}/stream-tickets), for EventSource",
    ),
]
KEEPALIVE = ServerSentEventMessage(data=None, comment="keep-alive")
"""A comment line and nothing else: a client's message handler never sees it (a message
with empty data would reach it, and ``JSON.parse("")`` throws)."""


@get(
    "/games/{game_id:str}/legal-commands",
    operation_id="getLegalCommands",
    summary="The commands the calling seat may send now",
    responses=problems(400, 401, 404),
    security=SEAT,
    tags=["play"],
    sync_to_thread=True,
)
def legal_commands(
    game_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> LegalCommands:
    return offer_to_seat(host, game_id, authorization)


def offer_to_seat(host: Host, game_id: str, authorization: str | None) -> LegalCommands:
    """The route's work, shared with its plain ASGI form (``service.api.play_asgi``)."""
    game, seat = host.seat(game_id, authorization)
    loaded = host.cairn.load(game)
    return LegalCommands(seat, loaded.version, host.cairn.legal_commands_of(loaded, seat))


@post(
    "/games/{game_id:str}/commands",
    operation_id="sendCommand",
    summary="Send a command as the token's seat; returns the new version and your events",
    description="A stale expected_version is refused (409) only if what the seat may do"
    " changed since that version; the 409 lists what changed (docs/api.md).",
    responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
    security=SEAT,
    tags=["play"],
    status_code=200,
    sync_to_thread=True,
    before_request=strict_body,
)
def send_command(
    game_id: FromPath[str],
    data: JSONBody[SendCommand],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    idempotency_key: IdempotencyKey = None,
) -> CommandAccepted:
    return send_as_seat(host, game_id, data, authorization, idempotency_key)


def send_as_seat(
    host: Host, game_id: str, data: SendCommand, authorization: str | None, key: str | None
) -> CommandAccepted:
    """The route's work once its body passed ``strict_body``, shared with its plain ASGI
    form (``service.api.play_asgi``)."""
    game, seat = host.seat(game_id, authorization)
    kind = str(data.command.get("type"))[:64]
    log = logger().bind(seat=seat, command=kind)
    try:
        outcome = _act(host, game, seat, data, key)
    except Exception as exc:
        log.info(
            "command.refused", outcome="refused", code=getattr(exc, "code", type(exc).__name__)
        )
        raise
    log.info(
        "command.accepted", outcome="accepted", version=outcome.version, replayed=outcome.replayed
    )
    return answer_to_seat(host, seat, outcome)


def answer_to_seat(host: Host, seat: int, outcome: Outcome) -> CommandAccepted:
    """The seat's answer to an accepted command (``sendCommand`` and the live-play
    commands): the events that seat may see, and the seats to act after it."""
    # Nothing is revealed while a game is live; only a command that ended it, or the replay
    # of an earlier one, needs the game's record to know what became public.
    ended = outcome.is_terminal or outcome.replayed
    store = host.cairn.store
    revealed = revealed_in(store, store.game(outcome.game_id)) if ended else nothing_revealed
    events = shown(outcome.events, seat, revealed)
    to_act = None if outcome.to_act is None else list(outcome.to_act)
    return CommandAccepted(outcome.version, events, outcome.is_terminal, outcome.replayed, to_act)


def _act(host: Host, game_id: UUID, seat: int, data: SendCommand, key: str | None) -> Outcome:
    claimed = data.command.get("seat", seat)
    if claimed != seat or isinstance(claimed, bool):
        raise NotASeat(f"your token is seat {seat}'s; it cannot act for seat {claimed}")
    try:
        return host.cairn.act(game_id, seat, data.command, data.expected_version, key, _may_act)
    except RuleViolation as exc:
        if exc.code == "not_your_turn":
            raise NotYourTurn(exc.message) from None  # the turn moved on after the check
        raise


def _may_act(loaded: Loaded, seat: int) -> None:
    """403 for acting out of turn (a ruleset's own refusal would be a 422)."""
    ruleset, state = loaded.ruleset, loaded.state
    if not ruleset.is_terminal(state) and seat not in ruleset.to_act(state):
        waiting = ", ".join(map(str, sorted(ruleset.to_act(state)))) or "nobody"
        raise NotYourTurn(f"seat {seat} is not a seat to act now (waiting for: {waiting})")


@get(
    "/games/{game_id:str}/events",
    operation_id="listEvents",
    summary="The events the caller may see; after the end, the whole log with the seed",
    responses=problems(400, 401, 404),
    security=SEAT_OR_SPECTATOR,
    tags=["play"],
    sync_to_thread=True,
)
def events(
    game_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    after: Annotated[int, QueryParameter(ge=0, le=MAX_SEQ)] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100,
) -> EventPage:
    game = host.game(game_id)
    seat = viewer(host.tokens, game, authorization)
    page = host.page(game.game_id, seat, after, limit)
    return EventPage(page.events, page.next_after, page.game.version, page.log_is_public)


@post(
    "/games/{game_id:str}/stream-tickets",
    operation_id="createStreamTicket",
    summary="A short-lived ticket that opens this seat's stream from a browser's EventSource",
    responses=problems(400, 401, 404),
    security=SEAT,
    tags=["play"],
    status_code=200,
    sync_to_thread=True,
)
def stream_ticket(
    game_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> StreamTicket:
    game, seat = host.seat(game_id, authorization)
    token = bearer(authorization)
    assert token is not None  # host.seat answered a seat: there is a token
    ticket = tickets.issue(host.config.ticket_secret, game, seat, token_hash(token))
    url = f"/games/{game}/stream?ticket={ticket}"
    return StreamTicket(ticket, tickets.TICKET_SECONDS, url)


@get(
    "/games/{game_id:str}/stream",
    operation_id="streamEvents",
    summary="Server-sent events of the caller's visible events as they commit",
    description="Each message's id is the event's seq and its data the event as JSON:"
    " reconnect with Last-Event-ID (or after=N) to resume with no gap and no duplicate."
    " An `end` message closes the stream once the game is over. Keep-alives are comment"
    " lines (`: keep-alive`), never messages. A seat authenticates with its bearer token"
    " or, from a browser's EventSource, with a stream ticket in `ticket`; a `revoked`"
    " message closes a seat's stream once that token no longer acts for the seat.",
    responses=problems(400, 401, 404),
    security=[{}, {"seatToken": []}, {"streamTicket": []}],
    tags=["play"],
    media_type="text/event-stream",
)
async def stream(
    game_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    ticket: Ticket = None,
    last_event_id: Annotated[
        str | None, HeaderParameter(name="Last-Event-ID", pattern=r"^\d{1,10}$")
    ] = None,
    after: Annotated[int, QueryParameter(ge=0, le=MAX_SEQ)] = 0,
) -> ServerSentEvent:
    game = await anyio.to_thread.run_sync(host.game, game_id)
    seat: int | None
    holder: str | None = None
    if ticket is not None:
        opened = await anyio.to_thread.run_sync(
            tickets.opened_by, host.config.ticket_secret, game.game_id, ticket, host.tokens.holders
        )
        if opened is None:
            raise NotAuthorizedException(
                "this stream ticket is not valid (any more): get a new one"
            )
        seat, holder = opened
    else:
        seat = await anyio.to_thread.run_sync(viewer, host.tokens, game, authorization)
        token = bearer(authorization)
        holder = None if seat is None or token is None else token_hash(token)
    start = min(int(last_event_id), MAX_SEQ) if last_event_id is not None else after
    return ServerSentEvent(_messages(host, game.game_id, seat, start, holder))


async def _messages(
    host: Host, game_id: UUID, seat: int | None, after: int, holder: str | None = None
) -> AsyncIterator[ServerSentEventMessage]:
    """The stream; a seat's goes on only while ``holder``, the hash of the token it was
    opened with, acts for the seat: a token rotated or revoked since (a player's, say) ends
    it with a ``revoked`` message before anything more of the seat's is sent."""
    with host.live.subscribe(game_id) as wake:
        while True:
            wake.clear()  # before reading: a commit after this read wakes us again
            page = await anyio.to_thread.run_sync(host.page, game_id, seat, after, 200)
            if (
                page.events
                and seat is not None
                and not await _still_held(host, game_id, seat, holder)
            ):
                yield ServerSentEventMessage(
                    data=_json({"reason": "this token no longer acts for the seat"}),
                    event="revoked",
                )
                return
            for event in page.events:
                yield ServerSentEventMessage(data=_json(event), id=event["seq"])
            after = page.next_after
            if page.game.is_finished and after >= page.game.version:
                yield ServerSentEventMessage(
                    data=_json({"version": page.game.version, "result": page.game.result}),
                    event="end",
                )
                return
            if after < page.game.version:
                continue  # more is committed already than one page held
            with anyio.move_on_after(host.config.keepalive_seconds) as waited:
                await wake.wait()
            if waited.cancelled_caught:
                yield KEEPALIVE


async def _still_held(host: Host, game_id: UUID, seat: int, holder: str | None) -> bool:
    held = await anyio.to_thread.run_sync(host.tokens.holders, game_id, seat)
    return holder in held


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
