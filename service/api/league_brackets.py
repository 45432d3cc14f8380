"""Knock-out brackets over HTTP: a league's playoffs, and a season's bracket as its own
standings view (thin handlers over service.leagues and the projection)."""

from __future__ import annotations

from typing import Annotated, Any

import anyio
import msgspec
from litestar import Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter

from service.api.bodies import problems
from service.api.hosting import Host
from service.api.league_bodies import BracketBody, StartPlayoffs
from service.api.leaguing import (
    CREATED,
    ORGANISER,
    Authorization,
    authority,
    created,
    organiser_only,
    parse_id,
    service_of,
)
from service.api.screening import strict_body
from service.projections import reading


@post(
    "/leagues/{league_id:str}/playoffs",
    operation_id="startPlayoffs",
    summary="Take the top of the season's table into a knock-out bracket (organisers only)",
    description="The next rounds play the bracket; the table stays as it is. Refused with"
    " `no_season`, `bracket_drawn`, `round_open` or `invalid_command` (422).",
    responses=problems(400, 401, 403, 404, 422),
    security=ORGANISER,
    tags=["leagues"],
    status_code=201,
    response_headers=CREATED,
    before_request=strict_body,
)
async def start_playoffs(
    league_id: FromPath[str],
    data: JSONBody[StartPlayoffs],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[BracketBody]:
    def work() -> BracketBody:
        service = service_of(host)
        target, by = parse_id(league_id, "league"), authority(host, service, authorization)
        organiser_only(lambda: service.leagues.start_playoffs(target, by, data.size))
        service.catch_up()
        return msgspec.convert(reading.bracket_of(service, target), BracketBody)

    body = await anyio.to_thread.run_sync(work)
    return created(body, f"/leagues/{body.league_id}/bracket")


@get(
    "/leagues/{league_id:str}/bracket",
    operation_id="getBracket",
    summary="A season's knock-out bracket: seeds, every match and who went through",
    description="404 `no_bracket` for a season without one.",
    responses=problems(400, 404),
    tags=["leagues"],
    sync_to_thread=True,
)
def bracket(
    league_id: FromPath[str],
    host: NamedDependency[Host],
    season: Annotated[int | None, QueryParameter(ge=1, le=10_000)] = None,
) -> BracketBody:
    service = service_of(host)
    target = parse_id(league_id, "league")
    service.catch_up()
    return msgspec.convert(reading.bracket_of(service, target, season), BracketBody)


BRACKET_ROUTES: list[Any] = [start_playoffs, bracket]
