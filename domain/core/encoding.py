"""The writing half of the codec (``domain.core.codec``): values to JSON-ready forms.

Frozen dataclasses become objects of their init fields, records (``record_fields``) objects
of their named items, enums their values, sequences lists, frozensets sorted lists and
mappings objects with string keys. ``codec`` reads them back, strictly.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import typing
from collections.abc import Callable, Mapping
from typing import Any

JSON = Any


def encode(value: Any) -> JSON:
    """A JSON-ready form of ``value`` (dataclass fields become object keys).

    Dispatched on the value's exact type, through an encoder built once per type
    (``encoder_for``, kept): encoding every legal command and event of a move by asking each value
    what it is took more than enumerating the commands did (issue #26)."""
    cls = type(value)
    if cls in _SCALARS:
        return value
    encoder = _ENCODERS.get(cls)
    if encoder is None:
        # Two threads may both build one: they build the same, and either is kept.
        encoder = _ENCODERS[cls] = encoder_for(cls)
    return encoder(value)


Encoder = Callable[[Any], JSON]
_SCALARS = frozenset((type(None), bool, int, float, str))
"""Types written as they are (exactly these: an enum that is an int or a str is not)."""
_ENCODERS: dict[type, Encoder] = {}


def encoder_for(cls: type) -> Encoder:
    """How ``encode`` writes a value of exactly ``cls``, in the order of the checks it
    always made: an enum's value (also one that is an int or a str), a plain scalar as it
    is, a dataclass instance's init fields as keys, a record's fields as keys, a sequence
    as a list, a frozenset sorted, a mapping with string keys."""
    if issubclass(cls, enum.Enum):
        return _enum_value
    if cls is type(None) or issubclass(cls, (bool, int, float, str)):
        return _as_is
    if dataclasses.is_dataclass(cls) and not issubclass(cls, type):
        return _dataclass_encoder(tuple(f.name for f in init_fields(cls)))
    names = record_fields(cls)
    if names is not None:
        return _dataclass_encoder(names)
    if issubclass(cls, (tuple, list)):
        return _encode_list
    if issubclass(cls, frozenset):
        return _encode_frozenset
    if issubclass(cls, Mapping):
        return _encode_mapping
    return _unencodable


def record_fields(cls: Any) -> tuple[str, ...] | None:
    """The field names of a record, or None if ``cls`` is not one.

    A record is a tuple subclass that names its items in ``__match_args__``, with a type
    hint for each (e.g. a hex of a map, a tuple so that it hashes and compares in C). It
    is written as the object of its fields, exactly as a dataclass of the same fields, and
    read from one strictly, built by calling the class with the fields in order. A
    ``NamedTuple`` is not one: msgspec reads and writes those as arrays, where it hands a
    record to a hook (``service.application.decoding``, ``.snapshots``)."""
    if not isinstance(cls, type) or not issubclass(cls, tuple) or hasattr(cls, "_fields"):
        return None
    names = getattr(cls, "__match_args__", None)
    return names if isinstance(names, tuple) else None


def _enum_value(value: enum.Enum) -> JSON:
    return value.value


def _dataclass_encoder(names: tuple[str, ...]) -> Encoder:
    def encode_dataclass(value: Any) -> JSON:
        out = {}
        for name in names:
            field = getattr(value, name)
            out[name] = field if type(field) in _SCALARS else encode(field)
        return out

    return encode_dataclass


def _encode_list(value: Any) -> JSON:
    return [v if type(v) in _SCALARS else encode(v) for v in value]


def _encode_frozenset(value: frozenset[Any]) -> JSON:
    return sorted((encode(v) for v in value), key=_sort_key)


def _encode_mapping(value: Mapping[Any, Any]) -> JSON:
    return {str(k): encode(v) for k, v in value.items()}


def _as_is(value: Any) -> JSON:
    return value


def _unencodable(value: Any) -> JSON:
    raise TypeError(f"cannot encode {type(value).__name__}")


def _sort_key(value: JSON) -> tuple[str, str]:
    return (type(value).__name__, repr(value))


@functools.cache
def init_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


@functools.cache
def type_hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)
