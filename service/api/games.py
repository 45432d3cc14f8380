"""Games: create with seats, list, view, join an open seat, fork."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

import anyio
import msgspec
from litestar import Response, get, post
from litestar.datastructures import ResponseHeader
from litestar.di import NamedDependency
from litestar.exceptions import NotAuthorizedException
from litestar.params import FromPath, FromQuery, HeaderParameter, JSONBody, QueryParameter

from service.api.bodies import (
    CreateGame,
    ForkGame,
    GameCreatedBody,
    GameList,
    GameSummary,
    GameView,
    Joined,
    JoinGame,
    problems,
)
from service.api.hosting import Host
from service.api.live_bodies import LiveClocks
from service.api.screening import strict_body
from service.api.seating import bearer, descriptor, grants, viewer
from service.application import NoSuchEvent
from service.application.lobby import join_by_invite, open_seats
from service.application.seating import described, grants_of, player_name, secrets_for
from service.logs import logger
from service.store import GameRecord

# Documented as the seatToken security scheme (service/api/document.py), not as a header.
Authorization = Annotated[
    str | None,
    HeaderParameter(name="Authorization", include_in_schema=False),
]
Text = Annotated[str | None, QueryParameter(pattern=r"^[^\x00-\x1f]{1,64}$")]
MAX_SEQ = 2**31 - 1
SEAT: list[dict[str, list[str]]] = [{"seatToken": []}]
SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{}, {"seatToken": []}]
CREATED = [ResponseHeader(name="Location", description="the new game", documentation_only=True)]


def content_url(ruleset: str, content_hash: str) -> str:
    return f"/rulesets/{ruleset}/content/{content_hash}"


def created(body: GameCreatedBody) -> Response[GameCreatedBody]:
    return Response(body, status_code=201, headers={"Location": f"/games/{body.game_id}"})


@post(
    "/games",
    operation_id="createGame",
    summary="Create a game: ruleset, options, seats (open, player or bot), optional setup",
    description="The answer's version is the set-up's; bot seats may move at once after it.",
    responses=problems(400, 404, 413, 415, 422),
    response_headers=CREATED,
    tags=["games"],
    status_code=201,
    before_request=strict_body,
)
async def create_game(
    data: JSONBody[CreateGame], host: NamedDependency[Host]
) -> Response[GameCreatedBody]:
    # async, handing the work to a thread: Litestar 2.25 does not await a sync_to_thread
    # handler whose answer is a Response (here, for its Location header).
    return created(await anyio.to_thread.run_sync(_create, data, host))


def _create(data: CreateGame, host: Host) -> GameCreatedBody:
    seats = described(data.ruleset, [descriptor(s) for s in data.seats])
    made = secrets_for(seats, creator=True)
    outcome = host.cairn.create_game(
        data.ruleset, len(seats), data.options, data.setup, seats, secrets=made
    )
    granted = grants(grants_of(seats, made))
    creator = made.creator
    logger().info("game.created", game_id=str(outcome.game_id), ruleset=data.ruleset)
    return GameCreatedBody(
        str(outcome.game_id), data.ruleset, outcome.version, granted, creator_token=creator
    )


@get(
    "/games",
    operation_id="listGames",
    summary="List games, filtered by ruleset, status (open: the lobby) or player",
    responses=problems(400),
    tags=["games"],
    sync_to_thread=True,
)
def list_games(
    host: NamedDependency[Host],
    ruleset: Text = None,
    # "open": the lobby, active games with a seat still open (service/application/lobby.py)
    status: FromQuery[Literal["active", "finished", "open"] | None] = None,
    player: Text = None,
    limit: Annotated[int, QueryParameter(ge=1, le=100)] = 20,
    offset: Annotated[int, QueryParameter(ge=0, le=10**9)] = 0,
) -> GameList:
    games = host.cairn.store.games(
        ruleset=ruleset,
        status=status,
        # Names are stored NFC-normalised (service.application.seating).
        player=unicodedata.normalize("NFC", player) if player else None,
        limit=limit + 1,
        offset=offset,
    )
    more = len(games) > limit
    return GameList(
        [summary(g) for g in games[:limit]], limit, offset, offset + limit if more else None
    )


def summary(game: GameRecord) -> GameSummary:
    return GameSummary(
        game_id=str(game.game_id),
        ruleset=game.ruleset,
        status=game.status,
        version=game.version,
        seats=game.seat_info,
        created_at=game.created_at.isoformat(),
        finished_at=game.finished_at.isoformat() if game.finished_at else None,
        parent_id=str(game.parent_id) if game.parent_id else None,
        fork_at=game.fork_at,
        result=game.result,
        options=game.options,
        seats_taken=game.seats - open_seats(game.seat_info),
        seats_free=open_seats(game.seat_info),
    )


@get(
    "/games/{game_id:str}",
    operation_id="getGame",
    summary="A game as the caller sees it: a seat's view with its token, else a spectator's",
    responses=problems(400, 401, 404),
    security=SEAT_OR_SPECTATOR,
    tags=["games"],
    sync_to_thread=True,
)
def game_view(
    game_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    at: Annotated[
        int | None,
        QueryParameter(
            ge=1, le=MAX_SEQ, description="the view after event N (and the rest of its decision)"
        ),
    ] = None,
) -> GameView:
    game = host.game(game_id)
    seat = viewer(host.tokens, game, authorization)
    if at is not None and at > game.version:
        raise NoSuchEvent(f"this game has no event {at} yet")
    shown = None if at is None else host.decision_end(game.game_id, at)
    seen = host.cairn.view(game.game_id, seat, shown)
    return GameView(
        game_id=seen["game_id"],
        ruleset=seen["ruleset"],
        version=seen["version"],
        status=seen["status"],
        rules_version=seen["rules_version"],
        content_hash=game.content_hash,
        content_url=content_url(game.ruleset, game.content_hash),
        phase=seen["phase"],
        scores=seen["scores"],
        to_act=seen["to_act"],
        is_terminal=seen["is_terminal"],
        result=seen["result"],
        seat=seat,
        view=seen["view"],
        seats=game.seat_info,
        parent_id=str(game.parent_id) if game.parent_id else None,
        fork_at=game.fork_at,
        created_at=game.created_at.isoformat(),
        live=msgspec.convert(seen["live"], LiveClocks),
    )


@post(
    "/games/{game_id:str}/join",
    operation_id="joinGame",
    summary="Take an open seat with its invite code; returns that seat's token",
    responses=problems(400, 401, 404, 413, 415, 422),
    tags=["games"],
    status_code=200,
    sync_to_thread=True,
    before_request=strict_body,
)
def join_game(
    game_id: FromPath[str], data: JSONBody[JoinGame], host: NamedDependency[Host]
) -> Joined:
    game = host.game(game_id)
    loaded = host.cairn.load(game.game_id)
    redeemed = join_by_invite(host.tokens, loaded, data.invite, player_name(data.player))
    if redeemed is None:
        raise NotAuthorizedException("this invite code is not valid for this game")
    seat, token = redeemed
    host.cairn.seats_changed(game.game_id)
    logger().info("game.joined", seat=seat)
    return Joined(str(game.game_id), seat, token)


@post(
    "/games/{game_id:str}/forks",
    operation_id="forkGame",
    summary="Fork a game at event N with the same or reshuffled luck; new seats and tokens",
    description="A position that is not public yet needs one of the game's seat tokens.",
    responses=problems(400, 401, 403, 404, 409, 413, 415, 422),
    response_headers=CREATED,
    security=SEAT_OR_SPECTATOR,
    tags=["games"],
    status_code=201,
    before_request=strict_body,
)
async def fork_game(
    game_id: FromPath[str],
    data: JSONBody[ForkGame],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> Response[GameCreatedBody]:
    return created(await anyio.to_thread.run_sync(_fork, game_id, data, host, authorization))


def _fork(game_id: str, data: ForkGame, host: Host, authorization: str | None) -> GameCreatedBody:
    parent = host.game(game_id)
    seats = None if data.seats is None else [descriptor(s) for s in data.seats]
    # Every rule of who may fork what, with which seats and luck, is the application's.
    forked = host.cairn.fork(parent.game_id, data.at, data.luck, seats, bearer(authorization))
    logger().info("game.forked", fork_id=str(forked.game_id), at=forked.fork_at, luck=data.luck)
    return GameCreatedBody(
        str(forked.game_id),
        parent.ruleset,
        forked.version,
        grants(forked.seats),
        parent_id=str(parent.game_id),
        fork_at=forked.fork_at,
    )
