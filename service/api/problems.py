"""The one mapper from exceptions to RFC 9457 problem+json responses, each with a code.

A problem's title is its code in words ("not_your_turn" is "Not your turn"), so the two
never disagree; the detail says what happened in this case.
"""

from __future__ import annotations

from typing import Any

import psycopg
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from litestar.types import ExceptionHandler, ExceptionHandlersMap

from domain.core import RuleViolation
from domain.core.registry import UnknownRuleset
from service.application import (
    ApplicationError,
    BadRequest,
    ForkRefused,
    IdempotencyKeyReused,
    NoSuchEvent,
    NotASeat,
    RulesVersionMismatch,
    SeatTokenNeeded,
    UnknownContent,
)
from service.application.hooks import UnknownWebhook
from service.application.lobby import NoOpenSeat
from service.application.players import NotALeagueOrganiser, NotAnOrganiser, NotSignedIn
from service.application.staleness import StaleVersion
from service.logs import logger
from service.projections.reading import NoBracket
from service.replays import ExportRefused, ImportRefused, ReplayFileError
from service.store import DatabaseUnavailable, UnknownGame, VersionConflict
from service.store.leagues import UnknownLeague
from service.store.players import PlayerExists, UnknownPlayer

PROBLEM = "application/problem+json"

# Exception type -> HTTP status. Order matters only for subclasses listed first.
STATUSES: dict[type[Exception], int] = {
    RuleViolation: 422,
    NotSignedIn: 401,
    NotAnOrganiser: 403,
    NotALeagueOrganiser: 403,
    NoOpenSeat: 409,
    UnknownLeague: 404,
    NoBracket: 404,
    UnknownPlayer: 404,
    UnknownWebhook: 404,
    PlayerExists: 409,
    VersionConflict: 409,
    NotASeat: 403,
    UnknownGame: 404,
    UnknownRuleset: 404,
    NoSuchEvent: 404,
    UnknownContent: 404,
    ForkRefused: 409,
    ExportRefused: 409,
    ImportRefused: 409,
    ReplayFileError: 400,
    SeatTokenNeeded: 401,
    IdempotencyKeyReused: 422,
    RulesVersionMismatch: 409,
    BadRequest: 400,
    DatabaseUnavailable: 503,
    # A connection error from code using the pool directly (seat tokens, locks): the
    # database went away; the pool reconnects by itself, so the client may retry.
    psycopg.OperationalError: 503,
}

_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "unprocessable",
    429: "too_many_requests",
    503: "unavailable",
}


def title_of(code: str) -> str:
    """A problem's title: its code in words."""
    return code.replace("_", " ").capitalize()


def problem(
    status: int,
    code: str,
    detail: str,
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> Response[Any]:
    body = {
        "type": f"https://cairn.games/problems/{code}",
        "title": title_of(code),
        "status": status,
        "code": code,
        "detail": detail,
        **extra,
    }
    if status == 503:
        headers = {**(headers or {}), "Retry-After": "1"}
    return Response(body, status_code=status, media_type=PROBLEM, headers=headers)


def _code(exc: Exception) -> str:
    if isinstance(exc, RuleViolation):
        return exc.code
    if isinstance(exc, ApplicationError):
        return exc.code
    names = {
        VersionConflict: "version_conflict",
        UnknownGame: "unknown_game",
        UnknownRuleset: "unknown_ruleset",
        UnknownLeague: "unknown_league",
        NoBracket: "no_bracket",
        UnknownPlayer: "unknown_player",
        PlayerExists: "player_exists",
        DatabaseUnavailable: "database_unavailable",
        psycopg.OperationalError: "database_unavailable",
    }
    return next((v for k, v in names.items() if isinstance(exc, k)), "error")


def _extra(exc: Exception) -> dict[str, Any]:
    if isinstance(exc, StaleVersion):
        return {"current_version": exc.actual, "changed": exc.changed}
    if isinstance(exc, VersionConflict):
        return {"current_version": exc.actual}
    return {}


def _detail(exc: Exception) -> str:
    if isinstance(exc, DatabaseUnavailable | psycopg.OperationalError):
        return "the database is unavailable right now; try again shortly"
    if isinstance(exc, StaleVersion):
        return (
            f"what you may do changed after version {exc.expected}: the game is at"
            f" {exc.actual}; read it again (changed lists what happened)"
        )
    if isinstance(exc, VersionConflict):
        return f"the game is at version {exc.actual}, not {exc.expected}; read it again"
    return getattr(exc, "message", None) or str(exc)


def domain_problem(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    status = next(v for k, v in STATUSES.items() if isinstance(exc, k))
    logger().info("request.refused", status=status, code=_code(exc))
    return problem(status, _code(exc), _detail(exc), **_extra(exc))


def http_problem(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    status = exc.status_code
    code = _HTTP_CODES.get(status, "http_error")
    if isinstance(exc, ValidationException):
        code = "invalid_request"
    extra: dict[str, Any] = {}
    if isinstance(exc, ValidationException) and exc.extra:
        extra["errors"] = exc.extra
    # A 405 keeps the Allow header Litestar's router names the allowed methods in.
    headers = dict(exc.headers) if exc.headers else None
    return problem(status, code, str(exc.detail), headers, **extra)


def unexpected_problem(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    logger().exception("request.failed")
    return problem(
        HTTP_500_INTERNAL_SERVER_ERROR,
        "internal_error",
        "something went wrong on our side; the request was logged",
    )


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    **{exc: domain_problem for exc in STATUSES},
    HTTPException: http_problem,
    Exception: unexpected_problem,
}


def handler_for(
    handlers: ExceptionHandlersMap, exc: Exception
) -> ExceptionHandler[Exception] | None:
    """The handler Litestar's exception middleware picks for ``exc`` from ``handlers`` (a
    route's resolved map): an ``HTTPException``'s status code first, then the nearest class
    in the exception's MRO, then a ``500`` entry for anything else. ``play_asgi`` answers
    below that middleware and must pick alike; Litestar's own lookup is private API."""
    if isinstance(exc, HTTPException) and exc.status_code in handlers:
        return handlers[exc.status_code]
    for cls in type(exc).__mro__:
        if cls in handlers:
            return handlers[cls]
    if isinstance(exc, HTTPException):
        return None
    return handlers.get(HTTP_500_INTERNAL_SERVER_ERROR)
