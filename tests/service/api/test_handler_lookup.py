"""``problems.handler_for`` picks the handler Litestar's exception middleware picks.

``play_asgi`` answers a move below that middleware, so it looks the handler up itself; this
holds its lookup to Litestar's own (private) one over the app's map and over maps with
status-code entries, so that an upgrade of Litestar that changes the rule shows here.
"""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest
from litestar.exceptions import HTTPException, NotFoundException, ValidationException
from litestar.middleware._internal.exceptions.middleware import get_exception_handler

from domain.core import RuleViolation
from service.api.problems import EXCEPTION_HANDLERS, handler_for
from service.store import UnknownGame, VersionConflict


def _named(name: str) -> Any:
    def handler(request: Any, exc: Exception) -> Any:
        return name

    handler.__name__ = name
    return handler


class _Derived(RuleViolation):
    pass


EXCEPTIONS = [
    RuleViolation("not_your_turn", "it is not your turn"),
    _Derived("x", "y"),
    UnknownGame(uuid4()),
    VersionConflict(uuid4(), 3, 4),
    HTTPException(status_code=418, detail="teapot"),
    NotFoundException("gone"),
    ValidationException("bad"),
    ValueError("plain"),
    KeyError("key"),
]

MAPS = [
    EXCEPTION_HANDLERS,
    {404: _named("404"), Exception: _named("exc")},
    {500: _named("500"), HTTPException: _named("http")},
    {500: _named("500"), 418: _named("418")},
    {ValueError: _named("value"), 500: _named("500")},
    {LookupError: _named("lookup")},
    {},
]


@pytest.mark.parametrize("handlers", MAPS, ids=range(len(MAPS)))
@pytest.mark.parametrize("exc", EXCEPTIONS, ids=lambda e: type(e).__name__)
def test_the_same_handler_as_litestars_middleware(handlers: Any, exc: Exception) -> None:
    assert handler_for(handlers, exc) is get_exception_handler(handlers, exc)


def test_the_apps_map_names_the_domain_handler_for_a_rule_violation() -> None:
    handler = handler_for(EXCEPTION_HANDLERS, _Derived("x", "y"))
    assert handler is EXCEPTION_HANDLERS[RuleViolation]
