"""A small JSON codec for frozen dataclasses, driven by their type hints.

Commands and events are frozen dataclasses; this turns them into JSON-ready values and back.
Supported field types: bool, int, float, str, None, Enum, Literal, nested dataclasses,
records (``record_fields``: written as objects, as dataclasses are), ``tuple[X, ...]``, fixed
tuples, ``frozenset[X]`` (encoded sorted), ``Mapping[str, X]`` (decoded read-only) and unions
of those. Decoding is strict: unknown or missing fields and
wrong types raise ``CodecError`` naming the path, so bad input never reaches a Decider.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import operator
import types
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal, TypeVar, Union, get_args, get_origin

from domain.core.encoding import JSON, encode, init_fields, record_fields, type_hints

__all__ = [
    "JSON",
    "CodecError",
    "decode",
    "decode_fields",
    "decoder_for",
    "encode",
    "record_fields",
    "record_from_items",
]

T = TypeVar("T")


class CodecError(ValueError):
    """A value does not fit the declared shape. ``path`` locates it, e.g. ``$.to[1]``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.reason = message

    def __reduce__(self) -> tuple[type[CodecError], tuple[str, str]]:
        # rebuilt from its own arguments when an analysis worker sends it (errors.py)
        return type(self), (self.path, self.reason)


Decoder = Callable[[JSON], Any]


class _Fail(Exception):
    """A decoding failure on its way out; each level adds its path segment to ``trail``."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.trail: list[str] = []


def decode(tp: Any, data: JSON, path: str = "$") -> Any:
    """Build a value of type ``tp`` from JSON ``data``, strictly."""
    try:
        return decoder_for(tp)(data)
    except _Fail as failure:
        raise CodecError(path + "".join(reversed(failure.trail)), failure.message) from None


def decode_fields(cls: type[T], data: JSON, path: str = "$", **given: Any) -> T:
    """Build dataclass ``cls`` from an object; ``given`` supplies fields not read from data."""
    try:
        built: T = _DataclassDecoder.for_type(cls)(data, given)
        return built
    except _Fail as failure:
        raise CodecError(path + "".join(reversed(failure.trail)), failure.message) from None


@functools.cache
def decoder_for(tp: Any) -> Decoder:
    """A decoder for ``tp``, built once: decoding then never re-inspects type hints."""
    if tp is Any:
        return _identity
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _union_decoder(get_args(tp))
    if origin is Literal:
        return _literal_decoder(get_args(tp))
    if origin is tuple:
        return _tuple_decoder(get_args(tp))
    if origin is frozenset:
        return _frozenset_decoder(decoder_for(get_args(tp)[0]))
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        args = get_args(tp)
        return _mapping_decoder(decoder_for(args[1] if len(args) == 2 else Any))
    if tp is type(None):
        return _none
    if isinstance(tp, type):
        return _plain_decoder(tp)
    raise TypeError(f"unsupported type {tp!r}")


def _identity(data: JSON) -> Any:
    return data


def _none(data: JSON) -> None:
    if data is not None:
        raise _Fail("must be null")


def _union_decoder(options: tuple[Any, ...]) -> Decoder:
    nullable = type(None) in options
    decoders = [decoder_for(o) for o in options if o is not type(None)]

    def decode_union(data: JSON) -> Any:
        if data is None and nullable:
            return None
        errors = []
        for decoder in decoders:
            try:
                return decoder(data)
            except _Fail as failure:
                errors.append(failure.message)
        raise _Fail(" or ".join(dict.fromkeys(errors)))

    return decode_union


def _literal_decoder(allowed: tuple[Any, ...]) -> Decoder:
    # (type, value) pairs, so that True never passes for 1 nor 1 for True.
    pairs = {(type(a), a) for a in allowed}

    def decode_literal(data: JSON) -> Any:
        if isinstance(data, (str, int, float)) and (type(data), data) in pairs:
            return data
        raise _Fail(f"must be one of {list(allowed)}")

    return decode_literal


def _items(decoder: Decoder, data: list[JSON]) -> list[Any]:
    try:
        return [decoder(v) for v in data]
    except _Fail:
        for index, value in enumerate(data):
            try:
                decoder(value)
            except _Fail as failure:
                failure.trail.append(f"[{index}]")
                raise failure from None
        raise


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = decoder_for(args[0])

        def decode_variadic(data: JSON) -> tuple[Any, ...]:
            if type(data) is not list:
                raise _Fail("must be a list")
            return tuple(_items(item, data))

        return decode_variadic
    decoders = [decoder_for(a) for a in args]

    def decode_fixed(data: JSON) -> tuple[Any, ...]:
        if type(data) is not list:
            raise _Fail("must be a list")
        if len(data) != len(decoders):
            raise _Fail(f"must have exactly {len(decoders)} items")
        out = []
        for index, (decoder, value) in enumerate(zip(decoders, data, strict=True)):
            try:
                out.append(decoder(value))
            except _Fail as failure:
                failure.trail.append(f"[{index}]")
                raise
        return tuple(out)

    return decode_fixed


def _frozenset_decoder(item: Decoder) -> Decoder:
    def decode_frozenset(data: JSON) -> frozenset[Any]:
        if type(data) is not list:
            raise _Fail("must be a list")
        return frozenset(_items(item, data))

    return decode_frozenset


def _mapping_decoder(value: Decoder) -> Decoder:
    def decode_mapping(data: JSON) -> Mapping[str, Any]:
        if type(data) is not dict:
            raise _Fail("must be an object")
        out = {}
        for key, item in data.items():
            try:
                out[str(key)] = value(item)
            except _Fail as failure:
                failure.trail.append(f".{key}")
                raise
        return types.MappingProxyType(out)

    return decode_mapping


def _plain_decoder(tp: type) -> Decoder:
    if dataclasses.is_dataclass(tp):
        dataclass_decoder = _DataclassDecoder.for_type(tp)
        return lambda data: dataclass_decoder(data, _NOTHING)
    if issubclass(tp, enum.Enum):
        return _enum_decoder(tp)
    names = record_fields(tp)
    if names is not None:
        return _record_decoder(tp, names)
    checks: dict[type, tuple[Callable[[JSON], bool], str]] = {
        bool: (lambda d: type(d) is bool, "must be true or false"),
        int: (lambda d: type(d) is int, "must be an integer"),
        float: (lambda d: type(d) in (int, float), "must be a number"),
        str: (lambda d: type(d) is str, "must be a string"),
    }
    if tp not in checks:
        raise TypeError(f"unsupported type {tp!r}")
    accepts, message = checks[tp]
    convert: Callable[[Any], Any] = float if tp is float else _identity

    def decode_plain(data: JSON) -> Any:
        if accepts(data):
            return convert(data)
        raise _Fail(message)

    return decode_plain


def _enum_decoder(tp: type[enum.Enum]) -> Decoder:
    members = {(type(m.value), m.value): m for m in tp}
    message = f"must be one of {[m.value for m in tp]}"

    def decode_enum(data: JSON) -> enum.Enum:
        try:
            return members[(type(data), data)]
        except (KeyError, TypeError):
            raise _Fail(message) from None

    return decode_enum


RECORDS_KEPT = 4096
"""Records of one type the codec keeps once read (``_record_decoder``): a bound, so that no
input can make the table grow without end; a map's hexes are a few hundred."""


def _record_decoder(tp: type, names: tuple[str, ...]) -> Decoder:
    """Reads a record from an object as ``_DataclassDecoder`` reads a dataclass of the same
    fields (none optional), failing with the same messages at the same paths."""
    allowed = frozenset(names)
    hints = type_hints(tp)
    specs = [(name, decoder_for(hints[name])) for name in names]
    # A record of fields of exactly these types (a map's hex, say, in every stored event a
    # load decodes) is read from well-formed values in one look-up: the values are the
    # record once their types are checked (first: True equals 1), and a record is
    # immutable, so each is built once and kept (up to RECORDS_KEPT of a type). Anything
    # else takes the full path below, with its messages.
    kinds = tuple(hints[name] for name in names)
    direct = len(names) > 1 and all(kind in (bool, int, str) for kind in kinds)
    pick = operator.itemgetter(*names)  # (a tuple of the values: more than one name)
    kept: dict[tuple[Any, ...], Any] = {}

    def known(values: tuple[Any, ...]) -> Any:
        """The record of ``values``, or None unless each is exactly its field's type."""
        if not direct or len(values) != len(kinds):
            return None
        index = len(kinds)  # (by index: a zip or enumerate costs more than the rest, measured)
        while index:
            index -= 1
            if type(values[index]) is not kinds[index]:
                return None
        found = kept.get(values)
        if found is None:
            found = tp(*values)
            if len(kept) < RECORDS_KEPT:
                kept[values] = found
        return found

    def decode_record(data: JSON) -> Any:
        if direct and type(data) is dict and len(data) == len(names):
            try:
                found = known(pick(data))
            except KeyError:
                found = None
            if found is not None:
                return found
        if type(data) is not dict:
            raise _Fail("must be an object")
        if not allowed.issuperset(data):
            raise _Fail(f"unknown field(s): {', '.join(sorted(set(data) - allowed))}")
        values = []
        for name, decoder in specs:
            if name not in data:
                raise _Fail(f"missing field: {name}")
            try:
                values.append(decoder(data[name]))
            except _Fail as failure:
                failure.trail.append(f".{name}")
                raise
        return tp(*values)

    _RECORD_ITEMS[tp] = known
    return decode_record


_RECORD_ITEMS: dict[type, Callable[[tuple[Any, ...]], Any]] = {}
"""Per record type decoded, its ``known``: the record of well-formed values, or None."""


def record_from_items(tp: type, items: tuple[Any, ...]) -> Any:
    """The record of type ``tp`` whose fields are ``items`` in order (a snapshot holds one
    so), checked as ``decode`` checks the object of its fields: ``CodecError`` if not."""
    names = record_fields(tp)
    if names is None:
        raise TypeError(f"{tp!r} is not a record")
    decoder_for(tp)  # builds the type's decoder, which registers its ``known`` here
    found = _RECORD_ITEMS[tp](items)
    if found is not None:
        return found
    if len(items) != len(names):
        raise CodecError("$", f"must have exactly {len(names)} items")
    return decode(tp, dict(zip(names, items, strict=True)))


_NOTHING: Mapping[str, Any] = types.MappingProxyType({})


class _DataclassDecoder:
    """Decodes one dataclass; field decoders resolve on first use, so types may recurse."""

    _built: ClassVar[dict[type, _DataclassDecoder]] = {}

    @classmethod
    def for_type(cls, tp: type) -> _DataclassDecoder:
        decoder = cls._built.get(tp)
        if decoder is None:
            decoder = cls._built[tp] = cls(tp)
        return decoder

    def __init__(self, tp: type) -> None:
        self.tp = tp
        self.specs: list[tuple[str, Decoder, bool]] | None = None
        self.names: frozenset[str] = frozenset(f.name for f in init_fields(tp))
        # A plain dataclass (no __post_init__, no slots, every field in __init__, no
        # __new__ of its own) can be built by filling its __dict__: the generated __init__
        # would only assign the same values one object.__setattr__ at a time, which is most
        # of a decode's cost. A class with its own __new__ (one that hands out shared
        # instances, say) is built by calling it.
        self.plain = (
            not hasattr(tp, "__post_init__")
            and "__slots__" not in vars(tp)
            and "__new__" not in vars(tp)
            and len(self.names) == len(dataclasses.fields(tp))
        )

    def _resolve(self) -> list[tuple[str, Decoder, bool]]:
        hints = type_hints(self.tp)
        self.specs = [
            (
                f.name,
                decoder_for(hints[f.name]),
                f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            )
            for f in init_fields(self.tp)
        ]
        return self.specs

    def __call__(self, data: JSON, given: Mapping[str, Any]) -> Any:
        if type(data) is not dict:
            raise _Fail("must be an object")
        specs = self.specs or self._resolve()
        if not self.names.issuperset(data):
            unknown = sorted(set(data) - self.names - set(given))
            if unknown:
                raise _Fail(f"unknown field(s): {', '.join(unknown)}")
        if self.plain and not given and len(data) == len(self.names):
            return self._build_plain(specs, data)
        kwargs: dict[str, Any] = dict(given)
        for name, decoder, required in specs:
            if name in given:
                continue
            if name in data:
                try:
                    kwargs[name] = decoder(data[name])
                except _Fail as failure:
                    failure.trail.append(f".{name}")
                    raise
            elif required:
                raise _Fail(f"missing field: {name}")
        return self.tp(**kwargs)

    def _build_plain(self, specs: list[tuple[str, Decoder, bool]], data: dict[str, Any]) -> Any:
        values: dict[str, Any] = {}
        for name, decoder, _ in specs:
            try:
                values[name] = decoder(data[name])
            except _Fail as failure:
                failure.trail.append(f".{name}")
                raise
        built: Any = object.__new__(self.tp)
        built.__dict__.update(values)
        return built
