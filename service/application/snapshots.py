"""Snapshot encoding: a folded state as msgpack, read back by the state's own type hints.

A snapshot row is data, never code. Unpickling bytes read from a table would run whatever
the bytes say, so anyone able to write ``snapshots`` could run code in every service
process. msgspec instead builds only the types the state class declares (the dataclasses,
tuples, frozensets, literals and enums of ``type(ruleset.initial_state)``); bytes that do
not fit that shape fail to decode, and a snapshot that fails to decode is ignored, since
it is only a cache (the loader folds from the log instead).

Only the shape is checked, not that the state is the one its event leads to: whoever may
write ``snapshots`` can make a load start from a state of their choosing, though never run
code. Snapshots are trusted as far as the table's privileges go.

msgpack rather than JSON, because a state's mappings are keyed by values JSON cannot key
by (sheets by a hex, bonuses by seat number, in one shipped game). msgspec decodes a
``Mapping`` field to a ``dict``, where the fold builds read-only ``MappingProxyType``s; the
decoded state is turned back into the read-only form, so it equals the folded one in value
and in type (tests/service/test_snapshot_states.py checks every registered ruleset's
states). Mappings keep their order, and frozensets are rebuilt in the order they were
written, as a pickle rebuilt them.

A record (``domain.core.codec.record_fields``, e.g. a map's hex: a tuple subclass) is
written by msgspec as the array of its items, and read back through ``_record``, which also
takes the object of its fields that a snapshot holds from before its type was a record (a
dataclass then). Such a snapshot carries an older engine fingerprint and is not even read
(``loading.engine_fingerprint`` hashes the game's sources).
"""

from __future__ import annotations

import dataclasses
import types
from functools import cache
from typing import Any

import msgspec

from domain.core.codec import decode, record_fields, record_from_items
from service.logs import logger


def encode_state(state: Any) -> bytes:
    return _ENCODER.encode(state)


def decode_state(state_type: type, blob: bytes) -> Any | None:
    """The state ``blob`` encodes, or None if it is not a ``state_type`` (ignore it then)."""
    try:
        state = _decoder(state_type).decode(blob)
    except (msgspec.MsgspecError, ValueError, TypeError) as exc:
        # ValueError and TypeError also cover a state's own __post_init__ refusing fields.
        logger().warning("snapshot.unreadable", state_type=state_type.__name__, error=str(exc))
        return None
    return _read_only(state)


def _encode_unknown(value: Any) -> Any:
    if isinstance(value, types.MappingProxyType):
        return dict(value)
    # A TypeError, as msgspec raises for a type it cannot encode when there is no hook:
    # the caller passed a value outside a state's shape. (msgspec's docs suggest a hook
    # raise NotImplementedError, but msgspec passes the hook's error on unchanged.) The
    # value itself stays out of the message: it may be hidden information.
    raise TypeError(
        f"a snapshot cannot hold a {type(value).__name__}: a state is built of dataclasses,"
        " tuples, frozensets, mappings, enums and scalars"
    )


_ENCODER = msgspec.msgpack.Encoder(enc_hook=_encode_unknown)


@cache
def _decoder(state_type: type) -> msgspec.msgpack.Decoder[Any]:
    return msgspec.msgpack.Decoder(state_type, dec_hook=_record)


def _record(tp: type, data: Any) -> Any:
    """The record of type ``tp`` read as ``data``: the array of its items, or the object of
    its fields; built by the codec, so its fields are checked as an event's are. A
    ``CodecError`` is a ``ValueError``, which msgspec reports as a ``ValidationError``."""
    if type(data) is list:
        return record_from_items(tp, tuple(data))
    if type(data) is tuple:  # a map's key comes as a tuple
        return record_from_items(tp, data)
    if record_fields(tp) is None:
        raise TypeError(f"a snapshot holds no {tp.__name__}")
    return decode(tp, data)


def _read_only(value: Any) -> Any:
    """``value`` with every dict in it made a read-only mapping, as the fold builds them.

    The objects were just decoded and nobody else holds them, so frozen dataclasses are
    updated in place; tuples and mappings are rebuilt only where something inside changed.
    """
    kind = type(value)
    if kind is dict:
        return types.MappingProxyType({k: _read_only(v) for k, v in value.items()})
    if kind is tuple or kind is list:
        items = [_read_only(v) for v in value]
        if any(new is not old for new, old in zip(items, value, strict=True)):
            return kind(items)
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            old = getattr(value, field.name)
            new = _read_only(old)
            if new is not old:
                object.__setattr__(value, field.name, new)
    return value
