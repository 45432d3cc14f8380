"""JSON Schema (2020-12) for commands, events and views, generated from their type hints.

It follows the shapes ``domain.core.codec`` accepts and writes, so a body valid under a
command's schema is one the codec decodes, and an event's payload is what the codec wrote:
bool, int, float, str, None, Enum, Literal, nested dataclasses, ``tuple[X, ...]``, fixed
tuples, ``frozenset[X]``, ``Mapping[str, X]`` and unions. A view's shape is a ``TypedDict``
(``Presentation.view_type``), with lists and dicts. ``seat`` is optional in a command sent:
the acting seat comes from the caller's token. A record (``domain.core.codec.record_fields``,
e.g. a map's hex) is described as the object of its fields the codec writes.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union, get_args, get_origin

from domain.core.codec import record_fields
from domain.core.registry import wire_name

JSONSchema = dict[str, Any]
_SCALARS: dict[Any, JSONSchema] = {
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    str: {"type": "string"},
    type(None): {"type": "null"},
    Any: {},
}


def command_schema(command_type: type, *, sent: bool = True) -> JSONSchema:
    """The schema of ``{"type": NAME, ...fields}`` for one command class: as a seat sends
    it (``seat`` optional), or as the server writes it (every field present)."""
    body = dataclass_schema(command_type, optional={"seat"} if sent else set(), written=not sent)
    body["properties"] = {"type": {"const": wire_name(command_type)}, **body["properties"]}
    body["required"] = ["type", *body["required"]]
    if command_type.__doc__ and not command_type.__doc__.startswith(command_type.__name__ + "("):
        body["description"] = " ".join(command_type.__doc__.split())
    body["title"] = wire_name(command_type)
    return body


def event_schema(event_type: type) -> JSONSchema:
    """The schema of an event's payload, as the codec writes it (every field present)."""
    body = dataclass_schema(event_type, written=True)
    body["title"] = wire_name(event_type)
    return body


def dataclass_schema(
    cls: type, optional: frozenset[str] | set[str] = frozenset(), *, written: bool = False
) -> JSONSchema:
    """An object with the dataclass's fields; ``written``: as the codec writes it, with
    every field, rather than as it reads it, where fields with defaults may be left out."""
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    required = [
        f.name
        for f in fields
        if f.name not in optional
        and (
            written
            or (f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        )
    ]
    return {
        "type": "object",
        "properties": {f.name: type_schema(hints[f.name]) for f in fields},
        "required": required,
        "additionalProperties": False,
    }


def record_schema(cls: type) -> JSONSchema:
    """An object with the record's fields (``domain.core.codec.record_fields``), all of
    them required: the schema a dataclass of the same fields has, as the codec reads and
    writes a record as it does such a dataclass."""
    hints = typing.get_type_hints(cls)
    names = record_fields(cls) or ()
    return {
        "type": "object",
        "properties": {name: type_schema(hints[name]) for name in names},
        "required": list(names),
        "additionalProperties": False,
    }


def typed_dict_schema(cls: type) -> JSONSchema:
    """An object with the ``TypedDict``'s keys; ``NotRequired`` ones may be missing.

    The keys are read from the hints rather than ``__required_keys__``, which Python 3.11
    gets wrong for a module with postponed annotations."""
    hints = typing.get_type_hints(cls, include_extras=True)
    properties, required = {}, []
    for name, hint in hints.items():
        if get_origin(hint) is typing.NotRequired:
            hint = get_args(hint)[0]
        else:
            required.append(name)
        properties[name] = type_schema(hint)
    body: JSONSchema = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    if cls.__doc__:
        body["description"] = " ".join(cls.__doc__.split())
    return body


def type_schema(tp: Any) -> JSONSchema:
    if tp in _SCALARS:
        return dict(_SCALARS[tp])
    if typing.is_typeddict(tp):
        return typed_dict_schema(tp)
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return {"anyOf": [type_schema(option) for option in get_args(tp)]}
    if origin is Literal:
        return {"enum": list(get_args(tp))}
    if origin is tuple:
        return _tuple_schema(get_args(tp))
    if origin is frozenset:
        return {"type": "array", "items": type_schema(get_args(tp)[0]), "uniqueItems": True}
    if origin is list:
        return {"type": "array", "items": type_schema(get_args(tp)[0])}
    if origin is dict:
        return {"type": "object", "additionalProperties": type_schema(get_args(tp)[1])}
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        args = get_args(tp)
        values = type_schema(args[1]) if len(args) == 2 else {}
        return {"type": "object", "additionalProperties": values}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return dataclass_schema(tp)
    if record_fields(tp) is not None:
        return record_schema(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {"enum": [member.value for member in tp]}
    raise TypeError(f"no JSON Schema for {tp!r}")


def _tuple_schema(args: tuple[Any, ...]) -> JSONSchema:
    if len(args) == 2 and args[1] is Ellipsis:
        return {"type": "array", "items": type_schema(args[0])}
    return {
        "type": "array",
        "prefixItems": [type_schema(a) for a in args],
        "minItems": len(args),
        "maxItems": len(args),
    }
