"""The position's per-step helpers, compiled: a copy with some fields changed, a seat's
holdings read and moved, a peak's stones found.

``state.py`` stays interpreted (its instances are copied through ``__dict__``), so its
functions and methods run a Python frame at every call, even from compiled code; the fold and
the greedy bot call these tens of thousands of times in a rollout. Here (``cairn compile``)
they run as C: ``state.py`` names them again, its methods and ``Hiker.load`` delegate to
them, and the compiled rules call them directly. Nothing here imports the state (the state
imports this module), so a position is typed ``Any``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from domain.games.five_peaks.geometry import Cell

T = TypeVar("T")

LEGAL_MEMO = "_legal_memo"
"""Where a position keeps its seat to act's legal commands: never copied by ``changed``."""
_new = object.__new__
_DICT_SETTERS: dict[type, Callable[[Any, dict[str, Any]], None]] = {}


def changed(value: T, **changes: Any) -> T:
    """``dataclasses.replace`` for the fold's hot path: a copy with some fields changed.

    ``replace`` re-runs ``__init__`` over every field; a game folds thousands of facts, and
    these classes have no ``__post_init__`` to skip, so copying the fields is the same value.
    """
    # one copy of the instance dict, assigned whole through the class's own ``__dict__``
    # setter: filling a fresh instance's dict key by key costs about twice as much
    attributes: dict[str, Any] = value.__dict__.copy()
    # the seat to act's legal commands hold for the position they were listed for only
    # (``rules.legal_commands``); every other memo is checked against its inputs when read
    attributes.pop(LEGAL_MEMO, None)
    attributes.update(changes)
    kind = type(value)
    new: T = _new(kind)
    setter = _DICT_SETTERS.get(kind) or _dict_setter(kind)
    setter(new, attributes)
    return new


def built(kind: type[T], fields: dict[str, Any]) -> T:
    """``kind(**fields)`` without its ``__init__``, for the events and commands a rollout
    makes at every step: ``commands.py`` and ``events.py`` stay interpreted, so their frozen
    ``__init__`` runs a Python frame that sets each field by ``object.__setattr__``; here the
    finished dict is assigned whole. ``fields`` names every field of ``kind``, in order, with
    the values ``__init__`` would set (no defaults are filled in); the value is equal to, and
    hashes, prints, encodes and pickles as, the one ``__init__`` builds (tests hold them to
    each other)."""
    new: T = _new(kind)
    setter = _DICT_SETTERS.get(kind) or _dict_setter(kind)
    setter(new, fields)
    return new


def _dict_setter(kind: type) -> Callable[[Any, dict[str, Any]], None]:
    """The ``__dict__`` setter of ``kind``'s instances (found on the class that gave them a
    dict), kept: ``object.__setattr__(x, "__dict__", d)`` looks it up by name every time."""
    owner = next(k for k in kind.__mro__ if "__dict__" in vars(k))
    setter: Callable[[Any, dict[str, Any]], None] = vars(owner)["__dict__"].__set__
    _DICT_SETTERS[kind] = setter
    return setter


def moved(
    amounts: Mapping[str, int], gained: Mapping[str, int], paid: Mapping[str, int], skip: str
) -> Mapping[str, int]:
    """``added(added(amounts, gained), paid, -1)`` over every key but ``skip``, in one pass:
    the same sums, and a key dropped at zero in between comes back with the same total, in
    the same sorted order."""
    out = dict(amounts)
    for key, n in gained.items():
        if key != skip:
            out[key] = out.get(key, 0) + n
    for key, n in paid.items():
        if key != skip:
            out[key] = out.get(key, 0) - n
    return MappingProxyType({k: v for k, v in sorted(out.items()) if v})


def added(amounts: Mapping[str, int], delta: Mapping[str, int], sign: int = 1) -> Mapping[str, int]:
    out = dict(amounts)
    for key, n in delta.items():
        out[key] = out.get(key, 0) + sign * n
    return MappingProxyType({k: v for k, v in sorted(out.items()) if v})


def held(hiker: Any, resource: str) -> int:
    """``Hiker.held``: how many of ``resource`` the seat holds."""
    backpack: Mapping[str, int] = hiker.backpack
    return backpack.get(resource, 0)


def load_of(hiker: Any) -> int:
    """``Hiker.load``: how many resources fill the seat's backpack."""
    backpack: Mapping[str, int] = hiker.backpack
    return sum(backpack.values())


def with_hiker(game: T, seat: int, hiker: Any) -> T:
    """``Game.with_hiker``: the game with one seat's holdings replaced, the others shared."""
    hikers = list(game.hikers)  # type: ignore[attr-defined]
    hikers[seat] = hiker
    return changed(game, hikers=tuple(hikers))


def stack_at(game: Any, at: Cell) -> Any:
    """``Game.stack_at``: the first peak's stones on ``at`` (a ``StoneStack``), or None."""
    for stack in game.peaks:
        if stack.at == at:
            return stack
    return None


def peak_cells(game: Any) -> tuple[tuple[str, Cell], ...]:
    """``Game.peak_cells``: each placed peak tile and its cell, in order."""
    return tuple((p.peak, p.at) for p in game.peaks)
