"""A small JSON codec for frozen dataclasses, driven by their type hints.

Commands and events are frozen dataclasses; this turns them into JSON-ready values and back.
Supported field types: bool, int, float, str, None, Enum, Literal, nested dataclasses,
``tuple[X, ...]``, fixed tuples, ``frozenset[X]`` (encoded sorted), ``Mapping[str, X]``
(decoded read-only) and unions of those. Decoding is strict: unknown or missing fields and
wrong types raise ``CodecError`` naming the path, so bad input never reaches a Decider.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

T = TypeVar("T")
JSON = Any


class CodecError(ValueError):
    """A value does not fit the declared shape. ``path`` locates it, e.g. ``$.to[1]``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.reason = message


def encode(value: Any) -> JSON:
    """A JSON-ready form of ``value`` (dataclass fields become object keys)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value.value if isinstance(value, enum.Enum) else value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in _fields(type(value))}
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((encode(v) for v in value), key=_sort_key)
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__}")


def _sort_key(value: JSON) -> tuple[str, str]:
    return (type(value).__name__, repr(value))


@functools.cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(tp: Any, data: JSON, path: str = "$") -> Any:
    """Build a value of type ``tp`` from JSON ``data``, strictly."""
    if tp is Any:
        return data
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _decode_union(tp, data, path)
    if origin is Literal:
        if data not in get_args(tp) or isinstance(data, bool) != any(
            isinstance(a, bool) for a in get_args(tp) if a == data
        ):
            raise CodecError(path, f"must be one of {list(get_args(tp))}")
        return data
    if origin is tuple:
        return _decode_tuple(tp, data, path)
    if origin is frozenset:
        (item,) = get_args(tp)
        _require(isinstance(data, list), path, "must be a list")
        return frozenset(decode(item, v, f"{path}[{i}]") for i, v in enumerate(data))
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        return _decode_mapping(tp, data, path)
    if tp is type(None):
        _require(data is None, path, "must be null")
        return None
    if isinstance(tp, type):
        return _decode_plain(tp, data, path)
    raise TypeError(f"unsupported type {tp!r}")


def _require(ok: bool, path: str, message: str) -> None:
    if not ok:
        raise CodecError(path, message)


def _decode_union(tp: Any, data: JSON, path: str) -> Any:
    options = get_args(tp)
    if data is None and type(None) in options:
        return None
    errors = []
    for option in options:
        if option is type(None):
            continue
        try:
            return decode(option, data, path)
        except CodecError as exc:
            errors.append(exc.reason)
    raise CodecError(path, " or ".join(dict.fromkeys(errors)))


def _decode_tuple(tp: Any, data: JSON, path: str) -> tuple[Any, ...]:
    _require(isinstance(data, list), path, "must be a list")
    args = get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
    _require(len(data) == len(args), path, f"must have exactly {len(args)} items")
    return tuple(
        decode(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True))
    )


def _decode_mapping(tp: Any, data: JSON, path: str) -> Mapping[str, Any]:
    _require(isinstance(data, dict), path, "must be an object")
    args = get_args(tp)
    value_type = args[1] if len(args) == 2 else Any
    return types.MappingProxyType(
        {str(k): decode(value_type, v, f"{path}.{k}") for k, v in data.items()}
    )


def _decode_plain(tp: type, data: JSON, path: str) -> Any:
    if dataclasses.is_dataclass(tp):
        return decode_fields(tp, data, path)
    if issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise CodecError(path, f"must be one of {[m.value for m in tp]}") from None
    if tp is bool:
        _require(isinstance(data, bool), path, "must be true or false")
        return data
    if tp is int:
        _require(isinstance(data, int) and not isinstance(data, bool), path, "must be an integer")
        return data
    if tp is float:
        ok = isinstance(data, (int, float)) and not isinstance(data, bool)
        _require(ok, path, "must be a number")
        return float(data)
    if tp is str:
        _require(isinstance(data, str), path, "must be a string")
        return data
    raise TypeError(f"unsupported type {tp!r}")


def decode_fields(cls: type[T], data: JSON, path: str = "$", **given: Any) -> T:
    """Build dataclass ``cls`` from an object; ``given`` supplies fields not read from data."""
    _require(isinstance(data, dict), path, "must be an object")
    shape: Any = cls
    hints = _hints(shape)
    fields = _fields(shape)
    names = {f.name for f in fields}
    unknown = sorted(set(data) - names - set(given))
    _require(not unknown, path, f"unknown field(s): {', '.join(unknown)}")
    kwargs: dict[str, Any] = dict(given)
    for f in fields:
        if f.name in given:
            continue
        if f.name in data:
            kwargs[f.name] = decode(hints[f.name], data[f.name], f"{path}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise CodecError(path, f"missing field: {f.name}")
    return cls(**kwargs)
