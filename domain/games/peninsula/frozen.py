"""Frozen values made without their ``__init__``: a command from its fields, a copy with some
fields changed, a read-only map with one key set.

The legal commands are built by the dozen at every step of a rollout and the fold copies the
state at every fact, so these run compiled (``cairn compile``); ``commands.py`` and
``state.py``, left interpreted for their classes, name them again for their callers.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # the state imports this module; the copies below only read its fields
    from domain.games.peninsula.state import Allowance, Game, Sheet

T = TypeVar("T")
_new = object.__new__
# ``object.__setattr__`` is written out at each call below rather than aliased: compiled, the
# literal call is a direct C call (mypyc's ``CPyObject_GenericSetAttr``), where an alias is a
# call through the slot wrapper and two argument tuples


def built(cls: type[T], fields: dict[str, Any]) -> T:
    """``cls(**fields)`` without running ``__init__``, for the legal commands made by the
    dozen at every step of a rollout, and the events, bot and system commands made at every
    step: a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``,
    about twice the cost of assigning the finished dict (as ``copied`` does for the fold),
    and its Python frame is interpreted even when the caller is compiled. ``fields`` names
    every field of ``cls``, in order, with the values ``__init__`` would set; the value is
    equal to, hashes, prints, encodes and pickles as the one ``__init__`` builds (tests hold
    them to each other: test_fast_paths, test_rollout_shortcuts)."""
    command = _new(cls)
    object.__setattr__(command, "__dict__", fields)
    return command


def changed(value: T, **changes: Any) -> T:
    """A copy of frozen dataclass ``value`` with some fields changed.

    The fold applies every event through this, so it must be cheap: ``dataclasses.replace``
    re-runs ``__init__`` over every field and costs several times more. The copy is built
    before anyone can see it, so the frozen value itself is never mutated.
    """
    if not changes.keys() <= value.__dataclass_fields__.keys():  # type: ignore[attr-defined]
        unknown = sorted(changes.keys() - value.__dataclass_fields__.keys())  # type: ignore[attr-defined]
        raise TypeError(f"{type(value).__name__} has no field(s) {unknown}")
    return copied(value, changes)


def copied(value: T, changes: Mapping[str, Any]) -> T:
    """``changed`` without the field-name check, for callers whose names are fixed in code."""
    # one copy of the instance dict, assigned whole: a fraction of the cost of filling a
    # fresh instance's dict field by field, as ``__init__`` would
    attributes = value.__dict__.copy()
    attributes.update(changes)
    copy = _new(type(value))
    object.__setattr__(copy, "__dict__", attributes)
    return copy


# A seat's part of the game, changed: the fold's hottest copies (``Game``'s methods of the same
# names call these; compiled callers call them directly, without an interpreted frame).


def with_changes(game: Game, changes: Mapping[str, Any]) -> Game:
    """``copied(game, changes)``, spelt out for the fold's most frequent copy."""
    attributes = game.__dict__.copy()
    attributes.update(changes)
    copy: Game = _new(type(game))
    object.__setattr__(copy, "__dict__", attributes)
    return copy


def with_sheet(game: Game, seat: int, sheet: Sheet) -> Game:
    """``game`` with one seat's sheet replaced; the other sheets are shared, not copied."""
    sheets = list(game.sheets)
    sheets[seat] = sheet
    attributes = game.__dict__.copy()
    attributes["sheets"] = tuple(sheets)
    copy: Game = _new(type(game))
    object.__setattr__(copy, "__dict__", attributes)
    return copy


def with_sheet_changes(game: Game, seat: int, changes: Mapping[str, Any]) -> Game:
    """``with_sheet(game, seat, copied(sheet, changes))`` in one call."""
    sheets = list(game.sheets)
    sheets[seat] = copied(sheets[seat], changes)
    attributes = game.__dict__.copy()
    attributes["sheets"] = tuple(sheets)
    copy: Game = _new(type(game))
    object.__setattr__(copy, "__dict__", attributes)
    return copy


def with_allowance(game: Game, seat: int, allowance: Allowance) -> Game:
    """``game`` with one seat's allowance replaced: a single copy, the sheets shared."""
    allowances = list(game.allowances)
    allowances[seat] = allowance
    attributes = game.__dict__.copy()
    attributes["allowances"] = tuple(allowances)
    copy: Game = _new(type(game))
    object.__setattr__(copy, "__dict__", attributes)
    return copy


def with_seat_changes(
    game: Game, seat: int, changes: Mapping[str, Any], allowance: Allowance
) -> Game:
    """``with_sheet_changes`` and ``with_allowance`` in one game copy, for the facts that
    change both (a drawn icon, a lifesaver, the solo icon choice)."""
    sheets = list(game.sheets)
    sheets[seat] = copied(sheets[seat], changes)
    allowances = list(game.allowances)
    allowances[seat] = allowance
    attributes = game.__dict__.copy()
    attributes["sheets"] = tuple(sheets)
    attributes["allowances"] = tuple(allowances)
    copy: Game = _new(type(game))
    object.__setattr__(copy, "__dict__", attributes)
    return copy


def put(mapping: Mapping[Any, Any], key: Any, value: Any) -> Mapping[Any, Any]:
    """A read-only copy of ``mapping`` with ``key`` set (maps are small: a sheet's hexes)."""
    # copying the dict behind a proxy reuses the stored key hashes; unpacking would rehash
    copy = mapping.copy() if isinstance(mapping, MappingProxyType) else dict(mapping)
    copy[key] = value
    return MappingProxyType(copy)
