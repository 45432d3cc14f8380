# cairn compile leaves this module interpreted: tests replace luck.word (service/compiled.py).
"""Deterministic draws from a seed and a counter: Cairn's one source of chance.

The algorithm (also in docs/draws.md, with test vectors in tests/domain/core):

* A seed is 32 bytes, written as 64 lowercase hex characters. Its public commitment is
  ``sha256(seed_bytes).hexdigest()``.
* Word ``k`` (k = 0, 1, 2 ...) is the first 8 bytes of ``sha256(seed_bytes || k as 8-byte
  big-endian)``, read as a big-endian unsigned 64-bit integer.
* ``draw_below(n)`` returns a uniform integer in ``[0, n)`` for ``1 <= n <= 2**32``. It reads
  the next word ``w`` (advancing the counter by one). If ``w >= 2**64 - (2**64 mod n)`` the
  word is rejected and the next one is read; otherwise the result is ``w mod n``. Rejection
  keeps every outcome exactly equally likely.
* ``shuffled(items)`` is Fisher-Yates from the end: for ``i`` from ``len-1`` down to ``1``,
  ``j = draw_below(i + 1)`` and positions ``i`` and ``j`` are swapped.

A ``Luck`` value carries the seed and the counter in the game state, so every draw is a pure
function of the state. Draw outcomes are always stored in events; replays never re-draw and
audits re-derive them from the revealed seed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

SEED_BYTES = 32
_WORD_SPACE = 1 << 64
MAX_BOUND = 1 << 32


def commitment(seed: str) -> str:
    """The public sha256 commitment to a hex seed."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def is_seed(text: str) -> bool:
    """Whether ``text`` is a well-formed seed: 64 lowercase hex characters."""
    return len(text) == 2 * SEED_BYTES and all(c in "0123456789abcdef" for c in text)


def word(seed: str, counter: int) -> int:
    """The 64-bit word number ``counter`` of the stream defined by ``seed``."""
    digest = hashlib.sha256(bytes.fromhex(seed) + counter.to_bytes(8, "big")).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Luck:
    """The seed and how many words have been read from it. ``seed`` is empty before sealing."""

    seed: str = ""
    counter: int = 0

    def draw_below(self, bound: int) -> tuple[int, Luck]:
        """A uniform integer in ``[0, bound)`` and the luck that follows it."""
        if not 1 <= bound <= MAX_BOUND:
            raise ValueError(f"bound must be in [1, 2**32], got {bound}")
        if not self.seed:
            raise ValueError("no seed has been sealed into this game")
        limit = _WORD_SPACE - (_WORD_SPACE % bound)
        counter = self.counter
        while True:
            value = word(self.seed, counter)
            counter += 1
            if value < limit:
                return value % bound, Luck(self.seed, counter)

    def stream(self, name: str) -> Luck:
        """A stream of its own, fixed by the seed and ``name`` alone: its seed is
        ``sha256(seed_bytes || utf8(name))`` and its counter starts at 0.

        For draws in a simultaneous phase: a seat's draws come from a stream named for the
        seat and the phase (``"round 3 seat 1"``), so they cannot depend on whether another
        seat's command arrived first (docs/draws.md).
        """
        if not self.seed:
            raise ValueError("no seed has been sealed into this game")
        derived = hashlib.sha256(bytes.fromhex(self.seed) + name.encode("utf-8")).hexdigest()
        return Luck(derived)

    def shuffled(self, items: tuple[T, ...]) -> tuple[tuple[T, ...], Luck]:
        """A Fisher-Yates permutation of ``items`` and the luck that follows it."""
        out = list(items)
        luck = self
        for i in range(len(out) - 1, 0, -1):
            j, luck = luck.draw_below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), luck
