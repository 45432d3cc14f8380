"""Frozen values made without their ``__init__``: a command from its fields, a copy with some
fields changed, a read-only map with one key set.

The legal commands are built by the dozen at every step of a rollout and the fold copies the
state at every fact, so these run compiled (``cairn compile``); ``commands.py`` and
``state.py``, left interpreted for their classes, name them again for their callers.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

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


def put(mapping: Mapping[Any, Any], key: Any, value: Any) -> Mapping[Any, Any]:
    """A read-only copy of ``mapping`` with ``key`` set (maps are small: a sheet's hexes)."""
    # copying the dict behind a proxy reuses the stored key hashes; unpacking would rehash
    copy = mapping.copy() if isinstance(mapping, MappingProxyType) else dict(mapping)
    copy[key] = value
    return MappingProxyType(copy)
