# cairn compile leaves this module interpreted: Goods built through __dict__ (service/compiled.py).
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
from dataclasses import dataclass
from typing import Literal

Good = Literal["wood", "stone", "food"]
GOODS: tuple[Good, ...] = ("wood", "stone", "food")
LUXURY_PER_GOOD = 2
CAP_WOOD, CAP_STONE, CAP_FOOD = 10, 10, 13
CAPS: Mapping[Good, int] = {"wood": CAP_WOOD, "stone": CAP_STONE, "food": CAP_FOOD}
LETTERS: Mapping[str, str] = {
    "C": "coins",
    "W": "wood",
    "S": "stone",
    "F": "food",
    "L": "luxury",
    "P": "inhabitants",
}
"""The one-letter keys the printed data uses, and the track each names."""
TRACKS: tuple[str, ...] = ("coins", "wood", "stone", "food", "luxury", "inhabitants")
"""The fields of ``Goods``, in order."""


_new = object.__new__
_set = object.__setattr__


def _goods(coins: int, wood: int, stone: int, food: int, luxury: int, inhabitants: int) -> Goods:
    """``Goods(...)`` built without ``__init__``'s six frozen setattrs: the decisions and the
    fold add, subtract and scale goods for most events (tests/domain/peloponnes/
    test_fast_paths.py holds each operation to its plain, field-by-field form)."""
    goods = _new(Goods)
    _set(
        goods,
        "__dict__",
        {
            "coins": coins,
            "wood": wood,
            "stone": stone,
            "food": food,
            "luxury": luxury,
            "inhabitants": inhabitants,
        },
    )
    return goods


@dataclass(frozen=True)
class Goods:
    coins: int = 0
    wood: int = 0
    stone: int = 0
    food: int = 0
    luxury: int = 0
    inhabitants: int = 0

    def __add__(self, other: Goods) -> Goods:
        return _goods(
            self.coins + other.coins,
            self.wood + other.wood,
            self.stone + other.stone,
            self.food + other.food,
            self.luxury + other.luxury,
            self.inhabitants + other.inhabitants,
        )

    def __neg__(self) -> Goods:
        return self.times(-1)

    def __sub__(self, other: Goods) -> Goods:
        return _goods(
            self.coins - other.coins,
            self.wood - other.wood,
            self.stone - other.stone,
            self.food - other.food,
            self.luxury - other.luxury,
            self.inhabitants - other.inhabitants,
        )

    def times(self, n: int) -> Goods:
        return _goods(
            self.coins * n,
            self.wood * n,
            self.stone * n,
            self.food * n,
            self.luxury * n,
            self.inhabitants * n,
        )

    def values(self) -> tuple[int, ...]:
        return (self.coins, self.wood, self.stone, self.food, self.luxury, self.inhabitants)

    def get(self, name: str) -> int:
        value: int = getattr(self, name)
        return value

    def as_dict(self) -> dict[str, int]:
        return dict(zip(TRACKS, self.values(), strict=True))

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
    # each good keeps what fits in its room, the rest goes to luxury: spelled out per good,
    # as every income of every decision comes through here
    wood = min(income.wood, max(0, CAP_WOOD - holding.wood))
    stone = min(income.stone, max(0, CAP_STONE - holding.stone))
    food = min(income.food, max(0, CAP_FOOD - holding.food))
    excess = income.wood - wood + income.stone - stone + income.food - food
    if not excess:
        return income
    return _goods(income.coins, wood, stone, food, income.luxury + excess, income.inhabitants)
