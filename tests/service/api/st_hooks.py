"""Schemathesis hooks for Cairn's document: how to send and read a replay file (NDJSON).

Imported by ``test_served.py`` for its in-process fuzzing, and named by
``SCHEMATHESIS_HOOKS`` for the ``st run`` it starts.
"""

from __future__ import annotations

from typing import Any

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def ndjson_body(ctx: Any, value: Any) -> bytes:
    """A replay file to import: whatever text was generated (mostly not a replay: a 4xx)."""
    return value.encode() if isinstance(value, str) else str(value).encode()


@schemathesis.deserializer("application/x-ndjson")
def ndjson_answer(ctx: Any, response: Any) -> str:
    """A downloaded replay file, as the text its schema says it is."""
    return str(response.content.decode("utf-8"))
