"""The viewer's routes: the board drawn as SVG, a game's steps in words, a seat's legal
commands in words, and the pages (the games list, a game's viewer, a league's page).

Who is looking is decided once, in ``looking``: a seat token shows that seat; ``seat=S``
without a token is allowed only once the game's whole log is public (a finished game, and
every game it was forked from finished too), when every seat's view is public anyway.
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath, QueryParameter
from litestar.static_files import create_static_files_router

from domain.core.drawing.board import Board, Painter
from service.api.bodies import problems
from service.api.games import MAX_SEQ, SEAT, SEAT_OR_SPECTATOR, Authorization
from service.api.hosting import Host
from service.api.rulesets import served_content
from service.api.seating import viewer
from service.application import NoSuchEvent, NotASeat, SeatTokenNeeded
from service.review import check_viewer
from service.review import diff as diff_games
from service.store import GameRecord
from service.trail import trail_from_store
from service.viewer import timeline
from service.viewer.bodies import Choice, Choices, GhostBody, StepBody, Steps
from service.viewer.drawings import draw, painter
from service.viewer.pages import STATIC, page

SVG = "image/svg+xml"
SeatParameter = Annotated[
    int | None,
    QueryParameter(
        ge=0,
        le=99,
        description="draw (or tell) the game as this seat sees it: needs that seat's token"
        " until the game's whole log is public",
        # Litestar leaves out a bound of 0 on an optional parameter (it tests its truth).
        schema_extra={"minimum": 0},
    ),
]


def looking(host: Host, game: GameRecord, authorization: str | None, seat: int | None) -> Any:
    """The viewer: ``seat`` if the caller holds its token or the log is public, else the
    token's seat, else a spectator."""
    token_seat = viewer(host.tokens, game, authorization)
    if seat is None:
        return token_seat
    check_viewer(game, seat)
    if seat == token_seat or host.cairn.is_log_public(game.game_id):
        return seat
    if token_seat is not None:
        raise NotASeat(f"this token is seat {token_seat}'s, not seat {seat}'s")
    raise SeatTokenNeeded(f"seat {seat}'s view of a game in progress needs seat {seat}'s token")


@get(
    "/games/{game_id:str}/board.svg",
    operation_id="getBoard",
    summary="The board after event N (default: now), drawn as SVG from the caller's view",
    description="Drawn from the same view `GET /games/{id}` answers, so it shows nothing"
    " that view hides.",
    responses=problems(400, 401, 403, 404),
    security=SEAT_OR_SPECTATOR,
    tags=["viewer"],
    media_type=SVG,
    sync_to_thread=True,
)
def board_svg(
    game_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    at: Annotated[int | None, QueryParameter(ge=1, le=MAX_SEQ)] = None,
    seat: SeatParameter = None,
    narrow: Annotated[
        bool,
        QueryParameter(description="lay the board out for a phone's width (one column)"),
    ] = False,
) -> Response[str]:
    game = host.game(game_id)
    seen_by = looking(host, game, authorization, seat)
    if at is not None and at > game.version:
        raise NoSuchEvent(f"this game has no event {at} yet")
    shown = None if at is None else host.decision_end(game.game_id, at)
    seen = host.cairn.view(game.game_id, seen_by, shown)
    board = Board(
        ruleset=game.ruleset,
        view=seen["view"],
        content=served_content(game.ruleset, game.content_hash),
        seats=game.seats,
        viewer=seen_by,
        at=seen["version"],
        narrow=narrow,
        over=bool(seen["is_terminal"]),
    )
    # A seat's board is that seat's secret: no shared cache may keep it.
    cache = "private, no-store" if authorization is not None else "no-cache"
    return Response(draw(board), media_type=SVG, headers={"Cache-Control": cache})


@get(
    "/games/{game_id:str}/steps",
    operation_id="getSteps",
    summary="Every event the caller may see, in words, with the score after its decision",
    responses=problems(400, 401, 403, 404),
    security=SEAT_OR_SPECTATOR,
    tags=["viewer"],
    sync_to_thread=True,
)
def game_steps(
    game_id: FromPath[str],
    host: NamedDependency[Host],
    authorization: Authorization = None,
    seat: SeatParameter = None,
    after: Annotated[
        int,
        QueryParameter(
            ge=0,
            le=MAX_SEQ,
            description="only the steps of events after seq N (a live page's new ones)",
        ),
    ] = 0,
) -> Steps:
    game = host.game(game_id)
    seen_by = looking(host, game, authorization, seat)
    told = timeline.steps(host.cairn.store, game, seen_by, after)
    return Steps(
        game_id=str(game.game_id),
        ruleset=game.ruleset,
        status=game.status,
        # The record was read before the events: events committed since count too.
        version=max([game.version, *(s.at for s in told)]),
        viewer=seen_by,
        log_is_public=host.cairn.is_log_public(game.game_id),
        steps=[StepBody(s.seq, s.at, s.type, s.actor, s.text, s.scores) for s in told],
    )


@get(
    "/games/{game_id:str}/choices",
    operation_id="getChoices",
    summary="The calling seat's legal commands, each in words beside the command to send",
    responses=problems(400, 401, 404),
    security=SEAT,
    tags=["viewer"],
    sync_to_thread=True,
)
def choices(
    game_id: FromPath[str], host: NamedDependency[Host], authorization: Authorization = None
) -> Choices:
    game_uuid, seat = host.seat(game_id, authorization)
    loaded = host.cairn.load(game_uuid)
    game = loaded.game
    content = served_content(game.ruleset, game.content_hash)
    drawn = painter(game.ruleset)
    commands = host.cairn.legal_commands_of(loaded, seat)
    return Choices(seat, loaded.version, [offer(drawn, c, content) for c in commands])


def offer(drawn: Painter, command: dict[str, Any], content: Any) -> Choice:
    """A legal command as the page offers it: in words, and as the board makes it."""
    return Choice(
        drawn.say(command, content),
        command,
        drawn.places(command, content),
        drawn.orders(command, content),
        drawn.unordered(command),
        [GhostBody(g.place, g.words, g.joined) for g in drawn.ghosts(command, content)],
    )


@get(
    "/games/{game_id:str}/diff",
    operation_id="diffGames",
    summary="How two games differ: their common prefix, where their moves part, their scores",
    description="Told as a spectator sees both games (`cairn diff` answers the same): a hidden"
    " event is said to be hidden.",
    responses=problems(400, 404),
    tags=["viewer"],
    sync_to_thread=True,
)
def game_diff(
    game_id: FromPath[str],
    host: NamedDependency[Host],
    other: Annotated[
        str,
        QueryParameter(
            description="the game to compare with (its id)",
            pattern=r"^[0-9a-fA-F-]{36}$",
            schema_extra={"format": "uuid"},
        ),
    ],
) -> dict[str, Any]:
    store = host.cairn.store
    a, b = (trail_from_store(store, host.game(g).game_id) for g in (game_id, other))
    return diff_games(store, a, b).to_json()


@get("/viewer", include_in_schema=False)
async def home_page() -> Response[bytes]:
    return page("home.html")


@get("/games/{game_id:str}/viewer", include_in_schema=False)
async def viewer_page(game_id: FromPath[str]) -> Response[bytes]:
    # The page reads the game through the API itself; an unknown game is its message.
    return page("viewer.html")


@get("/leagues/{league_id:str}/viewer", include_in_schema=False)
async def league_page(league_id: FromPath[str]) -> Response[bytes]:
    # As a game's page: the page reads the league through the API, an unknown one is its
    # message.
    return page("league.html")


STATIC_FILES = create_static_files_router(
    path="/viewer/static", directories=[STATIC], include_in_schema=False
)

VIEWER_ROUTES: list[Any] = [
    board_svg,
    game_steps,
    choices,
    game_diff,
    home_page,
    viewer_page,
    league_page,
    STATIC_FILES,
]
