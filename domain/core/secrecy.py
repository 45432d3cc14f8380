"""What of a game's state is hidden from whom, declared once per ruleset.

A ruleset lists the parts of its state that are not public, each as a path into the state
(``Presentation.hidden``); everything it does not list is public. A part whose path holds
``SEAT`` is one value per seat, seen by that seat only (a hand); any other part is seen by
the server only (an undrawn deck's order). The lifecycle adds its own: the luck (the seed).

The declaration is plain data, so the platform and the conformance suite can read it
without knowing the game: ``pieces`` finds the concrete values a viewer may not see, and
``replaced`` writes one back (docs/ruleset-contract.md, "What is hidden").

A path is a tuple of steps: a field name (of a dataclass, or a key of a mapping), ``SEAT``
(each item of a per-seat tuple; the index is the seat that sees it) or ``EACH`` (each value
of a tuple or mapping: several piles of the same kind). ``pool`` names the parts whose
items are interchangeable (a deck and the hands dealt from it): a fork's fresh luck may
move items between parts of one pool, never between pools.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal


class _Step:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


SEAT: Final = _Step("SEAT")
EACH: Final = _Step("EACH")
Step = str | _Step
Holder = Literal["server", "seat"]


@dataclass(frozen=True)
class Hidden:
    """One part of the state that is not public: the server's only, or one seat's only."""

    path: tuple[Step, ...]
    pool: str = ""

    def __post_init__(self) -> None:
        if not self.path or sum(1 for s in self.path if s is SEAT) > 1:
            raise ValueError(f"a hidden part's path names SEAT at most once: {self.path}")

    @property
    def holder(self) -> Holder:
        """``seat`` if each seat sees its own item of the part; ``server`` if no seat does."""
        return "seat" if SEAT in self.path else "server"

    @property
    def name(self) -> str:
        return ".".join(str(s) for s in self.path)

    @property
    def kind(self) -> str:
        """The pool its items belong to: its own name unless it shares one."""
        return self.pool or self.name


LUCK: Final = Hidden(("luck",))
"""The lifecycle's own hidden part: the seed and its counter (``Table.luck``)."""


@dataclass(frozen=True)
class Piece:
    """One concrete hidden value in a state: where it is, whose it is, and what it holds."""

    part: Hidden
    at: tuple[Any, ...]
    seat: int | None
    value: Any

    @property
    def items(self) -> list[Any]:
        """The things it holds: a sequence's items, or the value itself."""
        return list(self.value) if isinstance(self.value, (tuple, list)) else [self.value]


def pieces(parts: tuple[Hidden, ...], state: Any) -> Iterator[Piece]:
    """Every concrete value of every hidden part of ``state``, in a fixed order."""
    for part in parts:
        yield from _walk(part, state, part.path, (), None)


def hidden_from(parts: tuple[Hidden, ...], state: Any, viewer: int | None) -> list[Piece]:
    """What ``viewer`` (a seat, or None for a spectator) may not see."""
    return [p for p in pieces(parts, state) if p.seat is None or p.seat != viewer]


def replaced(state: Any, at: tuple[Any, ...], value: Any) -> Any:
    """``state`` with the value at concrete path ``at`` replaced (frozen values are copied)."""
    if not at:
        return value
    head, rest = at[0], at[1:]
    if isinstance(state, tuple):
        return tuple(replaced(v, rest, value) if i == head else v for i, v in enumerate(state))
    if isinstance(state, Mapping):
        copy = dict(state)
        copy[head] = replaced(state[head], rest, value)
        return MappingProxyType(copy) if isinstance(state, MappingProxyType) else copy
    return dataclasses.replace(state, **{head: replaced(getattr(state, head), rest, value)})


def _walk(
    part: Hidden, value: Any, path: tuple[Step, ...], at: tuple[Any, ...], seat: int | None
) -> Iterator[Piece]:
    if not path:
        yield Piece(part, at, seat, value)
        return
    step, rest = path[0], path[1:]
    if step is SEAT or step is EACH:
        keys = sorted(value) if isinstance(value, Mapping) else range(len(value))
        for key in keys:
            owner = key if step is SEAT else seat
            yield from _walk(part, value[key], rest, (*at, key), owner)
    elif isinstance(value, Mapping):
        if step in value:
            yield from _walk(part, value[step], rest, (*at, step), seat)
    else:
        yield from _walk(part, getattr(value, str(step)), rest, (*at, step), seat)
