"""Goods on a seat's mat: coins, wood, stone, food, luxury goods and inhabitants.

One ``Goods`` value is both a holding and a change of holding (a cost, an income, a loss).
Two rules of the reference live here (docs/rules/peloponnes.md, Goods):

* "2 luxury goods stand in for 1 unit of any good": wood, stone and food may be paid with
  luxury goods, two for one. Coins are money, not a good, and are never replaced. A payment
  spends the seat's real goods first and luxury goods only for what is missing.
* "wood and stone are capped at 10 and food at 13. Any excess goes onto the luxury track
  1:1" (adopted; the ``storage`` option can lift the caps).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Literal

Good = Literal["wood", "stone", "food"]
GOODS: tuple[Good, ...] = ("wood", "stone", "food")
LUXURY_PER_GOOD = 2
CAPS: Mapping[Good, int] = {"wood": 10, "stone": 10, "food": 13}
LETTERS: Mapping[str, str] = {
    "C": "coins",
    "W": "wood",
    "S": "stone",
    "F": "food",
    "L": "luxury",
    "P": "inhabitants",
}
"""The one-letter keys the printed data uses, and the track each names."""


_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class Goods:
    coins: int = 0
    wood: int = 0
    stone: int = 0
    food: int = 0
    luxury: int = 0
    inhabitants: int = 0

    def __add__(self, other: Goods) -> Goods:
        # the fold adds goods for most events: built without __init__'s six frozen setattrs
        total = _new(Goods)
        _set(
            total,
            "__dict__",
            {
                "coins": self.coins + other.coins,
                "wood": self.wood + other.wood,
                "stone": self.stone + other.stone,
                "food": self.food + other.food,
                "luxury": self.luxury + other.luxury,
                "inhabitants": self.inhabitants + other.inhabitants,
            },
        )
        return total

    def __neg__(self) -> Goods:
        return Goods(*(-a for a in self.values()))

    def __sub__(self, other: Goods) -> Goods:
        return self + -other

    def times(self, n: int) -> Goods:
        return Goods(*(a * n for a in self.values()))

    def values(self) -> tuple[int, ...]:
        return (self.coins, self.wood, self.stone, self.food, self.luxury, self.inhabitants)

    def get(self, name: str) -> int:
        value: int = getattr(self, name)
        return value

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def nonzero(self) -> dict[str, int]:
        return {k: v for k, v in self.as_dict().items() if v}

    @property
    def is_empty(self) -> bool:
        return not any(self.values())


NOTHING = Goods()


def from_letters(printed: Mapping[str, int]) -> Goods:
    """The data's ``{"C": 5, "P": 1}`` as Goods."""
    return Goods(**{LETTERS[k]: v for k, v in printed.items()})


def payment(holding: Goods, cost: Goods) -> Goods | None:
    """What paying ``cost`` (coins and goods, all non-negative) takes from ``holding``, as a
    negative change; None when it cannot be paid. Real goods go first; luxury goods cover
    what is missing, two for one."""
    if cost.coins > holding.coins:
        return None
    spent = {"coins": cost.coins}
    missing = 0
    for good in GOODS:
        own = min(holding.get(good), cost.get(good))
        spent[good] = own
        missing += cost.get(good) - own
    spent["luxury"] = LUXURY_PER_GOOD * missing + cost.luxury
    if spent["luxury"] > holding.luxury:
        return None
    return -Goods(**spent)


def can_pay(holding: Goods, cost: Goods) -> bool:
    return payment(holding, cost) is not None


def gain(holding: Goods, income: Goods, capped: bool) -> Goods:
    """The change that receiving ``income`` makes: with ``capped``, wood, stone and food
    beyond their caps go onto the luxury track instead, one for one. A holding already
    beyond a cap (it cannot be, but a test may build one) keeps what it has."""
    if not capped:
        return income
    change = income.as_dict()
    for good in GOODS:
        room = max(0, CAPS[good] - holding.get(good))
        excess = max(0, change[good] - room)
        change[good] -= excess
        change["luxury"] += excess
    return Goods(**change)
