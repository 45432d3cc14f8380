# cairn compile leaves this module interpreted: generic dataclass (service/compiled.py).
"""A part of the composed decide (``domain.core.compose``), kept apart so that the
composition itself compiles: mypyc cannot compile a generic dataclass."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from domain.core.lifecycle import Table

S = TypeVar("S", bound=Table)

Decide = Callable[[S, Any, int | None], tuple[Any, ...]]
"""``decide(state, command, at) -> events``: ``at`` is when the decision is taken (ms since
the epoch, or None), which live play stamps on a decision's facts."""


@dataclass(frozen=True)
class Part(Generic[S]):
    """One decider of a composition: the command types it owns, and how it decides them."""

    name: str
    commands: frozenset[type]
    decide: Decide[S]
