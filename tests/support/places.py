"""The map places (``{"q": .., "r": ..}`` objects) inside a JSON body, for the tests that
hold Peninsula's tuple ``Hex`` to the object it is written as at every boundary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def places(body: Any) -> Iterator[dict[str, Any]]:
    """Every object in ``body`` with a ``q`` or an ``r`` key: a place, or one misshapen
    (which ``is_place`` then refuses), never looked into further."""
    if isinstance(body, dict):
        if "q" in body or "r" in body:
            yield body
        else:
            for item in body.values():
                yield from places(item)
    elif isinstance(body, list):
        for item in body:
            yield from places(item)


def is_place(body: dict[str, Any]) -> bool:
    """Exactly ``{"q": int, "r": int}``, in that order, as a frozen dataclass was written."""
    return list(body) == ["q", "r"] and all(type(v) is int for v in body.values())
