# cairn compile leaves this module interpreted: Playout and NoRollout are pickled by the pool
# (service/compiled.py).
"""What a rollout hands back, and the luck its bot draws from: kept apart from the rollout's
loop (``domain.analysis.rollouts``), which compiles, because the pool pickles these and
``BotLuck`` extends the interpreted ``Luck`` (a compiled class cannot)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property

from domain.core import Luck


class NoRollout(Exception):
    """A rollout could not be played: a bot chose nothing, or the game never ended."""


@dataclass(frozen=True)
class Playout:
    """How one rollout ended: each seat's final score and rank (1 is best, ties share)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]


def derived_seed(seed: str, *parts: object) -> str:
    """A seed of its own for one purpose: sha256 of the analysis seed and the parts, as text."""
    text = ":".join((seed, *(str(part) for part in parts)))
    return hashlib.sha256(text.encode()).hexdigest()


class BotLuck(Luck):
    """``Luck(derived_seed(entropy, step))``, a bot's luck for one decision, with the seed
    worked out on first use: the greedy bots never draw, and the sha256 of a formatted
    string at every decision was about 1% of a rollout for nothing. A bot that draws reads
    the very seed and counter the plain ``Luck`` holds, so it draws the same; what a draw
    hands back is a plain ``Luck`` (tests/domain/analysis/test_bot_luck.py)."""

    def __init__(self, entropy: str, step: int) -> None:
        # Luck is a frozen dataclass: its own ``__init__`` would set the seed now.
        object.__setattr__(self, "_parts", (entropy, step))
        object.__setattr__(self, "counter", 0)

    @cached_property
    def seed(self) -> str:
        entropy, step = self.__dict__["_parts"]
        return derived_seed(entropy, step)

    # Equal to, and hashed as, the plain ``Luck`` of the same seed and counter (a dataclass
    # would tell them apart by class).
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Luck):
            return NotImplemented
        return (self.seed, self.counter) == (other.seed, other.counter)

    def __hash__(self) -> int:
        return hash((self.seed, self.counter))
