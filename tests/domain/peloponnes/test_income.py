"""Income (reference, A round 5) and goods (reference, Goods): tile and civilization income,
coins by population, incomes of one's choice, storage caps, the luxury wildcard."""

from __future__ import annotations

from domain.games.peloponnes import RULESET
from domain.games.peloponnes.commands import ChooseIncome, CollectIncome
from domain.games.peloponnes.events import IncomeChosen, IncomeCollected
from domain.games.peloponnes.goods import Goods, gain, payment
from domain.games.peloponnes.rules import legal_commands
from tests.domain.peloponnes.scenario import Given, given


def collecting(options=None) -> Given:
    """Messene (2 food a round) and Patras (1 wood, 1 food) at the income phase."""
    return given(2, options).table(phase="income", resolved=False, awaiting=())


def test_income_adds_tiles_civilization_and_coins_by_population():  # reference (uncertain)
    g = collecting().realm(0, lands=("A01",), inhabitants=6, coins=0).realm(1, inhabitants=1)
    g.when(CollectIncome()).then(
        IncomeCollected(
            changes=(
                Goods(food=2, stone=3, coins=3),  # Messene 2 food, A01 3 stone; 6 people: 3
                Goods(wood=1, food=1, coins=1),
            ),
            awaiting=(),
        )
    )


def test_a_large_population_also_earns_luxury_goods():  # data: 14-16 -> 5 coins, 2 luxury
    g = collecting().realm(0, inhabitants=15).realm(1, inhabitants=20)
    income = g.when(CollectIncome()).events[0]
    assert isinstance(income, IncomeCollected)
    assert income.changes[0] == Goods(food=2, coins=5, luxury=2)
    assert income.changes[1] == Goods(wood=1, food=1, coins=5, luxury=6)


def test_storage_is_capped_and_the_excess_becomes_luxury_goods():  # reference (uncertain)
    g = collecting().realm(0, food=12, lands=("A05",)).realm(1, wood=10)
    income = g.when(CollectIncome()).events[0]
    assert isinstance(income, IncomeCollected)
    assert income.changes[0].food == 1 and income.changes[0].luxury == 4  # 12 + 5 food, cap 13
    assert income.changes[1].wood == 0 and income.changes[1].luxury == 1
    assert gain(Goods(stone=9), Goods(stone=3), capped=True) == Goods(stone=1, luxury=2)


def test_the_caps_can_be_lifted():  # option storage
    g = collecting({"storage": "unlimited"}).realm(0, food=12, lands=("A05",))
    income = g.when(CollectIncome()).events[0]
    assert isinstance(income, IncomeCollected) and income.changes[0].food == 5


def test_an_income_of_ones_choice_is_chosen_by_its_owner():  # data choice_F_W_S_C
    g = collecting().realm(0, buildings=("A15",)).realm(1, buildings=("A15", "B15"))
    collected = g.when(CollectIncome())
    collected.then(
        IncomeCollected(
            changes=(Goods(food=2, coins=1), Goods(wood=1, food=1, coins=1)), awaiting=(0, 1)
        )
    )
    after = Given(collected.game)
    assert RULESET.to_act(after.game) == {0}
    assert len(legal_commands(after.game, 0)) == 4
    assert len(legal_commands(Given(after.game).table(awaiting=(1,)).game, 1)) == 10
    after.when(ChooseIncome(seat=0, goods=("stone", "wood"))).rejected("illegal_action")
    after.when(ChooseIncome(seat=1, goods=("stone", "wood"))).rejected("not_your_turn")
    chosen = after.when(ChooseIncome(seat=0, goods=("stone",))).then(
        IncomeChosen(seat=0, goods=("stone",), change=Goods(stone=1))
    )
    assert RULESET.to_act(chosen.game) == {1}


def test_luxury_goods_never_stand_in_for_coins():  # reference: "1 unit of any good"
    assert payment(Goods(coins=4, luxury=10), Goods(coins=5)) is None
    assert payment(Goods(luxury=4), Goods(stone=2)) == Goods(luxury=-4)
    assert payment(Goods(stone=1, luxury=1), Goods(stone=2)) is None
