"""Live play over HTTP: resign, take back, answer a takeback, return to a seat, abandon.

A seat's live commands are its own commands (its bearer token, ``Application.act``), so
idempotency keys, expected versions and problem+json refusals work as for any command.
Abandoning is the system's decision, asked for by the game's creator (the token the
creation answered with), an organiser of the game's league (a casual game has none) or the
service's admin token (docs/live-play.md, docs/leagues.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import anyio
from litestar import Response, post
from litestar.datastructures import ResponseHeader
from litestar.di import NamedDependency
from litestar.exceptions import NotAuthorizedException
from litestar.params import FromPath, JSONBody

from domain.core.live import AnswerTakeback, Resign, ReturnToSeat, TakeBack
from service.api.bodies import CommandAccepted, problems
from service.api.games import SEAT, Authorization
from service.api.hosting import Host
from service.api.leaguing import service_of
from service.api.live_bodies import (
    AbandonGame,
    AnswerTakebackBody,
    AskTakeback,
    GameAbandoned,
    RegisterWebhook,
    WebhookRegistered,
)
from service.api.play import IdempotencyKey, answer_to_seat
from service.api.screening import strict_body
from service.api.seating import bearer
from service.application import live
from service.application.players import NotALeagueOrganiser, NotAnOrganiser
from service.application.targets import check_target
from service.logs import logger

ANYONE_WHO_MAY_ABANDON: list[dict[str, list[str]]] = [
    {"creatorToken": []},
    {"playerToken": []},
    {"adminToken": []},
]


def _seat_command(
    host: Host,
    game_id: str,
    authorization: str | None,
    key: str | None,
    command: Callable[[int], Any],
) -> CommandAccepted:
    """``command(seat)`` decided for the token's seat, as ``sendCommand`` decides one."""
    game, seat = host.seat(game_id, authorization)
    made = command(seat)
    outcome = host.cairn.act(game, seat, made, None, key)
    logger().info("live.command", game_id=str(game), seat=seat, command=made.NAME)
    return answer_to_seat(host, seat, outcome)


COMMON: dict[str, Any] = {
    "responses": problems(400, 401, 404, 409, 413, 415, 422),
    "security": SEAT,
    "tags": ["live"],
    "status_code": 200,
    "sync_to_thread": True,
}


@post(
    "/games/{game_id:str}/resign",
    operation_id="resign",
    summary="Resign the token's seat: at 2 seats the other wins; with more, a bot plays on",
    before_request=strict_body,
    **COMMON,
)
def resign(
    game_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    idempotency_key: IdempotencyKey = None,
) -> CommandAccepted:
    return _seat_command(host, game_id, authorization, idempotency_key, _resign)


@post(
    "/games/{game_id:str}/takebacks",
    operation_id="takeBack",
    summary="Take back the token's seat's last decisions, if nothing hidden was revealed since",
    description="Refused with `revealed_since`, `not_your_decision`, `nothing_to_take_back`,"
    " `too_far`, `takebacks_off` or `takeback_pending`. In a game created with"
    " `takebacks: consent` this asks the other seats, who answer with answerTakeback.",
    before_request=strict_body,
    **COMMON,
)
def take_back(
    game_id: FromPath[str],
    data: JSONBody[AskTakeback],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    idempotency_key: IdempotencyKey = None,
) -> CommandAccepted:
    def command(seat: int) -> TakeBack:
        return TakeBack(seat=seat, decisions=data.decisions)

    return _seat_command(host, game_id, authorization, idempotency_key, command)


@post(
    "/games/{game_id:str}/takebacks/answer",
    operation_id="answerTakeback",
    summary="Agree to, or refuse, the takeback another seat asked for",
    before_request=strict_body,
    **COMMON,
)
def answer_takeback(
    game_id: FromPath[str],
    data: JSONBody[AnswerTakebackBody],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    idempotency_key: IdempotencyKey = None,
) -> CommandAccepted:
    def command(seat: int) -> AnswerTakeback:
        return AnswerTakeback(seat=seat, accept=data.accept)

    return _seat_command(host, game_id, authorization, idempotency_key, command)


@post(
    "/games/{game_id:str}/return",
    operation_id="returnToSeat",
    summary="Come back to a seat a bot played after it timed out",
    before_request=strict_body,
    **COMMON,
)
def return_to_seat(
    game_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    idempotency_key: IdempotencyKey = None,
) -> CommandAccepted:
    return _seat_command(host, game_id, authorization, idempotency_key, _return)


@post(
    "/games/{game_id:str}/abandon",
    operation_id="abandonGame",
    summary="End a game with no winner, with a reason (its creator, its league's organisers,"
    " the admin)",
    responses=problems(400, 401, 403, 404, 413, 415, 422),
    security=ANYONE_WHO_MAY_ABANDON,
    tags=["live"],
    status_code=200,
    sync_to_thread=True,
    before_request=strict_body,
)
def abandon(
    game_id: FromPath[str],
    data: JSONBody[AbandonGame],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> GameAbandoned:
    game = host.game(game_id)
    by = _abandoner(host, game.game_id, bearer(authorization))
    stored = live.abandon(host.cairn, game.game_id, by, data.reason)
    logger().info("live.abandoned", game_id=str(game.game_id), by=by)
    return GameAbandoned(stored[-1].seq, by, True)


def _abandoner(host: Host, game_id: UUID, token: str | None) -> str:
    """Who the token is, if they may abandon this game: "admin", "creator" or "organiser
    NAME" (an organiser of the league the game belongs to; a casual game has none)."""
    if token is None:
        raise NotAuthorizedException("abandoning a game needs its creator's token")
    if host.config.is_admin(token):
        return "admin"
    store = host.cairn.store
    if store.creators.is_creator(game_id, token):
        return "creator"
    player = store.players.by_token(token)
    if player is None or player.is_revoked:
        raise NotAnOrganiser("only the game's creator, its league's organisers or the admin")
    service = service_of(host)
    league = service.leagues.store.leagues_of([game_id]).get(game_id)
    if league is not None and service.leagues.may_organise(league, player):
        return f"organiser {player.name}"
    if not player.is_organiser:
        raise NotAnOrganiser("only the game's creator, an organiser or the admin may abandon it")
    raise NotALeagueOrganiser(
        "only the game's creator, its league's own organisers or the admin may abandon it"
    )


HOOK_CREATED = [
    ResponseHeader(name="Location", description="the new webhook", documentation_only=True)
]


@post(
    "/games/{game_id:str}/webhooks",
    operation_id="registerWebhook",
    summary="Register a webhook for turn notices: a seat's hears its seat, the creator's all",
    description="Notices (`your_turn`, `timed_out`, `game_ended`) are POSTed as JSON with"
    " `X-Cairn-Notice-Id` and `X-Cairn-Signature: sha256=HMAC(secret, body)`; retried with"
    " backoff until a 2xx answer, at least once (docs/live-play.md).",
    responses=problems(400, 401, 403, 404, 413, 415),
    response_headers=HOOK_CREATED,
    security=[{"seatToken": []}, {"creatorToken": []}],
    tags=["live"],
    status_code=201,
    before_request=strict_body,
)
async def register_webhook(
    game_id: FromPath[str],
    data: JSONBody[RegisterWebhook],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[WebhookRegistered]:
    # async, handing the work to a thread, as createGame does (a Response with a header).
    body = await anyio.to_thread.run_sync(_register, game_id, data, host, authorization)
    location = f"/games/{game_id}/webhooks/{body.hook_id}"
    return Response(body, status_code=201, headers={"Location": location})


def _register(
    game_id: str, data: RegisterWebhook, host: Host, authorization: str | None
) -> WebhookRegistered:
    game = host.game(game_id)
    token = bearer(authorization)
    if token is None:
        raise NotAuthorizedException("registering a webhook needs a seat's or the creator's token")
    # Who is asking comes first: checking the url resolves its host, and what that answers
    # (private, unknown) must not be anyone's to learn without a token of this game.
    seat: int | None = None
    if not host.cairn.store.creators.is_creator(game.game_id, token):
        _, seat = host.seat(game_id, authorization)  # 401 for any other token
    check_target(data.url)
    webhooks = host.cairn.store.webhooks
    if seat is None:
        hook = webhooks.register(game.game_id, data.url, data.secret, "creator", "", None)
        return WebhookRegistered(str(hook), "creator", None)
    hook = webhooks.register(game.game_id, data.url, data.secret, "seat", str(seat), seat)
    return WebhookRegistered(str(hook), "seat", seat)


def _resign(seat: int) -> Resign:
    return Resign(seat=seat)


def _return(seat: int) -> ReturnToSeat:
    return ReturnToSeat(seat=seat)


LIVE_ROUTES: list[Any] = [
    resign,
    take_back,
    answer_takeback,
    return_to_seat,
    abandon,
    register_webhook,
]
