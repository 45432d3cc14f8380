"""JSON Schema (2020-12) for commands, generated from the command dataclasses' type hints.

It follows the shapes ``domain.core.codec`` accepts, so a body valid under the schema is one
the codec decodes: bool, int, float, str, None, Enum, Literal, nested dataclasses,
``tuple[X, ...]``, fixed tuples, ``frozenset[X]``, ``Mapping[str, X]`` and unions. ``seat``
is optional on the wire: the acting seat comes from the caller's token.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union, get_args, get_origin

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


def command_schema(command_type: type) -> JSONSchema:
    """The schema of ``{"type": NAME, ...fields}`` for one command class."""
    body = dataclass_schema(command_type, optional={"seat"})
    body["properties"] = {"type": {"const": wire_name(command_type)}, **body["properties"]}
    body["required"] = ["type", *body["required"]]
    if command_type.__doc__ and not command_type.__doc__.startswith(command_type.__name__ + "("):
        body["description"] = " ".join(command_type.__doc__.split())
    body["title"] = wire_name(command_type)
    return body


def dataclass_schema(cls: type, optional: frozenset[str] | set[str] = frozenset()) -> JSONSchema:
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    required = [
        f.name
        for f in fields
        if f.name not in optional
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    ]
    return {
        "type": "object",
        "properties": {f.name: type_schema(hints[f.name]) for f in fields},
        "required": required,
        "additionalProperties": False,
    }


def type_schema(tp: Any) -> JSONSchema:
    if tp in _SCALARS:
        return dict(_SCALARS[tp])
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return {"anyOf": [type_schema(option) for option in get_args(tp)]}
    if origin is Literal:
        return {"enum": list(get_args(tp))}
    if origin is tuple:
        return _tuple_schema(get_args(tp))
    if origin is frozenset:
        return {"type": "array", "items": type_schema(get_args(tp)[0]), "uniqueItems": True}
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        args = get_args(tp)
        values = type_schema(args[1]) if len(args) == 2 else {}
        return {"type": "object", "additionalProperties": values}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return dataclass_schema(tp)
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
