"""Leagues over HTTP: thin handlers over service.leagues.

A caller signs in with a player token (``Authorization: Bearer``, the playerToken scheme).
Reads catch the projection up first, so a result recorded a moment ago shows; a served
process also follows the feed by itself (service/projections/follower.py).
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import anyio
import msgspec
from litestar import Response, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter

from service.api.bodies import problems
from service.api.hosting import Host
from service.api.league_bodies import (
    AddMember,
    AddOrganiser,
    CreateLeague,
    DeadlineQuery,
    DurationQuery,
    FixtureBody,
    LeagueBody,
    RatingBody,
    StandingBody,
)
from service.api.league_brackets import BRACKET_ROUTES
from service.api.league_results import RESULT_ROUTES
from service.api.league_vacations import VACATION_ROUTES
from service.api.leaguing import (
    CREATED,
    ORGANISER,
    PLAYER,
    Authorization,
    authority,
    caller,
    created,
    fixture_bodies,
    organiser_only,
    parse_id,
    service_of,
)
from service.api.owner_hooks import OWNER_HOOK_ROUTES
from service.api.players import PLAYER_ROUTES
from service.api.screening import strict_body
from service.application.deadlines import round_deadline
from service.leagues import LeagueService
from service.projections import reading


def _league(service: LeagueService, league_id: UUID) -> LeagueBody:
    service.catch_up()
    return msgspec.convert(reading.league_of(service, league_id), LeagueBody)


@post(
    "/leagues",
    operation_id="createLeague",
    summary="Create a league (organisers only): ruleset, options, seats per table, pairing,"
    " points by place, bye points and tie-breaks",
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
        service = service_of(host)
        by = caller(service, authorization)
        made = organiser_only(
            lambda: service.leagues.create(
                by,
                data.name,
                data.ruleset,
                data.seats,
                data.pairing,
                data.points,
                data.options,
                bye_points=data.bye_points,
                tiebreaks=data.tiebreaks,
                deadline_policy=data.deadline_policy,
                round_ms=None if data.round_seconds is None else data.round_seconds * 1000,
                vacation_days=data.vacation_days,
                min_rated_games=data.min_rated_games,
                min_rating=data.min_rating,
                max_rating=data.max_rating,
            )
        )
        return _league(service, made)

    body = await anyio.to_thread.run_sync(work)
    return created(body, f"/leagues/{body.league_id}")


@get(
    "/leagues/{league_id:str}",
    operation_id="getLeague",
    summary="A league: its settings, current season and members",
    responses=problems(400, 404),
    tags=["leagues"],
    sync_to_thread=True,
)
def get_league(league_id: FromPath[str], host: NamedDependency[Host]) -> LeagueBody:
    return _league(service_of(host), parse_id(league_id, "league"))


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
    service = service_of(host)
    target = parse_id(league_id, "league")
    service.leagues.join(target, caller(service, authorization))
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
    service = service_of(host)
    target = parse_id(league_id, "league")
    service.leagues.leave(target, caller(service, authorization))
    return _league(service, target)


@post(
    "/leagues/{league_id:str}/members",
    operation_id="addMember",
    summary="Add a player to a league (organisers only)",
    responses=problems(400, 401, 403, 404, 422),
    security=ORGANISER,
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
    service = service_of(host)
    target, by = parse_id(league_id, "league"), authority(host, service, authorization)
    member = service.accounts.find(data.player)
    organiser_only(lambda: service.leagues.add_member(target, by, member))
    return _league(service, target)


@post(
    "/leagues/{league_id:str}/organisers",
    operation_id="addOrganiser",
    summary="Name a co-organiser of the league (its organisers or the operator)",
    description="A co-organiser acts on the league and its games as its creator does;"
    " refused with `not_league_organiser` (403) for anyone else, `already_organiser` (422).",
    responses=problems(400, 401, 403, 404, 422),
    security=ORGANISER,
    tags=["leagues"],
    status_code=200,
    before_request=strict_body,
    sync_to_thread=True,
)
def add_organiser(
    league_id: FromPath[str],
    data: JSONBody[AddOrganiser],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> LeagueBody:
    service = service_of(host)
    target, by = parse_id(league_id, "league"), authority(host, service, authorization)
    named = service.accounts.find(data.player)
    organiser_only(lambda: service.leagues.add_organiser(target, by, named))
    return _league(service, target)


@delete(
    "/leagues/{league_id:str}/organisers/{player:str}",
    operation_id="removeOrganiser",
    summary="Remove a co-organiser (by name or id); the creator stays (its organisers or"
    " the operator)",
    responses=problems(400, 401, 403, 404, 422),
    security=ORGANISER,
    tags=["leagues"],
    status_code=200,
    sync_to_thread=True,
)
def remove_organiser(
    league_id: FromPath[str],
    player: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> LeagueBody:
    service = service_of(host)
    target, by = parse_id(league_id, "league"), authority(host, service, authorization)
    named = service.accounts.find(player)
    organiser_only(lambda: service.leagues.remove_organiser(target, by, named))
    return _league(service, target)


@post(
    "/leagues/{league_id:str}/rounds",
    operation_id="scheduleRound",
    summary="Pair the next round and create its games, seats bound to the members"
    " (organisers only), with a deadline if given or the league sets a round duration",
    description="Each player then acts in their game with their own player token. At the"
    " deadline each unfinished game is settled by the league's deadline policy.",
    responses=problems(400, 401, 403, 404, 422),
    security=ORGANISER,
    tags=["leagues"],
    status_code=201,
    response_headers=CREATED,
)
async def schedule_round(
    league_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    deadline: DeadlineQuery = None,
    duration_seconds: DurationQuery = None,
) -> Response[list[FixtureBody]]:
    def work() -> list[FixtureBody]:
        service = service_of(host)
        target, by = parse_id(league_id, "league"), authority(host, service, authorization)
        now = service.leagues.cairn.clock.now_ms()
        due = round_deadline(deadline, duration_seconds, now)
        made = {
            f.game_id
            for f in organiser_only(lambda: service.leagues.schedule(target, by, deadline=due))
        }
        return [f for f in fixture_bodies(service, target) if f.game_id in made]

    body = await anyio.to_thread.run_sync(work)
    return created(body, f"/leagues/{league_id}/fixtures")


@get(
    "/leagues/{league_id:str}/fixtures",
    operation_id="listFixtures",
    summary="Every fixture of a league, by season and round, with its result",
    responses=problems(400, 404),
    tags=["leagues"],
    sync_to_thread=True,
)
def list_fixtures(league_id: FromPath[str], host: NamedDependency[Host]) -> list[FixtureBody]:
    return fixture_bodies(service_of(host), parse_id(league_id, "league"))


@get(
    "/leagues/{league_id:str}/standings",
    operation_id="getStandings",
    summary="The standings: points, then the league's tie-breaks, then a seeded draw",
    responses=problems(400, 404),
    tags=["leagues"],
    sync_to_thread=True,
)
def standings(
    league_id: FromPath[str],
    host: NamedDependency[Host],
    season: Annotated[int | None, QueryParameter(ge=1, le=10_000)] = None,
) -> list[StandingBody]:
    service = service_of(host)
    target = parse_id(league_id, "league")
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
    service = service_of(host)
    target = parse_id(league_id, "league")
    service.catch_up()
    return [msgspec.convert(r, RatingBody) for r in reading.ratings_of(service, target)]


@post(
    "/leagues/{league_id:str}/seasons",
    operation_id="startSeason",
    summary="Start the next season once the last round is decided (organisers only)",
    responses=problems(400, 401, 403, 404, 422),
    security=ORGANISER,
    tags=["leagues"],
    status_code=200,
    sync_to_thread=True,
)
def start_season(
    league_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> LeagueBody:
    service = service_of(host)
    target, by = parse_id(league_id, "league"), authority(host, service, authorization)
    organiser_only(lambda: service.leagues.start_season(target, by))
    return _league(service, target)


LEAGUE_ROUTES: list[Any] = [
    *PLAYER_ROUTES,
    *OWNER_HOOK_ROUTES,
    *VACATION_ROUTES,
    create_league,
    get_league,
    join_league,
    leave_league,
    add_member,
    add_organiser,
    remove_organiser,
    schedule_round,
    list_fixtures,
    standings,
    ratings,
    *RESULT_ROUTES,
    start_season,
    *BRACKET_ROUTES,
]
