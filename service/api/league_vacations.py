"""A member's vacation over HTTP: ``POST /leagues/{id}/vacations`` with their own player
token pauses their clocks in the league's games (service/application/vacations.py)."""

from __future__ import annotations

from typing import Annotated, Any

import anyio
from litestar import Response, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody
from msgspec import Meta, Struct

from service.api.bodies import problems
from service.api.hosting import Host
from service.api.leaguing import (
    CREATED,
    PLAYER,
    Authorization,
    caller,
    created,
    parse_id,
    service_of,
)
from service.api.screening import strict_body
from service.application.vacations import Vacations


class TakeVacation(Struct, forbid_unknown_fields=True):
    days: Annotated[int, Meta(ge=1, le=366)]
    """Whole days from now; no more than the member has left this season (else 422
    ``vacation_used_up``)."""


class VacationBody(Struct):
    player_id: str
    season: int
    days: int
    start: int
    """Milliseconds since the Unix epoch."""
    until: int
    left: int
    """Days of vacation the member has left this season."""


@post(
    "/leagues/{league_id:str}/vacations",
    operation_id="takeVacation",
    summary="Take days of this season's vacation as the signed-in member: their clocks in"
    " the league's games stand still until it ends",
    responses=problems(400, 401, 404, 422),
    security=PLAYER,
    tags=["leagues"],
    status_code=201,
    response_headers=CREATED,
    before_request=strict_body,
)
async def take_vacation(
    league_id: FromPath[str],
    data: JSONBody[TakeVacation],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[VacationBody]:
    def work() -> VacationBody:
        service = service_of(host)
        target, by = parse_id(league_id, "league"), caller(service, authorization)
        vacations = Vacations(service.leagues)
        taken = vacations.take(target, by, data.days)
        left = vacations.left(target, taken.player)
        return VacationBody(taken.player, taken.season, taken.days, taken.start, taken.until, left)

    body = await anyio.to_thread.run_sync(work)
    return created(body, f"/leagues/{league_id}")


VACATION_ROUTES: list[Any] = [take_vacation]
