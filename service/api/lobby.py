"""The lobby's one write: a signed-in player takes an open seat with their own token.

Listing is ``GET /games?status=open`` (service/api/games.py).
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import post
from litestar.di import NamedDependency
from litestar.params import FromPath, HeaderParameter, JSONBody
from msgspec import Meta, Struct

from service.api.bodies import problems
from service.api.hosting import Host
from service.api.screening import strict_body
from service.api.seating import bearer
from service.application.lobby import take_seat
from service.application.players import Accounts
from service.logs import logger

Authorization = Annotated[
    str | None, HeaderParameter(name="Authorization", include_in_schema=False)
]


class TakeSeat(Struct, forbid_unknown_fields=True):
    seat: Annotated[int, Meta(ge=0, le=5)] | None = None
    """A particular open seat; the lowest open one if left out."""


class SeatTaken(Struct):
    game_id: str
    seat: int
    player: str


@post(
    "/games/{game_id:str}/seats",
    operation_id="takeSeat",
    summary="Take an open seat as the signed-in player, who then acts with their own token",
    description="A game waits for every open seat to be taken before play starts.",
    responses=problems(400, 401, 404, 409, 422),
    security=[{"playerToken": []}],
    tags=["games"],
    status_code=200,
    before_request=strict_body,
    sync_to_thread=True,
)
def take_open_seat(
    game_id: FromPath[str],
    data: JSONBody[TakeSeat],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> SeatTaken:
    game = host.game(game_id)
    players = host.cairn.store.players
    player = Accounts(players).signed_in(bearer(authorization))
    seat = take_seat(players, host.cairn.load(game.game_id), player, data.seat)
    host.cairn.seats_changed(game.game_id)
    logger().info("game.seat_taken", game_id=str(game.game_id), seat=seat)
    return SeatTaken(str(game.game_id), seat, player.name)


LOBBY_ROUTES: list[Any] = [take_open_seat]
