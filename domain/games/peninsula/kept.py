"""Answers kept by the identity of the frozen values they were worked out from.

The legal commands are asked for at every step of a rollout, and a seat's sheet often keeps
the parts an answer reads from one step to the next (a move copies the sheet with only its
location changed; the other seat's turn changes nothing on it). A ``Kept`` memo finds such
an answer again by the ids of those parts. Each entry holds the parts themselves, so no id
in a live key can belong to a newer object; it forgets everything past its bound.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    def __init__(self, most: int) -> None:
        self._most = most
        self._kept: dict[tuple[int, ...], tuple[tuple[object, ...], T]] = {}

    def get(self, parts: tuple[object, ...], work: Callable[[], T]) -> T:
        """``work()``, or what it gave for the same objects in ``parts`` before: the parts
        must be frozen and be all that ``work`` reads."""
        key = tuple(map(id, parts))
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= self._most:
                self._kept.clear()
            found = self._kept[key] = (parts, work())
        return found[1]
