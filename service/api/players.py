"""Player accounts over HTTP: an organiser creates them; a player rotates or revokes their
own token and anyone reads a player's ratings, league games and leagues."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import anyio
import msgspec
from litestar import Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from service.api.bodies import problems
from service.api.hosting import Host
from service.api.league_bodies import (
    CreatePlayer,
    HistoryBody,
    MembershipBody,
    PlayerBody,
    RatingsOverTimeBody,
)
from service.api.leaguing import (
    CREATED,
    PLAYER,
    Authorization,
    caller,
    created,
    player_body,
    service_of,
)
from service.api.screening import strict_body
from service.projections import reading
from service.projections.rating_history import ratings_over_time


@post(
    "/players",
    operation_id="createPlayer",
    summary="Create a player account (organisers only); its token is in the answer, once",
    responses=problems(400, 401, 403, 409),
    security=PLAYER,
    tags=["players"],
    status_code=201,
    response_headers=CREATED,
    before_request=strict_body,
)
async def create_player(
    data: JSONBody[CreatePlayer], host: NamedDependency[Host], authorization: Authorization = None
) -> Response[PlayerBody]:
    def work() -> PlayerBody:
        service = service_of(host)
        made, token = service.accounts.create_by(
            caller(service, authorization), data.name, data.organiser
        )
        return player_body(made, token)

    body = await anyio.to_thread.run_sync(work)
    return created(body, f"/players/{body.player_id}/history")


@get(
    "/players/me",
    operation_id="getMe",
    summary="The signed-in account",
    responses=problems(401),
    security=PLAYER,
    tags=["players"],
    sync_to_thread=True,
)
def me(host: NamedDependency[Host], authorization: Authorization = None) -> PlayerBody:
    return player_body(caller(service_of(host), authorization))


@post(
    "/players/me/token",
    operation_id="rotateToken",
    summary="A fresh token for the signed-in account; the old one stops working at once",
    responses=problems(401),
    security=PLAYER,
    tags=["players"],
    status_code=200,
    sync_to_thread=True,
)
def rotate_token(host: NamedDependency[Host], authorization: Authorization = None) -> PlayerBody:
    service = service_of(host)
    account = caller(service, authorization)
    return player_body(account, service.accounts.rotate(account))


@post(
    "/players/me/revoke",
    operation_id="revokeToken",
    summary="End the signed-in account's token (cairn player rotate issues a new one)",
    responses=problems(401),
    security=PLAYER,
    tags=["players"],
    status_code=204,
    sync_to_thread=True,
)
def revoke_token(host: NamedDependency[Host], authorization: Authorization = None) -> None:
    service = service_of(host)
    service.accounts.revoke(caller(service, authorization))


@get(
    "/players/{player_id:str}/history",
    operation_id="playerHistory",
    summary="A player's ratings per ruleset and league games, newest first",
    responses=problems(400, 404),
    tags=["players"],
    sync_to_thread=True,
)
def player_history(player_id: FromPath[str], host: NamedDependency[Host]) -> HistoryBody:
    service = service_of(host)
    account = service.accounts.find(player_id)
    service.catch_up()
    return msgspec.convert(reading.history_of(service, account.player_id), HistoryBody)


@get(
    "/players/{player_id:str}/ratings",
    operation_id="playerRatings",
    summary="A player's ratings over time per ruleset: every rated game's change, and the"
    " deviation as inactivity has grown it now",
    responses=problems(400, 404),
    tags=["players"],
    sync_to_thread=True,
)
def player_ratings(player_id: FromPath[str], host: NamedDependency[Host]) -> RatingsOverTimeBody:
    service = service_of(host)
    account = service.accounts.find(player_id)
    service.catch_up()
    views = service.leagues.cairn.store.league_views
    found = ratings_over_time(views, account.player_id, datetime.now(UTC))
    return msgspec.convert(found, RatingsOverTimeBody)


@get(
    "/players/{player_id:str}/leagues",
    operation_id="playerLeagues",
    summary="The leagues a player is a member of, each with the player's next game in it",
    description="Public, as a league's members and fixtures are: the home page lists a"
    " signed-in player's leagues from it.",
    responses=problems(400, 404),
    tags=["players"],
    sync_to_thread=True,
)
def player_leagues(player_id: FromPath[str], host: NamedDependency[Host]) -> list[MembershipBody]:
    service = service_of(host)
    account = service.accounts.find(player_id)
    service.catch_up()
    found = reading.leagues_of(service, account.player_id)
    return [msgspec.convert(m, MembershipBody) for m in found]


PLAYER_ROUTES: list[Any] = [
    create_player,
    me,
    rotate_token,
    revoke_token,
    player_history,
    player_ratings,
    player_leagues,
]
