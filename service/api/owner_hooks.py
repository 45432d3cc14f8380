"""A player's and a league's webhooks over HTTP: register, list, remove (docs/live-play.md).

A player's own with their personal token (``/players/me/webhooks``); a league's with an
organiser's (``/leagues/{id}/webhooks``). Thin: the work is ``service.application.hooks``.
"""

from __future__ import annotations

from typing import Any, Literal

import anyio
from litestar import Response, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from service.api.bodies import problems
from service.api.hosting import Host
from service.api.leaguing import (
    CREATED,
    ORGANISER,
    PLAYER,
    Authorization,
    authority,
    caller,
    created,
    parse_id,
    service_of,
)
from service.api.live_bodies import OwnerWebhook, RegisterOwnerWebhook
from service.api.screening import strict_body
from service.store.subscriptions import OwnerHook

NOTICES = (
    "Notices (`your_turn`, `timed_out`, `game_ended`) are POSTed as JSON with"
    " `X-Cairn-Notice-Id` and `X-Cairn-Signature: sha256=HMAC(secret, body)`, retried with"
    " backoff until a 2xx answer, at least once. Leave `secret` out to have one generated:"
    " it is in this answer only."
)


def _body(hook: OwnerHook, secret: str | None = None) -> OwnerWebhook:
    owner: Literal["player", "league"] = "player" if hook.owner_kind == "player" else "league"
    return OwnerWebhook(
        str(hook.hook_id), owner, hook.owner, hook.url, hook.created_at.isoformat(), secret
    )


@post(
    "/players/me/webhooks",
    operation_id="registerPlayerWebhook",
    summary="Register a webhook hearing the signed-in player's seats in every game of theirs",
    description=NOTICES,
    responses=problems(400, 401, 413, 415),
    response_headers=CREATED,
    security=PLAYER,
    tags=["players"],
    status_code=201,
    before_request=strict_body,
)
async def register_player_webhook(
    data: JSONBody[RegisterOwnerWebhook],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[OwnerWebhook]:
    def work() -> OwnerWebhook:
        service = service_of(host)
        me = caller(service, authorization)
        return _body(*service.hooks.add_for_player(me, data.url, data.secret))

    body = await anyio.to_thread.run_sync(work)
    return created(body, f"/players/me/webhooks/{body.hook_id}")


@get(
    "/players/me/webhooks",
    operation_id="listPlayerWebhooks",
    summary="The signed-in player's webhooks in force (never their secrets)",
    responses=problems(401),
    security=PLAYER,
    tags=["players"],
    sync_to_thread=True,
)
def list_player_webhooks(
    host: NamedDependency[Host], authorization: Authorization = None
) -> list[OwnerWebhook]:
    service = service_of(host)
    return [_body(h) for h in service.hooks.of_player(caller(service, authorization))]


@delete(
    "/players/me/webhooks/{hook_id:str}",
    operation_id="removePlayerWebhook",
    summary="Remove one of the signed-in player's webhooks: it hears nothing more",
    responses=problems(401, 404),
    security=PLAYER,
    tags=["players"],
    status_code=204,
    sync_to_thread=True,
)
def remove_player_webhook(
    hook_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> None:
    service = service_of(host)
    service.hooks.remove_for_player(caller(service, authorization), hook_id)


@post(
    "/leagues/{league_id:str}/webhooks",
    operation_id="registerLeagueWebhook",
    summary="Register a webhook hearing every notice of the league's games (organisers only)",
    description=NOTICES,
    responses=problems(400, 401, 403, 404, 413, 415),
    response_headers=CREATED,
    security=ORGANISER,
    tags=["leagues"],
    status_code=201,
    before_request=strict_body,
)
async def register_league_webhook(
    league_id: FromPath[str],
    data: JSONBody[RegisterOwnerWebhook],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[OwnerWebhook]:
    def work() -> OwnerWebhook:
        service = service_of(host)
        by, target = authority(host, service, authorization), parse_id(league_id, "league")
        return _body(*service.hooks.add_for_league(by, target, data.url, data.secret))

    body = await anyio.to_thread.run_sync(work)
    return created(body, f"/leagues/{league_id}/webhooks/{body.hook_id}")


@get(
    "/leagues/{league_id:str}/webhooks",
    operation_id="listLeagueWebhooks",
    summary="A league's webhooks in force (organisers only; never their secrets)",
    responses=problems(400, 401, 403, 404),
    security=ORGANISER,
    tags=["leagues"],
    sync_to_thread=True,
)
def list_league_webhooks(
    league_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> list[OwnerWebhook]:
    service = service_of(host)
    by, target = authority(host, service, authorization), parse_id(league_id, "league")
    return [_body(h) for h in service.hooks.of_league(by, target)]


@delete(
    "/leagues/{league_id:str}/webhooks/{hook_id:str}",
    operation_id="removeLeagueWebhook",
    summary="Remove one of a league's webhooks (organisers only): it hears nothing more",
    responses=problems(400, 401, 403, 404),
    security=ORGANISER,
    tags=["leagues"],
    status_code=204,
    sync_to_thread=True,
)
def remove_league_webhook(
    league_id: FromPath[str],
    hook_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> None:
    service = service_of(host)
    by, target = authority(host, service, authorization), parse_id(league_id, "league")
    service.hooks.remove_for_league(by, target, hook_id)


OWNER_HOOK_ROUTES: list[Any] = [
    register_player_webhook,
    list_player_webhooks,
    remove_player_webhook,
    register_league_webhook,
    list_league_webhooks,
    remove_league_webhook,
]
