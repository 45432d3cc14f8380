"""Income: every tile's income, the civilization's, and coins by population (reference, A
round 5, uncertain); then each seat with "one unit of your choice" incomes chooses them."""

from __future__ import annotations

from itertools import combinations_with_replacement

from domain.core import RuleViolation
from domain.games.peloponnes.checks import require_awaited, require_phase, require_system_step
from domain.games.peloponnes.civilization import choice_units, fixed_income
from domain.games.peloponnes.commands import Choice, ChooseIncome
from domain.games.peloponnes.events import Event, IncomeChosen, IncomeCollected
from domain.games.peloponnes.goods import Goods, gain
from domain.games.peloponnes.options import is_capped
from domain.games.peloponnes.state import Game

CHOICE_ORDER: tuple[Choice, ...] = ("food", "wood", "stone", "coins")
"""The data's choice_F_W_S_C: one unit of food, wood, stone or a coin."""


def collect_income(game: Game) -> tuple[Event, ...]:
    require_phase(game, "income")
    require_system_step(game, not game.resolved)
    capped = is_capped(game.options)
    changes = tuple(gain(realm.holding, fixed_income(game, realm), capped) for realm in game.realms)
    awaiting = tuple(s for s in game.order if choice_units(game, game.realm(s)) > 0)
    return (IncomeCollected(changes=changes, awaiting=awaiting),)


def choices(game: Game, seat: int) -> tuple[tuple[Choice, ...], ...]:
    units = choice_units(game, game.realm(seat))
    return tuple(combinations_with_replacement(CHOICE_ORDER, units))


def chosen_goods(goods: tuple[Choice, ...]) -> Goods:
    total = Goods()
    for good in goods:
        total = total + Goods(**{good: 1})
    return total


def choose_income(game: Game, command: ChooseIncome) -> tuple[Event, ...]:
    require_phase(game, "income")
    require_awaited(game, command.seat)
    units = choice_units(game, game.realm(command.seat))
    if len(command.goods) != units:
        raise RuleViolation("illegal_action", f"choose exactly {units} unit(s) of income")
    if any(g not in CHOICE_ORDER for g in command.goods):
        raise RuleViolation("illegal_action", "each unit is food, wood, stone or a coin")
    holding = game.realm(command.seat).holding
    change = gain(holding, chosen_goods(command.goods), is_capped(game.options))
    return (IncomeChosen(seat=command.seat, goods=tuple(command.goods), change=change),)
