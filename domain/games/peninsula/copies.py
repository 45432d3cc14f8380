"""The game with one seat's sheet or allowance changed: the fold's hottest copies.

They were ``Game``'s methods; ``state.py`` stays interpreted (its instances are copied
through ``__dict__``), so a method there runs a Python frame at every fact even when its
caller is compiled. Here they compile (``cairn compile``) and the fold (``decider``,
``transitions``) calls them directly; ``Game``'s methods of the same names call them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.games.peninsula.state import Allowance, Game, Sheet

_new = object.__new__
# Each class's own ``__dict__`` setter, called directly: the usual
# ``object.__setattr__(x, "__dict__", d)`` looks the same descriptor up by name every time,
# and costs the interpreted fold (the server's) about a thousand instructions more a fact
_sheet_dict: Callable[[Sheet, dict[str, Any]], None] = vars(Sheet)["__dict__"].__set__
# (the game's descriptor lives on the first class of its hierarchy, ``Table``)
_game_dict: Callable[[Game, dict[str, Any]], None] = next(
    vars(c)["__dict__"] for c in Game.__mro__ if "__dict__" in vars(c)
).__set__


def with_changes(game: Game, changes: Mapping[str, Any]) -> Game:
    """``copied(game, changes)`` through the game's own ``__dict__`` setter."""
    attributes = game.__dict__.copy()
    attributes.update(changes)
    copy: Game = _new(Game)
    _game_dict(copy, attributes)
    return copy


def with_sheet(game: Game, seat: int, sheet: Sheet) -> Game:
    """``game`` with one seat's sheet replaced; the other sheets are shared, not copied."""
    sheets = list(game.sheets)
    sheets[seat] = sheet
    return with_changes(game, {"sheets": tuple(sheets)})


def with_sheet_changes(game: Game, seat: int, changes: Mapping[str, Any]) -> Game:
    """``with_sheet(game, seat, copied(sheet, changes))`` in one call."""
    sheets = list(game.sheets)
    attributes = sheets[seat].__dict__.copy()
    attributes.update(changes)
    sheet: Sheet = _new(Sheet)
    _sheet_dict(sheet, attributes)
    sheets[seat] = sheet
    attributes = game.__dict__.copy()
    attributes["sheets"] = tuple(sheets)
    copy: Game = _new(Game)
    _game_dict(copy, attributes)
    return copy


def with_allowance(game: Game, seat: int, allowance: Allowance) -> Game:
    """``game`` with one seat's allowance replaced: a single copy, the sheets shared."""
    allowances = list(game.allowances)
    allowances[seat] = allowance
    attributes = game.__dict__.copy()
    attributes["allowances"] = tuple(allowances)
    copy: Game = _new(Game)
    _game_dict(copy, attributes)
    return copy


def with_seat_changes(
    game: Game, seat: int, changes: Mapping[str, Any], allowance: Allowance
) -> Game:
    """``with_sheet_changes`` and ``with_allowance`` in one game copy, for the facts that
    change both (a drawn icon, a lifesaver, the solo icon choice)."""
    sheets = list(game.sheets)
    attributes = sheets[seat].__dict__.copy()
    attributes.update(changes)
    sheet: Sheet = _new(Sheet)
    _sheet_dict(sheet, attributes)
    sheets[seat] = sheet
    allowances = list(game.allowances)
    allowances[seat] = allowance
    attributes = game.__dict__.copy()
    attributes["sheets"] = tuple(sheets)
    attributes["allowances"] = tuple(allowances)
    copy: Game = _new(Game)
    _game_dict(copy, attributes)
    return copy
