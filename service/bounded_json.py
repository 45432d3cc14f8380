"""JSON from outside, read within bounds: how deep it nests and how long its integers are.

Python's ``json.loads`` recurses once per array or object (a line nested about a thousand
deep is a ``RecursionError``) and refuses an integer of more than 4,300 digits with a bare
``ValueError``; either would escape a reader as a crash. Every JSON text a stranger hands
the service whole (a replay file's lines; request bodies are screened in
``service.api.screening`` with the same counter) is measured before it is decoded.
"""

from __future__ import annotations

import json
import re
from typing import Any

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_OPENING = frozenset(b"[{")


class UnboundedJSON(ValueError):
    """A JSON text past a bound (or not JSON at all); the message says which, in words."""


def nesting(text: bytes, stop_past: int) -> int:
    """How deep arrays and objects nest in a JSON text (strings skipped), counted without
    decoding it; stops counting once past ``stop_past``."""
    brackets = _STRING.sub(b"", text).translate(None, _NOT_BRACKETS)
    depth = deepest = 0
    for byte in brackets:
        if byte in _OPENING:
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop_past:
                    break
        else:
            depth -= 1
    return deepest


def loads(text: str, max_depth: int, max_digits: int) -> Any:
    """``json.loads`` of a text nested at most ``max_depth`` deep whose integers have at
    most ``max_digits`` digits, or ``UnboundedJSON`` saying what is wrong."""
    if nesting(text.encode("utf-8", "surrogatepass"), max_depth) > max_depth:
        raise UnboundedJSON(f"nested deeper than {max_depth}")

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > max_digits:
            raise UnboundedJSON(f"an integer has more than {max_digits} digits")
        return int(digits)

    try:
        return json.loads(text, parse_int=integer)
    except json.JSONDecodeError as exc:
        raise UnboundedJSON(f"not valid JSON ({exc.msg})") from None
