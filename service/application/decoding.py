"""Decoding stored events for a fold, straight from their JSON text.

The domain's codec (``domain.core.codec``) is the definition of an event's JSON form, and the
strict one: audits and imports use it. A load, though, decodes every event it folds, and
parsing the text with ``json`` and then walking it with the codec cost about 8 µs an event,
more than the fold itself (bench/HISTORY.md). msgspec decodes the text into the very same
frozen dataclass in one pass, about 9 times faster. It is used for every event type it
decodes identically; the rest, and every event with an older schema version (upcast through
the codec), take the codec path. Stored text that msgspec refuses is handed to the codec
too, so a bad payload fails with the codec's own error.

Identical means equal values of the same types. Two things differ, so those types stay on
the codec: msgspec builds a plain ``dict`` where the codec builds a read-only mapping, and it
fills fields the codec would leave to ``__init__``/``__post_init__`` differently.
A record (``domain.core.codec.record_fields``, e.g. a map's hex: a tuple subclass) is a
type msgspec does not know: it hands the object it read to ``_record``, which builds it
with the codec's own decoder, so a hex in an event is read exactly as the codec reads it.
The conformance suite (``tests/conformance``) checks the two paths agree on every event of
its seeded games of every registered ruleset; ``tests/service/test_decoding.py`` checks
which path each kind of type takes.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import typing
from collections.abc import Iterable, Mapping
from typing import Any, get_args, get_origin

import msgspec

from domain.core import Ruleset, registry
from domain.core.codec import decode, record_fields
from domain.core.registry import event_from_record


def decode_event(ruleset: Ruleset[Any, Any, Any], name: str, version: int, text: str) -> Any:
    """The event stored as ``name`` at schema ``version`` with payload ``text``."""
    return decode_events(ruleset, [(name, version, text)])[0]


def decode_events(
    ruleset: Ruleset[Any, Any, Any], records: Iterable[tuple[str, int, str]]
) -> list[Any]:
    """The events stored as ``(name, schema_version, payload_text)`` records, in order.

    The decoders are looked up once per call, not per event: finding them costs more than
    decoding a small event.
    """
    fast = _fast_decoders(ruleset.event_types)
    events = []
    for name, version, text in records:
        decoder = fast.get((name, version))
        if decoder is not None:
            try:
                events.append(decoder.decode(text))
                continue
            except msgspec.ValidationError:
                pass  # the codec says what is wrong, in the domain's words
        events.append(event_from_record(ruleset, name, version, json.loads(text)))
    return events


@functools.cache
def _fast_decoders(event_types: tuple[type, ...]) -> dict[tuple[str, int], Any]:
    """A msgspec decoder for each current event type it decodes as the codec does."""
    decoders = {}
    for event_type in event_types:
        if not _is_plain(event_type, set()):
            continue
        try:
            decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(event_type, dec_hook=_record)
        except TypeError:
            continue  # a shape msgspec does not take, such as a union of two dataclasses
        decoders[(registry.wire_name(event_type), registry.schema_version(event_type))] = decoder
    return decoders


def _record(tp: type, data: Any) -> Any:
    """The record of type ``tp`` that msgspec read as ``data``, built by the codec; a
    ``CodecError`` is a ``ValueError``, which msgspec reports as a ``ValidationError``."""
    return decode(tp, data)


def _is_plain(tp: Any, seen: set[type]) -> bool:
    """True if ``tp`` holds no mapping and every dataclass and record in it is filled
    field by field."""
    origin = get_origin(tp)
    if isinstance(origin, type) and issubclass(origin, Mapping):
        return False
    if isinstance(tp, type) and issubclass(tp, Mapping):
        return False
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if tp in seen:
            return True
        seen.add(tp)
        fields = dataclasses.fields(tp)
        if hasattr(tp, "__post_init__") or any(not f.init for f in fields):
            return False
        hints = typing.get_type_hints(tp)
        return all(_is_plain(hints[f.name], seen) for f in fields)
    names = record_fields(tp)
    if names is not None:
        hints = typing.get_type_hints(tp)
        return all(_is_plain(hints[name], seen) for name in names)
    return all(_is_plain(arg, seen) for arg in get_args(tp) if arg is not Ellipsis)
