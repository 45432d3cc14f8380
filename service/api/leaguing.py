"""What the /players and /leagues handlers share: the league service of an app, the caller
signed in by their player token, 201 answers with a Location, and a league's fixtures."""

from __future__ import annotations

import weakref
from typing import Annotated, Any, TypeVar
from uuid import UUID

import msgspec
from litestar import Response
from litestar.datastructures import ResponseHeader
from litestar.params import HeaderParameter

from domain.core import RuleViolation
from service.api.hosting import Host
from service.api.league_bodies import FixtureBody, PlayerBody
from service.api.seating import bearer
from service.application import Application, BadRequest
from service.application.players import OPERATOR, NotALeagueOrganiser, NotAnOrganiser
from service.leagues import LeagueService, league_service
from service.projections import reading
from service.store.players import Player

Authorization = Annotated[
    str | None, HeaderParameter(name="Authorization", include_in_schema=False)
]
PLAYER: list[dict[str, list[str]]] = [{"playerToken": []}]
ORGANISER: list[dict[str, list[str]]] = [{"playerToken": []}, {"adminToken": []}]
"""A league's own organiser's player token, or the operator's admin token."""
CREATED = [ResponseHeader(name="Location", description="the new resource", documentation_only=True)]
T = TypeVar("T")
_SERVICES: weakref.WeakKeyDictionary[Application, LeagueService] = weakref.WeakKeyDictionary()


def service_of(host: Host) -> LeagueService:
    found = _SERVICES.get(host.cairn)
    if found is None:
        found = _SERVICES[host.cairn] = league_service(host.cairn)
    return found


def caller(service: LeagueService, authorization: str | None) -> Player:
    return service.accounts.signed_in(bearer(authorization))


def authority(host: Host, service: LeagueService, authorization: str | None) -> Player:
    """Who acts on a league: the operator for the admin token, else the signed-in player."""
    if host.config.is_admin(bearer(authorization)):
        return OPERATOR
    return caller(service, authorization)


def parse_id(raw: str, what: str) -> UUID:
    try:
        return UUID(raw)
    except ValueError:
        raise BadRequest(f"{raw!r} is not a {what} id") from None


def organiser_only(call: Any) -> Any:
    """A league's ``not_organiser`` and ``not_league_organiser`` refusals are 403s here,
    like the accounts' own."""
    try:
        return call()
    except RuleViolation as refused:
        if refused.code == "not_organiser":
            raise NotAnOrganiser(refused.message) from None
        if refused.code == "not_league_organiser":
            raise NotALeagueOrganiser(refused.message) from None
        raise


def created(body: T, location: str) -> Response[T]:
    # async handlers hand their work to a thread (as service/api/games.py does): Litestar
    # 2.25 does not await a sync_to_thread handler whose answer is a Response.
    return Response(body, status_code=201, headers={"Location": location})


def player_body(account: Player, token: str | None = None) -> PlayerBody:
    return PlayerBody(str(account.player_id), account.name, account.is_organiser, token)


def fixture_bodies(service: LeagueService, league_id: UUID) -> list[FixtureBody]:
    """Every fixture of the league, caught up; UnknownLeague (404) for no such league."""
    service.catch_up()
    reading.summary_of(service, league_id)
    return [msgspec.convert(f, FixtureBody) for f in reading.fixtures_of(service, league_id)]
