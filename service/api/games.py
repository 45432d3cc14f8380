"""Games: create with seats, list, view, join an open seat, fork."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from litestar import get, post
from litestar.di import NamedDependency
from litestar.exceptions import NotAuthorizedException
from litestar.params import FromPath, FromQuery, HeaderParameter, JSONBody, QueryParameter

from domain.core import RuleViolation
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
    strict_body,
)
from service.api.hosting import Host
from service.api.seating import check_seats, descriptor, fork_seats, grant, seat_of, viewer
from service.application import Outcome
from service.logs import logger
from service.store import GameRecord

Authorization = Annotated[
    str | None,
    HeaderParameter(name="Authorization", description="`Bearer <seat token>`; none for spectators"),
]
Text = Annotated[str | None, QueryParameter(pattern=r"^[^\x00-\x1f]{1,64}$")]
MAX_SEQ = 2**31 - 1


@post(
    "/games",
    summary="Create a game: ruleset, options, seats (open, player or bot), optional setup",
    responses=problems(400, 404, 413, 422),
    tags=["games"],
    status_code=201,
    sync_to_thread=True,
    before_request=strict_body,
)
def create_game(data: JSONBody[CreateGame], host: NamedDependency[Host]) -> GameCreatedBody:
    check_seats(data.ruleset, data.seats)
    outcome = _guarded(
        lambda: host.cairn.create_game(
            data.ruleset,
            len(data.seats),
            data.options,
            data.setup,
            [descriptor(s) for s in data.seats],
        )
    )
    seats = grant(host.tokens, outcome.game_id, data.seats)
    host.bots.kick(outcome.game_id)
    logger().info("game.created", game_id=str(outcome.game_id), ruleset=data.ruleset)
    return GameCreatedBody(str(outcome.game_id), data.ruleset, outcome.version, seats)


def _guarded(create: Callable[[], Outcome]) -> Outcome:
    """A malformed explicit setup is the caller's mistake, even where a ruleset trips on it."""
    try:
        outcome: Outcome = create()
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        logger().warning("game.setup_refused", error=repr(exc)[:200])
        raise RuleViolation(
            "invalid_command", "the options or setup do not fit this ruleset"
        ) from None
    return outcome


@get(
    "/games",
    summary="List games, filtered by ruleset, status or player",
    responses=problems(400),
    tags=["games"],
    sync_to_thread=True,
)
def list_games(
    host: NamedDependency[Host],
    ruleset: Text = None,
    status: FromQuery[Literal["active", "finished"] | None] = None,
    player: Text = None,
    limit: Annotated[int, QueryParameter(ge=1, le=100)] = 20,
    offset: Annotated[int, QueryParameter(ge=0, le=10**9)] = 0,
) -> GameList:
    games = host.cairn.store.games(
        ruleset=ruleset, status=status, player=player, limit=limit + 1, offset=offset
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
    )


@get(
    "/games/{game_id:str}",
    summary="A game as the caller sees it: a seat's view with its token, else a spectator's",
    responses=problems(400, 401, 404),
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
    shown = None if at is None else host.decision_end(game.game_id, at)
    seen = host.cairn.view(game.game_id, seat, shown)
    return GameView(
        game_id=seen["game_id"],
        ruleset=seen["ruleset"],
        version=seen["version"],
        status=seen["status"],
        rules_version=seen["rules_version"],
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
    )


@post(
    "/games/{game_id:str}/join",
    summary="Take an open seat with its invite code; returns that seat's token",
    responses=problems(400, 401, 404, 413),
    tags=["games"],
    status_code=200,
    sync_to_thread=True,
    before_request=strict_body,
)
def join_game(
    game_id: FromPath[str], data: JSONBody[JoinGame], host: NamedDependency[Host]
) -> Joined:
    game = host.game(game_id)
    redeemed = host.tokens.redeem(game.game_id, data.invite, data.player)
    if redeemed is None:
        raise NotAuthorizedException("this invite code is not valid for this game")
    seat, token = redeemed
    logger().info("game.joined", seat=seat)
    return Joined(str(game.game_id), seat, token)


@post(
    "/games/{game_id:str}/forks",
    summary="Fork a game at event N with the same or reshuffled luck; new seats and tokens",
    responses=problems(400, 401, 403, 404, 409, 413, 422),
    tags=["games"],
    status_code=201,
    sync_to_thread=True,
    before_request=strict_body,
)
def fork_game(
    game_id: FromPath[str],
    data: JSONBody[ForkGame],
    host: NamedDependency[Host],
    authorization: Authorization = None,
) -> GameCreatedBody:
    parent = host.game(game_id)
    # Only a seat of an unfinished game may fork it; anyone may fork a finished one.
    forker = (
        viewer(host.tokens, parent, authorization)
        if parent.is_finished
        else seat_of(host.tokens, parent, authorization)
    )
    seats = fork_seats(parent, forker, data.seats)
    check_seats(parent.ruleset, seats)
    outcome = host.cairn.fork(parent.game_id, data.at, data.luck, [descriptor(s) for s in seats])
    grants = grant(host.tokens, outcome.game_id, seats)
    host.bots.kick(outcome.game_id)
    logger().info("game.forked", fork_id=str(outcome.game_id), at=data.at, luck=data.luck)
    return GameCreatedBody(
        str(outcome.game_id),
        parent.ruleset,
        outcome.version,
        grants,
        parent_id=str(parent.game_id),
        fork_at=data.at,
    )
