"""Icons and the icon deck: 6 icons, 15 pairs, each pair twice (rulebook: Components).

The deck is not content: its make-up is fixed by the rulebook ("every icon appears 10 times,
and every possible pair appears 2 times"), so the engine builds it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Literal

Icon = Literal["village", "boat", "tunnel", "forest", "cliffs", "mountain"]
ICONS: tuple[Icon, ...] = ("village", "boat", "tunnel", "forest", "cliffs", "mountain")
FILLABLE: frozenset[Icon] = frozenset({"village", "boat", "tunnel", "forest"})
Card = tuple[Icon, Icon]
"""An icon card's two icons. Once drafted or flipped its order means something: the kept
icon first in a draft, the left-of-the-river icon first in a solo flip."""

COPIES = 2


def full_deck() -> tuple[Card, ...]:
    """The 30 icon cards in a fixed order, before any shuffle."""
    pairs = tuple(combinations(ICONS, 2))
    return tuple(pair for pair in pairs for _ in range(COPIES))


def same_card(a: Card, b: Card) -> bool:
    return a == b or (a[0] == b[1] and a[1] == b[0])


def canonical(card: Card) -> Card:
    """The card's icons in deck order, whatever way up it lies."""
    first, second = card
    return card if ICONS.index(first) < ICONS.index(second) else (second, first)


def card_label(card: Card) -> str:
    return f"{card[0]}/{card[1]}"
