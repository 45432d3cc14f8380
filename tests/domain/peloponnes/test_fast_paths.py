"""The shortcuts Peloponnes' decisions and fold take for speed give what the plain forms give.

``python -m bench.rollout_fingerprint`` and ``bench.fold_fingerprint`` hold whole games to
the code before the speed work; these tests hold each shortcut to its plain form on its
own, so a failure names the one that drifted: the goods built without ``__init__``, the
capped ``gain`` spelled out per good, ``active_tiles`` without a look per tile, and the
fold's copies without the field-name check (``state.updated``).
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from itertools import product
from typing import Any

import pytest

from domain.games.peloponnes.civilization import active_tiles, is_active
from domain.games.peloponnes.goods import CAPS, GOODS, Goods, gain
from domain.games.peloponnes.state import Game, Realm
from tests.domain.peloponnes.play import decisions

VARIANTS: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}),
    (3, {"unpaid_buildings": "active", "sea_tiles": True}),
    (4, {"storage": "unlimited", "supply_timing": "round_end"}),
    (5, {"sea_tiles": True}),
)


@cache
def positions(seats: int, label: str, bots: str) -> tuple[Game, ...]:
    options = dict(VARIANTS)[seats]
    return tuple(d.state for d in decisions(seats, bots, label=label, options=options))


def every_position() -> list[Game]:
    return [
        game
        for (seats, _), bots in product(VARIANTS, ("random", "greedy"))
        for game in positions(seats, f"fast-{seats}", bots)
    ]


def plain(values: list[int]) -> Goods:
    return Goods(*values)


SAMPLES = tuple(
    Goods(c, w, s, f, lu, p)
    for c, w, s, f, lu, p in product((0, 3, -2), (0, 9, 12), (0, -1, 10), (0, 14), (0, 5), (0, 2))
)


def test_goods_arithmetic_is_the_plain_field_by_field_form():
    pairs = list(product(SAMPLES[::7], SAMPLES[::5]))
    for a, b in pairs:
        x, y = list(a.values()), list(b.values())
        assert a + b == plain([p + q for p, q in zip(x, y, strict=True)])
        assert a - b == plain([p - q for p, q in zip(x, y, strict=True)])
    for a, n in product(SAMPLES, (-1, 0, 1, 3)):
        assert -a == plain([-p for p in a.values()])
        assert a.times(n) == plain([p * n for p in a.values()])
        assert a.as_dict() == {f.name: getattr(a, f.name) for f in fields(a)}
        # a value built without __init__ is an ordinary Goods in every way the rules use
        assert (a + Goods()).__dict__ == Goods(*a.values()).__dict__
        assert hash(a.times(1)) == hash(a)


def plain_gain(holding: Goods, income: Goods, capped: bool) -> Goods:
    """``gain`` as the rule reads, good by good through a dict (the form before #26)."""
    if not capped:
        return income
    change = {f.name: getattr(income, f.name) for f in fields(income)}
    for good in GOODS:
        room = max(0, CAPS[good] - holding.get(good))
        excess = max(0, change[good] - room)
        change[good] -= excess
        change["luxury"] += excess
    return Goods(**change)


@pytest.mark.parametrize("capped", [True, False])
def test_gain_is_the_plain_rule_for_every_holding_and_income(capped):
    overflowed = 0
    for holding, income in product(SAMPLES[::3], SAMPLES[::4]):
        got = gain(holding, income, capped)
        assert got == plain_gain(holding, income, capped)
        overflowed += got.luxury != income.luxury
    # capped, the caps were reached, so the spelled-out path ran; uncapped, nothing overflows
    assert overflowed > 100 if capped else overflowed == 0


def test_gain_at_every_holding_of_seeded_games():
    incomes = (Goods(wood=3), Goods(stone=2, food=4), Goods(food=6, luxury=1), Goods(coins=2))
    for game in every_position():
        for realm, income in product(game.realms, incomes):
            assert gain(realm.holding, income, True) == plain_gain(realm.holding, income, True)


def test_active_tiles_is_the_plain_filter_at_every_position():
    unpaid = 0
    for game in every_position():
        for realm in game.realms:
            content = game.content
            expected = tuple(content.tile(t) for t in realm.tiles if is_active(game, realm, t))
            assert active_tiles(game, realm) == expected
            unpaid += bool(realm.unpaid)
    assert unpaid > 20  # buildings were marked unpaid, so the filter had work to do


def exact_fields(value: Any) -> None:
    names = {f.name for f in fields(value)}
    assert set(value.__dict__) == names, type(value).__name__


def test_every_state_the_fold_builds_has_exactly_its_fields():
    """``updated`` skips ``changed``'s check: a misspelt field would add an attribute no
    comparison sees and leave the field unchanged; here it shows."""
    for game in every_position():
        exact_fields(game)
        for realm in game.realms:
            assert isinstance(realm, Realm)
            exact_fields(realm)
            exact_fields(realm.holding)
