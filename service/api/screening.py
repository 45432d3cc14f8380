"""What every request must be before a handler runs: a JSON body of bounded nesting that
decodes strictly, no U+0000 in a path or query parameter, and integer query parameters
written as plain digits.

Litestar converts request data leniently ("1e3" is a fine int to it, and a body is read
whatever its content type); these hooks refuse, with a 4xx problem, everything that would
otherwise be coerced or would reach a handler, a ruleset or a recursive walk unchecked.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar import Request
from litestar.exceptions import HTTPException, ValidationException
from litestar.params import QueryParameter

from service.bounded_json import nesting

MAX_NESTING = 32
"""Arrays and objects inside one another: no command, option or setup needs more; every
recursive walk over a body (and msgspec's own decoder) stays far from Python's limit."""

_DIGITS = re.compile(r"[0-9]{1,12}")
_integer_queries: dict[int, frozenset[str]] = {}


async def strict_body(request: Request[Any, Any, Any]) -> None:
    """Before-request hook of every handler with a body: JSON only, bounded nesting, and
    decoded strictly into the handler's ``data`` type, or a 4xx before anything runs."""
    check_parameters(request)
    parameter = request.route_handler.parsed_fn_signature.parameters.get("data")
    if parameter is None:
        return
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if not is_json(media):
        raise HTTPException(status_code=415, detail="send the body as application/json")
    body = await request.body()
    if too_deep(body):
        raise ValidationException(f"invalid request body: nesting deeper than {MAX_NESTING}")
    try:
        msgspec.json.decode(body, type=parameter.annotation, strict=True)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ValidationException(f"invalid request body: {exc}") from None
    # JSON can only carry U+0000 escaped, so a body without the escape needs no walk.
    if b"\\u0000" in body and _has_nul(msgspec.json.decode(body)):
        # PostgreSQL text and jsonb cannot hold U+0000; refuse it here, not at the INSERT.
        raise ValidationException("invalid request body: text may not contain U+0000")


def too_deep(body: bytes) -> bool:
    # No deeper than it has opening brackets (those inside strings only raise the count):
    # a move's body has a few, and counting them is a fraction of measuring the depth.
    if body.count(b"[") + body.count(b"{") <= MAX_NESTING:
        return False
    return nesting(body, MAX_NESTING) > MAX_NESTING


def is_json(media: str) -> bool:
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


async def plain_integers(request: Request[Any, Any, Any]) -> None:
    """Before-request hook of the app (``strict_body`` and the replay import's hook replace
    it where they are set, and check the same): no path or query parameter holds U+0000,
    and an integer query parameter is plain digits ("1e3", "1.0" and "+5" are refused, not
    read as 1000, 1 and 5)."""
    check_parameters(request)


def check_parameters(request: Request[Any, Any, Any]) -> None:
    scope = request.scope
    # Path parameters are cut from the decoded path, query parameters from the query
    # string: with no U+0000 in the one and nothing in the other, no check below can refuse
    # (a move's requests; building the parameters' mappings is most of this hook's cost).
    if not scope["query_string"] and "\x00" not in scope["path"]:
        return
    # PostgreSQL text cannot hold U+0000: a name or id with it would be a 500 at the query.
    for name, value in request.path_params.items():
        if isinstance(value, str) and "\x00" in value:
            raise ValidationException(f"path parameter {name} may not contain U+0000")
    for name, value in request.query_params.multi_items():
        if "\x00" in name or "\x00" in value:
            raise ValidationException(f"query parameter {name!r} may not contain U+0000")
    for name in _integers_of(request.route_handler):
        for value in request.query_params.getall(name, []):
            if not _DIGITS.fullmatch(value):
                raise ValidationException(f"query parameter {name} must be digits, not {value!r}")


def _integers_of(handler: Any) -> frozenset[str]:
    known = _integer_queries.get(id(handler))
    if known is None:
        names = set()
        for name, field in handler.parsed_fn_signature.parameters.items():
            kwarg = field.kwarg_definition
            if not isinstance(kwarg, QueryParameter):
                continue
            types = [field, *field.inner_types]
            if any(t.annotation is int for t in types):
                names.add(kwarg.query or name)
        known = _integer_queries[id(handler)] = frozenset(names)
    return known


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False
