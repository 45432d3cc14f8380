"""The one mapper from exceptions to RFC 9457 problem+json responses, each with a code."""

from __future__ import annotations

from typing import Any

import psycopg
from litestar import Request, Response
from litestar.exceptions import (
    HTTPException,
    NotAuthorizedException,
    NotFoundException,
    PermissionDeniedException,
    ValidationException,
)
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from litestar.types import ExceptionHandlersMap

from domain.core import RuleViolation
from domain.core.registry import UnknownRuleset
from service.application import (
    ApplicationError,
    BadRequest,
    ForkRefused,
    IdempotencyKeyReused,
    NotASeat,
    RulesVersionMismatch,
    SeatTokenNeeded,
)
from service.logs import logger
from service.store import DatabaseUnavailable, UnknownGame, VersionConflict

PROBLEM = "application/problem+json"

# Exception type -> (HTTP status, title). Order matters only for subclasses listed first.
STATUSES: dict[type[Exception], tuple[int, str]] = {
    RuleViolation: (422, "Rule violation"),
    VersionConflict: (409, "Version conflict"),
    NotASeat: (403, "Not your seat"),
    UnknownGame: (404, "Unknown game"),
    UnknownRuleset: (404, "Unknown ruleset"),
    ForkRefused: (409, "Fork refused"),
    SeatTokenNeeded: (401, "Unauthorized"),
    IdempotencyKeyReused: (422, "Idempotency key reused"),
    RulesVersionMismatch: (409, "Rules version mismatch"),
    BadRequest: (400, "Bad request"),
    DatabaseUnavailable: (503, "Database unavailable"),
    # A connection error from code using the pool directly (seat tokens, locks): the
    # database went away; the pool reconnects by itself, so the client may retry.
    psycopg.OperationalError: (503, "Database unavailable"),
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


def problem(
    status: int,
    code: str,
    title: str,
    detail: str,
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> Response[Any]:
    body = {
        "type": f"https://cairn.games/problems/{code}",
        "title": title,
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
        DatabaseUnavailable: "database_unavailable",
        psycopg.OperationalError: "database_unavailable",
    }
    return next((v for k, v in names.items() if isinstance(exc, k)), "error")


def _extra(exc: Exception) -> dict[str, Any]:
    if isinstance(exc, VersionConflict):
        return {"current_version": exc.actual}
    return {}


def domain_problem(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    status, title = next(v for k, v in STATUSES.items() if isinstance(exc, k))
    detail = getattr(exc, "message", None) or str(exc)
    if isinstance(exc, DatabaseUnavailable | psycopg.OperationalError):
        detail = "the database is unavailable right now; try again shortly"
    logger().info("request.refused", status=status, code=_code(exc))
    return problem(status, _code(exc), title, detail, **_extra(exc))


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
    return problem(status, code, _title(exc), str(exc.detail), headers, **extra)


def _title(exc: HTTPException) -> str:
    if isinstance(exc, NotAuthorizedException):
        return "Unauthorized"
    if isinstance(exc, PermissionDeniedException):
        return "Forbidden"
    if isinstance(exc, NotFoundException):
        return "Not found"
    return "Bad request" if exc.status_code < 500 else "Server error"


def unexpected_problem(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    logger().exception("request.failed")
    return problem(
        HTTP_500_INTERNAL_SERVER_ERROR,
        "internal_error",
        "Internal error",
        "something went wrong on our side; the request was logged",
    )


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    **{exc: domain_problem for exc in STATUSES},
    HTTPException: http_problem,
    Exception: unexpected_problem,
}
