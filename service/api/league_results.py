"""A league game's result recorded by an organiser over HTTP: a forfeit, or a void game.
Either ends the game too (docs/leagues.md "Forfeits and abandonments")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import anyio
from litestar import Response, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from service.api.bodies import problems
from service.api.hosting import Host
from service.api.league_bodies import FixtureBody, RecordAbandonment, RecordForfeit
from service.api.leaguing import (
    CREATED,
    ORGANISER,
    Authorization,
    authority,
    created,
    fixture_bodies,
    organiser_only,
    parse_id,
    service_of,
)
from service.api.screening import strict_body
from service.leagues import LeagueService
from service.store.players import Player


@post(
    "/leagues/{league_id:str}/forfeits",
    operation_id="recordForfeit",
    summary="Record that players forfeited a league game, with a reason (organisers only)",
    responses=problems(400, 401, 403, 404, 422),
    security=ORGANISER,
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
    def forfeit(service: LeagueService, league: UUID, by: Player, game: UUID) -> None:
        lost = [service.accounts.find(name) for name in data.players]
        service.leagues.forfeit(league, by, game, lost, data.reason)

    return await _recorded(host, league_id, authorization, data.game_id, forfeit)


@post(
    "/leagues/{league_id:str}/abandonments",
    operation_id="recordAbandonment",
    summary="Void a league game nobody finished, with a reason: no points, no rating"
    " (organisers only)",
    responses=problems(400, 401, 403, 404, 422),
    security=ORGANISER,
    tags=["leagues"],
    status_code=201,
    response_headers=CREATED,
    before_request=strict_body,
)
async def record_abandonment(
    league_id: FromPath[str],
    data: JSONBody[RecordAbandonment],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[FixtureBody]:
    def abandon(service: LeagueService, league: UUID, by: Player, game: UUID) -> None:
        service.leagues.abandon(league, by, game, data.reason)

    return await _recorded(host, league_id, authorization, data.game_id, abandon)


Record = Callable[[LeagueService, UUID, Player, UUID], None]


async def _recorded(
    host: Host, league_id: str, authorization: str | None, game_id: str, record: Record
) -> Response[FixtureBody]:
    """What both results share: the ids parsed, the organiser's authority checked, the
    result recorded off the event loop, and the game's fixture answered as created."""

    def work() -> FixtureBody:
        service = service_of(host)
        target, by = parse_id(league_id, "league"), authority(host, service, authorization)
        game = parse_id(game_id, "game")
        organiser_only(lambda: record(service, target, by, game))
        return next(f for f in fixture_bodies(service, target) if f.game_id == str(game))

    body = await anyio.to_thread.run_sync(work)
    return created(body, f"/leagues/{league_id}/fixtures")


RESULT_ROUTES: list[Any] = [record_forfeit, record_abandonment]
