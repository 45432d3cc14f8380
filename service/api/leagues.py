"""Players and leagues over HTTP: thin handlers over service.leagues.

A caller signs in with a player token (``Authorization: Bearer``, the playerToken scheme).
Reads catch the projection up first, so a result recorded a moment ago shows; a deployment
also runs ``cairn projections run`` so results are recorded when nobody reads.
"""

from __future__ import annotations

import weakref
from typing import Annotated, Any, TypeVar
from uuid import UUID

import anyio
import msgspec
from litestar import Response, get, post
from litestar.datastructures import ResponseHeader
from litestar.di import NamedDependency
from litestar.params import FromPath, HeaderParameter, JSONBody, QueryParameter

from domain.core import RuleViolation
from service.api.bodies import problems
from service.api.hosting import Host
from service.api.league_bodies import (
    AddMember,
    CreateLeague,
    CreatePlayer,
    FixtureBody,
    HistoryBody,
    LeagueBody,
    PlayerBody,
    RatingBody,
    RecordForfeit,
    StandingBody,
)
from service.api.screening import strict_body
from service.api.seating import bearer
from service.application import Application, BadRequest
from service.application.players import NotAnOrganiser
from service.leagues import LeagueService, league_service
from service.projections import reading
from service.store.players import Player

Authorization = Annotated[
    str | None, HeaderParameter(name="Authorization", include_in_schema=False)
]
PLAYER: list[dict[str, list[str]]] = [{"playerToken": []}]
CREATED = [ResponseHeader(name="Location", description="the new resource", documentation_only=True)]
T = TypeVar("T")
_SERVICES: weakref.WeakKeyDictionary[Application, LeagueService] = weakref.WeakKeyDictionary()


def _service(host: Host) -> LeagueService:
    found = _SERVICES.get(host.cairn)
    if found is None:
        found = _SERVICES[host.cairn] = league_service(host.cairn)
    return found


def _caller(service: LeagueService, authorization: str | None) -> Player:
    return service.accounts.signed_in(bearer(authorization))


def _id(raw: str, what: str) -> UUID:
    try:
        return UUID(raw)
    except ValueError:
        raise BadRequest(f"{raw!r} is not a {what} id") from None


def _organiser_only(call: Any) -> Any:
    """A league's ``not_organiser`` refusal is a 403 here, like the accounts' own."""
    try:
        return call()
    except RuleViolation as refused:
        if refused.code == "not_organiser":
            raise NotAnOrganiser(refused.message) from None
        raise


def _created(body: T, location: str) -> Response[T]:
    # async handlers hand their work to a thread (as service/api/games.py does): Litestar
    # 2.25 does not await a sync_to_thread handler whose answer is a Response.
    return Response(body, status_code=201, headers={"Location": location})


def _player(account: Player, token: str | None = None) -> PlayerBody:
    return PlayerBody(str(account.player_id), account.name, account.is_organiser, token)


def _league(service: LeagueService, league_id: UUID) -> LeagueBody:
    service.catch_up()
    return msgspec.convert(reading.summary_of(service, league_id), LeagueBody)


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
        service = _service(host)
        made, token = service.accounts.create_by(
            _caller(service, authorization), data.name, data.organiser
        )
        return _player(made, token)

    body = await anyio.to_thread.run_sync(work)
    return _created(body, f"/players/{body.player_id}/history")


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
    return _player(_caller(_service(host), authorization))


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
    service = _service(host)
    account = _caller(service, authorization)
    return _player(account, service.accounts.rotate(account))


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
    service = _service(host)
    service.accounts.revoke(_caller(service, authorization))


@get(
    "/players/{player_id:str}/history",
    operation_id="playerHistory",
    summary="A player's ratings per ruleset and league games, newest first",
    responses=problems(400, 404),
    tags=["players"],
    sync_to_thread=True,
)
def player_history(player_id: FromPath[str], host: NamedDependency[Host]) -> HistoryBody:
    service = _service(host)
    account = service.accounts.find(player_id)
    service.catch_up()
    return msgspec.convert(reading.history_of(service, account.player_id), HistoryBody)


@post(
    "/leagues",
    operation_id="createLeague",
    summary="Create a league (organisers only): ruleset, options, seats per table, pairing,"
    " points by place",
    responses=problems(400, 401, 403, 404, 422),
    security=PLAYER,
    tags=["leagues"],
    status_code=201,
    response_headers=CREATED,
    before_request=strict_body,
)
async def create_league(
    data: JSONBody[CreateLeague], host: NamedDependency[Host], authorization: Authorization = None
) -> Response[LeagueBody]:
    def work() -> LeagueBody:
        service = _service(host)
        by = _caller(service, authorization)
        made = _organiser_only(
            lambda: service.leagues.create(
                by, data.name, data.ruleset, data.seats, data.pairing, data.points, data.options
            )
        )
        return _league(service, made)

    body = await anyio.to_thread.run_sync(work)
    return _created(body, f"/leagues/{body.league_id}")


@get(
    "/leagues/{league_id:str}",
    operation_id="getLeague",
    summary="A league: its settings, current season and members",
    responses=problems(400, 404),
    tags=["leagues"],
    sync_to_thread=True,
)
def get_league(league_id: FromPath[str], host: NamedDependency[Host]) -> LeagueBody:
    return _league(_service(host), _id(league_id, "league"))


@post(
    "/leagues/{league_id:str}/join",
    operation_id="joinLeague",
    summary="Join a league as the signed-in player",
    responses=problems(400, 401, 404, 422),
    security=PLAYER,
    tags=["leagues"],
    status_code=200,
    sync_to_thread=True,
)
def join_league(
    league_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> LeagueBody:
    service = _service(host)
    target = _id(league_id, "league")
    service.leagues.join(target, _caller(service, authorization))
    return _league(service, target)


@post(
    "/leagues/{league_id:str}/leave",
    operation_id="leaveLeague",
    summary="Leave a league as the signed-in player",
    responses=problems(400, 401, 404, 422),
    security=PLAYER,
    tags=["leagues"],
    status_code=200,
    sync_to_thread=True,
)
def leave_league(
    league_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> LeagueBody:
    service = _service(host)
    target = _id(league_id, "league")
    service.leagues.leave(target, _caller(service, authorization))
    return _league(service, target)


@post(
    "/leagues/{league_id:str}/members",
    operation_id="addMember",
    summary="Add a player to a league (organisers only)",
    responses=problems(400, 401, 403, 404, 422),
    security=PLAYER,
    tags=["leagues"],
    status_code=200,
    before_request=strict_body,
    sync_to_thread=True,
)
def add_member(
    league_id: FromPath[str],
    data: JSONBody[AddMember],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> LeagueBody:
    service = _service(host)
    target, by = _id(league_id, "league"), _caller(service, authorization)
    member = service.accounts.find(data.player)
    _organiser_only(lambda: service.leagues.add_member(target, by, member))
    return _league(service, target)


@post(
    "/leagues/{league_id:str}/rounds",
    operation_id="scheduleRound",
    summary="Pair the next round and create its games, seats bound to the members"
    " (organisers only)",
    description="Each player then acts in their game with their own player token.",
    responses=problems(400, 401, 403, 404, 422),
    security=PLAYER,
    tags=["leagues"],
    status_code=201,
    response_headers=CREATED,
)
async def schedule_round(
    league_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> Response[list[FixtureBody]]:
    def work() -> list[FixtureBody]:
        service = _service(host)
        target, by = _id(league_id, "league"), _caller(service, authorization)
        made = {f.game_id for f in _organiser_only(lambda: service.leagues.schedule(target, by))}
        return [f for f in _fixtures(service, target) if f.game_id in made]

    body = await anyio.to_thread.run_sync(work)
    return _created(body, f"/leagues/{league_id}/fixtures")


def _fixtures(service: LeagueService, league_id: UUID) -> list[FixtureBody]:
    service.catch_up()
    reading.summary_of(service, league_id)  # UnknownLeague (404) for no such league
    return [msgspec.convert(f, FixtureBody) for f in reading.fixtures_of(service, league_id)]


@get(
    "/leagues/{league_id:str}/fixtures",
    operation_id="listFixtures",
    summary="Every fixture of a league, by season and round, with its result",
    responses=problems(400, 404),
    tags=["leagues"],
    sync_to_thread=True,
)
def list_fixtures(league_id: FromPath[str], host: NamedDependency[Host]) -> list[FixtureBody]:
    return _fixtures(_service(host), _id(league_id, "league"))


@get(
    "/leagues/{league_id:str}/standings",
    operation_id="getStandings",
    summary="The standings: points, then wins, then game score, then fewer forfeits",
    responses=problems(400, 404),
    tags=["leagues"],
    sync_to_thread=True,
)
def standings(
    league_id: FromPath[str],
    host: NamedDependency[Host],
    season: Annotated[int | None, QueryParameter(ge=1, le=10_000)] = None,
) -> list[StandingBody]:
    service = _service(host)
    target = _id(league_id, "league")
    service.catch_up()
    rows = reading.standings_of(service, target, season)
    return [msgspec.convert(r, StandingBody) for r in rows]


@get(
    "/leagues/{league_id:str}/ratings",
    operation_id="getRatings",
    summary="Members' OpenSkill ratings in the league's ruleset, with each game's change",
    responses=problems(400, 404),
    tags=["leagues"],
    sync_to_thread=True,
)
def ratings(league_id: FromPath[str], host: NamedDependency[Host]) -> list[RatingBody]:
    service = _service(host)
    target = _id(league_id, "league")
    service.catch_up()
    return [msgspec.convert(r, RatingBody) for r in reading.ratings_of(service, target)]


@post(
    "/leagues/{league_id:str}/forfeits",
    operation_id="recordForfeit",
    summary="Record that players forfeited a league game, with a reason (organisers only)",
    responses=problems(400, 401, 403, 404, 422),
    security=PLAYER,
    tags=["leagues"],
    status_code=201,
    response_headers=CREATED,
    before_request=strict_body,
)
async def record_forfeit(
    league_id: FromPath[str],
    data: JSONBody[RecordForfeit],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[FixtureBody]:
    def work() -> FixtureBody:
        service = _service(host)
        target, by = _id(league_id, "league"), _caller(service, authorization)
        game = _id(data.game_id, "game")
        lost = [service.accounts.find(name) for name in data.players]
        _organiser_only(lambda: service.leagues.forfeit(target, by, game, lost, data.reason))
        return next(f for f in _fixtures(service, target) if f.game_id == str(game))

    body = await anyio.to_thread.run_sync(work)
    return _created(body, f"/leagues/{league_id}/fixtures")


LEAGUE_ROUTES: list[Any] = [
    create_player,
    me,
    rotate_token,
    revoke_token,
    player_history,
    create_league,
    get_league,
    join_league,
    leave_league,
    add_member,
    schedule_round,
    list_fixtures,
    standings,
    ratings,
    record_forfeit,
]
